/**
 * The CFD solver's validation report (engine/cfd/validation): runs every case and writes the
 * generated part of docs/cfd-validation.md.
 *
 *   npm run cfd:validate                    every case; rewrites the report in docs/cfd-validation.md
 *   npm run cfd:validate -- --check         the same, and exits 1 when a check misses its threshold
 *
 * Cases: `aij` (AIJ Case A with the building: every measured set, reattachment lengths), `aij-empty`
 * (the same grid without the building), `aij-coarse` (AIJ Case A with finest cells b/4 and b/2: the
 * scores when pedestrian height lies in the first cell), `aij-case` (AIJ Case A planned and run as
 * `cfd:case` runs a user's case, the way the held-back data are judged), `empty` (the product
 * pipeline's empty domain, every tier and terrain). Options:
 *   --cases aij,aij-empty,aij-coarse,aij-case,empty   a subset (the report is then printed, not written)
 *   --check-only ID,ID            gate on these checks only (ids: engine/cfd/validation/thresholds.ts)
 *   --tiers rapid,detailed  --terrains city,suburban,country,water   a subset of the empty domains
 *   --threads N                   threads of the AIJ runs (default: the machine's cores)
 *   --json FILE                   also write every number as JSON
 *   --no-write                    print the report instead of writing docs/cfd-validation.md
 *   --closure mixing-length|k-l|k-l-des   the turbulence closure of every run (default: the solver's;
 *                                 k-l-des: a detached-eddy zone near the buildings, a trial)
 *   --synthetic-seed N            with k-l-des: synthetic turbulence at the zone's inflow face, from seed N
 *   --shear-layer-adapted         with k-l-des: the zone's length adapted to young shear layers (a trial)
 *   --halves                      also score the AIJ run over the first and the second half of its
 *                                 averaging window alone (has the mean converged?), printed and in --json
 *   --average-passes P            the AIJ runs' averaging window, passes of the domain at U_H (default 1)
 *   --case-cells-per-b N          the `aij-case` run's finest cell b/N, as cfd:case --finest-cell would set it
 *                                 (default: cfd:case's own b/8; a diagnosis of grid convergence)
 *   --cells-per-b 8|16|32         the finest cell of the `aij` and `aij-empty` runs (default b/8, the
 *                                 report's; b/16 and b/32 add finer levels around the building, a diagnosis)
 *   --des-levels N                with k-l-des: the zone on the N finest levels (default 1), the entry on the coarsest
 *   --des-base-band M             with k-l-des: the zone also reaches the ground within M metres of a building face (a trial)
 *   --anisotropic-entry           with --synthetic-seed: the entry's fluctuations carry the neutral surface layer's
 *                                 Reynolds stresses (σ_u > σ_v > σ_w and ⟨u′w′⟩ < 0) instead of isotropic ones (a trial)
 *   --lateral-length              with the k-l closure: horizontal strain near the ground takes a length the
 *                                 ground does not limit (turbulence/lateral-length.ts; a trial)
 *   --lateral-share-above S       with --lateral-length: only cells whose strain is more than S horizontal take it (a diagnosis)
 *   --lateral-cap-b F             with the lateral length (either form): bound it by F·b, b the building's width (a trial)
 *   --lateral-anisotropic         with the k-l closure: the lateral length's anisotropic form, ν_h for the horizontal
 *                                 deviatoric stresses only (a trial; the JavaScript kernel, so one thread)
 *   --free-approach               a measured approach flow (AIJ, cfd:case) left to develop along the fetch, without the
 *                                 body force and k source that hold it to the building (bc/approach-sources.ts; as before part 23)
 *   --face-wall-model             building faces reflect specularly and brake their first cells by the smooth wall's
 *                                 log-law drag (the ground's wall model without its Π_neq; a trial, part 24)
 *   --max-length-m M              cap every closure length at M metres (a diagnosis; part 23)
 *   --synthetic-modes N           with --synthetic-seed: the synthetic field's Fourier modes (default 128)
 *   --probes FILE --probes-out OUT   with the `aij` case: also read mean U, V, W and k at the points of
 *                                 FILE (x_over_b,y_over_b,z_over_b) and write them to OUT (as cfd:aij --out)
 */
