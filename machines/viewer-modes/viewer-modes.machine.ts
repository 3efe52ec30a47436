/**
 * The viewer's interaction modes in Insights (SPEC §4 "Insight, annotation and drawing
 * modes are exclusive: entering edit mode turns drawing off and vice versa"). The modes are sibling
 * states, never booleans, so two of them can never be on together; each handles `cancel` (Escape)
 * and is interrupted by entering another.
 *
 *   viewerModes
 *   ├── browsing
 *   ├── editing            the insight's form is open          cancel / edit.saved → browsing
 *   ├── annotating
 *   │   ├── idle           click the model to place a pin      cancel → browsing
 *   │   └── noting         the pin's type and note form        pin.save → idle (emits pin.commit); cancel → idle
 *   └── drawing
 *       ├── idle           the chosen tool waits               cancel → browsing; shape.delete, history.undo/redo
 *       ├── stroking       a shape follows the pointer          pointer.up → idle (adds the shape); cancel → idle
 *       ├── typing         a text box at the clicked point      text.commit → idle (adds the text); cancel → idle
 *       └── dragging       the select tool moves a shape        pointer.up → idle (moves it); cancel → idle
 *
 * Leaving a state by any way other than its own finishing event discards what it held: a half-drawn
 * stroke, a typed-but-uncommitted text, a drag, a placed-but-unsaved pin are never saved.
 * The drawing and its undo history are context: every finished shape, move and removal is executed
 * on the pure command stack (drawing-history.ts over drawing-doc.ts's commands), undo and redo
 * walk it, and `drawing.load` starts a new history (the selected insight's saved drawing). The
 * machine also emits what happened (xstate `emit`), for owners that record it; a pin is only emitted,
 * for the owner to save.
 */
import { and, assertEvent, assign, emit, setup } from 'xstate';
import type { DragState, DraftShape, DrawStyle, DrawTool, PinPlacement, ViewerModesEmitted, ViewerModesEvent } from './viewer-modes.types.ts';
import { createHistory, execute, redo, undo, type History } from './drawing-history.ts';
import { drawingCommands, emptyDrawing, freeShapeId, shapeFromDraft, type DrawingCommand, type DrawingDoc } from './drawing-doc.ts';

export interface ViewerModesContext {
  /** The insight the current mode works on (kept while browsing, so the panel can show it). */
  insightId: number | null;
  tool: DrawTool;
  style: DrawStyle;
  draft: DraftShape | null;
  drag: DragState | null;
  selectedShapeId: string | null;
  pendingPin: PinPlacement | null;
  /** The drawing shown, with its undo and redo stacks (plain data). */
  history: History<DrawingDoc, DrawingCommand>;
  /** Where the next shape id is looked for (`shape-<n>`). */
  nextShape: number;
}

export const DEFAULT_STYLE: DrawStyle = { colour: '#e4572e', width: 3 };

/** Below this extent (a fraction of the canvas) a stroke is a click, not a shape. */
const MIN_EXTENT = 0.002;

function extent(draft: DraftShape): number {
  const xs = draft.points.map((p) => p[0]);
  const ys = draft.points.map((p) => p[1]);
  return Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
}

/** The history after `command`; a new shape's id is the first free one. */
function executed(context: ViewerModesContext, command: DrawingCommand): Pick<ViewerModesContext, 'history'> {
  return { history: execute(context.history, drawingCommands, command) };
}

function withNewShape(context: ViewerModesContext, draft: DraftShape, text?: string): Pick<ViewerModesContext, 'history' | 'nextShape'> {
  const { id, next } = freeShapeId(context.history.present, context.nextShape);
  return { ...executed(context, { type: 'add', shape: shapeFromDraft(draft, id, text), index: context.history.present.shapes.length }), nextShape: next };
}

function extentWith(draft: DraftShape, point: [number, number] | undefined): number {
  if (!point) return extent(draft);
  const points = draft.kind === 'freehand' ? [...draft.points, point] : [draft.points[0]!, point];
  return extent({ ...draft, points });
}

const modeEntry = (event: ViewerModesEvent) =>
  event.type === 'mode.edit' || event.type === 'mode.annotate' || event.type === 'mode.draw' ? event.insightId : undefined;

