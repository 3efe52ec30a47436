/**
 * Cancelling a simulation: one that waits for external results will not be computed, so the
 * credits reserved for it at approval are returned; a CFD wind run of Canopy's that is queued or
 * running stops, and the credits of its directions not computed come back
 * (contexts/compute/cfd/cancel-run.ts). Other simulations Canopy computes take seconds to minutes and are
 * not cancelled.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { AuthUser } from '../../kernel/auth-user.ts';
import type { AppDeps } from '../../deps.ts';
import { simulations, users } from '../../db/schema/index.ts';
import { displayName, refundReservations } from '../accounts/index.ts';
import { cancelCfdRun } from '../compute/index.ts';
import { DomainError } from '../../kernel/domain-errors.ts';
import type { CancelSimulationResult } from '@canopy/contract/reservations.ts';
import { requireChangeScenario, scenarioRow, simulationRow } from './access.ts';
import { publishScenarioStatus } from './events.ts';
import { refreshScenarioStatus } from './status.ts';

type Ids = { projectId: number; configurationId: number; simulationId: number };

export async function cancelSimulation(deps: AppDeps, db: Db, user: AuthUser, ids: Ids): Promise<CancelSimulationResult> {
  await requireChangeScenario(db, user, ids.projectId);
  await scenarioRow(db, ids.projectId, ids.configurationId);
  const sim = await simulationRow(db, ids.configurationId, ids.simulationId);
  if (sim.status === 'queued' || sim.status === 'running') {
    const [actor] = await db
      .select({ username: users.username, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, user.id));
    const run = await cancelCfdRun(db, {
      simulationId: sim.id,
      cancelledBy: actor ? displayName(actor) : user.username,
      userId: user.id,
      now: deps.clock.now(),
    });
    if (run) {
      await refreshScenarioStatus(db, ids.configurationId);
      await publishScenarioStatus(db, deps.bus, ids.configurationId);
      return { simulation_id: sim.id, status: 'cancelled', status_text: run.statusText, credits_returned: run.creditsReturned };
    }
  }
  const statusText = 'Cancelled: the reserved credits were returned';
  const returned = await db.transaction(async (tx) => {
    // Conditional on the status, so results ingested a moment earlier win (and are paid for).
    const changed = await tx
      .update(simulations)
      .set({ status: 'cancelled', statusText })
      .where(and(eq(simulations.id, sim.id), eq(simulations.status, 'awaiting_external_results')))
      .returning({ id: simulations.id });
    if (changed.length === 0) {
      throw DomainError.detail(
        'invalid',
        `The simulation is ${sim.status.replaceAll('_', ' ')}; only a simulation waiting for external results, or a CFD wind run of Canopy’s that is queued or running, can be cancelled.`,
      );
    }
    return refundReservations(tx, { simulationIds: [sim.id] }, deps.clock.now());
  });
  await refreshScenarioStatus(db, ids.configurationId);
  await publishScenarioStatus(db, deps.bus, ids.configurationId);
  return { simulation_id: sim.id, status: 'cancelled', status_text: statusText, credits_returned: returned };
}
