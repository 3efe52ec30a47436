/**
 * Scenario CRUD (SPEC §4): create with one simulation per analysis, read, replace the inputs (PUT),
 * delete, duplicate and hide. Each change is one transaction, checked against the cross-field
 * rules (rules.ts) before anything is written, and published on the bus.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { AuthUser } from '../../kernel/auth-user.ts';
import type { AppDeps } from '../../deps.ts';
import { configurations, geometryValidations, simulations, studies } from '../../db/schema/index.ts';
import { DomainError } from '../../kernel/domain-errors.ts';
import {
  DEFAULT_ML_STATUS_TEXT,
  type Configuration,
  type CreateConfigurationParsed,
  type DuplicateScenario,
  type Engine,
  type ScenarioForm,
} from '@canopy/contract/scenarios.ts';
import { requireAddScenario, requireChangeScenario, requireSeeScenario, scenarioRow } from './access.ts';
import { computedByCanopy } from './analyses.ts';
import { capabilities } from './capabilities.ts';
import { refundReservations } from '../accounts/index.ts';
import { publishEvent, publishScenarioStatus } from './events.ts';
import { checkScenarioRules } from './rules.ts';
import { asStatus, EDITABLE } from './status.ts';
import { configurationView } from './view.ts';

type Ids = { projectId: number; configurationId: number };

/** A new simulation's status text: the ML default while an external AI run is what it waits for. */
export function initialStatusText(engine: Engine, analysisType: string): string {
  return engine === 'AI' && !computedByCanopy(analysisType, engine) ? DEFAULT_ML_STATUS_TEXT : '';
}

async function checkRules(deps: AppDeps, db: Db, projectId: number, form: ScenarioForm): Promise<void> {
  const errors = await checkScenarioRules(db, projectId, form, capabilities(deps.config));
  if (Object.keys(errors).length) throw DomainError.fields(errors);
}

async function studyFor(db: Db, projectId: number, studyId: number | undefined): Promise<number> {
  if (studyId !== undefined) {
    const [row] = await db
      .select({ id: studies.id })
      .from(studies)
      .where(and(eq(studies.id, studyId), eq(studies.projectId, projectId)));
    if (!row) throw DomainError.field('study_id', `Invalid pk "${studyId}" - object does not exist.`);
    return row.id;
  }
  const [first] = await db.select({ id: studies.id }).from(studies).where(eq(studies.projectId, projectId)).orderBy(asc(studies.id)).limit(1);
  if (first) return first.id;
  // A project without a study gets its first one with its first scenario.
  const [created] = await db.insert(studies).values({ projectId, name: 'Study 1' }).returning({ id: studies.id });
  return created!.id;
}

async function insertSimulations(db: Db, configurationId: number, form: ScenarioForm, types: readonly string[]): Promise<void> {
  if (types.length === 0) return;
  await db.insert(simulations).values(
    types.map((category) => ({
      configurationId,
      category,
      status: 'draft',
      statusText: initialStatusText(form.engine, category),
      metSourceId: form.met_source_id,
    })),
  );
}

export async function createScenario(deps: AppDeps, db: Db, user: AuthUser, projectId: number, body: CreateConfigurationParsed): Promise<Configuration> {
  await requireAddScenario(db, user, projectId);
  const { study_id: studyId, ...form } = body;
  if (!form.terms_accepted) throw DomainError.field('terms_accepted', 'Accept the terms and conditions to create the scenario.');
  await checkRules(deps, db, projectId, form);
  const config = await db.transaction(async (tx) => {
    const study = await studyFor(tx, projectId, studyId);
    const [row] = await tx
      .insert(configurations)
      .values({ projectId, studyId: study, name: form.name, status: 'draft', simulationType: form.simulation_type, form, createdBy: user.id })
      .returning();
    await insertSimulations(
      tx,
      row!.id,
      form,
      form.analyses.map((a) => a.analysis_type),
    );
    return row!;
  });
  await publishScenarioStatus(db, deps.bus, config.id);
  return configurationView(db, config);
}

export async function getScenario(db: Db, user: AuthUser, ids: Ids): Promise<Configuration> {
  await requireSeeScenario(db, user, ids.projectId);
  return configurationView(db, await scenarioRow(db, ids.projectId, ids.configurationId));
}

