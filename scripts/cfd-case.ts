/**
 * Canopy's wind solver on any geometry from the command line: for users who validate it on their
 * own wind-tunnel cases (and for us).
 *
 *   npm run cfd:case -- --stl FILE.stl --inflow INFLOW.csv --probes PROBES.csv --out OUT.csv \
 *     [--flow-angle DEG] [--finest-cell M] [--threads N]
 *
 * - FILE.stl (binary or ASCII): metres, z up, ground at z = 0; every closed object a building.
 * - INFLOW.csv: z_m,U_ms[,k_m2s2] — the approach profile at the inlet; above its top row the log
 *   law fitted to it continues it.
 * - PROBES.csv: x_m,y_m,z_m in the STL's coordinates.
 * - OUT.csv: x_m,y_m,z_m,U_ms,V_ms,W_ms,k_m2s2 at every probe, in the input's order: the mean
 *   velocity (STL axes) and the turbulent kinetic energy (resolved plus modelled).
 * - --flow-angle: where the flow goes, degrees counter-clockwise from +x seen from above (0: +x).
 * - --finest-cell: the finest cell, m (default: b/8 of the smallest building, b its smaller plan
 *   side); the grid around it is the one the product builds for a scenario (engine/cfd/case). A
 *   scene lower than a city's buildings (a wind-tunnel model) is run enlarged: case/scale-case.ts.
 * Bad input stops it before any step with a message naming the file, row or column (exit 2).
 */
import { gridText } from '@canopy/engine/cfd/grid/layout.ts';
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { CfdCaseError } from '@canopy/engine/cfd/case/inputs.ts';
import { CASE_USAGE, loadCase } from '@canopy/engine/cfd/case/load-case.ts';
import { planCase } from '@canopy/engine/cfd/case/plan-case.ts';
import { PLANNED_HEIGHT_FLOOR_M } from '@canopy/engine/cfd/grid/plan.ts';
import { runDirection, timeLeftText } from '@canopy/engine/cfd/run/direction.ts';
import { defaultThreads, poolStepper } from '@canopy/engine/cfd/run/pool.ts';

function fail(message: string): never {
  process.stderr.write(`cfd:case: ${message}\n`);
  process.exit(2);
}

let args;
try {
  args = parseArgs({
    options: {
      stl: { type: 'string' },
      inflow: { type: 'string' },
      probes: { type: 'string' },
      out: { type: 'string' },
      'flow-angle': { type: 'string' },
      'finest-cell': { type: 'string' },
      threads: { type: 'string' },
    },
  }).values;
} catch (error) {
  fail(`${(error as Error).message} (usage: ${CASE_USAGE})`);
}
let plan;
let loaded;
try {
  loaded = loadCase(args, (path) => readFileSync(path));
  plan = planCase(loaded);
} catch (error) {
  if (error instanceof CfdCaseError) fail(error.message);
  throw error;
}
const threads = args.threads ? Number(args.threads) : defaultThreads();
const levels = plan.scene.plan.boxes;
const enlarged =
  plan.scale === 1
    ? ''
    : `run enlarged ${+plan.scale.toPrecision(4)} times (its tallest building ${+(PLANNED_HEIGHT_FLOOR_M / plan.scale).toPrecision(3)} m → ${PLANNED_HEIGHT_FLOOR_M} m, the smallest the grid plan is laid out for); ` +
      "speeds and k are not scaled, and the mean flow is taken to be independent of the Reynolds number, as in a wind tunnel; the grid below is at the run's size\n";
process.stderr.write(
  `smallest building ${+plan.smallestBuildingM.toPrecision(3)} m → finest cell ${+plan.finestCellM.toPrecision(3)} m\n${enlarged}grid ${gridText(levels)}; ` +
    `${plan.scene.cells.toLocaleString('en-GB')} cells, ${(plan.scene.memoryBytes / 1e6).toFixed(0)} MB\n` +
    `inflow: ${loaded.inflow.inlet.description}` +
    `${loaded.inflow.k ? '; its k_m2s2 column is the inflow k of the transported-k closure' : '; inflow k: u*²/√Cμ of its surface layer (no k_m2s2 column)'}` +
    '; held to the buildings as given (a body force and k source make it a steady solution of the closure)\n',
);
let last = 0;
const result = await runDirection(plan.input, {
  stepper: (grid) => poolStepper(grid, threads),
  onProgress: (p) => {
    if (Date.now() - last < 10_000 && p.phase !== 'post-processing') return;
    last = Date.now();
    process.stderr.write(`${p.phase}: step ${p.step}/${p.steps}, ${timeLeftText(p)}\n`);
  },
});
const pr = result.probes!;
const probes = loaded.probes;
const lines = ['x_m,y_m,z_m,U_ms,V_ms,W_ms,k_m2s2'];
const missed: number[] = [];
for (let p = 0; p < probes.length / 3; p++) {
  const ok = pr.level[p] >= 0;
  if (!ok) missed.push(p);
  const cell = (v: number) => (ok ? v.toFixed(4) : 'NaN');
  lines.push([probes[3 * p], probes[3 * p + 1], probes[3 * p + 2], cell(pr.u[p]), cell(pr.v[p]), cell(pr.w[p]), cell(pr.k[p])].join(','));
}
writeFileSync(loaded.out, lines.join('\n') + '\n');
process.stderr.write(`wrote ${probes.length / 3} probes to ${loaded.out}\n`);
// Around a group, b/8 is not grid-converged (docs/cfd-validation.md, part 22): say so, with the cell to try.
if (loaded.finestCellM === null && plan.buildingCount > 1)
  process.stderr.write(
    `check the grid: around a group of buildings b/8 is not grid-converged (a 9-block group read about 10 % of the approach speed faster than at b/12); ` +
      `run again with --finest-cell ${+(plan.smallestBuildingM / 12).toPrecision(3)} (b/12) and compare\n`,
  );
if (missed.length)
  process.stderr.write(
    `${missed.length} probes had no fluid cell around them (NaN): rows ${missed
      .slice(0, 10)
      .map((p) => p + 2)
      .join(', ')}\n`,
  );
