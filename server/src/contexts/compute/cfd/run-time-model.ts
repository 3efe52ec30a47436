/** How long a CFD run takes: one model for the cost step's estimate and the live progress. */

/**
 * A run's time left, in the one model the cost step's estimate and the live progress share: the
 * directions not yet started run in rounds of `atOnce` after the running ones, each taking
 * `directionS`; the running direction has `directionEtaS` left.
 */
export function runSecondsLeft(run: { directionEtaS: number; directionS: number; waiting: number; atOnce: number }): number {
  return run.directionEtaS + Math.ceil(Math.max(0, run.waiting) / Math.max(1, run.atOnce)) * run.directionS;
}
