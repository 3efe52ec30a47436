/**
 * The insights workspace by events and snapshots: its children run (the panel over in-memory calls,
 * the viewer modes as they are), the viewer actors are fakes that record what they were given.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Insight, InsightChange, InsightsData, StudyScope } from '@machines/viewer-modes/insights-panel.types.ts';
import { insightsPanelMachine } from '@machines/viewer-modes/insights-panel.machine.ts';
import type { DrawingDoc } from '@machines/viewer-modes/drawing-doc.ts';
import { insightsWorkspaceMachine } from './insights-workspace.machine.ts';
import { selectBusy, selectChildren, selectRestoreError } from './insights-workspace.selectors.ts';
import type { CaptureInput, CaptureOutput, RestoreInput } from './insights-workspace.types.ts';
import { captured, testInsight } from './insights-workspace.fixtures.ts';

const DRAWN: DrawingDoc = { shapes: [{ id: 'shape-9', kind: 'line', points: [], style: { colour: '#000000', width: 2 } }] } as unknown as DrawingDoc;

/** The workspace over fakes: the changes the panel made, the restores and captures asked for. */
function fakeWorkspace(options: { /** Insight 1's view cannot be read. */ failRestore?: boolean; holdCapture?: boolean; holdRestore?: boolean } = {}) {
  const changes: InsightChange[] = [];
  const restores: (number | null)[] = [];
  const captures: CaptureInput[] = [];
  const release: (() => void)[] = [];
  const insights = [testInsight(1), testInsight(2, false)];
  const machine = insightsWorkspaceMachine.provide({
    actors: {
      insightsPanel: insightsPanelMachine.provide({
        actors: {
          loadInsights: fromPromise<InsightsData, StudyScope>(async () => ({ insights, categories: [], templates: [], globalTemplates: [] })),
          changeInsight: fromPromise<Insight, StudyScope & { change: InsightChange }>(async ({ input }) => {
            changes.push(input.change);
            return insights.find((i) => i.id === (input.change as { id: number }).id)!;
          }),
        },
      }),
      restoreView: fromPromise<DrawingDoc, RestoreInput>(async ({ input }) => {
        restores.push(input.insight?.id ?? null);
        if (options.holdRestore) await new Promise<void>((resolve) => release.push(resolve));
        if (options.failRestore && input.insight?.id === 1) throw new Error('The scene view JSON is version 9');
        return input.insight?.sceneview_set.length ? DRAWN : { shapes: [] };
      }),
      captureView: fromPromise<CaptureOutput, CaptureInput>(async ({ input }) => {
        captures.push(input);
        if (options.holdCapture) await new Promise<void>((resolve) => release.push(resolve));
        return captured(input.insight);
      }),
    },
  });
  const actor = createActor(machine, { input: { projectId: 1, studyId: 2 } }).start();
  const { panel, modes } = selectChildren(actor.getSnapshot());
  return { actor, panel, modes, changes, restores, captures, release };
}

type Workspace = ReturnType<typeof fakeWorkspace>;
const settled = (actor: Workspace['actor']) => waitFor(actor, (s) => s.matches('idle'));
/** Selects an insight in the panel and waits until the workspace has seen it and is idle again. */
const select = (w: Workspace, id: number) => {
  w.panel.send({ type: 'insight.select', id });
  return waitFor(w.actor, (s) => s.context.selectedId === id && s.matches('idle'));
};

