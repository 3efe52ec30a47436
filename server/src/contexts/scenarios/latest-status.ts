/** get-latest-status/ (what the client polls when the socket is quiet) and resubmit-ml/. */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { AuthUser } from '../../kernel/auth-user.ts';
import type { AppDeps } from '../../deps.ts';
import { jobs, scenarioApprovals, simulations } from '../../db/schema/index.ts';
import { DomainError } from '../../kernel/domain-errors.ts';
import { DEFAULT_ML_STATUS_TEXT, type LatestStatus, type ResubmitMlResult } from '@canopy/contract/scenarios.ts';
import { requireChangeScenario, requireSeeScenario, scenarioRow, simulationRow } from './access.ts';
import { computedByCanopy } from './analyses.ts';
import { publishScenarioStatus } from './events.ts';
import { asStatus, refreshScenarioStatus } from './status.ts';
import { engineOf } from './view.ts';
import { analysisJobKeys } from './job-progress.ts';
import { runStateOf } from '../compute/index.ts';

type Ids = { projectId: number; configurationId: number; simulationId: number };

export async function latestStatus(db: Db, user: AuthUser, ids: Ids): Promise<LatestStatus> {
  await requireSeeScenario(db, user, ids.projectId);
  await scenarioRow(db, ids.projectId, ids.configurationId);
  const sim = await simulationRow(db, ids.configurationId, ids.simulationId);
  const state = await refreshScenarioStatus(db, ids.configurationId);
  const [job] = await db
    .select()
    .from(jobs)
    .where(inArray(jobs.dedupeKey, analysisJobKeys(sim)))
    .orderBy(desc(jobs.id))
    .limit(1);
  const status = asStatus(sim.status);
  // A CFD wind run's progress is over its direction jobs (contexts/compute/cfd/progress.ts), not its planning job.
  const cfd = runStateOf(sim.cfdParameters);
  const cfdProgress = cfd?.progress && status === 'running' ? cfd.progress.percent : null;
  // Time left as the live events give it (status.ts): the run's, or the job's from its elapsed time.
  const live = state?.simulations.find((s) => s.id === sim.id)?.progress ?? null;
  return {
    simulation_id: sim.id,
    configuration_id: ids.configurationId,
    status,
    status_text: sim.statusText,
    configuration_status: state!.status,
    progress: cfdProgress ?? (job && (job.status === 'running' || job.status === 'queued') ? job.progress : status === 'completed' ? 100 : null),
    eta_s: live?.eta_s ?? null,
    ...(live?.stalled?.length ? { stalled: live.stalled } : {}),
    job: job ? { id: job.id, type: job.type, status: job.status, progress: job.progress, message: job.progressMessage || null, error: job.error } : null,
    updated: (job?.updatedAt ?? sim.createdAt).toISOString(),
  };
}

/** Asks again for the machine-learning results: the simulation goes back to waiting for them. */
export async function resubmitMl(deps: AppDeps, db: Db, user: AuthUser, ids: Ids): Promise<ResubmitMlResult> {
  await requireChangeScenario(db, user, ids.projectId);
  const config = await scenarioRow(db, ids.projectId, ids.configurationId);
  const sim = await simulationRow(db, ids.configurationId, ids.simulationId);
  if (engineOf(config) !== 'AI' || computedByCanopy(sim.category, 'AI')) {
    throw DomainError.detail('invalid', `This simulation (${sim.category}, ${engineOf(config)}) is not a machine-learning simulation.`);
  }
  const [approval] = await db.select({ id: scenarioApprovals.id }).from(scenarioApprovals).where(eq(scenarioApprovals.configurationId, config.id));
  if (!approval) throw DomainError.detail('invalid', 'The scenario has not been approved and submitted yet.');
  const status = asStatus(sim.status);
  // Not a cancelled one: its reserved credits were returned, so asking again would run it unpaid.
  if (!['awaiting_external_results', 'failed', 'completed'].includes(status)) {
    throw DomainError.detail(
      'invalid',
      status === 'cancelled'
        ? 'The simulation was cancelled and its credits returned; duplicate the scenario to run it again.'
        : `The simulation is ${status.replaceAll('_', ' ')}; it cannot be resubmitted now.`,
    );
  }
  await db
    .update(simulations)
    .set({ status: 'awaiting_external_results', statusText: DEFAULT_ML_STATUS_TEXT })
    .where(and(eq(simulations.id, sim.id), eq(simulations.configurationId, config.id)));
  await publishScenarioStatus(db, deps.bus, config.id);
  return { simulation_id: sim.id, status: 'awaiting_external_results', status_text: DEFAULT_ML_STATUS_TEXT };
}
