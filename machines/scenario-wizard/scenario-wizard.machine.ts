/**
 * The scenario wizard (SPEC §2 create/edit/append scenario modals, submission steps, geometry
 * validation, terms and conditions, success modal; §4 scenario lifecycle; §5 invalid flags).
 *
 *   scenarioWizard           `cancel` from anywhere → closed
 *   ├── loading              met sources, parameter sets, criteria, the user's subscription (and the scenario
 *   │                        itself for edit/append/approve); an approval whose geometry passed opens at the cost [opensAtCost]
 *   ├── loadFailed           `retry`
 *   ├── editing              one state per form step; `step.next` only when the step has no flag [stepClear],
 *   │   │                    else the step's flags are shown; `step.back` to the step before; `step.goto`
 *   │   │                    (a step chip) to any step before this one.
 *   │   │                    Invokes recipeDefaults: picking a pedestrian wind comfort criterion asks for
 *   │   │                    its recipe, which fills seasons and times the user has not typed (recipe-defaults.ts)
 *   │   ├── basics           name, engine (AI/CFD)
 *   │   ├── analyses         analyses and metrics (criteria)
 *   │   ├── geometry         files per role (the uploader raises its own flag while files are in flight)
 *   │   ├── weather          weather source, terrain, seasons, times
 *   │   ├── parameters       winds, return periods, single day, structure, heights, parameter sets
 *   │   └── terms            terms and conditions; `step.next` saves
 *   ├── saving               POST configuration/ (or PUT when it exists); field errors → flags, back to their step
 *   ├── validation           `step.back` → editing.geometry; `step.goto` a form step (not while the server changes the scenario)
 *   │   ├── starting         POST geometry-validation/
 *   │   ├── settling         (transient) where the report belongs: errored, judged, or still running
 *   │   ├── running          the job works; `validation.updated` from the watch actor (socket or polling)
 *   │   ├── judged           (transient) error findings → failed, else passed
 *   │   ├── passed           `step.next` → cost; `validation.acknowledge` → acknowledging;
 *   │   │                    back to the cost at once after a CFD choice changed there [returningToCost]
 *   │   ├── failed           error findings: `step.back` to the geometry, or `geometry.repair`
 *   │   ├── acknowledging    PATCH geometry-validation/{id}/ (warnings_acknowledged), back to passed
 *   │   ├── repairing        `geometry.repair` (passed or failed): POST remesh-stl/ → the repaired file
 *   │   │                    replaces the original (values and scenario) → starting (checked again)
 *   │   └── errored          the job itself failed: `retry`
 *   ├── cost                 invokes cfd-estimate.machine.ts (Canopy's CFD: the grid's cells, memory, minutes, credits)
 *   │   ├── loading          GET …/user-approval/cost-breakdown/
 *   │   ├── ready            `step.goto` a form step or the validation (also from failed);
 *   │   │                    `cost.approve` [approvable: enough credit, nothing blocking, the CFD choice the
 *   │   │                    priced one]; `cfd.choose` asks the estimate again; `cfd.apply` [cfdApplicable]
 *   │   │                    saves the new choice and validates again, back to cost
 *   │   ├── submitting       POST user-approval/ (approves, debits or reserves the credits, queues the simulations)
 *   │   ├── submitFailed     `retry` submits again (the server replays an approval it already took)
 *   │   └── failed           the breakdown could not be read: `retry`
 *   ├── submitted            the success modal (live status shown by the view); `close`
 *   └── closed (final)
 *
 * Tags: checkingGeometry (starting … judged), geometryPassed (passed, acknowledging), changingScenario
 * (acknowledging, repairing). Going back never clears a value. Emits `scenario.saved` and `scenario.submitted` so lists refresh.
 * Owned by src/screens/scenario-wizard/scenario-wizard-modal.tsx; its actors are bound in
 * src/services/scenario-wizard-services.ts.
 */
