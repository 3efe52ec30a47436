/** The configuration as the API shows it (contract ConfigurationSchema), with its simulations. */
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { assets, geometryValidations, jobs, scenarioApprovals, simulations } from '../../db/schema/index.ts';
import type { Configuration, Engine, SimulationSummary } from '@canopy/contract/scenarios.ts';
import type { ConfigurationRow } from './access.ts';
import { computedByCanopy } from './analyses.ts';
import { asStatus } from './status.ts';

/** The dedupe key of the one analysis job a submitted simulation gets. */
export const simulationJobKey = (simulationId: number) => `scenario-simulation:${simulationId}`;

export function engineOf(config: Pick<ConfigurationRow, 'form'>): Engine {
  return (config.form as { engine?: string }).engine === 'CFD' ? 'CFD' : 'AI';
}

export async function simulationSummaries(db: Db, config: ConfigurationRow): Promise<SimulationSummary[]> {
  const sims = await db.select().from(simulations).where(eq(simulations.configurationId, config.id)).orderBy(asc(simulations.id));
  if (sims.length === 0) return [];
  const ids = sims.map((s) => s.id);
  const assetRows = await db
    .select({ id: assets.id, simulationId: assets.simulationId })
    .from(assets)
    .where(inArray(assets.simulationId, ids))
    .orderBy(asc(assets.id));
  const jobRows = await db
    .select({ id: jobs.id, key: jobs.dedupeKey })
    .from(jobs)
    .where(inArray(jobs.dedupeKey, ids.map(simulationJobKey)));
  const jobByKey = new Map(jobRows.map((j) => [j.key, j.id]));
  const engine = engineOf(config);
  return sims.map((s) => ({
    id: s.id,
    configuration: { id: config.id },
    category: s.category,
    engine,
    status: asStatus(s.status),
    status_text: s.statusText,
    computed_by_canopy: computedByCanopy(s.category, engine),
    met_source_id: s.metSourceId,
    cfd_parameters: (s.cfdParameters ?? {}) as Record<string, unknown>,
    assets: assetRows.filter((a) => a.simulationId === s.id).map((a) => a.id),
    job_id: jobByKey.get(simulationJobKey(s.id)) ?? null,
  }));
}

export async function configurationView(db: Db, config: ConfigurationRow): Promise<Configuration> {
  const [approval] = await db.select().from(scenarioApprovals).where(eq(scenarioApprovals.configurationId, config.id));
  const [validation] = await db
    .select({ id: geometryValidations.id, status: geometryValidations.status, error: geometryValidations.error, summary: geometryValidations.summary })
    .from(geometryValidations)
    .where(eq(geometryValidations.configurationId, config.id));
  const summary = (validation?.summary ?? {}) as { errors?: number; warnings?: number };
  return {
    id: config.id,
    project_id: config.projectId,
    study_id: config.studyId,
    name: config.name,
    status: asStatus(config.status),
    engine: engineOf(config),
    simulation_type: config.simulationType,
    hidden: config.hidden,
    form: config.form as Record<string, unknown>,
    simulations: await simulationSummaries(db, config),
    approval: approval
      ? {
          approved_by: approval.approvedBy,
          approved_at: approval.approvedAt.toISOString(),
          credits: approval.credits,
          credit_type: approval.creditType === 'CFD' ? 'CFD' : 'AI',
          subscription_id: approval.subscriptionId,
          usage_id: approval.usageId,
        }
      : null,
    geometry_validation: validation
      ? {
          id: validation.id,
          status: validation.status as 'queued' | 'running' | 'passed' | 'failed',
          error: validation.error,
          errors: summary.errors ?? 0,
          warnings: summary.warnings ?? 0,
        }
      : null,
    created_by: config.createdBy,
    created: config.createdAt.toISOString(),
    updated: config.updatedAt.toISOString(),
  };
}
