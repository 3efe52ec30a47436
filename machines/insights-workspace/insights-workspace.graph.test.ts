/**
 * Model-based test of the insights workspace's restore and save/capture workflow with xstate/graph:
 * the shortest paths to every (state, selection, queued save) over selections, Save view and the
 * restore and capture actors' answers, each replayed on a live actor whose viewer actors answer
 * when the path says, with the workflow's rules checked at the end of every path:
 * - the live actor is in the state the model predicts;
 * - one capture at a time, and never while a restore is running;
 * - every finished capture is stored, once, on the insight it was captured for.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { Insight, InsightChange, InsightsData, StudyScope } from '@machines/viewer-modes/insights-panel.types.ts';
import { insightsPanelMachine } from '@machines/viewer-modes/insights-panel.machine.ts';
import type { DrawingDoc } from '@machines/viewer-modes/drawing-doc.ts';
import { insightsWorkspaceMachine } from './insights-workspace.machine.ts';
import { selectChildren } from './insights-workspace.selectors.ts';
import type { CaptureInput, CaptureOutput, RestoreInput } from './insights-workspace.types.ts';
import { captured, testInsight } from './insights-workspace.fixtures.ts';

type Snapshot = SnapshotFrom<typeof insightsWorkspaceMachine>;
const INSIGHTS = [testInsight(1), testInsight(2)];
const DRAWN: DrawingDoc = { shapes: [] };

/** The model's events: the panel's selection (as its snapshot), Save view, and the actors' answers. */
type ModelEvent =
  | { type: 'xstate.snapshot.panel'; snapshot: { context: { data: { insights: Insight[] }; selectedId: number } } }
  | { type: 'view.save' }
  | { type: 'xstate.done.actor.restore'; output: DrawingDoc }
  | { type: 'xstate.error.actor.restore'; error: Error }
  | { type: 'xstate.done.actor.capture'; output: CaptureOutput }
  | { type: 'xstate.error.actor.capture'; error: Error };

const selecting = (id: number): ModelEvent => ({ type: 'xstate.snapshot.panel', snapshot: { context: { data: { insights: INSIGHTS }, selectedId: id } } });
const EVENTS: ModelEvent[] = [
  selecting(1),
  selecting(2),
  { type: 'view.save' },
  { type: 'xstate.done.actor.restore', output: DRAWN },
  { type: 'xstate.error.actor.restore', error: new Error('unreadable') },
  { type: 'xstate.done.actor.capture', output: captured(testInsight(1)) },
  { type: 'xstate.error.actor.capture', error: new Error('no canvas') },
];

const serializeState = (s: Snapshot) => JSON.stringify([s.value, s.context.selectedId, s.context.savingId, s.context.saveQueued]);
const PATHS = getShortestPaths(insightsWorkspaceMachine, {
  input: { projectId: 1, studyId: 2 },
  events: EVENTS as never,
  serializeState,
});

interface Pending {
  resolve(): void;
  reject(): void;
}

/** A live workspace whose restore and capture answer only when told; what it captured and stored. */
function live() {
  const restores: Pending[] = [];
  const captures: (Pending & { insightId: number | null })[] = [];
  const changes: InsightChange[] = [];
  let running = { restore: 0, capture: 0, maxCapture: 0, captureDuringRestore: false };
  const machine = insightsWorkspaceMachine.provide({
    actors: {
      insightsPanel: insightsPanelMachine.provide({
        actors: {
          loadInsights: fromPromise<InsightsData, StudyScope>(async () => ({ insights: INSIGHTS, categories: [], templates: [], globalTemplates: [] })),
          changeInsight: fromPromise<Insight, StudyScope & { change: InsightChange }>(async ({ input }) => {
            changes.push(input.change);
            return INSIGHTS.find((i) => i.id === (input.change as { id: number }).id)!;
          }),
        },
      }),
      restoreView: fromPromise<DrawingDoc, RestoreInput>(
        ({ signal }) =>
          new Promise<DrawingDoc>((resolve, reject) => {
            running.restore++;
            const done = () => running.restore--;
            signal.addEventListener('abort', done);
            restores.push({ resolve: () => (done(), resolve(DRAWN)), reject: () => (done(), reject(new Error('unreadable'))) });
          }),
      ),
      captureView: fromPromise<CaptureOutput, CaptureInput>(
        ({ input }) =>
          new Promise<CaptureOutput>((resolve, reject) => {
            running.capture++;
            running.maxCapture = Math.max(running.maxCapture, running.capture);
            if (running.restore > 0) running.captureDuringRestore = true;
            const done = () => running.capture--;
            captures.push({
              insightId: input.insight?.id ?? null,
              resolve: () => (done(), resolve(captured(input.insight))),
              reject: () => (done(), reject(new Error('no canvas'))),
            });
          }),
      ),
    },
  });
  const actor = createActor(machine, { input: { projectId: 1, studyId: 2 } }).start();
  return { actor, restores, captures, changes, stats: () => running, reset: () => (running = { ...running }) };
}

/** Replays a model event on the live actor: a selection through the panel, an answer by the waiting fake. */
async function replay(w: ReturnType<typeof live>, event: ModelEvent) {
  const { panel } = selectChildren(w.actor.getSnapshot());
  switch (event.type) {
    case 'xstate.snapshot.panel':
      panel.send({ type: 'insight.select', id: event.snapshot.context.selectedId });
      await waitFor(w.actor, (s) => s.context.selectedId === event.snapshot.context.selectedId);
      break;
    case 'view.save':
      w.actor.send(event);
      break;
    case 'xstate.done.actor.restore':
      w.restores.at(-1)!.resolve();
      break;
    case 'xstate.error.actor.restore':
      w.restores.at(-1)!.reject();
      break;
    case 'xstate.done.actor.capture':
      w.captures.at(-1)!.resolve();
      break;
    case 'xstate.error.actor.capture':
      w.captures.at(-1)!.reject();
      break;
  }
  // The answers arrive as promises settle: let them land.
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

describe('insights workspace: restore and save/capture (xstate/graph)', () => {
  it('reaches idle, restoring, saving and a save queued behind a restore', () => {
    const values = new Set(PATHS.map((p) => JSON.stringify(p.state.value)));
    expect(values).toEqual(new Set(['"idle"', '"restoring"', '"saving"']));
    expect(PATHS.some((p) => p.state.matches('restoring') && p.state.context.saveQueued)).toBe(true);
  });

  it.each(PATHS.map((p) => [p.steps.map((s) => (s.event as ModelEvent).type.replace('xstate.', '')).join(' → ') || '(start)', p] as const))(
    '%s',
    async (_name, path) => {
      const w = live();
      await waitFor(selectChildren(w.actor.getSnapshot()).panel, (s) => s.matches('idle'));
      for (const step of path.steps) await replay(w, step.event as ModelEvent);
      await waitFor(selectChildren(w.actor.getSnapshot()).panel, (s) => !s.hasTag('busy'));
      const s = w.actor.getSnapshot();
      expect(serializeState(s)).toBe(serializeState(path.state));
      expect(w.stats().maxCapture).toBeLessThanOrEqual(1);
      expect(w.stats().captureDuringRestore).toBe(false);
      const finished = path.steps.filter((step) => (step.event as ModelEvent).type === 'xstate.done.actor.capture').length;
      expect(w.changes.filter((c) => c.kind === 'view')).toHaveLength(finished);
      w.changes.forEach((c, i) => expect((c as { id: number }).id).toBe(w.captures[i]!.insightId));
    },
  );
});
