/**
 * Binds the scenario machines' actor stubs to services: live ones over the API client, fakes in
 * tests (`bindScenarioLogic(fakeServices)` through ScenarioLogicContext). Every actor rejects with
 * a plain ServerError, so the machines never see the client's classes. The screens take the bound
 * machines from ScenarioLogicContext and never call the API client themselves.
 */
import { createContext } from 'react';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import {
  scenarioWizardMachine,
  type LoadInput,
  type LoadOutput,
  type RecipeAsk,
  type SaveInput,
  type StartValidationInput,
} from '@machines/scenario-wizard/scenario-wizard.machine.ts';
import type { RecipeAnswer } from '@machines/scenario-wizard/recipe-defaults.ts';
import { scenarioActionMachine, type ActionRequest } from '@machines/scenario-wizard/scenario-action.machine.ts';
import type { CostBreakdown, SavedScenario, ScenarioRef, SubmitResult, ValidationReport } from '@machines/scenario-wizard/scenario-wizard.types.ts';
import type { ScenarioEvent } from '@machines/live-status/live-status.types.ts';
import { cfdEstimateMachine, type CfdEstimateLine, type CfdEstimateRequest } from '@machines/scenario-wizard/cfd-estimate.machine.ts';
import type { AcknowledgeRequest, RepairOutcome, RepairRequest } from '@machines/scenario-wizard/geometry-repair.ts';
import { modelImportMachine, type ModelImportRequest } from '@machines/model-import/model-import.machine.ts';
import { scenarioPreviewMachine, type LoadedFile, type LoadGeometryInput } from '@machines/scenario-preview/scenario-preview.machine.ts';
import type { CfdEstimateResponse } from '@canopy/contract/cfd.ts';
import { readPreviewFiles } from './preview-geometry.ts';
import type { ModelImportResult } from '@canopy/contract/geometry-import.ts';
import * as cfd from '../api/cfd.ts';
import { api } from '../api/client.ts';
import * as scenarios from '../api/scenarios.ts';
import { getProject } from '../api/projects.ts';
import { getSurrounds, listMetSources, listWindProfiles } from '../api/weather.ts';
import { listAllUploads, uploadBytes } from '../api/uploads.ts';
import { listCriteria } from '../api/reclass.ts';
import { asServerCall as call } from '../api/errors.ts';
import { fetchCurrentUser } from '../api/auth.ts';
import { listSimulationPrices, listSubscriptions } from '../api/company.ts';
import { fetchGlobalPermissions } from '../api/permissions.ts';
import type { AccountOption } from '@machines/scenario-wizard/approval-outlook.ts';
import type { PriceOption } from '@machines/scenario-wizard/scenario-wizard.types.ts';

export interface ScenarioServices {
  loadWizard(input: LoadInput): Promise<LoadOutput>;
  saveScenario(input: SaveInput): Promise<SavedScenario>;
  startValidation(input: StartValidationInput): Promise<ValidationReport>;
  getValidation(ref: ScenarioRef): Promise<ValidationReport>;
  loadCost(ref: ScenarioRef): Promise<CostBreakdown>;
  submit(ref: ScenarioRef, expectedCredits: number): Promise<SubmitResult>;
  /** Resolves with the id of the scenario left (the copy, for a duplicate). */
  runAction(request: ActionRequest): Promise<number>;
  /** PATCH geometry-validation/{id}/ {warnings_acknowledged: true}; fakes that never acknowledge leave it out. */
  acknowledgeWarnings?(request: AcknowledgeRequest): Promise<ValidationReport>;
  /** POST remesh-stl/ for one file; fakes that never repair leave it out. */
  repairGeometry?(request: RepairRequest): Promise<RepairOutcome>;
  /** Canopy's CFD estimate per CFD analysis (the cost step); fakes that never reach a CFD cost step leave it out. */
  estimateCfd?(request: CfdEstimateRequest): Promise<CfdEstimateLine[]>;
  /** A pedestrian wind comfort criterion's recipe (POST criteria/{id}/get-recipe-defaults/); fakes without it read none. */
  getRecipeDefaults?(criterionId: string): Promise<RecipeAnswer>;
  /** POST geometry-import/ for an uploaded OBJ, glTF, IFC or 3DM model; fakes without it import nothing. */
  importModel?(request: ModelImportRequest): Promise<ModelImportResult>;
  /** An upload's bytes, for the scenario preview; fakes without it show no geometry (each file named as unreadable). */
  readUpload?(projectId: number, uploadId: number): Promise<ArrayBuffer>;
  /** The grid Canopy's solver would build (the estimate's plan), for the preview's wind tunnel; fakes without it draw none. */
  planCfd?(request: CfdEstimateRequest): Promise<CfdEstimateResponse>;
}

