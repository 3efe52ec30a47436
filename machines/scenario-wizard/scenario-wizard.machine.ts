/**
 * The scenario wizard (SPEC §2 create/edit/append scenario modals, submission steps, geometry
 * validation, terms and conditions, success modal; §4 scenario lifecycle; §5 invalid flags).
 *
 *   scenarioWizard
 *   ├── loading            met sources, parameter sets (and the scenario itself for edit/append)
 *   ├── loadFailed         `retry`
 *   ├── editing            one state per form step; `step.next` only when the step has no flag
 *   │   ├── basics         name, engine (AI/CFD)
 *   │   ├── analyses       analyses and metrics
 *   │   ├── geometry       files per role (the uploader raises its own flag while files are in flight)
 *   │   ├── weather        weather source, seasons, times
 *   │   ├── parameters     winds, return periods, single day, structure, heights, parameter sets
 *   │   └── terms          terms and conditions; `step.next` saves
 *   ├── saving             POST configuration/ (or PUT when it exists); field errors → flags, back to their step
 *   ├── validation
 *   │   ├── starting       POST geometry-validation/
 *   │   ├── running        the job works; `validation.updated` from the watch actor (socket or polling)
 *   │   ├── passed         `step.next` → cost; `validation.acknowledge` → acknowledging
 *   │   ├── failed         error findings: `step.back` to the geometry
 *   │   ├── acknowledging  PATCH geometry-validation/{id}/ (warnings_acknowledged), back to passed
 *   │   ├── repairing      `geometry.repair` (passed or failed): POST remesh-stl/ → the repaired file
 *   │   │                  replaces the original (values and scenario) → starting (checked again)
 *   │   └── errored        the job itself failed: `retry`
 *   ├── cost               invokes cfd-estimate.machine.ts (Canopy's CFD: the grid's cells, memory, minutes, credits)
 *   │   ├── loading        GET …/user-approval/cost-breakdown/
 *   │   ├── ready          `cost.approve` (refused with a message when credit is insufficient, or while
 *   │   │                  the CFD choice differs from the saved one); `cfd.choose` asks the estimate
 *   │   │                  again; `cfd.apply` saves the new choice and validates again, back to cost
 *   │   ├── approving      POST user-approval/ (debits the subscription)
 *   │   ├── submitting     submits the simulations
 *   │   └── failed         `retry`
 *   ├── submitted          the success modal (live status shown by the view)
 *   └── closed (final)     `cancel` from anywhere, `close` after success
 *
 * Going back never clears a value. Emits `scenario.saved` and `scenario.submitted` so lists refresh.
 * Owned by src/screens/scenario-wizard/scenario-wizard-modal.tsx.
 */
import { assign, emit, fromCallback, sendTo, setup, type EventObject } from 'xstate';
import { asServerError, notProvided, type ServerError } from '@machines/shared/actors.ts';
import { checkValues, emptyValues, flagsOfStep, stepOfFlag } from './scenario-inputs.ts';
import { addGeometry, chooseParameterSet, removeGeometry, toggleAnalysis, toggleMetric } from './scenario-values.ts';
import { FORM_STEPS } from './scenario-wizard.types.ts';
import { canopyCfdAnalyses, cfdChoiceOf, sameCfdChoice, type CfdChoice } from './cfd-choice.ts';
import { firstStepOf, flagsFromServer } from './server-flags.ts';
import { withRepairedFile, type AcknowledgeRequest, type RepairOutcome, type RepairRequest } from './geometry-repair.ts';
import { cfdEstimateMachine, type CfdEstimateRequest } from './cfd-estimate.machine.ts';
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
  | { type: 'step.next' }
  | { type: 'step.back' }
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