import { gridText } from '@canopy/engine/cfd/grid/layout.ts';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { aijInput, aijSchedule, approachInlet, B_M, parseMeasured, parseProbes } from '@canopy/engine/cfd/validation/aij-case-a.ts';
import { aijEmptyProbes, aijProbeLayout, evaluateAij, evaluateAijEmpty, type AijData } from '@canopy/engine/cfd/validation/aij-evaluate.ts';
import { aijThroughCase } from '@canopy/engine/cfd/validation/aij-through-case.ts';
import { ALL_TERRAINS, ALL_TIERS, emptyDomainCase, emptyDomainInput, scoreEmptyDomain } from '@canopy/engine/cfd/validation/empty-domain.ts';
import { checks, renderReport, spliceReport, type RunCost, type ValidationRun } from '@canopy/engine/cfd/validation/report.ts';
import { runDirection, timeLeftText, type DirectionInput, type DirectionResult } from '@canopy/engine/cfd/run/direction.ts';
import { coarseTimeStep, type TierId } from '@canopy/engine/cfd/run/scene-plan.ts';
import { defaultThreads, poolStepper } from '@canopy/engine/cfd/run/pool.ts';
import { inlineStepper } from '@canopy/engine/cfd/run/stepper.ts';
import type { TerrainId } from '@canopy/engine/wind/profile.ts';

const { values } = parseArgs({
  options: {
    check: { type: 'boolean', default: false },
    'check-only': { type: 'string' },
    cases: { type: 'string', default: 'aij,aij-empty,aij-coarse,aij-case,empty' },
    tiers: { type: 'string' },
    terrains: { type: 'string' },
    threads: { type: 'string' },
    json: { type: 'string' },
    'no-write': { type: 'boolean', default: false },
    closure: { type: 'string' },
    'average-passes': { type: 'string' },
    'synthetic-seed': { type: 'string' },
    halves: { type: 'boolean', default: false },
    'shear-layer-adapted': { type: 'boolean', default: false },
    'cells-per-b': { type: 'string', default: '8' },
    'case-cells-per-b': { type: 'string' },
    'des-levels': { type: 'string' },
    'des-base-band': { type: 'string' },
    'anisotropic-entry': { type: 'boolean', default: false },
    'lateral-length': { type: 'boolean', default: false },
    'lateral-share-above': { type: 'string' },
    'lateral-cap-b': { type: 'string' },
    'max-length-m': { type: 'string' },
    'free-approach': { type: 'boolean', default: false },
    'face-wall-model': { type: 'boolean', default: false },
    'lateral-anisotropic': { type: 'boolean', default: false },
    'synthetic-modes': { type: 'string' },
    probes: { type: 'string' },
    'probes-out': { type: 'string' },
  },
});
const CLOSURES = ['mixing-length', 'k-l', 'k-l-des'] as const;
const closure = values.closure as (typeof CLOSURES)[number] | undefined;
if (closure !== undefined && !CLOSURES.includes(closure)) throw new Error(`--closure must be one of ${CLOSURES.join(', ')}`);
const averagePasses = values['average-passes'] === undefined ? 1 : Number(values['average-passes']);
if (!(averagePasses > 0)) throw new Error('--average-passes must be a positive number');
const syntheticSeed = values['synthetic-seed'] === undefined ? undefined : Number(values['synthetic-seed']);
if (syntheticSeed !== undefined && (!Number.isInteger(syntheticSeed) || closure !== 'k-l-des'))
  throw new Error('--synthetic-seed takes an integer, with --closure k-l-des');
const finestPerB = Number(values['cells-per-b']);
if (finestPerB !== 8 && finestPerB !== 16 && finestPerB !== 32) throw new Error('--cells-per-b must be 8, 16 or 32');
const casePerB = values['case-cells-per-b'] === undefined ? undefined : Number(values['case-cells-per-b']);
if (casePerB !== undefined && !(Number.isInteger(casePerB) && casePerB >= 4))
  throw new Error('--case-cells-per-b takes a whole number of cells per b, 4 or more');
