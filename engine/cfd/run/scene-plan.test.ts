import { describe, expect, it } from 'vitest';
import { coarseTimeStep, estimateRun, planScene, sceneSchedule } from './scene-plan.ts';
import { CfdInputError } from './errors.ts';
import { boxTriangles, concatTriangles } from '../geometry/box-mesh.ts';

const study = { file: 'study.stl', role: 'solid' as const, study: true, triangles: boxTriangles(-15, -15, 0, 15, 15, 40) };
// Surroundings: a ring of 20 m blocks out to 1 km.
const blocks: Float32Array[] = [];
for (let r = 100; r <= 1000; r += 150)
  for (let a = 0; a < 8; a++) {
    const x = r * Math.cos((a * Math.PI) / 4),
      y = r * Math.sin((a * Math.PI) / 4);
    blocks.push(boxTriangles(x - 10, y - 10, 0, x + 10, y + 10, 20));
  }
const surrounds = { file: 'surrounds.stl', role: 'solid' as const, triangles: concatTriangles(blocks) };

describe('scene plans', () => {
  it('centre on the study, keep whole surrounding buildings within the context disk, and nest finer boxes around the region', () => {
    const scene = planScene({ geometry: [study, surrounds], tier: 'rapid', referenceSpeedMs: 10 });
    expect(scene.centre).toEqual([0, 0]);
    expect(scene.tier.finestDxM).toBe(4);
    expect(scene.plan.boxes.map((b) => b.dxM)).toEqual([32, 16, 8, 4]);
    const kept = scene.geometry.find((g) => g.file === 'surrounds.stl')!.triangles;
    // Whole blocks only: 12 triangles each.
    expect((kept.length / 9) % 12).toBe(0);
    expect(kept.length / 9 / 12).toBeLessThan(blocks.length);
    expect(kept.length / 9 / 12).toBeGreaterThanOrEqual(8);
    for (let v = 0; v < kept.length; v += 3) expect(Math.hypot(kept[v], kept[v + 1])).toBeLessThan(scene.contextRadiusM + 15);
    const finest = scene.plan.boxes[3];
    expect(finest.originM[0]).toBeLessThan(-scene.roiRadiusM);
    expect(finest.originM[0] + finest.nx * 4).toBeGreaterThan(scene.roiRadiusM);
  });

  it('give a single small building a level 0 that holds its refined boxes, clear of the outflow sponge', () => {
    const block = { file: 'block.stl', role: 'solid' as const, study: true, triangles: boxTriangles(-10, -10, 0, 10, 10, 20) };
    for (const tier of ['rapid', 'detailed'] as const) {
      const { plan } = planScene({ geometry: [block], points: Float64Array.from([-50, -50, 1.5, 50, 50, 1.5]), tier, referenceSpeedMs: 10 });
      const [box0, box1] = plan.boxes;
      const at = plan.placements[0];
      expect(at.ax).toBeGreaterThanOrEqual(4);
      expect(at.ay).toBeGreaterThanOrEqual(4);
      expect(box0.ny - at.by).toBeGreaterThanOrEqual(4);
      expect(box0.nz - at.bz).toBeGreaterThanOrEqual(3);
      // The sponge is the last tenth of level 0.
      expect(at.bx).toBeLessThanOrEqual(box0.nx - Math.round(0.1 * box0.nx) - 2);
      // The finest box covers the pedestrian points.
      const finest = plan.boxes[plan.boxes.length - 1];
      expect(finest.originM[1]).toBeLessThan(-50);
      expect(finest.originM[1] + finest.ny * finest.dxM).toBeGreaterThan(50);
      expect(box1.nz * box1.dxM).toBeGreaterThan(60);
    }
  });

  it('estimate the run from the grid, and the detailed tier costs more', () => {
    const inlet = { kind: 'log' as const, roughnessLengthM: 0.5, referenceSpeedMs: 10, referenceHeightM: 10 };
    const rapid = planScene({ geometry: [study, surrounds], tier: 'rapid', referenceSpeedMs: 10 });
    const detailed = planScene({ geometry: [study, surrounds], tier: 'detailed', referenceSpeedMs: 10 });
    const run = (s: typeof rapid) => estimateRun(s, sceneSchedule(s, 10, coarseTimeStep(s.plan, inlet)), 5);
    expect(run(rapid).updates).toBeGreaterThan(1e7);
    expect(run(detailed).updates).toBeGreaterThan(4 * run(rapid).updates);
    expect(detailed.cells).toBeGreaterThan(rapid.cells);
    // The throughput a run reports (the manifest's mlups: the full grid's updates after the coarse
    // spin-up over the whole wall time) gives that wall time back; the spin-up is not charged at the
    // full grid's cost a second time.
    const schedule = sceneSchedule(rapid, 10, coarseTimeStep(rapid.plan, inlet));
    const wallS = 100;
    const reported = ((schedule.developSteps + schedule.averageSteps) * rapid.updatesPerCoarseStep) / wallS / 1e6;
    expect(estimateRun(rapid, schedule, reported).seconds).toBeCloseTo(wallS, 6);
  });

  it('refuse a grid over the limits with the numbers and the way out, before any step', () => {
    const tryIt = () => planScene({ geometry: [study, surrounds], tier: 'detailed', referenceSpeedMs: 10 }, { maxCells: 100_000, maxMemoryBytes: 1e12 });
    expect(tryIt).toThrow(CfdInputError);
    expect(tryIt).toThrow(/needs \d+\.\d\d million cells and \d+\.\d+ GiB \(limits: 0\.10 million cells/);
    expect(tryIt).toThrow(/coarser tier, or a smaller region of interest/);
    expect(() => planScene({ geometry: [], tier: 'rapid', referenceSpeedMs: 10 })).toThrow(/no geometry/);
  });
});