export const scenarioWizardMachine = setup({
  types: {
    context: {} as WizardContext,
    events: {} as WizardEvent,
    input: {} as WizardInput,
    emitted: {} as WizardEmitted,
  },
  actors: {
    loadWizard: notProvided<LoadOutput, LoadInput>('loadWizard'),
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
    stepClear: ({ context }, step: FormStep) => Object.keys(flagsOfStep(allFlags(context), step)).length === 0,
    hasErrors: ({ context }) => (context.validation?.findings ?? []).some((f) => f.severity === 'error'),
    /** Enough credit, nothing blocking, and the CFD choice is the one validated and priced. */
    approvable: ({ context }) => context.cost?.sufficient === true && !context.cost.blocked_reason && !context.cost.already_approved && cfdUnchanged(context),
    cfdApplicable: ({ context }) => !cfdUnchanged(context) && context.cfdFits,
    returningToCost: ({ context }) => context.returnToCost,
  },
  actions: {
    changeValues: assign(({ context }, values: WizardValues) => ({
      values,
      flags: checkValues(values, context.options),
      serverFlags: {},
    })),
    chooseCfd: assign(({ context, event }) => {
      if (event.type !== 'cfd.choose') return {};
      const values = { ...context.values, ...(event.windDirections !== undefined ? { windDirections: event.windDirections } : {}), ...(event.cfdTier ? { cfdTier: event.cfdTier } : {}) };
      return { values, flags: checkValues(values, context.options) };
    }),
    askEstimate: sendTo('cfdEstimate', ({ context }) => ({ type: 'request.change' as const, request: cfdRequest(context) })),
    showStep: assign(({ context }, step: FormStep) => ({ shown: context.shown.includes(step) ? context.shown : [...context.shown, step] })),
    setUploaderFlag: assign(({ context, event }) => {
      if (event.type !== 'uploader.flag') return {};
      const uploaderFlags = { ...context.uploaderFlags };
      if (event.message) uploaderFlags[event.role] = event.message;
      else delete uploaderFlags[event.role];
      return { uploaderFlags };
    }),
    clearError: assign({ error: null }),
    askRepair: assign(({ context, event }) =>
      event.type === 'geometry.repair' ? { repairAsked: { role: event.role, uploadId: event.uploadId, simulationId: context.simulationIds[0] ?? 0 } } : {},
    ),
    keepServerFlags: assign(({ context, event }) => {
      if (!('error' in event)) return {};
      const error = asServerError(event.error);
      const serverFlags = flagsFromServer(error);
      const steps = (Object.keys(serverFlags) as FlagName[]).map(stepOfFlag);
      return { serverFlags, shown: [...new Set([...context.shown, ...steps])], error };
    }),
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
        onDone: {
          target: 'editing',
          actions: assign(({ context, event }) => {
            const { options, scenario } = event.output;
            const values = scenario ? scenario.values : context.values;
            return {
              options,
              values,
              flags: checkValues(values, options),
              studyId: scenario?.study_id ?? context.studyId,
              locked: context.mode === 'append' && scenario ? scenario.values.analyses.map((a) => a.analysis_type) : [],
            };
          }),
        },
        onError: { target: 'loadFailed', actions: assign({ error: ({ event }) => asServerError(event.error) }) },
      },
    },
    loadFailed: { on: { retry: { target: 'loading', actions: 'clearError' } } },
    editing: {
      initial: 'basics',
      on: {
        'values.change': { actions: { type: 'changeValues', params: ({ context, event }) => ({ ...context.values, ...event.patch }) } },
        'analysis.toggle': {
          actions: { type: 'changeValues', params: ({ context, event }) => toggleAnalysis(context.values, event.analysisType, context.locked, context.options) },
        },
        'metric.toggle': {
          actions: { type: 'changeValues', params: ({ context, event }) => toggleMetric(context.values, event.analysisType, event.metric, context.options) },
        },
        'geometry.add': { actions: { type: 'changeValues', params: ({ context, event }) => addGeometry(context.values, event.role, event.file) } },
        'geometry.remove': {
          actions: { type: 'changeValues', params: ({ context, event }) => removeGeometry(context.values, event.role, event.uploadId) },
        },
        'uploader.flag': { actions: 'setUploaderFlag' },
        'parameterSet.choose': {
          actions: {
            type: 'changeValues',
            params: ({ context, event }) => chooseParameterSet(context.values, context.options, event.analysisType, event.id),
          },
        },
      },
      states: Object.fromEntries(
        FORM_STEPS.map((step, i) => [
          step,
          {
            on: {
              'step.next': [
                {
                  guard: { type: 'stepClear', params: step },
                  target: i + 1 < FORM_STEPS.length ? FORM_STEPS[i + 1]! : '#scenarioWizard.saving',
                },
                { actions: { type: 'showStep', params: step } },
              ],
              ...(i > 0 ? { 'step.back': FORM_STEPS[i - 1]! } : {}),
            },
          },
        ]),
      ) as Record<FormStep, object>,
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
            assign(({ context, event }) => ({
              configurationId: event.output.id,
              studyId: event.output.study_id,
              simulationIds: event.output.simulation_ids,
              error: null,
              savedCfd: cfdChoiceOf(context.values),
            })),
            emit(({ event }) => ({ type: 'scenario.saved' as const, scenario: event.output })),
          ],
        },
        onError: [
          // Field errors go back to the first step that shows one of them.
          ...FORM_STEPS.map((step) => ({
            guard: ({ event }: { event: { error: unknown } }) => firstStepOf(flagsFromServer(asServerError(event.error))) === step,
            target: `editing.${step}`,
            actions: 'keepServerFlags' as const,
          })),
          { target: 'editing.terms', actions: assign({ error: ({ event }) => asServerError(event.error) }) },
        ],
      },
    },
    validation: {
      initial: 'starting',
      on: { 'step.back': { target: 'editing.geometry' } },
      states: {
        starting: {
          invoke: {
            id: 'startValidation',
            src: 'startValidation',
            input: ({ context }) => ({ ...ref(context), simulationId: context.simulationIds[0] ?? null, engine: context.values.engine ?? 'AI' }),
            onDone: { target: 'settling', actions: assign({ validation: ({ event }) => event.output }) },
            onError: { target: 'errored', actions: assign({ error: ({ event }) => asServerError(event.error) }) },
          },
        },
        /** Decides where a report belongs (a quick job may already be done). */
        settling: {
          always: [
            { guard: ({ context }) => context.validation?.state === 'error', target: 'errored' },
            { guard: ({ context }) => context.validation?.state === 'passed' || context.validation?.state === 'failed', target: 'judged' },
            { target: 'running' },
          ],
        },
        running: {
          invoke: {
            id: 'watchValidation',
            src: 'watchValidation',
            input: ({ context }) => ({ ...ref(context), validationId: context.validation?.id ?? 0 }),
          },
          on: {
            // Progress while running keeps the watch going; a final report is judged.
            'validation.updated': [
              {
                guard: ({ event }) => event.report.state === 'running' || event.report.state === 'pending',
                actions: assign({ validation: ({ event }) => event.report }),
              },
              { target: 'settling', actions: assign({ validation: ({ event }) => event.report }) },
            ],
          },
        },
        judged: { always: [{ guard: 'hasErrors', target: 'failed' }, { target: 'passed' }] },
        passed: {
          // A CFD choice changed at the cost step was saved and passed again: back to the cost at once.
          always: { guard: 'returningToCost', target: '#scenarioWizard.cost', actions: assign({ returnToCost: false }) },
          on: {
            'step.next': { target: '#scenarioWizard.cost', actions: 'clearError' },
            'validation.acknowledge': { target: 'acknowledging', actions: 'clearError' },
            'geometry.repair': { target: 'repairing', actions: ['clearError', 'askRepair'] },
          },
        },
        failed: { on: { 'geometry.repair': { target: 'repairing', actions: ['clearError', 'askRepair'] } } },
        acknowledging: {
          invoke: {
            id: 'acknowledgeWarnings',
            src: 'acknowledgeWarnings',
            input: ({ context }) => ({ ...ref(context), validationId: context.validation?.id ?? 0 }),
            onDone: { target: 'passed', actions: assign({ validation: ({ event }) => event.output }) },
            onError: { target: 'passed', actions: assign({ error: ({ event }) => asServerError(event.error) }) },
          },
        },
        repairing: {
          invoke: {
            id: 'repairGeometry',
            src: 'repairGeometry',
            input: ({ context }) => ({ ...ref(context), ...context.repairAsked! }),
            // The scenario now holds the repaired file: the values follow, and the geometry is checked again.
            onDone: {
              target: 'starting',
              actions: assign(({ context, event }) => ({ repair: event.output, repairAsked: null, values: withRepairedFile(context.values, event.output) })),
            },
            onError: { target: 'judged', actions: assign({ repairAsked: null, error: ({ event }) => asServerError(event.error) }) },
          },
        },
        errored: { on: { retry: { target: 'starting', actions: 'clearError' } } },
      },
    },
    cost: {
      initial: 'loading',
      invoke: { id: 'cfdEstimate', src: 'cfdEstimate', input: ({ context }) => cfdRequest(context) },
      on: { 'cfd.estimated': { actions: assign({ cfdFits: ({ event }) => event.fits }) } },
      states: {
        loading: {
          invoke: {
            id: 'loadCost',
            src: 'loadCost',
            input: ({ context }) => ref(context),
            // A price-change refusal stays on screen with the new breakdown.
            onDone: { target: 'ready', actions: assign({ cost: ({ event }) => event.output }) },
            onError: { target: 'failed', actions: assign({ error: ({ event }) => asServerError(event.error) }) },
          },
        },
        ready: {
          on: {
            'cost.approve': { guard: 'approvable', target: 'submitting', actions: 'clearError' },
            'step.back': '#scenarioWizard.validation.passed',
            'cfd.choose': { actions: ['chooseCfd', 'askEstimate'] },
            'cfd.apply': { guard: 'cfdApplicable', target: '#scenarioWizard.saving', actions: assign({ returnToCost: true, cost: null, error: null }) },
          },
        },
        submitting: {
          invoke: {
            id: 'submitScenario',
            src: 'submitScenario',
            input: ({ context }) => ({ ...ref(context), expectedCredits: context.cost?.total_credits ?? 0 }),
            onDone: {
              target: '#scenarioWizard.submitted',
              actions: [
                assign({ status: ({ event }) => event.output.status, submitResult: ({ event }) => event.output }),
                emit(({ context }) => ({ type: 'scenario.submitted' as const, ref: ref(context) })),
              ],
            },
            onError: [
              // The price changed since the breakdown was shown: show the new one for a fresh approval.
              {
                guard: ({ event }) => 'expected_credits' in asServerError(event.error).fields,
                target: 'loading',
                actions: assign({ error: ({ event }) => asServerError(event.error) }),
              },
              // The server replays an approval it already took (no second debit), so retrying is safe.
              { target: 'submitFailed', actions: assign({ error: ({ event }) => asServerError(event.error) }) },
            ],
          },
        },
        submitFailed: { on: { retry: { target: 'submitting', actions: 'clearError' } } },
        failed: { on: { retry: { target: 'loading', actions: 'clearError' }, 'step.back': '#scenarioWizard.validation.passed' } },
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
