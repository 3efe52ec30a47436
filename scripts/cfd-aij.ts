/**
 * AIJ Case A validation of the CFD solver (engine/cfd/validation/aij-case-a.ts).
 *
 *   npm run cfd:aij                                   the measured stations: hit rate and Pearson r
 *   npm run cfd:aij -- --probes FILE.csv --out OUT.csv   mean U, V, W (m/s) at other points
 *
 * Options: --cells-per-b 2|4|8|16 (finest cell b/8 = 1.25 m, default), --threads N
 * (default: the machine's cores), --closure background|mixing-length|k-l|k-l-des (the turbulence closure, see
 * engine/cfd/grid/build-hierarchy.ts), --check (exit 1 below hit rate 66 %, r 0.8, or without
 * reverse flow behind and stagnation upwind at pedestrian height), --lattice-speed U (the inflow's
 * lattice speed at the domain top, default 0.1). FILE.csv has a header line with
 * x_over_b,y_over_b,z_over_b; OUT.csv repeats those columns and adds U_ms,V_ms,W_ms,k_m2s2 (mean velocity, and
 * the turbulent kinetic energy: resolved plus modelled).
 * Results: docs/cfd-validation.md.
 */
import { gridText } from '@canopy/engine/cfd/grid/layout.ts';
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { aijInput, aijSchedule, parseMeasured, parseProbes, score, U_H_MS, type Probe } from '@canopy/engine/cfd/validation/aij-case-a.ts';
import { prepareDirection, runDirection, timeLeftText } from '@canopy/engine/cfd/run/direction.ts';
import { poolStepper, defaultThreads } from '@canopy/engine/cfd/run/pool.ts';

const { values } = parseArgs({
  options: {
    probes: { type: 'string' },
    out: { type: 'string' },
    'cells-per-b': { type: 'string', default: '8' },
    threads: { type: 'string' },
    closure: { type: 'string' },
    check: { type: 'boolean', default: false },
    'lattice-speed': { type: 'string' },
  },
});
const cellsPerB = Number(values['cells-per-b']);
if (cellsPerB !== 2 && cellsPerB !== 4 && cellsPerB !== 8 && cellsPerB !== 16) throw new Error('--cells-per-b must be 2, 4, 8 or 16');
const threads = values.threads ? Number(values.threads) : defaultThreads();
const data = (name: string) => readFileSync(new URL(`../engine/cfd/validation/data/${name}`, import.meta.url), 'utf8');
const profileCsv = data('approach-profile-b10.csv');
const measured = values.probes ? null : parseMeasured(data('measured-profiles.csv'));
const probes: Probe[] = values.probes ? parseProbes(readFileSync(values.probes, 'utf8')) : measured!;
if (values.probes && !values.out) throw new Error('--probes needs --out OUT.csv');

// The schedule depends on the time step, which depends on the grid: build once to read it.
const probeInput = aijInput(profileCsv, probes, cellsPerB, { spinUpSteps: 0, developSteps: 0, averageSteps: 0, chunkSteps: 2 });
const latticeSpeed = values['lattice-speed'] ? { latticeSpeed: Number(values['lattice-speed']) } : {};
const dt0 = prepareDirection({ ...probeInput, physics: latticeSpeed, plan: { boxes: [probeInput.plan.boxes[0]], placements: [] } }).hierarchy.dt0S;
const input = aijInput(profileCsv, probes, cellsPerB, aijSchedule(dt0));
if (values['lattice-speed']) input.physics = { ...input.physics, latticeSpeed: Number(values['lattice-speed']) };
if (values.closure) {
  if (values.closure !== 'background' && values.closure !== 'mixing-length' && values.closure !== 'k-l' && values.closure !== 'k-l-des')
    throw new Error('--closure must be background, mixing-length, k-l or k-l-des');
  input.physics = { ...input.physics, closure: values.closure };
}
const started = Date.now();
let lastLog = 0;
const result = await runDirection(input, {
  stepper: (grid) => poolStepper(grid, threads),
  onProgress: (p) => {
    if (Date.now() - lastLog < 10_000 && p.phase !== 'post-processing') return;
    lastLog = Date.now();
    process.stderr.write(`${p.phase}: step ${p.step}/${p.steps}, ${p.mlups.toFixed(1)} MLUPS, ${timeLeftText(p)}\n`);
  },
});
const m = result.manifest;
process.stderr.write(
  `${gridText(m.levels)}; ${m.cells} cells; ${m.steps.spinUp + m.steps.develop + m.steps.average} steps, ` +
    `averaged over ${m.averagingWindowS.toFixed(0)} s; ${((Date.now() - started) / 1000).toFixed(0)} s wall on ${m.threads} threads (${m.mlups.toFixed(1)} MLUPS)\n`,
);
const pr = result.probes!;
if (values.out) {
  const lines = ['x_over_b,y_over_b,z_over_b,U_ms,V_ms,W_ms,k_m2s2'];
  probes.forEach((p, i) =>
    lines.push([p.xOverB, p.yOverB, p.zOverB, pr.u[i].toFixed(4), pr.v[i].toFixed(4), pr.w[i].toFixed(4), pr.k[i].toFixed(4)].join(',')),
  );
  writeFileSync(values.out, lines.join('\n') + '\n');
  process.stderr.write(`wrote ${probes.length} probes to ${values.out}\n`);
}
if (measured) {
  console.log('x/b   z/b    U measured  U predicted  hit');
  measured.forEach((o, i) => {
    const d = Math.abs(pr.u[i] - o.U);
    const hit = d <= 0.25 * Math.abs(o.U) || d <= 0.1 * U_H_MS;
    console.log(
      `${o.xOverB.toFixed(2).padStart(5)} ${o.zOverB.toFixed(3).padStart(6)} ${o.U.toFixed(2).padStart(9)} ${pr.u[i].toFixed(2).padStart(11)}   ${hit ? 'yes' : 'no'}`,
    );
  });
  const s = score(
    pr.u,
    measured.map((o) => o.U),
  );
  const at = (x: number, z: number) => pr.u[measured.findIndex((o) => o.xOverB === x && o.zOverB === z)];
  console.log(`hit rate ${(100 * s.hitRate).toFixed(1)} % (${s.hits}/${s.count}; target ≥ 66 %), Pearson r ${s.pearsonR.toFixed(3)} (target ≥ 0.8)`);
  console.log(`stagnation upwind (x/b = −0.75, z/b = 0.125): U = ${at(-0.75, 0.125).toFixed(2)} m/s (measured 0.21)`);
  console.log(`reverse flow behind (x/b = 0.75, z/b = 0.125): U = ${at(0.75, 0.125).toFixed(2)} m/s (measured −0.64)`);
  if (values.check) {
    const ok = s.hitRate >= 0.66 && s.pearsonR >= 0.8 && at(0.75, 0.125) < 0 && Math.abs(at(-0.75, 0.125)) < 0.1 * U_H_MS + 0.25 * 0.21;
    console.log(ok ? 'targets met' : 'TARGETS MISSED');
    if (!ok) process.exitCode = 1;
  }
}
