/**
 * geometry-validation/ (SPEC §3, §5): one record per configuration holding the last run. POST (or a
 * PATCH with new geometry) queues a 'geometry.validate' job and answers at once; the job
 * (validation-run.ts) stores the findings and sets the error flag on failure. While a run is queued
 * or running the scenario is 'validating'; a pass moves it to 'awaiting_approval', a failure back to
 * 'draft'. `run` increases with every request so a late job of an older run changes nothing.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { AuthUser } from '../../kernel/auth-user.ts';
import type { AppDeps } from '../../deps.ts';
import { configurations, geometryValidations, simulations } from '../../db/schema/index.ts';
import { DomainError, type FieldErrors } from '../../kernel/domain-errors.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import {
  GEOMETRY_ROLES,
  GeometryFilesSchema,
  type GeometryFiles,
  type GeometryValidation,
  type GeometryValidationPatch,
  type GeometryValidationRequest,
  type ScenarioForm,
} from '@canopy/contract/scenarios.ts';
import { requireChangeScenario, requireSeeScenario, scenarioRow } from './access.ts';
import { publishEvent, publishScenarioStatus } from './events.ts';
import { uploadRows } from './geometry.ts';
import { asStatus, EDITABLE } from './status.ts';

export const GEOMETRY_VALIDATE_JOB = 'geometry.validate';

export interface GeometryValidateInput {
  projectId: number;
  configurationId: number;
  validationId: number;
  run: number;
}

type Ids = { projectId: number; configurationId: number };
export type ValidationRow = typeof geometryValidations.$inferSelect;

export function validationView(row: ValidationRow): GeometryValidation {
  const summary = row.summary as { errors?: number; warnings?: number; infos?: number };
  return {
    id: row.id,
    configuration_id: row.configurationId,
    scenario_id: row.configurationId,
    simulation_id: row.simulationId,
    simulation_type: row.simulationType,
    geometry: GeometryFilesSchema.parse(row.geometry),
    status: row.status as GeometryValidation['status'],
    error: row.error,
    error_message: row.errorMessage,
    warnings_acknowledged: row.warningsAcknowledged,
    summary: { errors: summary.errors ?? 0, warnings: summary.warnings ?? 0, infos: summary.infos ?? 0 },
    findings: row.findings as GeometryValidation['findings'],
    findings_truncated: row.findingsTruncated,
    assets: row.assets as GeometryValidation['assets'],
    job_id: row.jobId,
    created: row.createdAt.toISOString(),
    updated: row.updatedAt.toISOString(),
    finished: row.finishedAt?.toISOString() ?? null,
  };
}

async function checkGeometry(db: Db, projectId: number, geometry: GeometryFiles): Promise<void> {
  const ids = GEOMETRY_ROLES.flatMap((role) => geometry[role]);
  const rows = await uploadRows(db, projectId, ids);
  const errors: FieldErrors = {};
  for (const role of GEOMETRY_ROLES) {
    geometry[role].forEach((id, i) => {
      const row = rows.get(id);
      if (!row) (errors[`geometry.${role}.${i}`] ??= []).push(`Invalid pk "${id}" - object does not exist.`);
      else if (!row.format.startsWith('stl')) (errors[`geometry.${role}.${i}`] ??= []).push(`${row.filename} is not an STL file (it reads as ${row.format}).`);
    });
  }
  if (Object.keys(errors).length) throw DomainError.fields(errors);
}

/** Resets the record to a new queued run (creating it when absent) and queues the job, in one transaction. */
async function queueRun(
  deps: AppDeps,
  db: Db,
  user: AuthUser,
  config: typeof configurations.$inferSelect,
  values: { simulationId: number | null; simulationType: string; geometry: GeometryFiles },
): Promise<ValidationRow> {
  const row = await db.transaction(async (tx) => {
    const reset = {
      simulationId: values.simulationId,
      simulationType: values.simulationType,
      geometry: values.geometry,
      status: 'queued',
      error: false,
      errorMessage: null,
      warningsAcknowledged: false,
      summary: { errors: 0, warnings: 0, infos: 0 },
      findings: [],
      findingsTruncated: false,
      assets: [],
      updatedAt: new Date(),
      finishedAt: null,
    };
    const [saved] = await tx
      .insert(geometryValidations)
      .values({ configurationId: config.id, createdBy: user.id, ...reset })
      .onConflictDoUpdate({ target: geometryValidations.configurationId, set: { ...reset, run: sql`${geometryValidations.run} + 1` } })
      .returning();
    const input: GeometryValidateInput = { projectId: config.projectId, configurationId: config.id, validationId: saved!.id, run: saved!.run };
    const job = await enqueueJob(tx, GEOMETRY_VALIDATE_JOB, input, { dedupeKey: `geometry-validation:${saved!.id}:${saved!.run}`, maxAttempts: 2 });
    const [withJob] = await tx.update(geometryValidations).set({ jobId: job.id }).where(eq(geometryValidations.id, saved!.id)).returning();
    await tx.update(configurations).set({ status: 'validating', updatedAt: new Date() }).where(eq(configurations.id, config.id));
    await tx.update(simulations).set({ status: 'validating' }).where(eq(simulations.configurationId, config.id));
    return withJob!;
  });
  await publishValidation(deps, config.projectId, row);
  await publishScenarioStatus(db, deps.bus, config.id);
  return row;
}