import { assertEvent, assign, emit, fromCallback, sendTo, setup, type EventObject } from 'xstate';
import { asServerError, notProvided, type ServerError } from '@machines/shared/actors.ts';
import { checkValues, emptyValues, flagsOfStep, stepOfFlag } from './scenario-inputs.ts';
import { addGeometry, chooseParameterSet, removeGeometry, toggleAnalysis, toggleMetric } from './scenario-values.ts';
import { FORM_STEPS } from './scenario-wizard.types.ts';
import { canopyCfdAnalyses, cfdChoiceOf, sameCfdChoice, type CfdChoice } from './cfd-choice.ts';
import { firstStepOf, flagsFromServer } from './server-flags.ts';
import { withRepairedFile, type AcknowledgeRequest, type RepairOutcome, type RepairRequest } from './geometry-repair.ts';
import { cfdEstimateMachine, type CfdEstimateRequest } from './cfd-estimate.machine.ts';
import { criterionPicked, recipeValues, weatherUntouched, type AppliedRecipe, type RecipeAnswer } from './recipe-defaults.ts';
import type {
  AnalysisType,
  CfdTier,
  CostBreakdown,
  Engine,
  ExistingScenario,
  FlagName,
  Flags,
  FormStep,
  GeometryFile,
  GeometryRole,
  SavedScenario,
  ScenarioRef,
  SubmitResult,
  ValidationReport,
  WizardMode,
  WizardOptions,
  WizardValues,
} from './scenario-wizard.types.ts';

export interface WizardInput {
  projectId: number;
  studyId?: number | null;
  configurationId?: number | null;
  mode: Exclude<WizardMode, 'duplicate'>;
}

export interface WizardContext {
  projectId: number;
  studyId: number | null;
  configurationId: number | null;
  mode: WizardInput['mode'];
  values: WizardValues;
  options: WizardOptions;
  /** Analyses an append may not remove (they already ran). */
  locked: AnalysisType[];
  /** Flags of the values (recomputed on every change). */
  flags: Flags;
  /** The uploader's flag per role: files in flight or failed. */
  uploaderFlags: Partial<Record<GeometryRole, string>>;
  /** Flags the server raised on save (field errors); cleared by the next change. */
  serverFlags: Flags;
  /** Steps whose flags are on screen (after the user tried to advance, or the server refused). */
  shown: FormStep[];
  /** The criterion whose recipe was asked for last (its answer, and only its, may fill the weather step). */
  recipeAsked: string | null;
  /** The recipe that filled the seasons and times (the weather step names it while they are unchanged). */
  recipe: AppliedRecipe | null;
  /** The saved scenario's simulations (the validation run names the first). */
  simulationIds: number[];
  validation: ValidationReport | null;
  /** The last repair (remesh) of an uploaded file, shown until the next one. */
  repair: RepairOutcome | null;
  /** The repair being asked for (the file and the simulation whose assets it belongs to). */
  repairAsked: Omit<RepairRequest, keyof ScenarioRef> | null;
  cost: CostBreakdown | null;
  status: string | null;
  submitResult: SubmitResult | null;
  error: ServerError | null;
  /** The CFD choice (directions, tier) the saved scenario holds: what was validated and priced. */
  savedCfd: CfdChoice | null;
  /** Whether the estimate says the current CFD choice fits (the server did not refuse it). */
  cfdFits: boolean;
  /** A changed CFD choice is being saved and validated: go straight back to the cost once it passes. */
  returnToCost: boolean;
}

