/**
 * user-approval/: the user approves the cost and the scenario is submitted, in one transaction:
 * the scenario row is locked (a concurrent or retried approval waits, then finds the approval and
 * replays it), the held subscription is locked and its credits checked, the usage row (the debit of
 * what Canopy computes) and the approval row are written, each analysis Canopy computes becomes one
 * job (dedupe key per simulation), and the others wait for external results with their credits
 * reserved, not debited (contexts/accounts/company/reservations.ts). Either all of it happens or none.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { AuthUser } from '../../kernel/auth-user.ts';
import type { AppDeps } from '../../deps.ts';
import { configurations, parameterSets, projectMetSources, projects, scenarioApprovals, simulations, subscriptionUsage, users } from '../../db/schema/index.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { DomainError } from '../../kernel/domain-errors.ts';
import {
  DEFAULT_ML_STATUS_TEXT,
  UpdateConfigurationSchema,
  type ScenarioForm,
  type UserApproval,
  type UserApprovalResult,
} from '@canopy/contract/scenarios.ts';
import { displayName, projectCompany, requireComputeLeft, reserveCredits } from '../accounts/index.ts';
import { createWeatherLibrary, resolveCriteria, weatherLibraryDir } from '../projects/index.ts';
import { comfortMetrics } from './rules.ts';
import { companyCriterionPk } from '@canopy/contract/criteria.ts';
import type { Criterion } from '@canopy/engine/wind/criteria.ts';
import { requireChangeScenario, scenarioRow, type ConfigurationRow } from './access.ts';
import { canopyJobType, capabilities, computedByCanopy } from './capabilities.ts';
import { blockedReason, heldSubscription, scenarioCost } from './cost.ts';
import { publishScenarioStatus } from './events.ts';
import { insertMissingGeometryAssets, prepareGeometryAssets, type StlToGlb } from './geometry.ts';
import type { StlGlb } from './stl-glb.ts';
import type { SiteSurroundsFn } from './site-geometry.ts';
import type { SiteSurrounds } from '@canopy/engine/geometry/site/site-surrounds.ts';
import { transferables } from '../../jobs/transfer.ts';
import { cfdWindInput, solarInput, thermalInput } from './job-inputs.ts';
import { CFD_WIND_JOB, type DeferredJob } from '../compute/index.ts';
import { refreshScenarioStatus } from './status.ts';
import { engineOf, simulationJobKey, simulationSummaries } from './view.ts';

type Ids = { projectId: number; configurationId: number };

async function thermalParameters(db: Db, projectId: number, form: ScenarioForm): Promise<Record<string, unknown> | null> {
  if (!form.parameter_set_ids?.length) return null;
  const [set] = await db
    .select({ values: parameterSets.values })
    .from(parameterSets)
    .where(and(eq(parameterSets.projectId, projectId), inArray(parameterSets.id, form.parameter_set_ids), eq(parameterSets.analysisType, 'thermal_comfort')));
  return (set?.values as Record<string, unknown> | undefined) ?? null;
}

/** Of an approval's credits, those reserved for external results (older approvals reserved nothing). */
function reservedOf(approval: typeof scenarioApprovals.$inferSelect): number {
  const lines = approval.breakdown as Array<{ credits?: number; computed_by?: string }>;
  return lines.filter((l) => l.computed_by === 'external').reduce((sum, l) => sum + (l.credits ?? 0), 0);
}

async function replay(db: Db, config: ConfigurationRow, approval: typeof scenarioApprovals.$inferSelect, creditsLeft: number): Promise<UserApprovalResult> {
  const fresh = await scenarioRow(db, config.projectId, config.id);
  return {
    configuration_id: config.id,
    status: (await refreshScenarioStatus(db, config.id))!.status,
    credits_debited: approval.credits - reservedOf(approval),
    credits_reserved: reservedOf(approval),
    credit_type: approval.creditType === 'CFD' ? 'CFD' : 'AI',
    subscription_id: approval.subscriptionId ?? 0,
    usage_id: approval.usageId ?? 0,
    credits_left: creditsLeft,
    replayed: true,
    simulations: await simulationSummaries(db, fresh),
  };
}

/**
 * The company criterion tables (company-<pk>) the pedestrian wind comfort names, copied as they are
 * at approval, so the job classifies with the table the user approved: a later edit does not change
 * it, and deleting the table does not fail the run. One deleted since the scenario was
 * saved is a 400 naming the metric, before anything is written.
 */
async function companyTables(db: Db, projectId: number, form: ScenarioForm): Promise<Criterion[]> {
  const own = comfortMetrics(form).filter(({ m }) => companyCriterionPk(m) !== null);
  if (!own.length) return [];
  const [project] = await db.select({ companyId: projects.companyId }).from(projects).where(eq(projects.id, projectId));
  const { criteria, unknown } = await resolveCriteria(
    db,
    own.map(({ m }) => m),
    [project?.companyId ?? null],
  );
  const gone = own.find(({ m }) => unknown.includes(m));
  if (gone)
    throw DomainError.field(
      gone.field,
      `The criterion table "${gone.m}" no longer exists in the project's company; choose another criterion and save the scenario again.`,
    );
  return criteria;
}

