/**
 * A CFD wind run's progress read from the simulation's stored run state (its `cfd_parameters`, as
 * GET configuration/{id}/ gives them), for the poll that stands in while the socket is down. The
 * same reading as the server's live events (server/src/contexts/compute/cfd/progress-view.ts, which the
 * client may not import): the run's percentage, the direction being computed, its phase, and the
 * time left for the whole run as the reporting worker reckoned it (every direction left, at the
 * estimate's pace moved towards the measured one). So the poll and the socket say the same sentence.
 */
import type { SimulationProgress } from './live-status.types.ts';

/** The part of the stored run state (contexts/compute/cfd/run-state.ts CfdRunState) this reading needs. */
interface StoredRun {
  engine: 'canopy-cfd';
  run_id: string;
  failed: unknown;
  estimate?: { lattice_updates_per_direction?: number; minutes_per_direction?: number } | null;
  progress: {
    percent: number;
    directions_done: number;
    total: number;
    direction_deg: number;
    index: number;
    phase: string;
    mlups: number;
    eta_s: number;
    /** The whole run's seconds left as the reporting worker reckoned them (absent from older reports). */
    run_eta_s?: number;
    updated_at: string;
  } | null;
}

function storedRun(parameters: unknown): StoredRun | null {
  const p = parameters as Partial<StoredRun> | null;
  return p && p.engine === 'canopy-cfd' && typeof p.run_id === 'string' ? (p as StoredRun) : null;
}

/** The progress of a running CFD simulation, or null (not a CFD run, not running, nothing reported yet). */
export function cfdProgressOf(parameters: unknown, status: string): SimulationProgress | null {
  const state = storedRun(parameters);
  const p = state?.progress;
  if (!state || !p || state.failed || status !== 'running') return null;
  const total = Math.max(1, p.total);
  const done = Math.min(total, Math.max(0, p.directions_done));
  // The reporting direction counts as started; the others not done wait for a worker.
  const waiting = Math.max(0, total - done - 1);
  const updates = state.estimate?.lattice_updates_per_direction ?? 0;
  const perDirectionS = p.mlups > 0 && updates > 0 ? updates / (p.mlups * 1e6) : (state.estimate?.minutes_per_direction ?? Number.NaN) * 60;
  // The worker's own reckoning counts every direction left and where the pace is heading; a report
  // without it is read the old way: this direction's time left, then the others one after another.
  const eta =
    typeof p.run_eta_s === 'number' && p.eta_s >= 0
      ? p.run_eta_s
      : p.eta_s >= 0 && Number.isFinite(perDirectionS)
        ? p.eta_s + waiting * perDirectionS
        : Number.NaN;
  return {
    percent: Math.max(0, Math.min(100, p.percent)),
    eta_s: Number.isFinite(eta) ? Math.round(eta) : null,
    phase: p.phase,
    direction: { index: p.index + 1, total, deg: p.direction_deg, done },
    updated_at: p.updated_at,
  };
}
