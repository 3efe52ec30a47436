/**
 * The Insights panel's data (SPEC §4 Draft/Published, §8 insight toasts): the study's
 * insights in sort_order, insight categories (the type selector) and pin-type templates; create,
 * edit, publish, reorder (drag or keyboard → PUT sort_order, shown at once and put back if the
 * server refuses), delete with SPEC §8's toasts, and saving a scene view or a pin (each answers the
 * whole changed insight).
 *
 *   insightsPanel
 *   ├── loading     loadInsights
 *   ├── failed      list.reload → loading
 *   ├── idle
 *   ├── changing    changeInsight (create, update, status, move, view, pin)
 *   ├── confirmingDelete   `insight.delete` asks first: `deletion.confirm` or `cancel`
 *   └── deleting    deleteInsight
 */
import { assertEvent, assign, enqueueActions, setup } from 'xstate';
import { notProvided, errorMessage, asServerError } from '@machines/shared/actors.ts';
import type { ToastSink } from '@machines/layer-filter/layer-filter.types.ts';
import { TOAST_SYSTEM_ID, toastRelay } from '@machines/toast/toast-relay.ts';
import type { ToastEvent } from '@machines/toast/toast.machine.ts';
import type { Insight, InsightChange, InsightsData, InsightsPanelEvent, StudyScope } from './insights-panel.types.ts';

export const DELETE_SUCCESS = 'Insight deleted successfully.';
// SPEC §8's text, two spaces included.
export const DELETE_FAILED = 'Failed to delete insight.  Please try again.';
export const LOAD_FAILED = 'Failed to load the insights';

const CHANGE_FAILED: Record<InsightChange['kind'], string> = {
  create: 'Failed to create the insight',
  update: 'Failed to save the insight',
  status: 'Failed to change the insight status',
  move: 'Failed to reorder the insights',
  view: 'Failed to save the scene view',
  pin: 'Failed to add the pin',
};

export interface InsightsPanelContext {
  scope: StudyScope;
  data: InsightsData;
  category: string | null;
  selectedId: number | null;
  /** The order before an optimistic move, to put back if the server refuses it. */
  beforeMove: Insight[] | null;
  pending: InsightChange | null;
  deletingId: number | null;
  error: string | null;
}

const bySort = (a: Insight, b: Insight) => a.sort_order - b.sort_order || a.id - b.id;

function moved(insights: Insight[], id: number, index: number): Insight[] {
  const list = [...insights].sort(bySort);
  const from = list.findIndex((i) => i.id === id);
  if (from < 0) return list;
  const [item] = list.splice(from, 1);
  list.splice(Math.max(0, Math.min(index, list.length)), 0, item!);
  return list.map((i, n) => ({ ...i, sort_order: n }));
}

function changeOf(event: InsightsPanelEvent): InsightChange {
  switch (event.type) {
    case 'insight.create':
      return { kind: 'create', title: event.title, category: event.category, text: event.text };
    case 'insight.update':
      return { kind: 'update', id: event.id, title: event.title, text: event.text, category: event.category };
    case 'insight.status':
      return { kind: 'status', id: event.id, status: event.status };
    case 'insight.move':
      return { kind: 'move', id: event.id, sortOrder: Math.max(0, event.index) };
    case 'view.save':
      return { kind: 'view', id: event.id, view: event.view };
    case 'pin.add':
      return { kind: 'pin', id: event.id, pin: event.pin };
    default:
      throw new Error(`not a change: ${event.type}`);
  }
}