describe('insights workspace', () => {
  it('restores the selected insight’s view and loads its drawing; selecting it again does not restore', async () => {
    const w = fakeWorkspace();
    await waitFor(w.panel, (s) => s.matches('idle'));
    await select(w, 1);
    expect(w.restores).toEqual([1]);
    expect(w.modes.getSnapshot().context.history.present).toEqual(DRAWN);
    await select(w, 1);
    expect(w.restores).toEqual([1]);
    await select(w, 2);
    expect(w.restores).toEqual([1, 2]);
    expect(w.modes.getSnapshot().context.history.present).toEqual({ shapes: [] });
  });

  it('keeps why a saved view could not be restored, and clears it on the next selection', async () => {
    const w = fakeWorkspace({ failRestore: true });
    await waitFor(w.panel, (s) => s.matches('idle'));
    await select(w, 1);
    expect(selectRestoreError(w.actor.getSnapshot())).toBe('The scene view JSON is version 9');
    await select(w, 2);
    expect(selectRestoreError(w.actor.getSnapshot())).toBeNull();
  });

  it('Save view captures the viewer with the drawing shown and hands the scene view to the panel', async () => {
    const w = fakeWorkspace();
    await waitFor(w.panel, (s) => s.matches('idle'));
    await select(w, 1);
    w.actor.send({ type: 'view.save' });
    expect(selectBusy(w.actor.getSnapshot())).toBe(true);
    await settled(w.actor);
    await waitFor(w.panel, (s) => s.matches('idle'));
    expect(w.captures.map((c) => [c.insight?.id, c.drawing])).toEqual([[1, DRAWN]]);
    expect(w.changes).toEqual([{ kind: 'view', id: 1, view: captured(testInsight(1)) }]);
  });

  it('Save view without a selected insight captures nothing', async () => {
    const w = fakeWorkspace();
    await waitFor(w.panel, (s) => s.matches('idle'));
    w.actor.send({ type: 'view.save' });
    expect(w.actor.getSnapshot().value).toBe('idle');
    expect(w.captures).toEqual([]);
  });

  it('a view captured while another insight is selected is saved on its own insight, then the new selection is restored', async () => {
    const w = fakeWorkspace({ holdCapture: true });
    await waitFor(w.panel, (s) => s.matches('idle'));
    await select(w, 1);
    w.actor.send({ type: 'view.save' });
    await waitFor(w.actor, () => w.release.length === 1);
    w.panel.send({ type: 'insight.select', id: 2 });
    await waitFor(w.actor, (s) => s.context.selectedId === 2);
    expect(w.restores).toEqual([1]);
    w.release[0]!();
    await waitFor(w.actor, () => w.restores.length === 2);
    await settled(w.actor);
    await waitFor(w.panel, (s) => s.matches('idle'));
    expect(w.changes.map((c) => [c.kind, (c as { id: number }).id])).toEqual([['view', 1]]);
    expect(w.restores).toEqual([1, 2]);
  });

  it('a saved pin is stored by the panel on the insight’s first scene view', async () => {
    const w = fakeWorkspace();
    await waitFor(w.panel, (s) => s.matches('idle'));
    await select(w, 1);
    w.modes.send({ type: 'mode.annotate', insightId: 1 });
    w.modes.send({ type: 'pin.place', placement: { point: [5, 6, 1.5], layerId: '101', value: 1.2, unit: '-', valueText: '1.2 -' } });
    w.modes.send({ type: 'pin.save', details: { templateId: 1, pinTypeId: null, colour: '#1f6feb', icon: 'info', title: 'Gusty', note: 'corner' } });
    await waitFor(w.panel, (s) => s.matches('idle'));
    expect(w.changes).toEqual([
      {
        kind: 'pin',
        id: 1,
        pin: {
          templateId: 1,
          pinTypeId: null,
          colour: '#1f6feb',
          icon: 'info',
          position: [5, 6, 1.5],
          layerId: '101',
          value: 1.2,
          unit: '-',
          valueText: '1.2 -',
          title: 'Gusty',
          note: 'corner',
          sceneViewId: 41,
        },
      },
    ]);
  });

  it('Escape cancels the mode, unless typed into a text field; the drawing’s own text box takes it', async () => {
    const w = fakeWorkspace();
    w.modes.send({ type: 'mode.draw', insightId: 1 });
    w.actor.send({ type: 'key.press', key: 'Escape', inText: true });
    expect(w.modes.getSnapshot().matches('drawing')).toBe(true);
    w.actor.send({ type: 'key.press', key: 'x' });
    expect(w.modes.getSnapshot().matches('drawing')).toBe(true);
    w.modes.send({ type: 'tool.choose', tool: 'text' });
    w.modes.send({ type: 'pointer.down', point: [0.5, 0.5] });
    expect(w.modes.getSnapshot().matches({ drawing: 'typing' })).toBe(true);
    w.actor.send({ type: 'key.press', key: 'Escape', inText: true });
    expect(w.modes.getSnapshot().matches({ drawing: 'typing' })).toBe(false);
    expect(w.modes.getSnapshot().matches('drawing')).toBe(true);
    w.actor.send({ type: 'key.press', key: 'Escape' });
    expect(w.modes.getSnapshot().matches('browsing')).toBe(true);
  });
});

describe('insights workspace: a save asked for while restoring', () => {
  it('waits for the restore and captures the restored drawing', async () => {
    const w = fakeWorkspace({ holdRestore: true });
    await waitFor(w.panel, (s) => s.matches('idle'));
    w.panel.send({ type: 'insight.select', id: 1 });
    await waitFor(w.actor, () => w.release.length === 1);
    w.actor.send({ type: 'view.save' });
    expect(w.captures).toEqual([]);
    w.release[0]!();
    await waitFor(w.panel, () => w.changes.length === 1);
    expect(w.captures.map((c) => [c.insight?.id, c.drawing])).toEqual([[1, DRAWN]]);
  });
});
