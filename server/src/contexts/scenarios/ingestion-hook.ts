/**
 * Results ingested for a scenario (contexts/results/viewer/ingest.ts calls this): a simulation waiting for
 * external (AI or CFD) results is complete once results for its analysis arrive — into itself
 * (appendresults) or as a new simulation of the same analysis in the same scenario
 * (simulationresults). Credits reserved for it at approval are debited now, in the same
 * transaction (contexts/accounts/company/reservations.ts). The scenario's status is re-derived and published.
 */
import { and, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import { simulations } from '../../db/schema/index.ts';
import { publishNotification, publishScenarioStatus } from './events.ts';
import { refreshScenarioStatus } from './status.ts';
import { debitReservations } from '../accounts/index.ts';

export async function noteResultsIngested(deps: Pick<AppDeps, 'bus' | 'clock'>, db: Db, simulationId: number): Promise<void> {
  const [sim] = await db
    .select({ configurationId: simulations.configurationId, category: simulations.category })
    .from(simulations)
    .where(eq(simulations.id, simulationId));
  if (!sim) return;
  const done = await db.transaction(async (tx) => {
    const completed = await tx
      .update(simulations)
      .set({ status: 'completed', statusText: 'Results ingested' })
      .where(
        and(
          eq(simulations.configurationId, sim.configurationId),
          eq(simulations.status, 'awaiting_external_results'),
          or(eq(simulations.id, simulationId), eq(simulations.category, sim.category)),
        ),
      )
      .returning({ id: simulations.id });
    await debitReservations(
      tx,
      completed.map((c) => c.id),
      deps.clock.now(),
    );
    return completed;
  });
  await refreshScenarioStatus(db, sim.configurationId);
  await publishScenarioStatus(db, deps.bus, sim.configurationId);
  if (done.length) {
    const state = await refreshScenarioStatus(db, sim.configurationId);
    if (state)
      await publishNotification(deps.bus, state.projectId, sim.configurationId, 'success', `Results for ${sim.category.replaceAll('_', ' ')} were ingested.`);
  }
}