export const insightsPanelMachine = setup({
  types: {
    context: {} as InsightsPanelContext,
    events: {} as InsightsPanelEvent,
    input: {} as StudyScope & { toasts?: ToastSink },
    tags: {} as 'loading' | 'error' | 'busy',
  },
  actors: {
    loadInsights: notProvided<InsightsData, StudyScope>('loadInsights'),
    changeInsight: notProvided<Insight, StudyScope & { change: InsightChange }>('changeInsight'),
    deleteInsight: notProvided<void, StudyScope & { id: number }>('deleteInsight'),
    toastRelay,
  },
  guards: {
    known: ({ context, event }) => 'id' in event && context.data.insights.some((i) => i.id === event.id),
  },
  actions: {
    toast: enqueueActions(({ enqueue, system }, params: { tone: 'success' | 'danger'; title: string; description?: string }) => {
      const toasts = system.get(TOAST_SYSTEM_ID);
      const show: ToastEvent = { type: 'toast.show', toast: params };
      if (toasts) enqueue.sendTo(toasts, show);
    }),
    holdChange: assign(({ event }) => ({ pending: changeOf(event), error: null })),
    moveNow: assign(({ context, event }) => {
      assertEvent(event, 'insight.move');
      return { beforeMove: context.data.insights, data: { ...context.data, insights: moved(context.data.insights, event.id, event.index) } };
    }),
    /** The server's insight replaces ours; a create adds it (and selects it); a move keeps our renumbered order. */
    applyChange: assign(({ context }, insight: Insight) => {
      const exists = context.data.insights.some((i) => i.id === insight.id);
      const keepOrder = context.pending?.kind === 'move';
      const insights = exists
        ? context.data.insights.map((i) => (i.id === insight.id ? (keepOrder ? { ...insight, sort_order: i.sort_order } : insight) : i))
        : [...context.data.insights, insight];
      return {
        data: { ...context.data, insights: insights.sort(bySort) },
        selectedId: exists ? context.selectedId : insight.id,
        pending: null,
        beforeMove: null,
      };
    }),
    /** Puts back an optimistic move, stores the message and shows it as a danger toast. */
    failChange: enqueueActions(({ context, enqueue, system }, error: unknown) => {
      const title = CHANGE_FAILED[context.pending?.kind ?? 'update'];
      const detail = errorMessage(asServerError(error));
      enqueue.assign({
        data: context.beforeMove ? { ...context.data, insights: context.beforeMove } : context.data,
        beforeMove: null,
        pending: null,
        error: detail ? `${title}: ${detail}` : title,
      });
      const toasts = system.get(TOAST_SYSTEM_ID);
      const show: ToastEvent = { type: 'toast.show', toast: { tone: 'danger', title, description: detail ?? undefined } };
      if (toasts) enqueue.sendTo(toasts, show);
    }),
  },
}).createMachine({
  id: 'insightsPanel',
  context: ({ input, spawn, self }) => {
    // One relay per actor system: a parent that already has one lends it.
    if (!self.system.get(TOAST_SYSTEM_ID)) spawn('toastRelay', { systemId: TOAST_SYSTEM_ID, input: input.toasts ?? null });
    return {
      scope: { projectId: input.projectId, studyId: input.studyId },
      data: { insights: [], categories: [], templates: [], globalTemplates: [] },
      category: null,
      selectedId: null,
      beforeMove: null,
      pending: null,
      deletingId: null,
      error: null,
    };
  },
  initial: 'loading',
  on: {
    'category.filter': { actions: assign(({ event }) => ({ category: event.category })) },
    'insight.select': { actions: assign(({ event }) => ({ selectedId: event.id })) },
  },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadInsights',
        input: ({ context }) => context.scope,
        onDone: {
          target: 'idle',
          actions: assign(({ event }) => ({ data: { ...event.output, insights: [...event.output.insights].sort(bySort) }, error: null })),
        },
        onError: { target: 'failed', actions: assign(({ event }) => ({ error: errorMessage(asServerError(event.error)) ?? LOAD_FAILED })) },
      },
    },
    failed: { tags: ['error'], on: { 'list.reload': 'loading' } },
    idle: {
      on: {
        'list.reload': 'loading',
        'insight.create': { target: 'changing', actions: 'holdChange' },
        'insight.update': { guard: 'known', target: 'changing', actions: 'holdChange' },
        'insight.status': { guard: 'known', target: 'changing', actions: 'holdChange' },
        'insight.move': { guard: 'known', target: 'changing', actions: ['holdChange', 'moveNow'] },
        'view.save': { guard: 'known', target: 'changing', actions: 'holdChange' },
        'pin.add': { guard: 'known', target: 'changing', actions: 'holdChange' },
        'insight.delete': { guard: 'known', target: 'confirmingDelete', actions: assign(({ event }) => ({ deletingId: event.id })) },
      },
    },
    // A deleted insight (its views, pins, drawings) cannot be brought back: the user confirms first.
    confirmingDelete: {
      on: { 'deletion.confirm': 'deleting', cancel: { target: 'idle', actions: assign({ deletingId: null }) } },
    },
    changing: {
      tags: ['busy'],
      invoke: {
        src: 'changeInsight',
        input: ({ context }) => ({ ...context.scope, change: context.pending! }),
        onDone: { target: 'idle', actions: { type: 'applyChange', params: ({ event }) => event.output } },
        onError: { target: 'idle', actions: { type: 'failChange', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    deleting: {
      tags: ['busy'],
      invoke: {
        src: 'deleteInsight',
        input: ({ context }) => ({ ...context.scope, id: context.deletingId! }),
        onDone: {
          target: 'idle',
          actions: [
            assign(({ context }) => ({
              data: { ...context.data, insights: context.data.insights.filter((i) => i.id !== context.deletingId) },
              selectedId: context.selectedId === context.deletingId ? null : context.selectedId,
              deletingId: null,
            })),
            { type: 'toast', params: { tone: 'success', title: DELETE_SUCCESS } },
          ],
        },
        onError: {
          target: 'idle',
          actions: [assign({ deletingId: null, error: DELETE_FAILED }), { type: 'toast', params: { tone: 'danger', title: DELETE_FAILED } }],
        },
      },
    },
  },
});