export async function approveScenario(deps: AppDeps, db: Db, user: AuthUser, ids: Ids, body: UserApproval): Promise<UserApprovalResult> {
  await requireChangeScenario(db, user, ids.projectId);
  const config = await scenarioRow(db, ids.projectId, ids.configurationId);
  if (body.approved !== true) throw DomainError.field('approved', 'Approve the cost to submit the scenario.');
  const now = deps.clock.now();

  const [existing] = await db.select().from(scenarioApprovals).where(eq(scenarioApprovals.configurationId, config.id));
  if (existing) return replay(db, config, existing, (await heldSubscription(db, user.id, now))?.creditsLeft ?? 0);
  const form = storedInputs(config);

  // Checks that need no lock, with the messages the user can act on — before anything is written.
  const engine = engineOf(config);
  const offer = capabilities(deps.config);
  const canopy = form.analyses.filter((a) => computedByCanopy(a.analysis_type, engine));
  // The month's compute is the operator's limit for the company: past it, nothing new starts.
  const companyId = canopy.length ? await projectCompany(db, ids.projectId) : null;
  if (companyId !== null) await requireComputeLeft(db, deps.config, companyId, now);
  if (canopy.length && (await createWeatherLibrary(weatherLibraryDir(deps.config)).list()).length === 0) {
    throw DomainError.detail('invalid', 'No weather file is available for the analyses: add an EPW file to the weather library.');
  }
  const precheck = blockedReason(config, await scenarioCost(db, config, offer), await heldSubscription(db, user.id, now));
  if (precheck) throw DomainError.detail('invalid', precheck);

  // Geometry GLBs are blob writes: done before the transaction, with names a retry reuses.
  const [holder] = await db.select({ id: simulations.id }).from(simulations).where(eq(simulations.configurationId, config.id)).orderBy(simulations.id).limit(1);
  // Reading the STLs and writing their GLBs is CPU work on the size of the files: for a large file
  // the heavy-work pool does it (counted against the user's allowance: 429 over it, before anything
  // is written). A small one stays here — a few milliseconds, less than the hop, and it takes no
  // place in the pool's queue (200 approvals at once must not be told the server is busy).
  const stlToGlb: StlToGlb = (bytes, provenance) =>
    deps.heavy.runSized<StlGlb>(user.id, 'geometry.stlToGlb', { bytes, provenance }, bytes.byteLength, transferables([bytes]));
  const siteSurrounds: SiteSurroundsFn = (mesh, footprints, study, landscaping) =>
    deps.heavy.runSized<SiteSurrounds>(
      user.id,
      'geometry.siteSurrounds',
      { mesh, footprints, study, landscaping },
      study.byteLength + mesh.positions.byteLength,
    );
  const geometryRows =
    holder && canopy.length
      ? await prepareGeometryAssets(
          db,
          deps.blobStore,
          { projectId: ids.projectId, configurationId: config.id, simulationId: holder.id, form, version: deps.version },
          { stlToGlb, siteSurrounds },
        )
      : [];
  const parameters = await thermalParameters(db, ids.projectId, form);
  const tables = await companyTables(db, ids.projectId, form);
  const [actor] = await db.select({ username: users.username, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, user.id));

  const outcome = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(configurations).where(eq(configurations.id, config.id)).for('update');
    if (!locked) throw DomainError.notFound();
    const [again] = await tx.select().from(scenarioApprovals).where(eq(scenarioApprovals.configurationId, config.id));
    if (again) return { replayOf: again as typeof scenarioApprovals.$inferSelect } as const;

    const cost = await scenarioCost(tx, locked, offer);
    if (body.expected_credits !== undefined && body.expected_credits !== cost.total) {
      throw DomainError.field(
        'expected_credits',
        `The cost is now ${cost.total} credits (you approved ${body.expected_credits}); review the breakdown and approve again.`,
      );
    }
    const sub = await heldSubscription(tx, user.id, now, true);
    const reason = blockedReason(locked, cost, sub);
    if (reason) throw DomainError.detail('invalid', reason);

    const label = `Scenario "${locked.name}"`;
    const usedByName = actor ? displayName(actor) : user.username;
    // What Canopy computes is debited now; a scenario of external analyses only debits nothing yet.
    const [usage] =
      cost.now > 0
        ? await tx
            .insert(subscriptionUsage)
            .values({
              subscriptionId: sub!.id,
              companyId: sub!.companyId,
              label,
              usedBy: user.id,
              usedByName,
              creditType: cost.creditType,
              usedAt: now,
              creditsUsed: cost.now,
              configurationId: locked.id,
            })
            .returning({ id: subscriptionUsage.id })
        : [];
    await reserveCredits(
      tx,
      cost.lines
        .filter((l) => l.computed_by === 'external' && l.credits > 0)
        .map((l) => ({
          subscriptionId: sub!.id,
          companyId: sub!.companyId,
          configurationId: locked.id,
          simulationId: l.simulation_id,
          analysisType: l.analysis_type,
          label: `${label}: ${l.analysis_type.replaceAll('_', ' ')} results`,
          creditType: cost.creditType,
          credits: l.credits,
          reservedBy: user.id,
          reservedByName: usedByName,
          reservedAt: now,
        })),
    );
    const [approval] = await tx
      .insert(scenarioApprovals)
      .values({
        configurationId: locked.id,
        approvedBy: user.id,
        subscriptionId: sub!.id,
        usageId: usage?.id ?? null,
        creditType: cost.creditType,
        credits: cost.total,
        breakdown: cost.lines,
        approvedAt: now,
      })
      .returning();

    if (holder) await insertMissingGeometryAssets(tx, holder.id, geometryRows);
    const sims = await tx.select({ id: simulations.id, category: simulations.category }).from(simulations).where(eq(simulations.configurationId, locked.id));
    // The weather the user chose in the wizard (a met source of this project), else the job's default.
    const stationId = await chosenStation(tx, ids.projectId, form.met_source_id);
    // Thermal comfort of a scenario with Canopy's CFD wind waits for the wind field (contexts/compute/cfd/run-state.ts releases it).
    const cfdWind = sims.some((s) => canopyJobType(s.category, cost.creditType) === CFD_WIND_JOB);
    for (const sim of sims) {
      const jobType = canopyJobType(sim.category, cost.creditType);
      if (jobType) {
        const target = { projectId: ids.projectId, configurationId: locked.id, simulationId: sim.id, ...(stationId ? { stationId } : {}) };
        const input =
          jobType === CFD_WIND_JOB
            ? cfdWindInput(target, form, sim.category === 'directional_wind' ? 'directional_wind' : 'pedestrian_wind_comfort', tables)
            : sim.category === 'solar'
              ? solarInput(target, form)
              : thermalInput(target, form, parameters);
        if (cfdWind && sim.category === 'thermal_comfort') {
          const deferred: DeferredJob = { type: jobType, input, dedupe_key: simulationJobKey(sim.id) };
          await tx
            .update(simulations)
            .set({ status: 'queued', statusText: 'Waiting for the CFD wind field (thermal comfort uses it)', cfdParameters: { deferred_job: deferred } })
            .where(eq(simulations.id, sim.id));
          continue;
        }
        await enqueueJob(tx, jobType, input, { dedupeKey: simulationJobKey(sim.id) });
        await tx.update(simulations).set({ status: 'queued', statusText: 'Queued' }).where(eq(simulations.id, sim.id));
      } else {
        const text = cost.creditType === 'AI' ? DEFAULT_ML_STATUS_TEXT : 'Waiting for the CFD results to be ingested';
        await tx.update(simulations).set({ status: 'awaiting_external_results', statusText: text }).where(eq(simulations.id, sim.id));
      }
    }
    await refreshScenarioStatus(tx, locked.id);
    return { approval: approval!, creditsLeft: sub!.creditsLeft - cost.total } as const;
  });

  if ('replayOf' in outcome && outcome.replayOf) return replay(db, config, outcome.replayOf, (await heldSubscription(db, user.id, now))?.creditsLeft ?? 0);
  await publishScenarioStatus(db, deps.bus, config.id);
  const fresh = await scenarioRow(db, ids.projectId, config.id);
  return {
    configuration_id: config.id,
    status: (await refreshScenarioStatus(db, config.id))!.status,
    credits_debited: outcome.approval.credits - reservedOf(outcome.approval),
    credits_reserved: reservedOf(outcome.approval),
    credit_type: outcome.approval.creditType === 'CFD' ? 'CFD' : 'AI',
    subscription_id: outcome.approval.subscriptionId!,
    usage_id: outcome.approval.usageId ?? 0,
    credits_left: outcome.creditsLeft,
    replayed: false,
    simulations: await simulationSummaries(db, fresh),
  };
}

