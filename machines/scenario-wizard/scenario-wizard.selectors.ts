/** Named readings of the scenario wizard (scenario-wizard.machine.ts) for its views. */
import type { SnapshotFrom } from 'xstate';
import { errorMessage } from '@machines/shared/actors.ts';
import { ANALYSIS_LABELS, flagsOfStep, neededInputs } from './scenario-inputs.ts';
import { offerAt, type Capability } from './scenario-offer.ts';
import { recipeNote } from './recipe-defaults.ts';
import { approvalOutlooks, costFix, type ApprovalOutlook, type OutlookFix } from './approval-outlook.ts';
import type { scenarioWizardMachine } from './scenario-wizard.machine.ts';
import { FORM_STEPS, type AnalysisType, type Engine, type Flags, type FormStep } from './scenario-wizard.types.ts';

type Snapshot = SnapshotFrom<typeof scenarioWizardMachine>;

/** Where the wizard is, as one name per screen the modal shows. */
export type WizardScreen = 'loading' | 'loadFailed' | FormStep | 'saving' | 'validation' | 'cost' | 'submitted' | 'closed';

/** The state's name at the top of the chart, and the one below it (a form step, a validation or cost phase). */
const place = (s: Snapshot): [string, string | null] => {
  const value = s.value as string | Record<string, string>;
  if (typeof value === 'string') return [value, null];
  const [top, inner] = Object.entries(value)[0]!;
  return [top, inner];
};

const SCREENS: readonly WizardScreen[] = ['loading', 'loadFailed', 'saving', 'validation', 'cost', 'submitted', 'closed'];

export const selectScreen = (s: Snapshot): WizardScreen => {
  const [top] = place(s);
  if (top === 'editing') return selectStep(s) ?? 'basics';
  return SCREENS.find((screen) => screen === top) ?? 'loading';
};

export const selectStep = (s: Snapshot): FormStep | null => {
  const [top, inner] = place(s);
  return top === 'editing' ? (FORM_STEPS.find((step) => step === inner) ?? null) : null;
};

/** Every flag now raised: the values', the uploader's and the server's. */
export const selectAllFlags = (s: Snapshot): Flags => {
  const c = s.context;
  const uploader = Object.values(c.uploaderFlags).find(Boolean);
  return { ...c.flags, ...(uploader ? { uploader } : {}), ...c.serverFlags };
};

/** The flags on screen: those of steps the user tried to leave, and the server's at once. */
export const selectVisibleFlags = (s: Snapshot): Flags => {
  const all = selectAllFlags(s);
  const shown = FORM_STEPS.filter((step) => s.context.shown.includes(step));
  return Object.assign({}, ...shown.map((step) => flagsOfStep(all, step)), s.context.serverFlags) as Flags;
};

export const selectStepFlags =
  (step: FormStep) =>
  (s: Snapshot): Flags =>
    flagsOfStep(selectVisibleFlags(s), step);

export const selectValues = (s: Snapshot) => s.context.values;
export const selectOptions = (s: Snapshot) => s.context.options;
/** "Seasons and hours from <criterion>'s recipe" while the weather step holds a criterion's recipe; null once the user changes them. */
export const selectRecipeNote = (s: Snapshot): string | null => recipeNote(s.context.values, s.context.recipe);
export const selectNeeded = (s: Snapshot) => neededInputs(s.context.values);
export const selectLocked = (s: Snapshot) => s.context.locked;
/** What runs at the chosen job level (none before a level is chosen). */
export const selectOffer = (s: Snapshot): Capability[] => offerAt(s.context.options, s.context.values.engine);
/** What runs at each level, for the level choice. */