const desLevels = values['des-levels'] === undefined ? undefined : Number(values['des-levels']);
const syntheticModes = values['synthetic-modes'] === undefined ? undefined : Number(values['synthetic-modes']);
if (syntheticModes !== undefined && (!Number.isInteger(syntheticModes) || syntheticModes < 1 || syntheticSeed === undefined))
  throw new Error('--synthetic-modes takes a whole number of modes, with --synthetic-seed');
if (desLevels !== undefined && (!Number.isInteger(desLevels) || desLevels < 1 || closure !== 'k-l-des'))
  throw new Error('--des-levels takes a count of levels, with --closure k-l-des');
const desBaseBandM = values['des-base-band'] === undefined ? undefined : Number(values['des-base-band']);
if (desBaseBandM !== undefined && (!(desBaseBandM >= 0) || closure !== 'k-l-des'))
  throw new Error('--des-base-band takes a distance in metres, with --closure k-l-des');
if (values['anisotropic-entry'] && syntheticSeed === undefined) throw new Error('--anisotropic-entry goes with --synthetic-seed');
if (values['lateral-length'] && closure !== 'k-l') throw new Error('--lateral-length goes with --closure k-l');
if (values['lateral-anisotropic'] && closure !== 'k-l') throw new Error('--lateral-anisotropic goes with --closure k-l');
if (
  values['lateral-share-above'] !== undefined &&
  !(Number(values['lateral-share-above']) >= 0 && Number(values['lateral-share-above']) < 1 && values['lateral-length'])
)
  throw new Error('--lateral-share-above takes a share from 0 to 1, with --lateral-length');
const lateralCapB = values['lateral-cap-b'] === undefined ? undefined : Number(values['lateral-cap-b']);
if (lateralCapB !== undefined && !(lateralCapB > 0 && (values['lateral-length'] || values['lateral-anisotropic'])))
  throw new Error('--lateral-cap-b takes a positive multiple of b, with --lateral-length or --lateral-anisotropic');
if (!values.probes !== !values['probes-out']) throw new Error('--probes and --probes-out go together');
const cases = new Set(values.cases!.split(','));
if (values.probes && !cases.has('aij')) throw new Error('--probes needs the aij case');
const ALL_CASES = ['aij', 'aij-empty', 'aij-coarse', 'aij-case', 'empty'];
for (const c of cases) if (!ALL_CASES.includes(c)) throw new Error(`--cases: unknown case '${c}' (${ALL_CASES.join(', ')})`);
const tiers = (values.tiers?.split(',') ?? ALL_TIERS) as TierId[];
const terrains = (values.terrains?.split(',') ?? ALL_TERRAINS) as TerrainId[];
const threads = values.threads ? Number(values.threads) : defaultThreads();
// Only the product's own solver, on every case, writes the report: a trial's options never do.
const trial = closure !== undefined || values['free-approach'] || values['face-wall-model'] || values['max-length-m'] !== undefined;
const everything = cases.size === ALL_CASES.length && !values.tiers && !values.terrains && finestPerB === 8 && casePerB === undefined && !trial;

const data = (name: string) => readFileSync(new URL(`../engine/cfd/validation/data/${name}`, import.meta.url), 'utf8');
const log = (line: string) => process.stderr.write(`${line}\n`);

