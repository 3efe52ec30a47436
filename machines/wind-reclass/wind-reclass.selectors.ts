/** Named readings of the re-classification machine (wind-reclass.machine.ts) for the viewer. */
import type { SnapshotFrom } from 'xstate';
import { errorMessage } from '@machines/shared/actors.ts';
import type { windReclassMachine } from './wind-reclass.machine.ts';
import { choiceKey } from './reclass-inputs.ts';

type Snapshot = SnapshotFrom<typeof windReclassMachine>;

export type ReclassPhase = 'unavailable' | 'loading' | 'loadFailed' | 'stored' | 'computing' | 'shown' | 'saving' | 'failed';

export const selectReclassPhase = (s: Snapshot): ReclassPhase => {
  for (const phase of ['unavailable', 'loading', 'loadFailed'] as const) if (s.matches(phase)) return phase;
  for (const phase of ['stored', 'computing', 'shown', 'saving', 'failed'] as const) if (s.matches({ ready: phase })) return phase;
  return 'loading';
};

export const selectReclassInputs = (s: Snapshot) => s.context.inputs;
export const selectReclassChoice = (s: Snapshot) => s.context.choice;
/** The re-classified map on screen, while it is (not during a new computation, nor after 'show stored'). */
export const selectShownResult = (s: Snapshot) => (s.matches({ ready: 'shown' }) || s.matches({ ready: 'saving' }) ? s.context.result : null);
export const selectResultSaved = (s: Snapshot): boolean => {
  const result = s.context.result;
  return !!result && s.context.saved.some((saved) => choiceKey(saved.choice) === choiceKey(result.choice));
};
export const selectReclassError = (s: Snapshot): string | null => errorMessage(s.context.error);
export const selectSaveError = (s: Snapshot): string | null => errorMessage(s.context.saveError);
/** The server-side computation of stored comfort maps (submit-postprocessing/): where it stands, its job, its refusal. */
export const selectPostprocess = (s: Snapshot) => s.context.postprocess;
export const selectPostprocessError = (s: Snapshot): string | null => errorMessage(s.context.postprocess.error);
