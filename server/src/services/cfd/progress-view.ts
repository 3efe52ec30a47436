/**
 * A CFD wind run's progress as clients see it (the scenario.status event's `progress`, issue 15):
 * percentage of the whole run, the direction being computed (i of n), its phase, and the time left
 * for the whole run — this direction's ETA from the solver plus the directions not yet started at
 * the measured throughput (or the estimate's when none is measured yet), one after another as the
 * estimate assumes. Pure: services/scenarios/status.ts calls it with the stored run state.
 */
import type { SimulationProgress } from '@canopy/contract/scenarios.ts';
import type { CfdRunState } from './run-state.ts';

// Type-only: status.ts (imported almost everywhere) must not pull in the job queue through run-state.ts.
function runStateOf(parameters: unknown): CfdRunState | null {
  const p = parameters as Partial<CfdRunState> | null;
  return p && p.engine === 'canopy-cfd' && typeof p.run_id === 'string' ? (p as CfdRunState) : null;
}

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
  const eta = p.eta_s >= 0 && Number.isFinite(perDirectionS) ? p.eta_s + waiting * perDirectionS : Number.NaN;
  return {
    percent: Math.max(0, Math.min(100, p.percent)),
    eta_s: Number.isFinite(eta) ? Math.round(eta) : null,
    phase: p.phase,
    direction: { index: p.index + 1, total, deg: p.direction_deg, done },
    updated_at: p.updated_at,
  };
}
