/** How long a CFD run takes in the cost step's estimate (and for a progress report without the run's time left). */

/**
 * A run's time left in the cost step's model (the live progress starts from it, run-eta.ts): the
 * directions not yet started run in rounds of `atOnce` after the running ones, each taking
 * `directionS`; the running direction has `directionEtaS` left.
 */
export function runSecondsLeft(run: { directionEtaS: number; directionS: number; waiting: number; atOnce: number }): number {
  return run.directionEtaS + Math.ceil(Math.max(0, run.waiting) / Math.max(1, run.atOnce)) * run.directionS;
}
