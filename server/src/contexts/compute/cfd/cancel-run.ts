/**
 * Cancelling a running CFD wind run of Canopy's: the run is given up as a failure would give it up
 * (run-state.ts failRun: its directions stop between two chunks of steps and end as skipped,
 * nothing of it is published, jobs that waited for its wind field run without it and say so), the
 * simulation reads "cancelled", and the credits of the directions not computed come back — the
 * approval's credits for this simulation in proportion, rounded down, as a usage row of minus that
 * many credits beside the approval's debit (the company's billing history keeps both).
 */
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { scenarioApprovals, subscriptionUsage } from '../../../db/schema/index.ts';
import { failRun, readRun } from './run-state.ts';

export interface CancelledRun {
  directionsDone: number;
  total: number;
  creditsReturned: number;
  statusText: string;
}

/**
 * Cancels the simulation's live CFD run, or answers null when it has none that runs (not a CFD run
 * of Canopy's, not started, already over).
 */
export async function cancelCfdRun(db: Db, input: { simulationId: number; cancelledBy: string; userId: number; now: Date }): Promise<CancelledRun | null> {
  const run = await readRun(db, input.simulationId);
  const state = run?.state;
  if (!run || !state || state.failed || !['queued', 'running'].includes(run.status)) return null;
  const total = state.directions_deg.length;
  const directionsDone = Object.keys(state.done).length;
  const [approval] = await db.select().from(scenarioApprovals).where(eq(scenarioApprovals.configurationId, run.configurationId));
  const line = (approval?.breakdown as Array<{ simulation_id?: number; credits?: number; computed_by?: string }> | undefined)?.find(
    (l) => l.simulation_id === input.simulationId && l.computed_by !== 'external',
  );
  const creditsReturned = Math.floor(((line?.credits ?? 0) * (total - directionsDone)) / Math.max(1, total));
  const statusText =
    `Cancelled by ${input.cancelledBy}: ${directionsDone} of ${total} directions were computed; nothing of the run is shown` +
    (creditsReturned > 0 ? `, and ${creditsReturned} credit${creditsReturned === 1 ? '' : 's'} came back.` : '.');
  // One transaction: the run ends and its credits come back together, or neither.
  const cancelled = await db.transaction(async (tx) => {
    const ended = await failRun(tx, {
      simulationId: input.simulationId,
      runId: state.run_id,
      reason: `cancelled by ${input.cancelledBy}`,
      statusText,
      directionDeg: null,
      step: null,
      status: 'cancelled',
    });
    if (!ended || creditsReturned === 0) return ended;
    // The approval's debit names the subscription and company that paid.
    const [paid] = await tx
      .select()
      .from(subscriptionUsage)
      .where(and(eq(subscriptionUsage.configurationId, run.configurationId), gt(subscriptionUsage.creditsUsed, 0)))
      .orderBy(asc(subscriptionUsage.id))
      .limit(1);
    if (paid) {
      await tx.insert(subscriptionUsage).values({
        subscriptionId: paid.subscriptionId,
        companyId: paid.companyId,
        label: `${paid.label}: wind run cancelled, ${total - directionsDone} of ${total} directions not computed`,
        usedBy: input.userId,
        usedByName: input.cancelledBy,
        creditType: paid.creditType,
        usedAt: input.now,
        creditsUsed: -creditsReturned,
        configurationId: run.configurationId,
      });
    }
    return true;
  });
  if (!cancelled) return null;
  return { directionsDone, total, creditsReturned, statusText };
}
