/**
 * Runs level-0 steps on one thread's share of the work: the loop both the in-process solver and
 * each worker thread execute. Statistics are gathered every other level-0 step, when all
 * populations are at home (see step.ts).
 */
import type { Grid } from '../grid/level.ts';
import { coarseStep, type ThreadContext } from './step.ts';
import { naturalPass } from './natural-pass.ts';
import { turbulencePass } from '../turbulence/k-transport.ts';

export interface AdvanceCommand {
  /** Level-0 steps to make (an even number keeps every level at home afterwards). */
  steps: number;
  /** Add the state to the statistics after each odd level-0 step. */
  accumulate: boolean;
  /** Write this thread's health record after the last step. */
  health: Float64Array | null;
}

/** Returns the number of statistics samples taken. */
export function advance(h: Grid, ctx: ThreadContext, cmd: AdvanceCommand): number {
  let samples = 0;
  for (let s = 0; s < cmd.steps; s++) {
    coarseStep(h, ctx);
    // The transported k moves with every level at home (turbulence/k-transport.ts).
    if ((ctx.steps[0] & 1) === 0 && h.levels[0].turb) turbulencePass(h, ctx);
    if ((ctx.steps[0] & 1) === 0 && cmd.accumulate) {
      naturalPass(h, ctx, true, null);
      samples++;
      ctx.barrier();
    }
  }
  if (cmd.health) {
    if ((ctx.steps[0] & 1) !== 0) throw new Error('health is read with every level at home (after an even number of steps)');
    naturalPass(h, ctx, false, cmd.health);
    ctx.barrier();
  }
  return samples;
}