/** PUT: replaces the inputs. Simulations of analyses kept stay (with their ids), others are added or removed; the scenario returns to draft. */
export async function replaceScenario(deps: AppDeps, db: Db, user: AuthUser, ids: Ids, form: ScenarioForm): Promise<Configuration> {
  await requireChangeScenario(db, user, ids.projectId);
  const current = await scenarioRow(db, ids.projectId, ids.configurationId);
  if (!EDITABLE.includes(asStatus(current.status))) {
    throw DomainError.detail(
      'invalid',
      `The scenario is ${current.status.replaceAll('_', ' ')}: its inputs can no longer be changed. Duplicate it to change them.`,
    );
  }
  await checkRules(deps, db, ids.projectId, form);
  const wanted: string[] = form.analyses.map((a) => a.analysis_type);
  await db.transaction(async (tx) => {
    const existing = await tx
      .select({ id: simulations.id, category: simulations.category })
      .from(simulations)
      .where(eq(simulations.configurationId, current.id));
    const drop = existing.filter((s) => !wanted.includes(s.category)).map((s) => s.id);
    if (drop.length) await tx.delete(simulations).where(inArray(simulations.id, drop));
    await insertSimulations(
      tx,
      current.id,
      form,
      wanted.filter((t) => !existing.some((s) => s.category === t)),
    );
    await tx.update(simulations).set({ status: 'draft', metSourceId: form.met_source_id }).where(eq(simulations.configurationId, current.id));
    for (const type of wanted) {
      await tx
        .update(simulations)
        .set({ statusText: initialStatusText(form.engine, type) })
        .where(and(eq(simulations.configurationId, current.id), eq(simulations.category, type)));
    }
    await tx
      .update(configurations)
      .set({ name: form.name, form, simulationType: form.simulation_type, status: 'draft', updatedAt: new Date() })
      .where(eq(configurations.id, current.id));
    // The geometry or analyses may have changed: the last validation no longer speaks for them.
    await tx.delete(geometryValidations).where(eq(geometryValidations.configurationId, current.id));
  });
  await publishScenarioStatus(db, deps.bus, current.id);
  return configurationView(db, await scenarioRow(db, ids.projectId, ids.configurationId));
}

export async function deleteScenario(deps: AppDeps, db: Db, user: AuthUser, ids: Ids): Promise<void> {
  await requireChangeScenario(db, user, ids.projectId);
  const row = await scenarioRow(db, ids.projectId, ids.configurationId);
  // Simulations, assets rows, validation and approval go with it (cascades); usage stays as billing
  // history, and credits still reserved for external results are returned first.
  await db.transaction(async (tx) => {
    await refundReservations(tx, { configurationId: row.id }, deps.clock.now());
    await tx.delete(configurations).where(eq(configurations.id, row.id));
  });
  await publishEvent(deps.bus, { type: 'scenario.deleted', project_id: ids.projectId, configuration_id: row.id });
}

/** A copy of the inputs under a new name and credit type, as a new draft (nothing approved or computed is copied). */
export async function duplicateScenario(deps: AppDeps, db: Db, user: AuthUser, ids: Ids, body: DuplicateScenario): Promise<Configuration> {
  await requireAddScenario(db, user, ids.projectId);
  const source = await scenarioRow(db, ids.projectId, ids.configurationId);
  const form = { ...(source.form as ScenarioForm), name: body.new_name, engine: body.subscription_type };
  // The other engine may not offer every analysis: say which, by field, before copying.
  await checkRules(deps, db, ids.projectId, form);
  const copy = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(configurations)
      .values({
        projectId: source.projectId,
        studyId: source.studyId,
        name: body.new_name,
        status: 'draft',
        simulationType: source.simulationType,
        form,
        createdBy: user.id,
      })
      .returning();
    await insertSimulations(
      tx,
      row!.id,
      form,
      form.analyses.map((a) => a.analysis_type),
    );
    return row!;
  });
  await publishScenarioStatus(db, deps.bus, copy.id);
  return configurationView(db, copy);
}

export async function hideScenario(deps: AppDeps, db: Db, user: AuthUser, ids: Ids, hidden: boolean): Promise<Configuration> {
  await requireChangeScenario(db, user, ids.projectId);
  const row = await scenarioRow(db, ids.projectId, ids.configurationId);
  const [updated] = await db.update(configurations).set({ hidden, updatedAt: new Date() }).where(eq(configurations.id, row.id)).returning();
  await publishScenarioStatus(db, deps.bus, row.id);
  return configurationView(db, updated!);
}
