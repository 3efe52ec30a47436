/**
 * Cancelling a simulation that waits for external results (issue 16): it will not be computed, so
 * the credits reserved for it at approval are returned. Simulations Canopy computes itself are
 * already paid and running or done; they are not cancelled here.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { AuthUser } from '../../auth/authenticate.ts';
import type { AppDeps } from '../../deps.ts';
import { simulations } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import type { CancelSimulationResult } from '@canopy/contract/reservations.ts';
import { refundReservations } from '../company/reservations.ts';
import { requireChangeScenario, scenarioRow, simulationRow } from './access.ts';
import { publishScenarioStatus } from './events.ts';
import { refreshScenarioStatus } from './status.ts';

type Ids = { projectId: number; configurationId: number; simulationId: number };

export async function cancelSimulation(deps: AppDeps, db: Db, user: AuthUser, ids: Ids): Promise<CancelSimulationResult> {
  await requireChangeScenario(db, user, ids.projectId);
  await scenarioRow(db, ids.projectId, ids.configurationId);
  const sim = await simulationRow(db, ids.configurationId, ids.simulationId);
  const statusText = 'Cancelled: the reserved credits were returned';
  const returned = await db.transaction(async (tx) => {
    // Conditional on the status, so results ingested a moment earlier win (and are paid for).
    const changed = await tx
      .update(simulations)
      .set({ status: 'cancelled', statusText })
      .where(and(eq(simulations.id, sim.id), eq(simulations.status, 'awaiting_external_results')))
      .returning({ id: simulations.id });
    if (changed.length === 0) {
      throw ApiError.detail(400, `The simulation is ${sim.status.replaceAll('_', ' ')}; only a simulation waiting for external results can be cancelled.`);
    }
    return refundReservations(tx, { simulationIds: [sim.id] }, deps.clock.now());
  });
  await refreshScenarioStatus(db, ids.configurationId);
  await publishScenarioStatus(db, deps.bus, ids.configurationId);
  return { simulation_id: sim.id, status: 'cancelled', status_text: statusText, credits_returned: returned };
}