/**
 * The scenario's stored inputs, checked as the wizard's PUT would check them. A scenario made
 * without them (results appended from outside Canopy, or an older record) cannot be approved: 400
 * naming the inputs that are missing or invalid, not a crash on the first one read.
 */
function storedInputs(config: ConfigurationRow): ScenarioForm {
  const parsed = UpdateConfigurationSchema.safeParse(config.form ?? {});
  if (parsed.success) return parsed.data;
  const fields = [...new Set(parsed.error.issues.map((i) => String(i.path[0] ?? 'inputs')))];
  throw DomainError.detail(
    'invalid',
    `The scenario "${config.name}" has no complete inputs to approve: ${fields.join(', ')} ${fields.length === 1 ? 'is' : 'are'} missing or invalid. Save its inputs in the scenario wizard (PUT configuration/${config.id}/) and approve again.`,
    { missing: fields },
  );
}

/** The weather station behind a project's met source; undefined when none was chosen (or it was removed since). */
async function chosenStation(db: Db, projectId: number, metSourceId: number | null): Promise<number | undefined> {
  if (metSourceId === null) return undefined;
  const [met] = await db
    .select({ stationId: projectMetSources.stationId })
    .from(projectMetSources)
    .where(and(eq(projectMetSources.id, metSourceId), eq(projectMetSources.projectId, projectId)));
  return met?.stationId;
}