/** How often the wizard re-reads a running validation when no live event says it changed. */
export const VALIDATION_POLL_MS = 1500;

export function reportFromValidation(v: scenarios.GeometryValidation): ValidationReport {
  const hasErrors = v.findings.some((f) => f.severity === 'error') || v.summary.errors > 0;
  const state: ValidationReport['state'] =
    v.status === 'queued' ? 'pending' : v.status === 'running' ? 'running' : v.status === 'passed' ? 'passed' : hasErrors ? 'failed' : 'error';
  return { id: v.id, state, findings: v.findings, error: v.error_message, warningsAcknowledged: v.warnings_acknowledged };
}

/**
 * The user's subscription and whether they may assign one, so the wizard can say at the job level
 * whether they could approve. Best effort: a user outside any company, or a failed read, leaves it
 * unknown (the cost step still judges).
 */
async function readAccount(): Promise<AccountOption | undefined> {
  try {
    const [me, permissions] = await Promise.all([fetchCurrentUser(api), fetchGlobalPermissions(api)]);
    // Holding none (or belonging to no company), there is no list to read.
    const held = me.subscription === null ? undefined : (await listSubscriptions(api)).find((s) => s.id === me.subscription);
    return {
      subscription: held ? { plan: held.plan, creditType: held.credit_type, creditsLeft: held.credits_left, expired: held.is_expired } : null,
      canAssign: me.is_superuser || permissions.includes('custom_auth.change_user'),
      isOperator: me.is_superuser,
    };
  } catch {
    return undefined;
  }
}

/** Which analyses have a price at which level; unknown (undefined) when the list cannot be read. */
async function readPrices(): Promise<PriceOption[] | undefined> {
  try {
    return (await listSimulationPrices(api)).map((p) => ({ analysisType: p.simulation_type, creditType: p.credit_type }));
  } catch {
    return undefined;
  }
}

/** The scenario's latest geometry validation, or null when it has none (404) or it cannot be read. */
async function readValidation(projectId: number, configurationId: number): Promise<ValidationReport | null> {
  try {
    return reportFromValidation(await scenarios.getGeometryValidation(api, projectId, configurationId));
  } catch {
    return null;
  }
}

