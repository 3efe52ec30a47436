/** What the insights workspace machine works with. */
import type { Insight, SceneViewSave, StudyScope } from '@machines/viewer-modes/insights-panel.types.ts';
import type { DrawingDoc } from '@machines/viewer-modes/drawing-doc.ts';
import type { PinDetails, PinPlacement } from '@machines/viewer-modes/viewer-modes.types.ts';
import type { ToastSink } from '@machines/toast/toast-relay.ts';

export interface InsightsWorkspaceInput extends StudyScope {
  toasts?: ToastSink;
}

/** What the restore actor is given (the insight just selected, or none) and answers (the drawing to show). */
export interface RestoreInput {
  insight: Insight | null;
}
export type RestoreOutput = DrawingDoc;

/** What the capture actor is given: the insight whose view is saved and the drawing shown. */
export interface CaptureInput {
  /** Null when the insight went away meanwhile (the capture then fails). */
  insight: Insight | null;
  drawing: DrawingDoc;
}
export type CaptureOutput = SceneViewSave;

export type InsightsWorkspaceEvent =
  /** A key the window saw; `inText`: it went to a field that takes text (which handles its own keys). */
  | { type: 'key.press'; key: string; inText?: boolean }
  /** The viewer-modes child saved a pin (relayed from its `pin.commit`). */
  | { type: 'pin.committed'; insightId: number; placement: PinPlacement; details: PinDetails }
  /** Save view: capture the viewer and store it as the selected insight's scene view. */
  | { type: 'view.save' }
  /** Raised when the panel's selection changes. */
  | { type: 'selection.changed' };