async function timed(name: string, input0: DirectionInput, threadsOf: number): Promise<{ result: DirectionResult; cost: RunCost }> {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let last = 0;
  const input = values.halves ? { ...input0, halves: true } : input0;
  // Options that are not the closure's own; set only when given, so the defaults stand otherwise.
  const extra = {
    ...(values['free-approach'] ? { holdApproach: false } : {}),
    ...(values['face-wall-model'] ? { faceWallModel: true } : {}),
    ...(values['max-length-m'] === undefined ? {} : { maxMixingLengthM: Number(values['max-length-m']) }),
  };
  const result = await runDirection(
    closure
      ? {
          ...input,
          physics: {
            ...input.physics,
            closure,
            syntheticSeed,
            shearLayerAdapted: values['shear-layer-adapted'],
            desLevels,
            syntheticModes,
            desBaseBandM,
            anisotropicEntry: values['anisotropic-entry'] || undefined,
            lateralLength: values['lateral-length'] || undefined,
            lateralShareAbove: values['lateral-share-above'] === undefined ? undefined : Number(values['lateral-share-above']),
            lateralAnisotropic: values['lateral-anisotropic'] || undefined,
            lateralCapM: lateralCapB === undefined ? undefined : lateralCapB * B_M,
            ...extra,
          },
        }
      : { ...input, physics: { ...input.physics, ...extra } },
    {
      stepper: (grid) => (threadsOf > 1 ? poolStepper(grid, threadsOf) : Promise.resolve(inlineStepper(grid))),
      onProgress: (p) => {
        if (performance.now() - last < 20_000) return;
        last = performance.now();
        log(`  ${name}: ${p.phase}, step ${p.step}/${p.steps}, ${timeLeftText(p)}`);
      },
    },
  );
  const cpu = process.cpuUsage(cpu0);
  const m = result.manifest;
  return {
    result,
    cost: {
      cpuS: (cpu.user + cpu.system) / 1e6,
      wallS: (performance.now() - t0) / 1000,
      cells: m.cells,
      steps: m.steps.spinUp + m.steps.develop + m.steps.average,
      threads: m.threads,
    },
  };
}

const approachText = values['free-approach']
  ? ', left to develop along the fetch'
  : ', held to the building by the body force and k source that make it a steady solution of the closure (part 23)';