export const liveScenarioServices: ScenarioServices = {
  async loadWizard({ projectId, configurationId }) {
    const [project, metSources, capabilities, site, criteria, profiles, account, prices] = await Promise.all([
      getProject(api, projectId),
      listMetSources(api, projectId),
      scenarios.getCapabilities(api),
      getSurrounds(api, projectId),
      listCriteria(api),
      listWindProfiles(api),
      readAccount(),
      readPrices(),
    ]);
    const surrounds = site.surrounds ? { buildingCount: site.surrounds.building_count, createdAt: site.surrounds.created_at } : null;
    const options = {
      metSources: metSources.map((m) => ({ id: m.id, name: m.name })),
      parameterSets: project.parameter_sets,
      capabilities,
      surrounds,
      // Pedestrian wind comfort's choices are the server's criteria (GET /api/criteria/).
      criteria: criteria.map((c) => ({ id: c.id, name: c.name })),
      // The terrain upwind is chosen among the server's wind profiles (GET /api/wind-profiles/).
      windProfiles: profiles.map((p) => ({ id: p.id, name: p.name, description: p.description })),
      ...(account ? { account } : {}),
      ...(prices ? { prices } : {}),
    };
    if (configurationId === null) return { options, scenario: null };
    const [configuration, uploads, validation] = await Promise.all([
      scenarios.getConfiguration(api, projectId, configurationId),
      listAllUploads(api, projectId),
      readValidation(projectId, configurationId),
    ]);
    const files = new Map(uploads.map((u) => [u.id, { filename: u.filename, size: u.size }]));
    const setTypes = new Map(project.parameter_sets.map((s) => [s.id, s.analysis_type as string]));
    return {
      options,
      scenario: {
        id: configuration.id,
        study_id: configuration.study_id,
        name: configuration.name,
        status: configuration.status,
        values: scenarios.valuesFromForm(configuration.form, files, setTypes),
        simulation_ids: configuration.simulations.map((s) => s.id),
        validation,
      },
    };
  },
  async saveScenario({ projectId, studyId, configurationId, values }) {
    const body = scenarios.bodyFromValues(values);
    const saved =
      configurationId === null
        ? await scenarios.createConfiguration(api, projectId, studyId === null ? body : { ...body, study_id: studyId })
        : await scenarios.updateConfiguration(api, projectId, configurationId, body);
    return { id: saved.id, study_id: saved.study_id, simulation_ids: saved.simulations.map((s) => s.id), engine: saved.engine };
  },
  async startValidation({ projectId, configurationId, simulationId, engine }) {
    const run = await scenarios.startGeometryValidation(api, projectId, configurationId, {
      scenario_id: configurationId,
      simulation_id: simulationId ?? configurationId,
      simulation_type: engine,
    });
    return reportFromValidation(run);
  },
  acknowledgeWarnings: async ({ projectId, configurationId, validationId }) =>
    reportFromValidation(await scenarios.patchGeometryValidation(api, projectId, configurationId, validationId, { warnings_acknowledged: true })),
  async repairGeometry({ projectId, configurationId, simulationId, uploadId, role }) {
    const r = await scenarios.remeshStl(api, projectId, configurationId, simulationId, { upload_id: uploadId, role, replace_in_scenario: true });
    return {
      role,
      sourceUploadId: r.source_upload_id,
      uploadId: r.upload_id,
      filename: r.filename,
      holesClosed: r.holes_closed,
      holesLeftOpen: r.holes_left_open,
      flippedTriangles: r.flipped_triangles,
      mergedVertices: r.merged_vertices,
      removedDegenerate: r.removed_degenerate,
      passed: r.passed,
    };
  },
  getValidation: async ({ projectId, configurationId }) => reportFromValidation(await scenarios.getGeometryValidation(api, projectId, configurationId)),
  loadCost: ({ projectId, studyId, configurationId }) => scenarios.getCostBreakdown(api, projectId, studyId, configurationId),
  async submit({ projectId, configurationId }, expectedCredits) {
    const result = await scenarios.approveScenario(api, projectId, configurationId, { approved: true, expected_credits: expectedCredits });
    return { status: result.status, creditsDebited: result.credits_debited, creditsReserved: result.credits_reserved, creditsLeft: result.credits_left };
  },
  async getRecipeDefaults(criterionId) {
    const recipe = await scenarios.getRecipeDefaults(api, criterionId);
    return { criterionId: recipe.criteria_id, seasons: recipe.seasons.map((s) => s.id), windows: recipe.timeWindows.map((w) => w.window) };
  },
  importModel: ({ projectId, uploadId, units, upAxis }) =>
    scenarios.importGeometry(api, projectId, { upload_id: uploadId, ...(units ? { units } : {}), ...(upAxis ? { up_axis: upAxis } : {}) }),
  readUpload: (projectId, uploadId) => uploadBytes(api, projectId, uploadId),
  // The tunnel is the estimate's plan: the first CFD analysis's (every analysis of a scenario plans the same grid).
  planCfd: ({ projectId, values, analyses }) => cfd.estimateCfd(api, projectId, cfd.cfdEstimateBody(values, analyses[0] ?? 'pedestrian_wind_comfort')),
  estimateCfd: ({ projectId, values, analyses }) =>
    Promise.all(
      analyses.map(async (analysis_type) => ({ analysis_type, estimate: await cfd.estimateCfd(api, projectId, cfd.cfdEstimateBody(values, analysis_type)) })),
    ),
  async runAction({ kind, projectId, configurationId, duplicate }) {
    if (kind === 'delete') {
      await scenarios.deleteConfiguration(api, projectId, configurationId);
      return configurationId;
    }
    if (kind === 'duplicate' && duplicate) return (await scenarios.duplicateScenario(api, projectId, configurationId, duplicate)).id;
    return (await scenarios.hideScenario(api, projectId, configurationId, kind === 'hide')).id;
  },
};

/** Live scenario events (from the live status actor), when the screen has them. */
export type LiveEvents = (listener: (message: ScenarioEvent) => void) => () => void;

/**
 * The validation watch: re-reads the record when a live event names this scenario, and every
 * VALIDATION_POLL_MS in any case (the socket may be down, or its token missing).
 */
