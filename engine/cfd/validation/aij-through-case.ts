/**
 * AIJ Case A the way `cfd:case` runs a user's case, and the way the held-back data are judged:
 * the building as an STL would give it, the approach table as an INFLOW.csv would (z_m, U_ms,
 * k_m2s2; its z = 0 row left out), the measured points as PROBES.csv, and the grid, run length and
 * inflow continuation that case/plan-case.ts chooses — the product's planner, not the hand-laid
 * grid of aij-case-a.ts. The reattachment lines are read as extra probes after planning, so they
 * do not widen the region of interest a user's probes would set.
 */
import { parseInflow } from '../case/inputs.ts';
import { planCase, type CasePlan } from '../case/plan-case.ts';
import { aijBuildingTriangles, parseCsv, probesInMetres } from './aij-case-a.ts';
import type { AijData, AijProbeLayout } from './aij-evaluate.ts';

/** The approach table as a cfd:case INFLOW.csv. */
export function aijInflowCsv(profileCsv: string): string {
  const rows = parseCsv(profileCsv).filter((r) => r['z (m)'] > 0);
  return ['z_m,U_ms,k_m2s2', ...rows.map((r) => `${r['z (m)']},${r['u (m/s)']},${r['tke (m2/s2)']}`)].join('\n') + '\n';
}

/**
 * The cfd:case plan of AIJ Case A, reading every point of `layout` (in its order); at cfd:case's
 * own b/8 unless a finest cell is given (as `--finest-cell` would).
 */
export function aijThroughCase(data: AijData, layout: AijProbeLayout, finestCellM: number | null = null): CasePlan & { inflowDescription: string } {
  const measured = [...data.given, ...data.more, ...data.plane, ...data.plane125];
  const inflow = parseInflow('aij-case-a-inflow.csv', aijInflowCsv(data.profileCsv));
  const plan = planCase({
    stlFile: 'aij-case-a-building.stl',
    triangles: aijBuildingTriangles(),
    inflow,
    probes: probesInMetres(measured),
    flowAngleDeg: 0,
    finestCellM,
  });
  return { ...plan, input: { ...plan.input, probes: probesInMetres(layout.probes) }, inflowDescription: inflow.inlet.description };
}
