/** Named readings of the cost step's CFD part: the wizard's choice and its estimate actor (cfd-estimate.machine.ts). */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { errorMessage } from '@machines/shared/actors.ts';
import type { scenarioWizardMachine } from './scenario-wizard.machine.ts';
import type { cfdEstimateMachine, CfdEstimateLine } from './cfd-estimate.machine.ts';
import { canopyCfdAnalyses, cfdChoiceOf, sameCfdChoice, type CfdAnalysis, type CfdChoice } from './cfd-choice.ts';

type Wizard = SnapshotFrom<typeof scenarioWizardMachine>;
type Estimate = SnapshotFrom<typeof cfdEstimateMachine>;
export type CfdEstimateRef = ActorRefFrom<typeof cfdEstimateMachine>;

/** The chosen analyses Canopy's CFD computes (the cost step shows its part only when there are some). */
export const selectCfdAnalyses = (s: Wizard): CfdAnalysis[] => canopyCfdAnalyses(s.context.values, s.context.options);
export const selectCfdChoice = (s: Wizard): CfdChoice => cfdChoiceOf(s.context.values);
/** The choice differs from the saved (validated, priced) one: it must be applied before approval. */
export const selectCfdChanged = (s: Wizard): boolean => selectCfdAnalyses(s).length > 0 && !sameCfdChoice(s.context.savedCfd, cfdChoiceOf(s.context.values));
export const selectCfdApplicable = (s: Wizard): boolean => selectCfdChanged(s) && s.context.cfdFits && s.matches({ cost: 'ready' });
export const selectCfdEstimateRef = (s: Wizard): CfdEstimateRef | null => (s.children.cfdEstimate as CfdEstimateRef | undefined) ?? null;

export type CfdEstimatePhase = 'off' | 'loading' | 'ready' | 'refused' | 'failed';
const RESTING: Partial<Record<string, CfdEstimatePhase>> = { off: 'off', ready: 'ready', refused: 'refused', failed: 'failed' };
/** Where the estimate is: every state that works it out (starting, waiting, loading) is 'loading'. */
export const selectEstimatePhase = (s: Estimate): CfdEstimatePhase => (s.hasTag('estimating') ? 'loading' : (RESTING[s.value] ?? 'loading'));
export const selectEstimateLines = (s: Estimate): CfdEstimateLine[] => s.context.lines;
export const selectEstimateRefusal = (s: Estimate): string | null => s.context.refusal;
export const selectEstimateError = (s: Estimate): string | null => errorMessage(s.context.error);
