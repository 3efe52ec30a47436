/**
 * A running CFD wind study's time left, as the live progress shows it ("about N min left").
 *
 * One figure drives it: how long one direction takes. It starts as the plan's (the estimate the
 * user approved) and moves towards this run's measured pace as work is done, by treating the plan's
 * figure as if it had been measured over PLAN_WEIGHT_DIRECTIONS directions' worth of work:
 *
 *     seconds per direction = (w · plan + seconds measured) / (w + directions' worth of work measured)
 *
 * (the posterior mean of a pace under a conjugate prior worth w observations; Gelman et al.,
 * Bayesian Data Analysis, 3rd ed., §2.6). Both sums only grow, so the figure moves a little with
 * each report and never swings with one chunk's pace on a shared machine; and the work is counted
 * in lattice-cell updates (engine/cfd run/direction.ts), so the cheap spin-up on the coarse grid
 * counts for what it costs instead of making the first minutes look fast.
 *
 * All the work left is counted: every direction being computed (its share not done), then the
 * directions waiting for a worker, each given to the first slot that frees (as the job queue
 * does), the run ending when the last slot does.
 */

/**
 * The plan's weight, in directions' worth of measurement. Half a direction: the first half of the
 * first direction (building the grid, the spin-up on the coarse grid, the first full-grid steps)
 * is the least like the rest, so the plan still counts as much as that measurement then; by the
 * end of the first direction the measurement weighs two thirds, by the third six sevenths, which is
 * what matters on a machine whose load differs from the one the plan's throughput was measured on.
 */
export const PLAN_WEIGHT_DIRECTIONS = 0.5;

export interface RunEtaInput {
  /** Seconds one direction takes in the plan (the approved estimate's minutes per direction). */
  planDirectionS: number;
  /** Wall seconds of each direction of this run already finished. */
  finishedS: readonly number[];
  /** The reporting direction: share of its work done, share done by this attempt, wall seconds of this attempt. */
  own: { doneShare: number; measuredShare: number; elapsedS: number };
  /** Share of the work done by each other direction being computed now. */
  othersDoneShare: readonly number[];
  /** Directions not started. */
  waiting: number;
  /** Directions computed side by side (the estimate's `directions_at_once`). */
  atOnce: number;
}

export interface RunEta {
  /** Seconds one direction takes, plan and measurement blended. */
  directionS: number;
  /** Seconds left for the reporting direction. */
  ownLeftS: number;
  /** Seconds left for the whole run. */
  runLeftS: number;
}

const share = (x: number) => (Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0);

/** Seconds per direction: the plan's, worth PLAN_WEIGHT_DIRECTIONS directions, and what was measured. */
export function blendedDirectionSeconds(planDirectionS: number, measured: { directions: number; seconds: number }): number {
  const w = PLAN_WEIGHT_DIRECTIONS;
  return (w * planDirectionS + measured.seconds) / (w + measured.directions);
}

export function runEta(input: RunEtaInput): RunEta {
  const finished = input.finishedS.filter((s) => Number.isFinite(s) && s > 0);
  const measuredShare = share(input.own.measuredShare);
  const directionS = blendedDirectionSeconds(input.planDirectionS, {
    directions: finished.length + measuredShare,
    seconds: finished.reduce((a, s) => a + s, 0) + Math.max(0, input.own.elapsedS),
  });
  const ownLeftS = (1 - share(input.own.doneShare)) * directionS;
  // Slots free when their direction ends; each waiting direction takes the first one free.
  const running = [ownLeftS, ...input.othersDoneShare.map((d) => (1 - share(d)) * directionS)];
  const slots = [...running];
  while (slots.length < Math.max(1, input.atOnce)) slots.push(0);
  for (let i = 0; i < Math.max(0, input.waiting); i++) {
    let first = 0;
    for (let s = 1; s < slots.length; s++) if (slots[s]! < slots[first]!) first = s;
    slots[first]! += directionS;
  }
  return { directionS, ownLeftS, runLeftS: Math.max(...slots) };
}
