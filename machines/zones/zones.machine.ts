/**
 * The zones of a study in the viewer's Zones panel: listed on start; drawn by clicking points on
 * the plane (Enter, or a click on the first point, closes the outline; Escape cancels), then named
 * and given an intended use and saved; renamed, given another use, or deleted from the list.
 * An outline that would cross itself is not closed: the machine says why and keeps the points, so
 * the user can take the last one back (`point.undo`) and go on.
 *
 *   zones
 *   ├── loading    listZones
 *   ├── idle       draw.start / rename / use.change / remove
 *   ├── drawing    point.add / point.undo / draw.close / draw.cancel
 *   ├── naming     save { name, use } / draw.cancel
 *   ├── saving     createZone
 *   ├── updating   updateZone
 *   └── removing   deleteZone
 */
import { and, assertEvent, assign, enqueueActions, setup } from 'xstate';
import { segmentsMeet, selfIntersects, ZONE_LIMITS, type Zone, type ZoneCreate, type ZonePatch, type ZoneUse } from '@canopy/contract/zones.ts';
import { errorMessage, asServerError, notProvided } from '@machines/shared/actors.ts';
import { dangerToast, TOAST_SYSTEM_ID, toastRelay, type ToastSink } from '@machines/toast/toast-relay.ts';
import type { StudyScope } from '@machines/viewer/viewer-session.machine.ts';

export const LOAD_ZONES_FAILED = 'Failed to load the zones';
export const SAVE_ZONE_FAILED = 'Failed to save the zone';
export const UPDATE_ZONE_FAILED = 'Failed to change the zone';
export const DELETE_ZONE_FAILED = 'Failed to delete the zone';
export const CROSSING_OUTLINE = 'The outline would cross itself: take the last point back (Backspace) or place it elsewhere.';
export const TOO_FEW_POINTS = `A zone needs at least ${ZONE_LIMITS.minPoints} points.`;

type XY = [number, number];

export interface ZonesContext {
  scope: StudyScope;
  zones: Zone[];
  /** The outline being drawn, in scene metres. */
  draft: XY[];
  /** Why the last step of drawing or saving did not go through. */
  problem: string | null;
  /** The zone a rename, use change or removal is acting on. */
  targetId: number | null;
  error: string | null;
}

export type ZonesEvent =
  | { type: 'draw.start' }
  | { type: 'point.add'; point: readonly number[] }
  | { type: 'point.undo' }
  | { type: 'draw.close' }
  | { type: 'draw.cancel' }
  | { type: 'save'; name: string; use: ZoneUse }
  | { type: 'rename'; id: number; name: string }
  | { type: 'use.change'; id: number; use: ZoneUse }
  | { type: 'remove'; id: number };

/**
 * How near the first point a click closes the outline: 2 % of the outline's extent so far, at
 * least half a metre, so the same gesture works on a terrace and on a city block.
 */
