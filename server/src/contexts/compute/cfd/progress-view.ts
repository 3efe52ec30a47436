/**
 * A CFD wind run's progress as clients see it (the scenario.status event's `progress`):
 * percentage of the whole run, the direction being computed (i of n), its phase, and the time left
 * for the whole run. That time is the reporting worker's own reckoning (run_eta_s, run-eta.ts:
 * the estimate's pace moving towards the measured one, every direction left) when the report
 * carries it; a report without it is read in the cost step's model (run-time-model.ts): this
 * direction's ETA plus the directions not yet started, in rounds of those that run side by side.
 * Pure: contexts/scenarios/status.ts calls it with the stored run state.
 */
import type { SimulationProgress } from '@canopy/contract/scenarios.ts';
import { runStateOf } from './run-state-shape.ts';
import { runSecondsLeft } from './run-time-model.ts';

/** The progress of a running CFD simulation, or null (not a CFD run, not running, nothing reported yet). */
export function cfdProgressView(parameters: unknown, status: string): SimulationProgress | null {
  const state = runStateOf(parameters);
  const p = state?.progress;
  if (!state || !p || state.failed || status !== 'running') return null;
  const total = Math.max(1, p.total);
  const done = Math.min(total, Math.max(0, p.directions_done));
  // The reporting direction counts as started; the others not done wait for a worker.
  const waiting = Math.max(0, total - done - 1);
  const updates = state.estimate?.lattice_updates_per_direction ?? 0;
  const perDirectionS = p.mlups > 0 && updates > 0 ? updates / (p.mlups * 1e6) : (state.estimate?.minutes_per_direction ?? Number.NaN) * 60;
  // The run's time left as the reporting direction's worker reckoned it; an older report without it
  // is read in the cost step's model here.
  const atOnce = Math.max(1, state.estimate?.directions_at_once ?? 1);
  const eta =
    typeof p.run_eta_s === 'number' && p.eta_s >= 0
      ? p.run_eta_s
      : p.eta_s >= 0 && Number.isFinite(perDirectionS)
        ? runSecondsLeft({ directionEtaS: p.eta_s, directionS: perDirectionS, waiting, atOnce })
        : Number.NaN;
  return {
    percent: Math.max(0, Math.min(100, p.percent)),
    eta_s: Number.isFinite(eta) ? Math.round(eta) : null,
    phase: p.phase,
    direction: { index: p.index + 1, total, deg: p.direction_deg, done },
    updated_at: p.updated_at,
  };
}