export const viewerModesMachine = setup({
  types: {
    context: {} as ViewerModesContext,
    events: {} as ViewerModesEvent,
    emitted: {} as ViewerModesEmitted,
    input: {} as { style?: DrawStyle; tool?: DrawTool } | undefined,
  },
  guards: {
    selectTool: ({ context }) => context.tool === 'select',
    textTool: ({ context }) => context.tool === 'text',
    onShape: ({ event }) => event.type === 'pointer.down' && !!event.shapeId,
    /** A stroke ends as a shape only if it spans something (a click is not a shape). */
    strokeHasExtent: ({ context, event }) => {
      assertEvent(event, 'pointer.up');
      return !!context.draft && extentWith(context.draft, event.point) >= MIN_EXTENT;
    },
    /** A drag that ends where it started moves nothing. */
    dragMoves: ({ context, event }) => {
      assertEvent(event, 'pointer.up');
      const to = event.point ?? context.drag?.to;
      return !!context.drag && !!to && (to[0] !== context.drag.from[0] || to[1] !== context.drag.from[1]);
    },
    hasText: ({ event }) => event.type === 'text.commit' && event.text.trim().length > 0,
    hasSelection: ({ context }) => context.selectedShapeId !== null,
  },
  actions: {
    rememberInsight: assign(({ context, event }) => ({ insightId: modeEntry(event) ?? context.insightId })),
    chooseTool: assign(({ event }) => {
      assertEvent(event, 'tool.choose');
      return { tool: event.tool, selectedShapeId: null };
    }),
    setStyle: assign(({ context, event }) => {
      assertEvent(event, 'style.set');
      return { style: { ...context.style, ...event.style } };
    }),
    startDraft: assign(({ context, event }) => {
      assertEvent(event, 'pointer.down');
      return {
        draft: { kind: context.tool === 'select' ? 'freehand' : context.tool, points: [event.point], style: context.style } as DraftShape,
        selectedShapeId: null,
      };
    }),
    extendDraft: assign(({ context, event }) => {
      assertEvent(event, ['pointer.move', 'pointer.up']);
      if (!context.draft || !event.point) return {};
      // Freehand keeps the whole path; the other shapes are defined by their first and last points.
      const points = context.draft.kind === 'freehand' ? [...context.draft.points, event.point] : [context.draft.points[0]!, event.point];
      return { draft: { ...context.draft, points } };
    }),
    clearDraft: assign({ draft: null }),
    startDrag: assign(({ event }) => {
      assertEvent(event, 'pointer.down');
      return { drag: { shapeId: event.shapeId!, from: event.point, to: event.point }, selectedShapeId: event.shapeId! };
    }),
    moveDrag: assign(({ context, event }) => {
      assertEvent(event, ['pointer.move', 'pointer.up']);
      return context.drag && event.point ? { drag: { ...context.drag, to: event.point } } : {};
    }),
    clearDrag: assign({ drag: null }),
    deselect: assign({ selectedShapeId: null }),
    holdPin: assign(({ event }) => {
      assertEvent(event, 'pin.place');
      return { pendingPin: event.placement };
    }),
    clearPin: assign({ pendingPin: null }),
    addShape: assign(({ context }) => withNewShape(context, context.draft!)),
    addText: assign(({ context, event }) => {
      assertEvent(event, 'text.commit');
      return withNewShape(context, context.draft!, event.text.trim());
    }),
    moveShape: assign(({ context }) => {
      const d = context.drag!;
      return executed(context, { type: 'move', id: d.shapeId, dx: d.to[0] - d.from[0], dy: d.to[1] - d.from[1] });
    }),
    removeShape: assign(({ context }) => executed(context, { type: 'remove', id: context.selectedShapeId! })),
    undoDrawing: assign(({ context }) => ({ history: undo(context.history, drawingCommands) })),
    redoDrawing: assign(({ context }) => ({ history: redo(context.history, drawingCommands) })),
    loadDrawing: assign(({ event }) => {
      assertEvent(event, 'drawing.load');
      return { history: createHistory<DrawingDoc, DrawingCommand>(event.drawing), nextShape: 1 };
    }),
    emitShape: emit(({ context }) => ({ type: 'shape.commit' as const, draft: context.draft! })),
    emitText: emit(({ context, event }) => {
      assertEvent(event, 'text.commit');
      return { type: 'shape.commit' as const, draft: context.draft!, text: event.text.trim() };
    }),
    emitMove: emit(({ context }) => {
      const d = context.drag!;
      return { type: 'shape.move' as const, shapeId: d.shapeId, dx: d.to[0] - d.from[0], dy: d.to[1] - d.from[1] };
    }),
    emitRemove: emit(({ context }) => ({ type: 'shape.remove' as const, shapeId: context.selectedShapeId! })),
    emitUndo: emit({ type: 'history.undo' as const }),
    emitRedo: emit({ type: 'history.redo' as const }),
    emitPin: emit(({ context, event }) => {
      assertEvent(event, 'pin.save');
      return { type: 'pin.commit' as const, insightId: context.insightId!, placement: context.pendingPin!, details: event.details };
    }),
  },
}).createMachine({
  id: 'viewerModes',
  context: ({ input }) => ({
    insightId: null,
    tool: input?.tool ?? 'freehand',
    style: input?.style ?? DEFAULT_STYLE,
    draft: null,
    drag: null,
    selectedShapeId: null,
    pendingPin: null,
    history: createHistory<DrawingDoc, DrawingCommand>(emptyDrawing()),
    nextShape: 1,
  }),
  initial: 'browsing',
  // Entering a mode from anywhere leaves the current one (its exit discards what it held).
  on: {
    'mode.browse': { target: '.browsing' },
    'mode.edit': { target: '.editing', actions: 'rememberInsight' },
    'mode.annotate': { target: '.annotating', actions: 'rememberInsight' },
    'mode.draw': { target: '.drawing', actions: 'rememberInsight' },
    'style.set': { actions: 'setStyle' },
    'drawing.load': { actions: 'loadDrawing' },
  },
  states: {
    browsing: {},
    editing: {
      on: { cancel: '#viewerModes.browsing', 'edit.saved': '#viewerModes.browsing' },
    },
    annotating: {
      initial: 'idle',
      exit: 'clearPin',
      states: {
        // Exit actions run before a transition's own, so what an interaction held is dropped on
        // entering idle (after pin.save/pointer.up have emitted it), not on leaving the interaction.
        idle: {
          entry: 'clearPin',
          on: {
            cancel: '#viewerModes.browsing',
            'pin.place': { target: 'noting', actions: 'holdPin' },
          },
        },
        noting: {
          on: {
            cancel: 'idle',
            // A second click moves the pin before it is saved.
            'pin.place': { actions: 'holdPin' },
            'pin.save': { target: 'idle', actions: 'emitPin' },
          },
        },
      },
    },
    drawing: {
      initial: 'idle',
      exit: ['clearDraft', 'clearDrag', 'deselect'],
      on: {
        'tool.choose': { target: '.idle', actions: 'chooseTool' },
      },
      states: {
        idle: {
          entry: ['clearDraft', 'clearDrag'],
          on: {
            cancel: [{ guard: 'hasSelection', actions: 'deselect' }, { target: '#viewerModes.browsing' }],
            'pointer.down': [
              { guard: and(['selectTool', 'onShape']), target: 'dragging', actions: 'startDrag' },
              { guard: 'selectTool', actions: 'deselect' },
              { guard: 'textTool', target: 'typing', actions: 'startDraft' },
              { target: 'stroking', actions: 'startDraft' },
            ],
            'shape.delete': { guard: 'hasSelection', actions: ['removeShape', 'emitRemove', 'deselect'] },
            'history.undo': { actions: ['deselect', 'undoDrawing', 'emitUndo'] },
            'history.redo': { actions: ['deselect', 'redoDrawing', 'emitRedo'] },
          },
        },
        stroking: {
          on: {
            'pointer.move': { actions: 'extendDraft' },
            'pointer.up': [{ guard: 'strokeHasExtent', target: 'idle', actions: ['extendDraft', 'addShape', 'emitShape'] }, { target: 'idle' }],
            cancel: 'idle',
          },
        },
        typing: {
          on: {
            'text.commit': [{ guard: 'hasText', target: 'idle', actions: ['addText', 'emitText'] }, { target: 'idle' }],
            cancel: 'idle',
          },
        },
        dragging: {
          on: {
            'pointer.move': { actions: 'moveDrag' },
            'pointer.up': [{ guard: 'dragMoves', target: 'idle', actions: ['moveDrag', 'moveShape', 'emitMove'] }, { target: 'idle' }],
            cancel: 'idle',
          },
        },
      },
    },
  },
});
