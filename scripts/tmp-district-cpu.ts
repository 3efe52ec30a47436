import { prepareDirection, runDirection } from '../engine/cfd/run/direction.ts';
import { inlineStepper } from '../engine/cfd/run/stepper.ts';
import { coarseTimeStep, planScene, sceneSchedule } from '../engine/cfd/run/scene-plan.ts';
import { generateDemoDistrict } from '../engine/demo/district.ts';
import { toTriangleSoup } from '../engine/demo/mesh-builders.ts';
const closure = process.argv[2] as 'mixing-length' | 'k-l';
const d = generateDemoDistrict();
const geometry = [
  ...d.buildings.map((b) => ({ file: `${b.id}.stl`, role: 'solid' as const, study: b.role === 'study', triangles: toTriangleSoup(b.mesh) })),
  ...d.trees.map((t) => ({ file: `${t.id}.stl`, role: 'porous' as const, triangles: toTriangleSoup(t.mesh), dragPerM: 0.2 })),
];
const points: number[] = [];
for (let y = -148; y <= 148; y += 8) for (let x = -148; x <= 148; x += 8) points.push(x, y, 2);
const inlet = { kind: 'log' as const, roughnessLengthM: 1, referenceSpeedMs: 10, referenceHeightM: 10 };
const scene = planScene({ geometry, tier: 'rapid', referenceSpeedMs: 10, points: Float64Array.from(points) });
const schedule = sceneSchedule(scene, 10, coarseTimeStep(scene.plan, inlet));
const input = { directionDeg: 225, index: 0, total: 1, centre: scene.centre, plan: scene.plan, geometry: scene.geometry, inlet, referenceHeightM: 10, schedule, points: Float64Array.from(points), physics: { closure } };
void prepareDirection;
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const r = await runDirection(input, { stepper: async (grid) => inlineStepper(grid) });
const used = process.cpuUsage(cpu0);
const sr = r.pedestrian.speedRatio;
let mean = 0, n = 0;
for (let i = 0; i < sr.length; i++) if (r.pedestrian.level[i] >= 0) { mean += sr[i]; n++; }
console.log(JSON.stringify({ closure, cpuS: (used.user + used.system) / 1e6, wallS: (performance.now() - t0) / 1000, cells: r.manifest.cells, meanRatio: mean / n, health: r.manifest.health }));
