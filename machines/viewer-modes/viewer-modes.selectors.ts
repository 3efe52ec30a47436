/** Named readings of the viewer-modes machine for the insights screens. */
import type { SnapshotFrom } from 'xstate';
import type { viewerModesMachine } from './viewer-modes.machine.ts';
import { canRedo, canUndo } from './drawing-history.ts';

type Snapshot = SnapshotFrom<typeof viewerModesMachine>;

export type ActiveMode = 'browsing' | 'editing' | 'annotating' | 'drawing';

export function selectMode(s: Snapshot): ActiveMode {
  if (s.matches('editing')) return 'editing';
  if (s.matches('annotating')) return 'annotating';
  if (s.matches('drawing')) return 'drawing';
  return 'browsing';
}

export const selectTool = (s: Snapshot) => s.context.tool;
export const selectStyle = (s: Snapshot) => s.context.style;
export const selectDraft = (s: Snapshot) => s.context.draft;
export const selectDrag = (s: Snapshot) => s.context.drag;
export const selectSelectedShape = (s: Snapshot) => s.context.selectedShapeId;
export const selectPendingPin = (s: Snapshot) => s.context.pendingPin;
export const selectTyping = (s: Snapshot) => s.matches({ drawing: 'typing' });
/** Waiting for the click that places a pin. */
export const selectAnnotatingIdle = (s: Snapshot) => s.matches({ annotating: 'idle' });
/** The drawing shown (the history's present). */
export const selectDrawing = (s: Snapshot) => s.context.history.present;
export const selectCanUndo = (s: Snapshot) => canUndo(s.context.history);
export const selectCanRedo = (s: Snapshot) => canRedo(s.context.history);