export type WizardEvent =
  | { type: 'values.change'; patch: Partial<WizardValues> }
  | { type: 'analysis.toggle'; analysisType: AnalysisType }
  | { type: 'metric.toggle'; analysisType: AnalysisType; metric: string }
  | { type: 'geometry.add'; role: GeometryRole; file: GeometryFile }
  | { type: 'geometry.remove'; role: GeometryRole; uploadId: number }
  | { type: 'uploader.flag'; role: GeometryRole; message: string | null }
  | { type: 'parameterSet.choose'; analysisType: AnalysisType; id: number | null }
  | { type: 'recipe.loaded'; answer: RecipeAnswer }
  | { type: 'step.next' }
  | { type: 'step.back' }
  /** A step chip: back to a form step, or to the validation from the cost. */
  | { type: 'step.goto'; step: FormStep | 'validation' }
  | { type: 'validation.updated'; report: ValidationReport }
  | { type: 'validation.acknowledge' }
  | { type: 'geometry.repair'; role: GeometryRole; uploadId: number }
  | { type: 'cost.approve' }
  | { type: 'cfd.choose'; windDirections?: string; cfdTier?: CfdTier }
  | { type: 'cfd.apply' }
  | { type: 'cfd.estimated'; fits: boolean }
  | { type: 'retry' }
  | { type: 'cancel' }
  | { type: 'close' };

/** What the recipeDefaults actor is asked. */
export interface RecipeAsk {
  type: 'recipe.ask';
  criterionId: string;
}

/**
 * Tags the views group states by: the geometry being checked (the job starting or running),
 * passed (also while its warnings are acknowledged), and the server changing the scenario
 * (an acknowledgement or a repair in flight: the way back waits for it).
 */
export type WizardTag = 'checkingGeometry' | 'geometryPassed' | 'changingScenario';

export type WizardEmitted = { type: 'scenario.saved'; scenario: SavedScenario } | { type: 'scenario.submitted'; ref: ScenarioRef };

export interface LoadInput {
  projectId: number;
  configurationId: number | null;
}
export interface LoadOutput {
  options: WizardOptions;
  scenario: ExistingScenario | null;
}
export interface StartValidationInput extends ScenarioRef {
  simulationId: number | null;
  engine: Engine;
}
export interface SaveInput {
  projectId: number;
  studyId: number | null;
  configurationId: number | null;
  values: WizardValues;
}

const allFlags = (c: WizardContext): Flags => {
  const uploader = Object.values(c.uploaderFlags).find(Boolean);
  return { ...c.flags, ...(uploader ? { uploader } : {}), ...c.serverFlags };
};

/** The form's values changed: flags follow, and the server's flags are cleared. */
const withValues = (context: WizardContext, values: WizardValues) => ({ values, flags: checkValues(values, context.options), serverFlags: {} });

/** `step.goto` transitions to each of `steps` (the chips of steps before the current one). */
function goTo(steps: readonly FormStep[]) {
  return steps.map((step) => ({ guard: { type: 'goesTo' as const, params: { step } }, target: `#scenarioWizard.editing.${step}` }));
}

/** A form step's way forward (when it has no flag), its way back, and the chips of the steps before it. */
function formStep(step: FormStep, next: string, back?: FormStep) {
  return {
    on: {
      'step.next': [{ guard: { type: 'stepClear', params: { step } }, target: next }, { actions: { type: 'showStep', params: { step } } }],
      ...(back ? { 'step.back': back } : {}),
      'step.goto': goTo(FORM_STEPS.slice(0, FORM_STEPS.indexOf(step))),
    },
  } as const;
}

