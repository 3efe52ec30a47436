import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { canRedo, canUndo, createHistory, execute, redo, undo, type CommandSet } from './drawing-history.ts';
import { drawingCommands, emptyDrawing, type DrawingCommand, type DrawingDoc, type Shape } from './drawing-doc.ts';

/** A counter with add commands: the simplest state to see the stack's rules on. */
const counter: CommandSet<number, number> = { apply: (s, c) => s + c, invert: (_s, c) => -c };

/** Coordinates in eighths, so moves add and subtract exactly and undo can be compared with toEqual. */
const shape = (id: string, x = 0.125): Shape => ({
  id,
  kind: 'line',
  points: [
    [x, 0.125],
    [x + 0.25, 0.375],
  ],
  colour: '#ff0000',
  width: 2,
});

describe('command stack', () => {
  it('undoes and redoes in order, and a new command clears redo', () => {
    let h = createHistory<number, number>(0);
    h = execute(h, counter, 5);
    h = execute(h, counter, 3);
    expect(h.present).toBe(8);
    h = undo(h, counter);
    expect(h.present).toBe(5);
    expect(canRedo(h)).toBe(true);
    h = redo(h, counter);
    expect(h.present).toBe(8);
    h = undo(undo(h, counter), counter);
    expect(h.present).toBe(0);
    expect(canUndo(h)).toBe(false);
    expect(undo(h, counter)).toBe(h);
    h = execute(h, counter, 1);
    expect(canRedo(h)).toBe(false);
  });

  it('keeps at most `limit` undo steps', () => {
    let h = createHistory<number, number>(0);
    for (let i = 0; i < 10; i++) h = execute(h, counter, 1, 3);
    expect(h.past).toHaveLength(3);
    while (canUndo(h)) h = undo(h, counter);
    expect(h.present).toBe(7);
  });
});

const command = fc.oneof(
  fc.record({ type: fc.constant('add' as const), shape: fc.integer({ min: 0, max: 5 }).map((i) => shape(`n${i}`, i / 8)), index: fc.nat(6) }),
  fc.record({ type: fc.constant('remove' as const), id: fc.constantFrom('a', 'b', 'n1', 'n2', 'zz') }),
  fc.record({
    type: fc.constant('move' as const),
    id: fc.constantFrom('a', 'b', 'n1'),
    dx: fc.integer({ min: -5, max: 5 }).map((v) => v / 8),
    dy: fc.integer({ min: -5, max: 5 }).map((v) => v / 8),
  }),
) as fc.Arbitrary<DrawingCommand>;

describe('drawing commands on the stack', () => {
  it('undoing every command returns the drawing it started from; redoing all returns the end', () => {
    fc.assert(
      fc.property(fc.array(command, { maxLength: 25 }), (commands) => {
        const start: DrawingDoc = { shapes: [shape('a'), shape('b', 0.5)] };
        let h = createHistory<DrawingDoc, DrawingCommand>(start);
        for (const c of commands) h = execute(h, drawingCommands, c);
        const end = h.present;
        while (canUndo(h)) h = undo(h, drawingCommands);
        expect(h.present).toEqual(start);
        while (canRedo(h)) h = redo(h, drawingCommands);
        expect(h.present).toEqual(end);
      }),
    );
  });

  it('add, move and delete act on the named shape only', () => {
    let h = createHistory<DrawingDoc, DrawingCommand>(emptyDrawing());
    h = execute(h, drawingCommands, { type: 'add', shape: shape('a'), index: 0 });
    h = execute(h, drawingCommands, { type: 'add', shape: shape('b'), index: 1 });
    h = execute(h, drawingCommands, { type: 'move', id: 'a', dx: 0.25, dy: 0.5 });
    expect(h.present.shapes[0]!.points[0]).toEqual([0.375, 0.625]);
    expect(h.present.shapes[1]!.points[0]).toEqual([0.125, 0.125]);
    h = execute(h, drawingCommands, { type: 'remove', id: 'a' });
    expect(h.present.shapes.map((s) => s.id)).toEqual(['b']);
    h = undo(h, drawingCommands);
    expect(h.present.shapes.map((s) => s.id)).toEqual(['a', 'b']);
  });
});
