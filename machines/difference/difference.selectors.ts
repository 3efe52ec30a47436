/** What the difference panel and the viewer read from the difference machine. */
import type { SnapshotFrom } from 'xstate';
import type { differenceMachine } from './difference.machine.ts';
import { differenceable, partnersOf } from './compatible.ts';

type Snapshot = SnapshotFrom<typeof differenceMachine>;

export const selectDifferencePhase = (s: Snapshot) =>
  (typeof s.value === 'string' ? s.value : 'choosing') as 'choosing' | 'computing' | 'shown' | 'saving' | 'failed';
export const selectDifferenceContext = (s: Snapshot) => s.context;
export const selectFirstLayers = (s: Snapshot) => differenceable(s.context.layers);
export const selectPartners = (s: Snapshot) =>
  partnersOf(
    s.context.layers.find((l) => l.asset.id === s.context.aId),
    s.context.layers,
  );
/** The map on screen (while saving too). */
export const selectOutcome = (s: Snapshot) => (s.matches('shown') || s.matches('saving') ? s.context.outcome : null);