export async function publishValidation(deps: Pick<AppDeps, 'bus'>, projectId: number, row: ValidationRow): Promise<void> {
  const summary = row.summary as { errors?: number; warnings?: number };
  await publishEvent(deps.bus, {
    type: 'scenario.validation',
    project_id: projectId,
    configuration_id: row.configurationId,
    validation_id: row.id,
    status: row.status as GeometryValidation['status'],
    error: row.error,
    errors: summary.errors ?? 0,
    warnings: summary.warnings ?? 0,
  });
}

function requireEditable(config: typeof configurations.$inferSelect): void {
  if (!EDITABLE.includes(asStatus(config.status)))
    throw DomainError.detail('invalid', `The scenario is ${config.status.replaceAll('_', ' ')}: its geometry can no longer be validated again.`);
}

export async function requestValidation(deps: AppDeps, db: Db, user: AuthUser, ids: Ids, body: GeometryValidationRequest): Promise<GeometryValidation> {
  await requireChangeScenario(db, user, ids.projectId);
  const config = await scenarioRow(db, ids.projectId, ids.configurationId);
  if (body.scenario_id !== config.id) throw DomainError.field('scenario_id', `The scenario is ${config.id} (the path's), not ${body.scenario_id}.`);
  const [sim] = await db.select({ configurationId: simulations.configurationId }).from(simulations).where(eq(simulations.id, body.simulation_id));
  if (sim?.configurationId !== config.id) throw DomainError.field('simulation_id', `Invalid pk "${body.simulation_id}" - object does not exist.`);
  requireEditable(config);
  const geometry = body.geometry ? GeometryFilesSchema.parse(body.geometry) : (config.form as ScenarioForm).geometry;
  await checkGeometry(db, ids.projectId, geometry);
  return validationView(await queueRun(deps, db, user, config, { simulationId: body.simulation_id, simulationType: body.simulation_type, geometry }));
}

export async function getValidation(db: Db, user: AuthUser, ids: Ids): Promise<GeometryValidation> {
  await requireSeeScenario(db, user, ids.projectId);
  const config = await scenarioRow(db, ids.projectId, ids.configurationId);
  const [row] = await db.select().from(geometryValidations).where(eq(geometryValidations.configurationId, config.id));
  if (!row) throw DomainError.notFound();
  return validationView(row);
}

export async function patchValidation(
  deps: AppDeps,
  db: Db,
  user: AuthUser,
  ids: Ids & { validationId: number },
  body: GeometryValidationPatch,
): Promise<GeometryValidation> {
  await requireChangeScenario(db, user, ids.projectId);
  const config = await scenarioRow(db, ids.projectId, ids.configurationId);
  const [row] = await db.select().from(geometryValidations).where(eq(geometryValidations.id, ids.validationId));
  if (!row || row.configurationId !== config.id) throw DomainError.notFound();
  if (body.geometry) {
    requireEditable(config);
    const geometry = GeometryFilesSchema.parse(body.geometry);
    await checkGeometry(db, ids.projectId, geometry);
    return validationView(
      await queueRun(deps, db, user, config, { simulationId: row.simulationId, simulationType: body.simulation_type ?? row.simulationType, geometry }),
    );
  }
  const [updated] = await db
    .update(geometryValidations)
    .set({
      ...(body.warnings_acknowledged !== undefined ? { warningsAcknowledged: body.warnings_acknowledged } : {}),
      ...(body.simulation_type !== undefined ? { simulationType: body.simulation_type } : {}),
      updatedAt: new Date(),
    })
    .where(eq(geometryValidations.id, row.id))
    .returning();
  return validationView(updated!);
}
