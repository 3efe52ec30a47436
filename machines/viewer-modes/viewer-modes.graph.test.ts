/**
 * Model-based tests of the viewer modes with xstate/graph: every reachable state, fed every event
 * (mode entries, Escape, pointer input, tools, text, pins, undo/redo), with the properties the
 * Insights modes promise checked on every edge:
 * - at most one of insight editing, annotating and drawing is active, in every reachable state;
 * - Escape from an interaction (stroking, typing, dragging, noting) returns to its mode's idle, and
 *   from a mode's idle (or the edit form) returns to browsing, leaving nothing half-done behind;
 * - leaving drawing by entering another mode never emits a shape: a half-drawn stroke is discarded.
 */
import { describe, expect, it } from 'vitest';
import { createActor, getNextSnapshot, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { viewerModesMachine } from './viewer-modes.machine.ts';
import type { ViewerModesEmitted, ViewerModesEvent } from './viewer-modes.types.ts';
import { selectCanRedo, selectCanUndo, selectDrawing } from './viewer-modes.selectors.ts';

type Snapshot = SnapshotFrom<typeof viewerModesMachine>;

const EVENTS: ViewerModesEvent[] = [
  { type: 'mode.browse' },
  { type: 'mode.edit', insightId: 1 },
  { type: 'mode.annotate', insightId: 1 },
  { type: 'mode.draw', insightId: 1 },
  { type: 'cancel' },
  { type: 'edit.saved' },
  { type: 'tool.choose', tool: 'select' },
  { type: 'tool.choose', tool: 'freehand' },
  { type: 'tool.choose', tool: 'text' },
  { type: 'pointer.down', point: [0.1, 0.1] },
  { type: 'pointer.down', point: [0.1, 0.1], shapeId: 's1' },
  { type: 'pointer.move', point: [0.4, 0.5] },
  { type: 'pointer.up', point: [0.4, 0.5] },
  { type: 'text.commit', text: 'Gusty corner' },
  { type: 'shape.delete' },
  { type: 'history.undo' },
  { type: 'pin.place', placement: { point: [1, 2, 3], layerId: '7' } },
  { type: 'pin.save', details: { templateId: null, pinTypeId: 4, colour: '#d1242f', icon: 'warning', title: 'Entrance', note: 'Windy' } },
];

const serializeState = (s: Snapshot) =>
  JSON.stringify([
    s.value,
    s.context.tool,
    !!s.context.draft,
    !!s.context.drag,
    s.context.selectedShapeId,
    !!s.context.pendingPin,
    Math.min(s.context.draft?.points.length ?? 0, 2),
  ]);

const PATHS = getShortestPaths(viewerModesMachine, { input: {}, events: EVENTS, serializeState });
const EDGES = PATHS.flatMap((path) => EVENTS.map((event) => ({ before: path.state, event, after: getNextSnapshot(viewerModesMachine, path.state, event) })));

const active = (s: Snapshot) => (['editing', 'annotating', 'drawing'] as const).filter((m) => s.matches(m));

const INTERACTIONS = [
  { state: { drawing: 'stroking' }, idle: { drawing: 'idle' } },
  { state: { drawing: 'typing' }, idle: { drawing: 'idle' } },
  { state: { drawing: 'dragging' }, idle: { drawing: 'idle' } },
  { state: { annotating: 'noting' }, idle: { annotating: 'idle' } },
] as const;

describe('viewer modes statechart (xstate/graph)', () => {
  it('reaches every state of the chart', () => {
    const reached = new Set(PATHS.map((p) => JSON.stringify(p.state.value)));
    for (const value of [
      '"browsing"',
      '"editing"',
      '{"annotating":"idle"}',
      '{"annotating":"noting"}',
      '{"drawing":"idle"}',
      '{"drawing":"stroking"}',
      '{"drawing":"typing"}',
      '{"drawing":"dragging"}',
    ]) {
      expect(reached).toContain(value);
    }
  });

  it('has at most one of editing, annotating and drawing active in every reachable state', () => {
    for (const { after } of EDGES) expect(active(after).length).toBeLessThanOrEqual(1);
  });

  it('Escape from an interaction returns to its mode idle and drops what it held', () => {
    for (const { state, idle } of INTERACTIONS) {
      const from = PATHS.filter((p) => p.state.matches(state));
      expect(from.length).toBeGreaterThan(0);
      for (const p of from) {
        const after = getNextSnapshot(viewerModesMachine, p.state, { type: 'cancel' });
        expect(after.matches(idle)).toBe(true);
        expect(after.context.draft).toBeNull();
        expect(after.context.drag).toBeNull();
        expect(after.context.pendingPin).toBeNull();
      }
    }
  });

  it('Escape from a mode idle returns to browsing (drawing first drops a selection)', () => {
    for (const p of PATHS) {
      const s = p.state;
      if (!(s.matches('editing') || s.matches({ annotating: 'idle' }) || (s.matches({ drawing: 'idle' }) && s.context.selectedShapeId === null))) continue;
      expect(getNextSnapshot(viewerModesMachine, s, { type: 'cancel' }).matches('browsing')).toBe(true);
    }
  });

  it('entering edit turns drawing off, and entering drawing turns edit off', () => {
    for (const p of PATHS.filter((x) => x.state.matches('drawing'))) {
      const after = getNextSnapshot(viewerModesMachine, p.state, { type: 'mode.edit', insightId: 2 });
      expect(active(after)).toEqual(['editing']);
      expect(after.context.draft).toBeNull();
    }
    for (const p of PATHS.filter((x) => x.state.matches('editing'))) {
      expect(active(getNextSnapshot(viewerModesMachine, p.state, { type: 'mode.draw', insightId: 2 }))).toEqual(['drawing']);
    }
  });
});

describe('viewer modes (events and emitted work)', () => {
  function run(events: ViewerModesEvent[]) {
    const actor = createActor(viewerModesMachine, { input: {} }).start();
    const emitted: ViewerModesEmitted[] = [];
    actor.on('*', (e: ViewerModesEmitted) => void emitted.push(e));
    for (const e of events) actor.send(e);
    return { snapshot: actor.getSnapshot(), emitted };
  }

  it('a finished stroke is emitted with its points and style', () => {
    const { emitted, snapshot } = run([
      { type: 'mode.draw', insightId: 3 },
      { type: 'tool.choose', tool: 'arrow' },
      { type: 'style.set', style: { colour: '#123456', width: 5 } },
      { type: 'pointer.down', point: [0.1, 0.2] },
      { type: 'pointer.move', point: [0.3, 0.3] },
      { type: 'pointer.up', point: [0.5, 0.6] },
    ]);
    expect(snapshot.matches({ drawing: 'idle' })).toBe(true);
    expect(emitted).toEqual([
      {
        type: 'shape.commit',
        draft: {
          kind: 'arrow',
          points: [
            [0.1, 0.2],
            [0.5, 0.6],
          ],
          style: { colour: '#123456', width: 5 },
        },
      },
    ]);
  });

  it('freehand keeps every point', () => {
    const { emitted } = run([
      { type: 'mode.draw', insightId: 3 },
      { type: 'pointer.down', point: [0.1, 0.1] },
      { type: 'pointer.move', point: [0.2, 0.15] },
      { type: 'pointer.up', point: [0.3, 0.3] },
    ]);
    expect(emitted[0]).toMatchObject({
      type: 'shape.commit',
      draft: {
        kind: 'freehand',
        points: [
          [0.1, 0.1],
          [0.2, 0.15],
          [0.3, 0.3],
        ],
      },
    });
  });

  it('switching mode mid-stroke discards the stroke; a click is not a shape', () => {
    expect(
      run([
        { type: 'mode.draw', insightId: 3 },
        { type: 'pointer.down', point: [0.1, 0.1] },
        { type: 'pointer.move', point: [0.5, 0.5] },
        { type: 'mode.edit', insightId: 3 },
      ]).emitted,
    ).toEqual([]);
    expect(
      run([
        { type: 'mode.draw', insightId: 3 },
        { type: 'pointer.down', point: [0.1, 0.1] },
        { type: 'pointer.up', point: [0.1, 0.1] },
      ]).emitted,
    ).toEqual([]);
  });

  it('text, move, delete, undo and redo are emitted for the owner to apply', () => {
    const { emitted } = run([
      { type: 'mode.draw', insightId: 3 },
      { type: 'tool.choose', tool: 'text' },
      { type: 'pointer.down', point: [0.2, 0.2] },
      { type: 'text.commit', text: '  Downdraught  ' },
      { type: 'tool.choose', tool: 'select' },
      { type: 'pointer.down', point: [0.2, 0.2], shapeId: 'a' },
      { type: 'pointer.move', point: [0.25, 0.3] },
      { type: 'pointer.up', point: [0.3, 0.4] },
      { type: 'shape.delete' },
      { type: 'history.undo' },
      { type: 'history.redo' },
    ]);
    expect(emitted.map((e) => e.type)).toEqual(['shape.commit', 'shape.move', 'shape.remove', 'history.undo', 'history.redo']);
    expect(emitted[0]).toMatchObject({ text: 'Downdraught', draft: { kind: 'text', points: [[0.2, 0.2]] } });
    expect((emitted[1] as { dx: number; dy: number }).dx).toBeCloseTo(0.1);
    expect((emitted[1] as { dx: number; dy: number }).dy).toBeCloseTo(0.2);
    expect(emitted[2]).toEqual({ type: 'shape.remove', shapeId: 'a' });
  });

  it('a pin is emitted only when saved, with its placement and details', () => {
    const placement = { point: [1, 2, 3] as [number, number, number], layerId: '9', value: 1.2 };
    const details = { templateId: 2, pinTypeId: null, colour: '#1a7f37', icon: 'shield', title: 'Entrance', note: 'Gusty' };
    expect(run([{ type: 'mode.annotate', insightId: 5 }, { type: 'pin.place', placement }, { type: 'cancel' }]).emitted).toEqual([]);
    expect(
      run([
        { type: 'mode.annotate', insightId: 5 },
        { type: 'pin.place', placement },
        { type: 'mode.draw', insightId: 5 },
      ]).emitted,
    ).toEqual([]);
    const { emitted, snapshot } = run([
      { type: 'mode.annotate', insightId: 5 },
      { type: 'pin.place', placement },
      { type: 'pin.save', details },
    ]);
    expect(emitted).toEqual([{ type: 'pin.commit', insightId: 5, placement, details }]);
    expect(snapshot.matches({ annotating: 'idle' })).toBe(true);
  });

  it('keeps the drawing and its undo history in context: add, move, delete, undo, redo', () => {
    const { snapshot } = run([
      { type: 'mode.draw', insightId: 3 },
      { type: 'tool.choose', tool: 'line' },
      { type: 'pointer.down', point: [0.125, 0.125] },
      { type: 'pointer.up', point: [0.5, 0.5] },
      { type: 'tool.choose', tool: 'select' },
      { type: 'pointer.down', point: [0.125, 0.125], shapeId: 'shape-1' },
      { type: 'pointer.up', point: [0.25, 0.375] },
      { type: 'history.undo' },
    ]);
    expect(selectDrawing(snapshot).shapes).toEqual([
      {
        id: 'shape-1',
        kind: 'line',
        points: [
          [0.125, 0.125],
          [0.5, 0.5],
        ],
        colour: '#e4572e',
        width: 3,
      },
    ]);
    expect([selectCanUndo(snapshot), selectCanRedo(snapshot)]).toEqual([true, true]);
    const redone = getNextSnapshot(viewerModesMachine, snapshot, { type: 'history.redo' });
    expect(selectDrawing(redone).shapes[0]!.points).toEqual([
      [0.25, 0.375],
      [0.625, 0.75],
    ]);
    // Plain data: the history survives JSON.
    expect(JSON.parse(JSON.stringify(redone.context))).toEqual(redone.context);
    const selected = getNextSnapshot(viewerModesMachine, redone, { type: 'pointer.down', point: [0.3, 0.4], shapeId: 'shape-1' });
    const released = getNextSnapshot(viewerModesMachine, selected, { type: 'pointer.up', point: [0.3, 0.4] });
    const deleted = getNextSnapshot(viewerModesMachine, released, { type: 'shape.delete' });
    expect(selectDrawing(deleted).shapes).toEqual([]);
    expect(selectDrawing(getNextSnapshot(viewerModesMachine, deleted, { type: 'history.undo' })).shapes.map((s) => s.id)).toEqual(['shape-1']);
  });

  it('a loaded drawing starts a new history; new shapes take ids it does not use', () => {
    const saved = {
      shapes: [{ id: 'shape-1', kind: 'text' as const, points: [[0.5, 0.5]] as [number, number][], colour: '#000000', width: 2, text: 'Gusts' }],
    };
    const { snapshot } = run([
      { type: 'mode.draw', insightId: 3 },
      { type: 'pointer.down', point: [0.1, 0.1] },
      { type: 'pointer.up', point: [0.4, 0.4] },
      { type: 'drawing.load', drawing: saved },
      { type: 'pointer.down', point: [0.1, 0.1] },
      { type: 'pointer.up', point: [0.4, 0.4] },
    ]);
    expect(selectDrawing(snapshot).shapes.map((s) => s.id)).toEqual(['shape-1', 'shape-2']);
    const undone = getNextSnapshot(viewerModesMachine, snapshot, { type: 'history.undo' });
    expect(selectDrawing(undone)).toEqual(saved);
    expect(selectCanUndo(undone)).toBe(false);
  });
});