export function closesOutline(draft: readonly XY[], point: XY): boolean {
  if (draft.length < ZONE_LIMITS.minPoints) return false;
  const xs = draft.map((p) => p[0]);
  const ys = draft.map((p) => p[1]);
  const extent = Math.hypot(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
  const [x0, y0] = draft[0]!;
  return Math.hypot(point[0] - x0, point[1] - y0) <= Math.max(0.5, 0.02 * extent);
}

/** Why the draft may not close yet, or null when it may. */
function closeProblem(draft: readonly XY[]): string | null {
  if (draft.length < ZONE_LIMITS.minPoints) return TOO_FEW_POINTS;
  return selfIntersects(draft) ? CROSSING_OUTLINE : null;
}

const xyOf = (point: readonly number[]): XY => [point[0] ?? NaN, point[1] ?? NaN];

export const zonesMachine = setup({
  types: {
    context: {} as ZonesContext,
    events: {} as ZonesEvent,
    input: {} as StudyScope & { toasts?: ToastSink },
  },
  actors: {
    listZones: notProvided<Zone[], StudyScope>('listZones'),
    createZone: notProvided<Zone, StudyScope & { body: ZoneCreate }>('createZone'),
    updateZone: notProvided<Zone, StudyScope & { id: number; body: ZonePatch }>('updateZone'),
    deleteZone: notProvided<void, StudyScope & { id: number }>('deleteZone'),
    toastRelay,
  },
  guards: {
    closesOnFirst: ({ context, event }) => event.type === 'point.add' && closesOutline(context.draft, xyOf(event.point)),
    mayClose: ({ context }) => closeProblem(context.draft) === null,
  },
  actions: {
    fail: enqueueActions(({ enqueue, system }, message: string) => {
      enqueue.assign({ error: message });
      const toasts = system.get(TOAST_SYSTEM_ID);
      if (toasts) enqueue.sendTo(toasts, dangerToast(message));
    }),
    explainClose: assign({ problem: ({ context }) => closeProblem(context.draft) }),
    clearDraft: assign({ draft: [], problem: null }),
  },
}).createMachine({
  id: 'zones',
  context: ({ input, spawn, self }) => {
    // One relay per actor system: a parent that already has one lends it.
    if (!self.system.get(TOAST_SYSTEM_ID)) spawn('toastRelay', { systemId: TOAST_SYSTEM_ID, input: input.toasts ?? null });
    return { scope: { projectId: input.projectId, studyId: input.studyId }, zones: [], draft: [], problem: null, targetId: null, error: null };
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'listZones',
        input: ({ context }) => context.scope,
        onDone: { target: 'idle', actions: assign({ zones: ({ event }) => event.output }) },
        onError: { target: 'idle', actions: { type: 'fail', params: LOAD_ZONES_FAILED } },
      },
    },
    idle: {
      on: {
        'draw.start': { target: 'drawing', actions: 'clearDraft' },
        rename: { target: 'updating', actions: assign({ targetId: ({ event }) => event.id }) },
        'use.change': { target: 'updating', actions: assign({ targetId: ({ event }) => event.id }) },
        remove: { target: 'removing', actions: assign({ targetId: ({ event }) => event.id }) },
      },
    },
    drawing: {
      on: {
        'point.add': [
          // a double click gives the same point twice: the second is not a new corner
          { guard: ({ context, event }) => samePoint(context.draft.at(-1), xyOf(event.point)) },
          { guard: and(['closesOnFirst', 'mayClose']), target: 'naming', actions: assign({ problem: null }) },
          { guard: 'closesOnFirst', actions: 'explainClose' },
          {
            guard: ({ context, event }) =>
              xyOf(event.point).every(Number.isFinite) && context.draft.length < ZONE_LIMITS.maxPoints && !crossesChain(context.draft, xyOf(event.point)),
            actions: assign({ draft: ({ context, event }) => [...context.draft, xyOf(event.point)], problem: null }),
          },
          { actions: assign({ problem: CROSSING_OUTLINE }) },
        ],
        'point.undo': { actions: assign({ draft: ({ context }) => context.draft.slice(0, -1), problem: null }) },
        'draw.close': [{ guard: 'mayClose', target: 'naming', actions: assign({ problem: null }) }, { actions: 'explainClose' }],
        'draw.cancel': { target: 'idle', actions: 'clearDraft' },
      },
    },
    naming: {
      on: {
        save: [
          { guard: ({ event }) => event.name.trim() === '', actions: assign({ problem: 'Give the zone a name.' }) },
          { target: 'saving', actions: assign({ problem: null }) },
        ],
        'draw.cancel': { target: 'idle', actions: 'clearDraft' },
      },
    },
    saving: {
      invoke: {
        src: 'createZone',
        input: ({ context, event }) => {
          assertEvent(event, 'save');
          return { ...context.scope, body: { name: event.name.trim(), use: event.use, polygon: context.draft } };
        },
        onDone: { target: 'idle', actions: [assign({ zones: ({ context, event }) => [...context.zones, event.output], error: null }), 'clearDraft'] },
        // The server's own words (a field it refused) stay beside the form; the draft is kept.
        onError: {
          target: 'naming',
          actions: [assign({ problem: ({ event }) => errorMessage(asServerError(event.error), SAVE_ZONE_FAILED) }), { type: 'fail', params: SAVE_ZONE_FAILED }],
        },
      },
    },
    updating: {
      invoke: {
        src: 'updateZone',
        input: ({ context, event }) => {
          if (event.type === 'rename') return { ...context.scope, id: event.id, body: { name: event.name.trim() } };
          assertEvent(event, 'use.change');
          return { ...context.scope, id: event.id, body: { use: event.use } };
        },
        onDone: {
          target: 'idle',
          actions: assign({
            zones: ({ context, event }) => context.zones.map((z) => (z.id === event.output.id ? event.output : z)),
            targetId: null,
            error: null,
          }),
        },
        onError: { target: 'idle', actions: [assign({ targetId: null }), { type: 'fail', params: UPDATE_ZONE_FAILED }] },
      },
    },
    removing: {
      invoke: {
        src: 'deleteZone',
        input: ({ context }) => ({ ...context.scope, id: context.targetId as number }),
        onDone: {
          target: 'idle',
          actions: assign({ zones: ({ context }) => context.zones.filter((z) => z.id !== context.targetId), targetId: null, error: null }),
        },
        onError: { target: 'idle', actions: [assign({ targetId: null }), { type: 'fail', params: DELETE_ZONE_FAILED }] },
      },
    },
  },
});

/** Whether adding `point` to the open chain makes its new edge cross an earlier edge (not its neighbour). */
function crossesChain(draft: readonly XY[], point: XY): boolean {
  if (draft.length < 2) return false;
  const a = draft[draft.length - 1]!;
  // the new edge meets its neighbour at `a` by construction; any other edge it meets is a crossing
  for (let i = 0; i + 2 < draft.length; i++) {
    if (segmentsMeet(draft[i]!, draft[i + 1]!, a, point)) return true;
  }
  return false;
}

const samePoint = (a: XY | undefined, b: XY) => a !== undefined && a[0] === b[0] && a[1] === b[1];