export function watchValidationLogic(services: ScenarioServices, live: LiveEvents | null) {
  return fromCallback<EventObject, ScenarioRef & { validationId: number }>(({ input, sendBack }) => {
    let stopped = false;
    let busy = false;
    const read = async () => {
      if (busy || stopped) return;
      busy = true;
      try {
        const report = await services.getValidation(input);
        if (!stopped) sendBack({ type: 'validation.updated', report });
      } catch {
        // A failed read is tried again at the next tick.
      } finally {
        busy = false;
      }
    };
    const timer = setInterval(read, VALIDATION_POLL_MS);
    const unsubscribe = live?.((message) => {
      if (message.type === 'scenario.validation' && message.configuration_id === input.configurationId) void read();
    });
    return () => {
      stopped = true;
      clearInterval(timer);
      unsubscribe?.();
    };
  });
}

/**
 * The recipe reader: each `recipe.ask` (a criterion picked) reads that criterion's recipe and sends
 * it back; a failed read leaves the form as it is (the user fills the weather step by hand).
 */
export function recipeDefaultsLogic(services: ScenarioServices) {
  return fromCallback<RecipeAsk>(({ receive, sendBack }) => {
    let stopped = false;
    receive(({ criterionId }) => {
      if (!services.getRecipeDefaults) return;
      services.getRecipeDefaults(criterionId).then(
        (answer) => {
          if (!stopped) sendBack({ type: 'recipe.loaded', answer });
        },
        () => undefined,
      );
    });
    return () => {
      stopped = true;
    };
  });
}

export function bindScenarioLogic(services: ScenarioServices) {
  const wizard = scenarioWizardMachine.provide({
    actors: {
      loadWizard: fromPromise<LoadOutput, LoadInput>(({ input }) => call(() => services.loadWizard(input))),
      recipeDefaults: recipeDefaultsLogic(services),
      saveScenario: fromPromise<SavedScenario, SaveInput>(({ input }) => call(() => services.saveScenario(input))),
      startValidation: fromPromise<ValidationReport, StartValidationInput>(({ input }) => call(() => services.startValidation(input))),
      watchValidation: watchValidationLogic(services, null),
      acknowledgeWarnings: fromPromise<ValidationReport, AcknowledgeRequest>(({ input }) =>
        call(() =>
          services.acknowledgeWarnings ? services.acknowledgeWarnings(input) : Promise.reject(new Error('Acknowledging warnings is not available here')),
        ),
      ),
      repairGeometry: fromPromise<RepairOutcome, RepairRequest>(({ input }) =>
        call(() => (services.repairGeometry ? services.repairGeometry(input) : Promise.reject(new Error('Repairing geometry is not available here')))),
      ),
      loadCost: fromPromise<CostBreakdown, ScenarioRef>(({ input }) => call(() => services.loadCost(input))),
      submitScenario: fromPromise<SubmitResult, ScenarioRef & { expectedCredits: number }>(({ input }) =>
        call(() => services.submit(input, input.expectedCredits)),
      ),
      cfdEstimate: cfdEstimateMachine.provide({
        actors: {
          estimateCfd: fromPromise<CfdEstimateLine[], CfdEstimateRequest>(({ input }) =>
            call(() => (services.estimateCfd ? services.estimateCfd(input) : Promise.reject(new Error('CFD estimates are not available here')))),
          ),
        },
      }),
    },
  });
  const action = scenarioActionMachine.provide({
    actors: { runAction: fromPromise<number, ActionRequest>(({ input }) => call(() => services.runAction(input))) },
  });
  const modelImport = modelImportMachine.provide({
    actors: {
      importModel: fromPromise<ModelImportResult, ModelImportRequest>(({ input }) =>
        call(() => (services.importModel ? services.importModel(input) : Promise.reject(new Error('Importing models is not available here')))),
      ),
    },
  });
  const readUpload = services.readUpload?.bind(services);
  const preview = scenarioPreviewMachine.provide({
    actors: {
      loadGeometry: fromPromise<LoadedFile[], LoadGeometryInput>(({ input }) =>
        readUpload
          ? readPreviewFiles(readUpload, input)
          : Promise.resolve(input.files.map((f) => ({ uploadId: f.uploadId, message: 'files cannot be read here' }))),
      ),
      estimateExtent: fromPromise<CfdEstimateResponse, CfdEstimateRequest>(({ input }) =>
        call(() => (services.planCfd ? services.planCfd(input) : Promise.reject(new Error('CFD plans are not available here')))),
      ),
    },
  });
  return { services, wizard, action, modelImport, preview };
}

export type ScenarioLogic = ReturnType<typeof bindScenarioLogic>;

export const liveScenarioLogic: ScenarioLogic = bindScenarioLogic(liveScenarioServices);

export const ScenarioLogicContext = createContext<ScenarioLogic>(liveScenarioLogic);
