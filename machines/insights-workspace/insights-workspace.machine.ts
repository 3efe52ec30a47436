/**
 * The insights workspace: the coordination of the Insights mode that used to live in its React
 * component (ADR 21's pattern, as the viewer workspace). It owns three typed children and the
 * rules between them:
 * - `panel` (insights panel: the study's insights and their changes), `modes` (viewer modes:
 *   edit, pin, draw and the drawing's history), `pdf` (PDF export);
 * - a pin the `modes` child commits is stored by the `panel` child on the insight's first scene view;
 * - selecting another insight restores its first scene view into the viewer and loads its drawing
 *   (`restoreView`); a restore that fails keeps its message (`restoreError`); saving the same
 *   insight does not restore (the camera stays where the user left it);
 * - Save view captures the viewer (`captureView`: the view state, the image, the drawing and the
 *   pins) and hands the scene view to the panel; one capture at a time;
 * - Escape cancels the current interaction of `modes`, unless it went to a text field (the drawing's
 *   own text box excepted, whose Escape cancels the text).
 *
 *   insightsWorkspace
 *   ├── starting        the children exist once the root is entered → running
 *   └── running
 *       ├── idle        selection.changed → restoring; view.save → saving
 *       ├── restoring   restoreView; a Save view meanwhile waits for it
 *       └── saving      captureView, then view.save to the panel (tag busy)
 *
 * The machine never touches the viewer or the window: `restoreView`, `captureView` and `keys` are
 * bound in src/services/insights-services.ts over the mode's ViewerBridge and the window.
 */
import { assign, enqueueActions, fromCallback, sendTo, setup, type EventObject, type SnapshotFrom } from 'xstate';
import { notProvided } from '@machines/shared/actors.ts';
import { insightsPanelMachine } from '@machines/viewer-modes/insights-panel.machine.ts';
import { viewerModesMachine } from '@machines/viewer-modes/viewer-modes.machine.ts';
import { pdfExportMachine } from '@machines/viewer-modes/pdf-export.machine.ts';
import type { Insight, StudyScope } from '@machines/viewer-modes/insights-panel.types.ts';
import { emptyDrawing, type DrawingDoc } from '@machines/viewer-modes/drawing-doc.ts';
import type { ViewerModesEmitted } from '@machines/viewer-modes/viewer-modes.types.ts';
import { TOAST_SYSTEM_ID, toastRelay } from '@machines/toast/toast-relay.ts';
import type { CaptureInput, CaptureOutput, InsightsWorkspaceEvent, InsightsWorkspaceInput, RestoreInput, RestoreOutput } from './insights-workspace.types.ts';

export const MODES_SYSTEM_ID = 'insightsModes';

export interface InsightsWorkspaceContext {
  scope: StudyScope;
  /** The panel's insights and selection, mirrored from its snapshots (the rules read them). */
  insights: Insight[];
  selectedId: number | null;
  /** The drawing's text box is open (its Escape is the drawing's, not the field's). */
  typing: boolean;
  /** The drawing shown (the modes child's history's present). */
  drawing: DrawingDoc;
  /** The insight whose view is being captured (the selection may move on meanwhile). */
  savingId: number | null;
  /** Save view was asked for while the selection's view was being restored: it runs once restored. */
  saveQueued: boolean;
  restoreError: string | null;
}

type PanelSnapshot = SnapshotFrom<typeof insightsPanelMachine>;
type ModesSnapshot = SnapshotFrom<typeof viewerModesMachine>;
const insightOf = (context: InsightsWorkspaceContext, id: number | null) => context.insights.find((i) => i.id === id) ?? null;

/** The scene view a pin or a saved view goes on: the insight's first. */
export const firstViewId = (insight: Insight | null | undefined): number | null => insight?.sceneview_set[0]?.id ?? null;

/** Relays the modes child's committed pins to the workspace (a parent does not hear a child's emitted events). */
const pinRelay = fromCallback<EventObject, void>(({ system, sendBack }) => {
  const modes = system.get(MODES_SYSTEM_ID) as {
    on(type: 'pin.commit', fn: (e: Extract<ViewerModesEmitted, { type: 'pin.commit' }>) => void): { unsubscribe(): void };
  };
  const sub = modes.on('pin.commit', (e) => sendBack({ type: 'pin.committed', insightId: e.insightId, placement: e.placement, details: e.details }));
  return () => sub.unsubscribe();
});

