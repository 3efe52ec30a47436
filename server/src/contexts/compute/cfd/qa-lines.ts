/**
 * The QA report's lines for a simulation Canopy's CFD computed (contexts/results/pdf/qa-report.ts):
 * the method by its name and which of its quantities are validated or only indicative (and why),
 * the resolution at pedestrian height, the run's inputs and grid, and per direction what the solver
 * recorded in its manifest — time,
 * throughput, a resumed checkpoint, and the voxelisation warnings (meshes that are not watertight,
 * overlap or are inside out ran anyway; the reviewer is told which).
 */
import type { CfdRunState } from './run-state.ts';
import { METHOD_NAME, QUANTITY_STATUS } from '@canopy/engine/cfd/run/method.ts';

export function cfdQaLines(state: CfdRunState): Array<[string, unknown]> {
  const e = state.estimate;
  const lines: Array<[string, unknown]> = [
    ['Solver', state.solver],
    ['Method', METHOD_NAME],
    ...QUANTITY_STATUS.map((q): [string, unknown] => [`${q.quantity[0]!.toUpperCase()}${q.quantity.slice(1)}`, `${q.status}: ${q.why}`]),
    [
      'Resolution at pedestrian height',
      e
        ? `${e.finest_cell_m} m cells, the first cell centre at ${e.finest_cell_m / 2} m; points below it are read by the log-law wall function of the ground, not interpolated`
        : null,
    ],
    ['Tier', e ? `${e.tier_label}; ${e.levels.map((l) => `${l.dx_m} m: ${l.nx}×${l.ny}×${l.nz}`).join(', ')}` : state.tier],
    [
      'Grid',
      e
        ? `${e.cells} cells, ${Math.round(e.memory_bytes / 1e6)} MB; region of interest ${e.region.radius_m} m around (${e.region.centre.join(', ')}), context ${e.region.context_radius_m} m`
        : null,
    ],
    ['Approach flow', `log law over ${state.terrain} terrain, reference ${state.reference.height_m} m`],
    ['Directions (°)', state.directions_deg],
    [
      'Run length (level-0 steps)',
      `spin-up ${state.schedule.spinUpSteps}, development ${state.schedule.developSteps}, averaging ${state.schedule.averageSteps}${state.shortened_schedule ? ' (shortened for tests)' : ''}`,
    ],
  ];
  const done = Object.values(state.done).sort((a, b) => a.direction_deg - b.direction_deg);
  for (const d of done) {
    lines.push([
      `Direction ${d.direction_deg}°`,
      `${d.wall_time_s} s on ${d.threads} thread${d.threads === 1 ? '' : 's'}, ${d.mlups} MLUPS${d.resumed_from_step !== null ? `, resumed from the checkpoint at step ${d.resumed_from_step}` : ''}`,
    ]);
  }
  const warnings = [...new Set(done.flatMap((d) => d.warnings))];
  lines.push(['Voxelisation warnings', warnings.length ? warnings : 'none (every mesh closed a volume)']);
  if (state.failed) lines.push(['Failed', `${state.failed.reason}${state.failed.step !== null ? ` (step ${state.failed.step})` : ''}`]);
  return lines;
}