export const scenarioWizardMachine = setup({
  types: {
    context: {} as WizardContext,
    events: {} as WizardEvent,
    input: {} as WizardInput,
    emitted: {} as WizardEmitted,
    tags: {} as WizardTag,
  },
  actors: {
    loadWizard: notProvided<LoadOutput, LoadInput>('loadWizard'),
    /** Answers `recipe.ask` with `recipe.loaded` (POST criteria/{id}/get-recipe-defaults/); a failed read is dropped. */
    recipeDefaults: fromCallback<RecipeAsk>(() => {
      throw new Error('recipeDefaults actor not provided');
    }),
    saveScenario: notProvided<SavedScenario, SaveInput>('saveScenario'),
    startValidation: notProvided<ValidationReport, StartValidationInput>('startValidation'),
    /** Reports the validation record as it changes (live events, or polling while the socket is down). */
    watchValidation: fromCallback<EventObject, ScenarioRef & { validationId: number }>(() => {
      throw new Error('watchValidation actor not provided');
    }),
    /** PATCH geometry-validation/{id}/ {warnings_acknowledged: true}: the record as updated. */
    acknowledgeWarnings: notProvided<ValidationReport, AcknowledgeRequest>('acknowledgeWarnings'),
    /** POST simulation/{sid}/remesh-stl/: repairs one uploaded STL into a new file that replaces it. */
    repairGeometry: notProvided<RepairOutcome, RepairRequest>('repairGeometry'),
    loadCost: notProvided<CostBreakdown, ScenarioRef>('loadCost'),
    /** POST user-approval/: approves the cost shown, debits the subscription and submits (queues) the simulations. */
    submitScenario: notProvided<SubmitResult, ScenarioRef & { expectedCredits: number }>('submitScenario'),
    cfdEstimate: cfdEstimateMachine,
  },
  guards: {
    /** The step chip clicked is `step`. */
    goesTo: ({ event }, { step }: { step: FormStep | 'validation' }) => event.type === 'step.goto' && event.step === step,
    /** An approval opened on a scenario whose geometry passed: straight to its cost. */
    opensAtCost: ({ context }, { loaded }: { loaded: LoadOutput }) => context.mode === 'approve' && loaded.scenario?.validation?.state === 'passed',
    /** The step has no flag (the values', the uploader's or the server's). */
    stepClear: ({ context }, { step }: { step: FormStep }) => Object.keys(flagsOfStep(allFlags(context), step)).length === 0,
    /** The toggle picks a pedestrian wind comfort criterion (its recipe may fill the weather step). */
    picksCriterion: ({ context, event }) => {
      assertEvent(event, ['analysis.toggle', 'metric.toggle']);
      return criterionPicked(context.values, context.locked, context.options, event) !== null;
    },
    /** The recipe is the last one asked for, and the user has not typed seasons or times of their own. */
    recipeApplies: ({ context, event }) => {
      assertEvent(event, 'recipe.loaded');
      return event.answer.criterionId === context.recipeAsked && weatherUntouched(context.values, emptyValues(), context.recipe);
    },
    /** The save was refused with field errors, the first of them on this step. */
    fieldErrorsOn: (_, { step, error }: { step: FormStep; error: unknown }) => firstStepOf(flagsFromServer(asServerError(error))) === step,
    reportErrored: ({ context }) => context.validation?.state === 'error',
    reportFinal: ({ context }) => context.validation?.state === 'passed' || context.validation?.state === 'failed',
    reportInProgress: ({ event }) => {
      assertEvent(event, 'validation.updated');
      return event.report.state === 'running' || event.report.state === 'pending';
    },
    hasErrors: ({ context }) => (context.validation?.findings ?? []).some((f) => f.severity === 'error'),
    /** Enough credit, nothing blocking, and the CFD choice is the one validated and priced. */
    approvable: ({ context }) => context.cost?.sufficient === true && !context.cost.blocked_reason && !context.cost.already_approved && cfdUnchanged(context),
    cfdApplicable: ({ context }) => !cfdUnchanged(context) && context.cfdFits,
    returningToCost: ({ context }) => context.returnToCost,
    /** The server refused the approval because the price changed since the breakdown was shown. */
    priceChanged: (_, { error }: { error: unknown }) => 'expected_credits' in asServerError(error).fields,
  },
  actions: {
    applyLoaded: assign(({ context }, { options, scenario }: LoadOutput) => {
      // A new scenario of a project with one weather station starts on it (the only sensible choice).
      const only = options.metSources.length === 1 ? options.metSources[0]!.id : null;
      const values = scenario
        ? scenario.values
        : only !== null && context.values.metSourceId === null
          ? { ...context.values, metSourceId: only }
          : context.values;
      return {
        options,
        values,
        flags: checkValues(values, options),
        studyId: scenario?.study_id ?? context.studyId,
        locked: context.mode === 'append' && scenario ? scenario.values.analyses.map((a) => a.analysis_type) : [],
        simulationIds: scenario?.simulation_ids ?? context.simulationIds,
        validation: scenario?.validation ?? context.validation,
        // What the stored scenario holds is what was validated and priced.
        savedCfd: scenario ? cfdChoiceOf(scenario.values) : context.savedCfd,
      };
    }),
    keepError: assign((_, { error }: { error: unknown }) => ({ error: asServerError(error) })),
    clearError: assign({ error: null }),
    patchValues: assign(({ context, event }) => {
      assertEvent(event, 'values.change');
      return withValues(context, { ...context.values, ...event.patch });
    }),
    toggleAnalysis: assign(({ context, event }) => {
      assertEvent(event, 'analysis.toggle');
      return withValues(context, toggleAnalysis(context.values, event.analysisType, context.locked, context.options));
    }),
    toggleMetric: assign(({ context, event }) => {
      assertEvent(event, 'metric.toggle');
      return withValues(context, toggleMetric(context.values, event.analysisType, event.metric, context.options));
    }),
    addGeometry: assign(({ context, event }) => {
      assertEvent(event, 'geometry.add');
      return withValues(context, addGeometry(context.values, event.role, event.file));
    }),
    removeGeometry: assign(({ context, event }) => {
      assertEvent(event, 'geometry.remove');
      return withValues(context, removeGeometry(context.values, event.role, event.uploadId));
    }),
    chooseParameterSet: assign(({ context, event }) => {
      assertEvent(event, 'parameterSet.choose');
      return withValues(context, chooseParameterSet(context.values, context.options, event.analysisType, event.id));
    }),
    setUploaderFlag: assign(({ context, event }) => {
      assertEvent(event, 'uploader.flag');
      const uploaderFlags = { ...context.uploaderFlags };
      if (event.message) uploaderFlags[event.role] = event.message;
      else delete uploaderFlags[event.role];
      return { uploaderFlags };
    }),
    /** Remembers which criterion's recipe was asked for (a late answer for an earlier pick is dropped). */
    rememberRecipeAsked: assign(({ context, event }) => {
      assertEvent(event, ['analysis.toggle', 'metric.toggle']);
      return { recipeAsked: criterionPicked(context.values, context.locked, context.options, event) };
    }),
    askRecipe: sendTo('recipeDefaults', ({ context }) => ({ type: 'recipe.ask' as const, criterionId: context.recipeAsked ?? '' })),
    applyRecipe: assign(({ context, event }) => {
      assertEvent(event, 'recipe.loaded');
      const recipe = recipeValues(event.answer, context.options);
      return recipe ? { ...withValues(context, { ...context.values, seasons: recipe.seasons, times: recipe.times }), recipe } : {};
    }),
    showStep: assign(({ context }, { step }: { step: FormStep }) => ({ shown: context.shown.includes(step) ? context.shown : [...context.shown, step] })),
    /** Field errors of a refused save: flags on their steps, shown at once. */
    keepServerFlags: assign(({ context }, { error }: { error: unknown }) => {
      const serverError = asServerError(error);
      const serverFlags = flagsFromServer(serverError);
      const steps = (Object.keys(serverFlags) as FlagName[]).map(stepOfFlag);
      return { serverFlags, shown: [...new Set([...context.shown, ...steps])], error: serverError };
    }),
    keepSaved: assign(({ context }, saved: SavedScenario) => ({
      configurationId: saved.id,
      studyId: saved.study_id,
      simulationIds: saved.simulation_ids,
      error: null,
      savedCfd: cfdChoiceOf(context.values),
    })),
    emitSaved: emit((_, scenario: SavedScenario) => ({ type: 'scenario.saved' as const, scenario })),
    keepValidation: assign((_, report: ValidationReport) => ({ validation: report })),
    keepReport: assign(({ event }) => {
      assertEvent(event, 'validation.updated');
      return { validation: event.report };
    }),
    askRepair: assign(({ context, event }) => {
      assertEvent(event, 'geometry.repair');
      return { repairAsked: { role: event.role, uploadId: event.uploadId, simulationId: context.simulationIds[0] ?? 0 } };
    }),
    /** The scenario now holds the repaired file: the values follow. */
    applyRepair: assign(({ context }, outcome: RepairOutcome) => ({ repair: outcome, repairAsked: null, values: withRepairedFile(context.values, outcome) })),
    forgetRepair: assign({ repairAsked: null }),
    keepCost: assign((_, cost: CostBreakdown) => ({ cost })),
    keepCfdFits: assign(({ event }) => {
      assertEvent(event, 'cfd.estimated');
      return { cfdFits: event.fits };
    }),
    chooseCfd: assign(({ context, event }) => {
      assertEvent(event, 'cfd.choose');
      const values = {
        ...context.values,
        ...(event.windDirections !== undefined ? { windDirections: event.windDirections } : {}),
        ...(event.cfdTier ? { cfdTier: event.cfdTier } : {}),
      };
      return { values, flags: checkValues(values, context.options) };
    }),
    askEstimate: sendTo('cfdEstimate', ({ context }) => ({ type: 'request.change' as const, request: cfdRequest(context) })),
    /** A changed CFD choice is saved and validated, then the wizard returns to a fresh cost. */
    startCfdReturn: assign({ returnToCost: true, cost: null, error: null }),
    endCfdReturn: assign({ returnToCost: false }),
    keepSubmitResult: assign((_, result: SubmitResult) => ({ status: result.status, submitResult: result })),
    emitSubmitted: emit(({ context }) => ({ type: 'scenario.submitted' as const, ref: ref(context) })),
  },
}).createMachine({
  id: 'scenarioWizard',
  context: ({ input }) => {
    const values = emptyValues();
    const options: WizardOptions = { metSources: [], parameterSets: [], capabilities: [], surrounds: null };
    return {
      projectId: input.projectId,
      studyId: input.studyId ?? null,
      configurationId: input.configurationId ?? null,
      mode: input.mode,
      values,
      options,
      locked: [],
      flags: checkValues(values, options),
      uploaderFlags: {},
      serverFlags: {},
      shown: [],
      recipeAsked: null,
      recipe: null,
      simulationIds: [],
      validation: null,
      repair: null,
      repairAsked: null,
      cost: null,
      status: null,
      submitResult: null,
      error: null,
      savedCfd: null,
      cfdFits: false,
      returnToCost: false,
    };
  },
  initial: 'loading',
  on: { cancel: '.closed' },
  states: {
    loading: {
      invoke: {
        id: 'loadWizard',
        src: 'loadWizard',
        input: ({ context }) => ({ projectId: context.projectId, configurationId: context.configurationId }),
        onDone: [
          {
            guard: { type: 'opensAtCost', params: ({ event }) => ({ loaded: event.output }) },
            target: 'cost',
            actions: { type: 'applyLoaded', params: ({ event }) => event.output },
          },
          { target: 'editing', actions: { type: 'applyLoaded', params: ({ event }) => event.output } },
        ],
        onError: { target: 'loadFailed', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: { on: { retry: { target: 'loading', actions: 'clearError' } } },
    editing: {
      initial: 'basics',
      invoke: { id: 'recipeDefaults', src: 'recipeDefaults' },
      on: {
        'values.change': { actions: 'patchValues' },
        'analysis.toggle': [{ guard: 'picksCriterion', actions: ['rememberRecipeAsked', 'toggleAnalysis', 'askRecipe'] }, { actions: 'toggleAnalysis' }],
        'metric.toggle': [{ guard: 'picksCriterion', actions: ['rememberRecipeAsked', 'toggleMetric', 'askRecipe'] }, { actions: 'toggleMetric' }],
        'recipe.loaded': { guard: 'recipeApplies', actions: 'applyRecipe' },
        'geometry.add': { actions: 'addGeometry' },
        'geometry.remove': { actions: 'removeGeometry' },
        'uploader.flag': { actions: 'setUploaderFlag' },
        'parameterSet.choose': { actions: 'chooseParameterSet' },
      },
      states: {
        basics: formStep('basics', 'analyses'),
        analyses: formStep('analyses', 'geometry', 'basics'),
        geometry: formStep('geometry', 'weather', 'analyses'),
        weather: formStep('weather', 'parameters', 'geometry'),
        parameters: formStep('parameters', 'terms', 'weather'),
        terms: formStep('terms', '#scenarioWizard.saving', 'parameters'),
      },
    },
    saving: {
      invoke: {
        id: 'saveScenario',
        src: 'saveScenario',
        input: ({ context }) => ({
          projectId: context.projectId,
          studyId: context.studyId,
          configurationId: context.configurationId,
          values: context.values,
        }),
        onDone: {
          target: 'validation',
          actions: [
            { type: 'keepSaved', params: ({ event }) => event.output },
            { type: 'emitSaved', params: ({ event }) => event.output },
          ],
        },
        // Field errors go back to the first step that shows one of them.
        onError: [
          ...FORM_STEPS.map((step) => ({
            guard: { type: 'fieldErrorsOn' as const, params: ({ event }: { event: { error: unknown } }) => ({ step, error: event.error }) },
            target: `editing.${step}`,
            actions: { type: 'keepServerFlags' as const, params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
          })),
          { target: 'editing.terms', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    validation: {
      initial: 'starting',
      on: { 'step.back': { target: 'editing.geometry' }, 'step.goto': goTo(FORM_STEPS) },
      states: {
        starting: {
          tags: 'checkingGeometry',
          invoke: {
            id: 'startValidation',
            src: 'startValidation',
            input: ({ context }) => ({ ...ref(context), simulationId: context.simulationIds[0] ?? null, engine: context.values.engine ?? 'AI' }),
            onDone: { target: 'settling', actions: { type: 'keepValidation', params: ({ event }) => event.output } },
            onError: { target: 'errored', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        /** Decides where a report belongs (a quick job may already be done). */
        settling: {
          tags: 'checkingGeometry',
          always: [{ guard: 'reportErrored', target: 'errored' }, { guard: 'reportFinal', target: 'judged' }, { target: 'running' }],
        },
        running: {
          tags: 'checkingGeometry',
          invoke: {
            id: 'watchValidation',
            src: 'watchValidation',
            input: ({ context }) => ({ ...ref(context), validationId: context.validation?.id ?? 0 }),
          },
          on: {
            // Progress while running keeps the watch going; a final report is judged.
            'validation.updated': [
              { guard: 'reportInProgress', actions: 'keepReport' },
              { target: 'settling', actions: 'keepReport' },
            ],
          },
        },
        judged: { tags: 'checkingGeometry', always: [{ guard: 'hasErrors', target: 'failed' }, { target: 'passed' }] },
        passed: {
          tags: 'geometryPassed',
          // A CFD choice changed at the cost step was saved and passed again: back to the cost at once.
          always: { guard: 'returningToCost', target: '#scenarioWizard.cost', actions: 'endCfdReturn' },
          on: {
            'step.next': { target: '#scenarioWizard.cost', actions: 'clearError' },
            'validation.acknowledge': { target: 'acknowledging', actions: 'clearError' },
            'geometry.repair': { target: 'repairing', actions: ['clearError', 'askRepair'] },
          },
        },
        failed: { on: { 'geometry.repair': { target: 'repairing', actions: ['clearError', 'askRepair'] } } },
        acknowledging: {
          tags: ['geometryPassed', 'changingScenario'],
          // The server is changing the scenario: the chips wait for it.
          on: { 'step.goto': { actions: [] } },
          invoke: {
            id: 'acknowledgeWarnings',
            src: 'acknowledgeWarnings',
            input: ({ context }) => ({ ...ref(context), validationId: context.validation?.id ?? 0 }),
            onDone: { target: 'passed', actions: { type: 'keepValidation', params: ({ event }) => event.output } },
            onError: { target: 'passed', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        repairing: {
          tags: 'changingScenario',
          on: { 'step.goto': { actions: [] } },
          invoke: {
            id: 'repairGeometry',
            src: 'repairGeometry',
            input: ({ context }) => ({ ...ref(context), ...context.repairAsked! }),
            // The scenario now holds the repaired file: the values follow, and the geometry is checked again.
            onDone: { target: 'starting', actions: { type: 'applyRepair', params: ({ event }) => event.output } },
            onError: { target: 'judged', actions: ['forgetRepair', { type: 'keepError', params: ({ event }) => ({ error: event.error }) }] },
          },
        },
        errored: { on: { retry: { target: 'starting', actions: 'clearError' } } },
      },
    },
    cost: {
      initial: 'loading',
      invoke: { id: 'cfdEstimate', src: 'cfdEstimate', input: ({ context }) => cfdRequest(context) },
      on: { 'cfd.estimated': { actions: 'keepCfdFits' } },
      states: {
        loading: {
          invoke: {
            id: 'loadCost',
            src: 'loadCost',
            input: ({ context }) => ref(context),
            // A price-change refusal stays on screen with the new breakdown.
            onDone: { target: 'ready', actions: { type: 'keepCost', params: ({ event }) => event.output } },
            onError: { target: 'failed', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        ready: {
          on: {
            'cost.approve': { guard: 'approvable', target: 'submitting', actions: 'clearError' },
            'step.back': '#scenarioWizard.validation.passed',
            'step.goto': [...goTo(FORM_STEPS), { guard: { type: 'goesTo', params: { step: 'validation' } }, target: '#scenarioWizard.validation.passed' }],
            'cfd.choose': { actions: ['chooseCfd', 'askEstimate'] },
            'cfd.apply': { guard: 'cfdApplicable', target: '#scenarioWizard.saving', actions: 'startCfdReturn' },
          },
        },
        submitting: {
          invoke: {
            id: 'submitScenario',
            src: 'submitScenario',
            input: ({ context }) => ({ ...ref(context), expectedCredits: context.cost?.total_credits ?? 0 }),
            onDone: {
              target: '#scenarioWizard.submitted',
              actions: [{ type: 'keepSubmitResult', params: ({ event }) => event.output }, 'emitSubmitted'],
            },
            onError: [
              // The price changed since the breakdown was shown: show the new one for a fresh approval.
              {
                guard: { type: 'priceChanged', params: ({ event }) => ({ error: event.error }) },
                target: 'loading',
                actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
              },
              // The server replays an approval it already took (no second debit), so retrying is safe.
              { target: 'submitFailed', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
        submitFailed: { on: { retry: { target: 'submitting', actions: 'clearError' } } },
        failed: {
          on: {
            retry: { target: 'loading', actions: 'clearError' },
            'step.back': '#scenarioWizard.validation.passed',
            'step.goto': [...goTo(FORM_STEPS), { guard: { type: 'goesTo', params: { step: 'validation' } }, target: '#scenarioWizard.validation.passed' }],
          },
        },
      },
    },
    submitted: { on: { close: 'closed' } },
    closed: { type: 'final' },
  },
});

/** Whether the CFD choice is the saved one (always, for a scenario without Canopy's CFD). */
function cfdUnchanged(c: WizardContext): boolean {
  return canopyCfdAnalyses(c.values, c.options).length === 0 || sameCfdChoice(c.savedCfd, cfdChoiceOf(c.values));
}

function cfdRequest(c: WizardContext): CfdEstimateRequest {
  return { projectId: c.projectId, values: c.values, analyses: canopyCfdAnalyses(c.values, c.options) };
}

function ref(c: WizardContext): ScenarioRef {
  return { projectId: c.projectId, studyId: c.studyId ?? 0, configurationId: c.configurationId ?? 0 };
}