export const insightsWorkspaceMachine = setup({
  types: {
    context: {} as InsightsWorkspaceContext,
    events: {} as InsightsWorkspaceEvent,
    input: {} as InsightsWorkspaceInput,
    tags: {} as 'busy',
    children: {} as { panel: 'insightsPanel'; modes: 'viewerModes'; pdf: 'pdfExport'; keys: 'keys'; pins: 'pinRelay' },
  },
  actors: {
    insightsPanel: insightsPanelMachine,
    viewerModes: viewerModesMachine,
    pdfExport: pdfExportMachine,
    pinRelay,
    /** The window's keys, as `key.press` (bound in the app; tests send the events). */
    keys: fromCallback<EventObject, void>(() => undefined),
    restoreView: notProvided<RestoreOutput, RestoreInput>('restoreView'),
    captureView: notProvided<CaptureOutput, CaptureInput>('captureView'),
    toastRelay,
  },
  guards: {
    /** Escape cancels, unless a text field took it (the drawing's text box is the drawing's). */
    cancels: ({ context, event }) => event.type === 'key.press' && event.key === 'Escape' && (!event.inText || context.typing),
    hasSelection: ({ context }) => insightOf(context, context.selectedId) !== null,
    /** Another insight was selected while its view was being captured: restore it now. */
    selectionMoved: ({ context }) => context.selectedId !== context.savingId,
    saveQueued: ({ context }) => context.saveQueued,
  },
  actions: {
    cancelModes: sendTo('modes', { type: 'cancel' }),
    /** The captured scene view goes to the panel, for the insight it was captured for. */
    handOverView: enqueueActions(({ context, event, enqueue }) => {
      const view = (event as unknown as { output: CaptureOutput }).output;
      if (context.savingId !== null) enqueue.sendTo('panel', { type: 'view.save', id: context.savingId, view });
    }),
    /** The panel's insights and selection; a new selection raises `selection.changed`. */
    mirrorPanel: enqueueActions(({ context, event, enqueue }) => {
      const s = (event as unknown as { snapshot: PanelSnapshot }).snapshot;
      const { insights } = s.context.data;
      const selectedId = s.context.selectedId;
      if (insights !== context.insights || selectedId !== context.selectedId) enqueue.assign({ insights, selectedId });
      if (selectedId !== context.selectedId) enqueue.raise({ type: 'selection.changed' });
    }),
    mirrorModes: assign(({ event }) => {
      const s = (event as unknown as { snapshot: ModesSnapshot }).snapshot;
      return { typing: s.matches({ drawing: 'typing' }), drawing: s.context.history.present };
    }),
    /** The pin goes to the panel, on the insight's first scene view. */
    storePin: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'pin.committed') return;
      const { details, placement } = event;
      enqueue.sendTo('panel', {
        type: 'pin.add',
        id: event.insightId,
        pin: {
          templateId: details.templateId,
          pinTypeId: details.pinTypeId,
          colour: details.colour,
          icon: details.icon,
          position: placement.point,
          layerId: placement.layerId,
          value: placement.value,
          unit: placement.unit,
          valueText: placement.valueText,
          title: details.title,
          note: details.note,
          sceneViewId: firstViewId(insightOf(context, event.insightId)),
        },
      });
    }),
  },
}).createMachine({
  id: 'insightsWorkspace',
  context: ({ input, spawn }) => {
    // One toast relay for the system: the panel and the PDF export find it and spawn none.
    spawn('toastRelay', { systemId: TOAST_SYSTEM_ID, input: input.toasts ?? null });
    return {
      scope: { projectId: input.projectId, studyId: input.studyId },
      insights: [],
      selectedId: null,
      typing: false,
      drawing: emptyDrawing(),
      savingId: null,
      saveQueued: false,
      restoreError: null,
    };
  },
  invoke: [
    {
      id: 'panel',
      src: 'insightsPanel',
      input: ({ context }) => context.scope,
      onSnapshot: { actions: 'mirrorPanel' },
    },
    { id: 'modes', systemId: MODES_SYSTEM_ID, src: 'viewerModes', input: {}, onSnapshot: { actions: 'mirrorModes' } },
    { id: 'pdf', src: 'pdfExport', input: {} },
    { id: 'pins', src: 'pinRelay' },
    { id: 'keys', src: 'keys' },
  ],
  on: {
    'key.press': { guard: 'cancels', actions: 'cancelModes' },
    'pin.committed': { actions: 'storePin' },
  },
  initial: 'idle',
  states: {
    idle: {
      always: { guard: 'saveQueued', target: 'saving' },
      on: {
        'selection.changed': 'restoring',
        'view.save': { guard: 'hasSelection', target: 'saving' },
      },
    },
    // The selected insight's first scene view: the viewer's state, its drawing and pins.
    restoring: {
      entry: assign({ restoreError: null }),
      invoke: {
        id: 'restore',
        src: 'restoreView',
        input: ({ context }) => ({ insight: insightOf(context, context.selectedId) }),
        // The drawing is kept here too, so a save queued meanwhile captures this one.
        onDone: {
          target: 'idle',
          actions: [
            sendTo('modes', ({ event }) => ({ type: 'drawing.load' as const, drawing: event.output })),
            assign({ drawing: ({ event }) => event.output }),
          ],
        },
        onError: {
          target: 'idle',
          actions: assign({ restoreError: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)) }),
        },
      },
      on: {
        'selection.changed': { target: 'restoring', reenter: true },
        'view.save': { actions: assign({ saveQueued: true }) },
      },
    },
    // One capture at a time; the panel stores it (and reports its own failure).
    saving: {
      tags: ['busy'],
      entry: assign({ savingId: ({ context }) => context.selectedId, saveQueued: false }),
      invoke: {
        id: 'capture',
        src: 'captureView',
        input: ({ context }) => ({ insight: insightOf(context, context.savingId), drawing: context.drawing }),
        onDone: [
          { guard: 'selectionMoved', target: 'restoring', actions: 'handOverView' },
          { target: 'idle', actions: 'handOverView' },
        ],
        onError: [{ guard: 'selectionMoved', target: 'restoring' }, { target: 'idle' }],
      },
    },
  },
});