const run: ValidationRun = { date: new Date().toISOString().slice(0, 10), commit: null };
try {
  run.commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  if (execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' }).trim() !== '') run.commit += ' with uncommitted changes';
} catch {
  // Not a git checkout: the report says so by leaving the commit out.
}

const profileCsv = data('approach-profile-b10.csv');
let halves: unknown[] | null = null;
if (cases.has('aij') || cases.has('aij-empty') || cases.has('aij-coarse') || cases.has('aij-case')) {
  const aijData: AijData = {
    profileCsv,
    given: parseMeasured(data('measured-profiles.csv')),
    more: parseMeasured(data('vertical-stations-more.csv')),
    plane: parseMeasured(data('horizontal-plane-z0125.csv')),
    plane125: parseMeasured(data('horizontal-plane-z125.csv')),
  };
  const layout = aijProbeLayout(aijData);
  const probe = aijInput(profileCsv, layout.probes, 8, { spinUpSteps: 0, developSteps: 0, averageSteps: 0, chunkSteps: 2 });
  const schedule = aijSchedule(coarseTimeStep(probe.plan, approachInlet(profileCsv)), averagePasses);
  if (cases.has('aij')) {
    log(`AIJ Case A (b/${finestPerB}) …`);
    // Extra points go after the layout's, so every index the evaluation reads stays where it was.
    const extra = values.probes ? parseProbes(readFileSync(values.probes, 'utf8')) : [];
    const { result, cost } = await timed('aij', aijInput(profileCsv, [...layout.probes, ...extra], finestPerB, schedule), threads);
    const m = result.manifest;
    if (values['probes-out']) {
      const pr = result.probes!;
      const at = (i: number) => layout.probes.length + i;
      const lines = ['x_over_b,y_over_b,z_over_b,U_ms,V_ms,W_ms,k_m2s2'];
      extra.forEach((p, i) =>
        lines.push([p.xOverB, p.yOverB, p.zOverB, pr.u[at(i)].toFixed(4), pr.v[at(i)].toFixed(4), pr.w[at(i)].toFixed(4), pr.k[at(i)].toFixed(4)].join(',')),
      );
      writeFileSync(values['probes-out'], lines.join('\n') + '\n');
      log(`  wrote ${extra.length} points to ${values['probes-out']}`);
    }
    const setup =
      `Grid ${gridText(m.levels)} (finest b/${finestPerB} = ${B_M / finestPerB} m); inflow: the measured approach profile${approachText}; ` +
      `${m.steps.spinUp} spin-up, ${m.steps.develop} development and ${m.steps.average} averaged level-0 steps (${m.averagingWindowS.toFixed(0)} s averaged); ${m.solver}.`;
    run.aij = { evaluation: evaluateAij(aijData, layout, result.probes!), cost, setup };
    if (result.probeHalves) {
      halves = result.probeHalves.map((probes, i) => {
        const part: ValidationRun = { ...run, aij: { evaluation: evaluateAij(aijData, layout, probes), cost, setup } };
        for (const r of checks(part))
          if (r.ran) log(`half ${i + 1}: ${r.pass ? 'pass' : 'MISS'}  ${r.threshold.id} = ${r.value === null ? 'none' : r.value.toFixed(4)}`);
        return { evaluation: part.aij!.evaluation, results: checks(part) };
      });
    }
    log(`  done: ${cost.cpuS.toFixed(0)} s CPU`);
  }
  if (cases.has('aij-coarse')) {
    run.aijCoarse = [];
    for (const cellsPerB of [4, 2] as const) {
      log(`AIJ Case A (b/${cellsPerB}) …`);
      const coarse = aijInput(profileCsv, layout.probes, cellsPerB, { spinUpSteps: 0, developSteps: 0, averageSteps: 0, chunkSteps: 2 });
      const sched = aijSchedule(coarseTimeStep(coarse.plan, approachInlet(profileCsv)), averagePasses);
      const { result, cost } = await timed(`aij b/${cellsPerB}`, aijInput(profileCsv, layout.probes, cellsPerB, sched), threads);
      run.aijCoarse.push({ cellsPerB, evaluation: evaluateAij(aijData, layout, result.probes!), cost });
      log(`  done: ${cost.cpuS.toFixed(0)} s CPU`);
    }
  }
  if (cases.has('aij-case')) {
    log('AIJ Case A through cfd:case …');
    const plan = aijThroughCase(aijData, layout, casePerB === undefined ? null : B_M / casePerB);
    const { result, cost } = await timed('aij-case', plan.input, threads);
    run.aijCase = {
      evaluation: evaluateAij(aijData, layout, result.probes!),
      cost,
      setup: `Grid ${gridText(plan.scene.plan.boxes)}; inflow ${plan.inflowDescription}${approachText}.`,
    };
    log(`  done: ${cost.cpuS.toFixed(0)} s CPU`);
  }
  if (cases.has('aij-empty')) {
    log('AIJ Case A grid without the building …');
    const { result, cost } = await timed('aij-empty', aijInput(profileCsv, aijEmptyProbes(), finestPerB, schedule, false), threads);
    run.aijEmpty = { rows: evaluateAijEmpty(profileCsv, result.probes!), cost };
    log(`  done: ${cost.cpuS.toFixed(0)} s CPU`);
  }
}
if (cases.has('empty')) {
  run.empty = [];
  for (const tier of tiers)
    for (const terrain of terrains) {
      log(`empty domain, ${tier} tier, ${terrain} terrain …`);
      const c = emptyDomainCase(tier, terrain);
      const { result, cost } = await timed(`empty ${tier} ${terrain}`, emptyDomainInput(c), 1);
      run.empty.push({ score: scoreEmptyDomain(c, result), cost });
    }
}

const only = values['check-only']?.split(',');
const results = checks(run);
for (const id of only ?? []) if (!results.some((r) => r.threshold.id === id)) throw new Error(`--check-only: unknown check '${id}'`);
const report = renderReport(run, results);
const docPath = new URL('../docs/cfd-validation.md', import.meta.url);
if (everything && !values['no-write']) {
  writeFileSync(docPath, spliceReport(readFileSync(docPath, 'utf8'), report));
  log('wrote docs/cfd-validation.md');
} else {
  console.log(report);
}
if (values.json) writeFileSync(values.json, JSON.stringify({ run, results, halves }, null, 1));
for (const r of results) {
  if (!r.ran) continue;
  log(`${r.pass ? 'pass' : 'MISS'}  ${r.threshold.id} = ${r.value === null ? 'none' : r.value.toFixed(4)}`);
}
if (values.check || only) {
  const gated = results.filter((r) => r.ran && (!only || only.includes(r.threshold.id)));
  const missed = gated.filter((r) => !r.pass);
  if (only) for (const id of only) if (!results.find((r) => r.threshold.id === id)!.ran) missed.push(results.find((r) => r.threshold.id === id)!);
  log(missed.length ? `${missed.length} of ${gated.length} checks missed` : `all ${gated.length} checks pass`);
  if (missed.length) process.exitCode = 1;
}
