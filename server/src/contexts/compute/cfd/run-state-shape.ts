/**
 * A simulation's stored CFD run state (`cfd_parameters`), recognised by its shape. Apart from
 * run-state.ts, which writes the state and enqueues jobs, so that the readers of a status (imported
 * almost everywhere) do not pull in the job queue.
 */
import type { CfdRunState } from './run-state.ts';

export function runStateOf(parameters: unknown): CfdRunState | null {
  const p = parameters as Partial<CfdRunState> | null;
  return p && p.engine === 'canopy-cfd' && typeof p.run_id === 'string' ? (p as CfdRunState) : null;
}
