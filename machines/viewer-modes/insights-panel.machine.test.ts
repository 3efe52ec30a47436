import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ToastEvent } from '@machines/toast/toast.machine.ts';
import { DELETE_FAILED, DELETE_SUCCESS, insightsPanelMachine } from './insights-panel.machine.ts';
import type { Insight, InsightChange, InsightsData } from './insights-panel.types.ts';
import { selectConfirmingDelete } from './insights-panel.selectors.ts';

export function insight(id: number, sort: number, fields: Partial<Insight> = {}): Insight {
  return {
    id,
    study_id: 2,
    sort_order: sort,
    insight_status: 'Draft',
    category: null,
    title: `Insight ${id}`,
    text: '',
    created_by: null,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    sceneview_set: [],
    imageview_set: [],
    pins: [],
    pin_types: [],
    ...fields,
  };
}

function start(options: { failDelete?: boolean; failChange?: boolean } = {}) {
  const toasts: ToastEvent[] = [];
  const changes: InsightChange[] = [];
  const data: InsightsData = { insights: [insight(3, 2), insight(1, 0), insight(2, 1)], categories: [], templates: [], globalTemplates: [] };
  const machine = insightsPanelMachine.provide({
    actors: {
      loadInsights: fromPromise(async () => data),
      changeInsight: fromPromise<Insight, { projectId: number; studyId: number; change: InsightChange }>(async ({ input }) => {
        changes.push(input.change);
        if (options.failChange) throw { kind: 'http', status: 400, detail: null, fields: { sort_order: ['Bad.'] }, body: null };
        const c = input.change;
        if (c.kind === 'create') return insight(9, 3, { title: c.title, category: c.category });
        if (c.kind === 'status') return insight(c.id, 0, { insight_status: c.status });
        return insight('id' in c ? c.id : 0, 0);
      }),
      deleteInsight: fromPromise(async () => {
        if (options.failDelete) throw new Error('boom');
      }),
    },
  });
  const actor = createActor(machine, { input: { projectId: 1, studyId: 2, toasts: { send: (e) => toasts.push(e) } } }).start();
  return { actor, toasts, changes };
}

const ids = (actor: ReturnType<typeof start>['actor']) => actor.getSnapshot().context.data.insights.map((i) => i.id);

describe('insights panel machine', () => {
  it('loads the insights in sort_order', async () => {
    const { actor } = start();
    await waitFor(actor, (s) => s.matches('idle'));
    expect(ids(actor)).toEqual([1, 2, 3]);
  });

  it('delete asks first: cancel keeps the insight and deletes nothing', async () => {
    const { actor, toasts } = start();
    await waitFor(actor, (s) => s.matches('idle'));
    actor.send({ type: 'insight.delete', id: 2 });
    expect(selectConfirmingDelete(actor.getSnapshot())?.id).toBe(2);
    actor.send({ type: 'cancel' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(selectConfirmingDelete(actor.getSnapshot())).toBeNull();
    expect(ids(actor)).toEqual([1, 2, 3]);
    expect(toasts).toEqual([]);
  });

  it('delete: success toast and the insight leaves the list', async () => {
    const { actor, toasts } = start();
    await waitFor(actor, (s) => s.matches('idle'));
    actor.send({ type: 'insight.delete', id: 2 });
    actor.send({ type: 'deletion.confirm' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(ids(actor)).toEqual([1, 3]);
    expect(toasts).toEqual([{ type: 'toast.show', toast: { tone: 'success', title: DELETE_SUCCESS } }]);
  });

  it("delete failure: SPEC §8's danger toast (two spaces) and the insight stays", async () => {
    const { actor, toasts } = start({ failDelete: true });
    await waitFor(actor, (s) => s.matches('idle'));
    actor.send({ type: 'insight.delete', id: 2 });
    actor.send({ type: 'deletion.confirm' });
    await waitFor(actor, (s) => s.matches('idle') && s.context.deletingId === null);
    expect(ids(actor)).toEqual([1, 2, 3]);
    expect(toasts[0]).toEqual({ type: 'toast.show', toast: { tone: 'danger', title: 'Failed to delete insight.  Please try again.' } });
    expect(DELETE_FAILED).toContain('.  Please');
  });

  it('move: reordered at once and sent as sort_order; put back when refused', async () => {
    const ok = start();
    await waitFor(ok.actor, (s) => s.matches('idle'));
    ok.actor.send({ type: 'insight.move', id: 3, index: 0 });
    expect(ids(ok.actor)).toEqual([3, 1, 2]);
    await waitFor(ok.actor, (s) => s.matches('idle'));
    expect(ok.changes).toEqual([{ kind: 'move', id: 3, sortOrder: 0 }]);
    expect(ids(ok.actor)).toEqual([3, 1, 2]);

    const refused = start({ failChange: true });
    await waitFor(refused.actor, (s) => s.matches('idle'));
    refused.actor.send({ type: 'insight.move', id: 3, index: 0 });
    await waitFor(refused.actor, (s) => s.matches('idle'));
    expect(ids(refused.actor)).toEqual([1, 2, 3]);
    expect(refused.toasts[0]).toMatchObject({ toast: { tone: 'danger', title: 'Failed to reorder the insights', description: 'Bad.' } });
  });

  it('create selects the new insight; status changes replace it', async () => {
    const { actor } = start();
    await waitFor(actor, (s) => s.matches('idle'));
    actor.send({ type: 'insight.create', title: 'Windy entrance', category: 'pedestrian-wind-comfort' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(actor.getSnapshot().context.selectedId).toBe(9);
    actor.send({ type: 'insight.status', id: 9, status: 'Published' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(actor.getSnapshot().context.data.insights.find((i) => i.id === 9)?.insight_status).toBe('Published');
  });

  it('keeps no actor in its context and reaches the toasts by system id', async () => {
    const { actor, toasts } = start({ failDelete: true });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(actor.system.get('toast')).toBeDefined();
    const context = actor.getSnapshot().context;
    expect(JSON.parse(JSON.stringify(context))).toEqual(context);
    actor.send({ type: 'insight.delete', id: 2 });
    actor.send({ type: 'deletion.confirm' });
    await waitFor(actor, (s) => s.matches('idle') && s.context.deletingId === null);
    expect(toasts).toHaveLength(1);
  });
});