const list = (labels: string[]) => (labels.length <= 1 ? labels.join('') : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`);

export interface LevelChoice {
  engine: Engine;
  /** Nothing runs at this level on this installation. */
  empty: boolean;
  /** What runs there and who computes it ('AI' names machine learning only; Canopy's physics is named as Canopy's). */
  summary: string;
}

/** The two job levels with what runs at each, for the level choice. */
export const selectLevels = (s: Snapshot): LevelChoice[] =>
  (['AI', 'CFD'] as const).map((engine) => {
    const offer = offerAt(s.context.options, engine);
    const own = offer.filter((c) => c.computed_by === 'canopy').map((c) => ANALYSIS_LABELS[c.analysis_type].toLowerCase());
    const providers = [...new Set(offer.filter((c) => c.computed_by === 'external').map((c) => c.provider))];
    const parts = [
      ...providers.map((p) => `${list(offer.filter((c) => c.provider === p).map((c) => ANALYSIS_LABELS[c.analysis_type].toLowerCase()))} from ${p}`),
      ...(own.length ? [`${list(own)} computed by Canopy`] : []),
    ];
    // A level with nothing to offer says what it would be; Canopy's own computations need no provider.
    const kind = engine === 'AI' ? 'machine-learning' : 'CFD';
    const summary = parts.length ? parts.join('; ') : `nothing runs at this level on this installation (no ${kind} provider is configured here)`;
    return { engine, empty: offer.length === 0, summary: summary.charAt(0).toUpperCase() + summary.slice(1) };
  });

/** Analysis types that do not run at the chosen level on this installation (every type before a level is chosen). */
export const selectUnoffered = (s: Snapshot): AnalysisType[] => {
  const offered = new Set(selectOffer(s).map((c) => c.analysis_type));
  return (Object.keys(ANALYSIS_LABELS) as AnalysisType[]).filter((t) => !offered.has(t));
};

export type ValidationPhase = 'starting' | 'running' | 'passed' | 'failed' | 'errored' | 'acknowledging' | 'repairing';
const VALIDATION_PHASES: readonly ValidationPhase[] = ['starting', 'running', 'passed', 'failed', 'errored', 'acknowledging', 'repairing'];
export const selectValidationPhase = (s: Snapshot): ValidationPhase | null => {
  const [top, inner] = place(s);
  return top === 'validation' ? (VALIDATION_PHASES.find((p) => p === inner) ?? null) : null;
};
/** The geometry check is under way (the job starting or running). */
export const selectCheckingGeometry = (s: Snapshot): boolean => s.hasTag('checkingGeometry');
/** The geometry passed (also while its warnings are being acknowledged). */
export const selectGeometryPassed = (s: Snapshot): boolean => s.hasTag('geometryPassed');
/** The server is changing the scenario (an acknowledgement or a repair): going back waits for it. */
export const selectChangingScenario = (s: Snapshot): boolean => s.hasTag('changingScenario');
export const selectValidation = (s: Snapshot) => s.context.validation;
/** The last repair of an uploaded file (what the remesh did), and the file being repaired now. */
export const selectRepair = (s: Snapshot) => s.context.repair;
export const selectRepairing = (s: Snapshot) => s.context.repairAsked;

export type CostPhase = 'loading' | 'ready' | 'submitting' | 'submitFailed' | 'failed';
const COST_PHASES: readonly CostPhase[] = ['loading', 'ready', 'submitting', 'submitFailed', 'failed'];
export const selectCostPhase = (s: Snapshot): CostPhase | null => {
  const [top, inner] = place(s);
  return top === 'cost' ? (COST_PHASES.find((p) => p === inner) ?? null) : null;
};
export const selectCost = (s: Snapshot) => s.context.cost;

/** Why the cost cannot be approved now (insufficient credit, no subscription…), in the server's words. */
export const selectCostBlock = (s: Snapshot): string | null => {
  const cost = s.context.cost;
  if (!cost) return null;
  if (cost.already_approved) return 'This scenario is already approved.';
  if (cost.blocked_reason) return cost.blocked_reason;
  if (!cost.sufficient) return 'Your subscription does not have enough credits for this scenario.';
  return null;
};

/**
 * Why this scenario could not be approved, as known by this step: each reason appears on the step
 * that first knows it (the job level, the analyses) and stays on the steps after it.
 */
export const selectOutlooks =
  (step: FormStep) =>
  (s: Snapshot): ApprovalOutlook[] =>
    approvalOutlooks(s.context.values, s.context.options).filter((o) => FORM_STEPS.indexOf(o.step) <= FORM_STEPS.indexOf(step));

/** What fixes the cost step's block, for its link. */
export const selectCostFix = (s: Snapshot): OutlookFix | null => (s.context.cost ? costFix(s.context.cost, s.context.options.account) : null);

/** The step chips the user may click now: the form steps before the current one, and the validation from the cost. */
export const selectReachableSteps = (s: Snapshot): Array<FormStep | 'validation'> => {
  const [top, inner] = place(s);
  if (top === 'editing') return FORM_STEPS.slice(0, FORM_STEPS.indexOf(inner as FormStep));
  if (top === 'validation') return s.hasTag('changingScenario') ? [] : [...FORM_STEPS];
  if (top === 'cost' && (inner === 'ready' || inner === 'failed')) return [...FORM_STEPS, 'validation'];
  return [];
};

export const selectError = (s: Snapshot): string | null => errorMessage(s.context.error);
export const selectSubmitResult = (s: Snapshot) => s.context.submitResult;
export const selectScenarioRef = (s: Snapshot) =>
  s.context.configurationId !== null && s.context.studyId !== null
    ? { projectId: s.context.projectId, studyId: s.context.studyId, configurationId: s.context.configurationId }
    : null;

/** The project's surroundings the surrounds slot offers (null: the project has none). */
export const selectProjectSurrounds = (s: Snapshot) => s.context.options.surrounds ?? null;
export const selectUseProjectSurrounds = (s: Snapshot) => s.context.values.projectSurrounds;
export const selectPedestrianPlane = (s: Snapshot) => s.context.values.pedestrianPlane;
