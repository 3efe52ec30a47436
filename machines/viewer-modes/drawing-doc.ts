/**
 * The drawing model: shapes in the screen plane, normalised to the canvas (0..1, y down),
 * optionally anchored to the model (one site point per shape point, from a ray query on the
 * presentation plane or the geometry) so the drawing follows the camera. Commands are data, applied
 * and inverted by `drawingCommands` for the undo/redo stack of drawing-history.ts, which the
 * viewer-modes machine keeps in its context. Pure: no ids from the clock (the machine numbers its
 * shapes), no I/O. Reading and writing `drawing_json` is src/insights/drawing.ts.
 */
import type { DraftShape, NormPoint, ShapeKind } from './viewer-modes.types.ts';
import type { CommandSet } from './drawing-history.ts';

export type SitePoint = [number, number, number];

export interface Shape {
  id: string;
  kind: ShapeKind;
  /** Normalised canvas points: freehand keeps the path, line/arrow/rectangle/ellipse two corners, text one. */
  points: NormPoint[];
  colour: string;
  width: number;
  text?: string;
  /** Site points for each of `points` when the shape is anchored to the model; absent in the screen plane. */
  anchors?: SitePoint[];
}

export interface DrawingDoc {
  shapes: Shape[];
}

export type DrawingCommand =
  { type: 'add'; shape: Shape; index: number } | { type: 'remove'; id: string } | { type: 'move'; id: string; dx: number; dy: number; anchorDelta?: SitePoint };

export const emptyDrawing = (): DrawingDoc => ({ shapes: [] });

export function shapeFromDraft(draft: DraftShape, id: string, text?: string): Shape {
  const shape: Shape = { id, kind: draft.kind, points: draft.points.map((p) => [p[0], p[1]]), colour: draft.style.colour, width: draft.style.width };
  if (draft.kind === 'text') shape.text = text ?? '';
  return shape;
}

const movePoint = (p: NormPoint, dx: number, dy: number): NormPoint => [p[0] + dx, p[1] + dy];

export const drawingCommands: CommandSet<DrawingDoc, DrawingCommand> = {
  apply(doc, command) {
    switch (command.type) {
      case 'add': {
        // Ids are unique: adding one that is there already changes nothing.
        if (doc.shapes.some((s) => s.id === command.shape.id)) return doc;
        const shapes = [...doc.shapes];
        shapes.splice(Math.min(command.index, shapes.length), 0, command.shape);
        return { shapes };
      }
      case 'remove':
        return { shapes: doc.shapes.filter((s) => s.id !== command.id) };
      case 'move':
        return {
          shapes: doc.shapes.map((s) => {
            if (s.id !== command.id) return s;
            const moved: Shape = { ...s, points: s.points.map((p) => movePoint(p, command.dx, command.dy)) };
            const d = command.anchorDelta;
            if (s.anchors) {
              // A moved anchored shape keeps its anchors only when the move was measured on the model too.
              if (d) moved.anchors = s.anchors.map((a) => [a[0] + d[0], a[1] + d[1], a[2] + d[2]]);
              else delete moved.anchors;
            }
            return moved;
          }),
        };
    }
  },
  invert(doc, command) {
    switch (command.type) {
      case 'add':
        return doc.shapes.some((s) => s.id === command.shape.id)
          ? { type: 'move', id: command.shape.id, dx: 0, dy: 0 }
          : { type: 'remove', id: command.shape.id };
      case 'remove': {
        const index = doc.shapes.findIndex((s) => s.id === command.id);
        const shape = doc.shapes[index];
        // Removing a shape that is not there is a no-op; its inverse is one too.
        return shape ? { type: 'add', shape, index } : { type: 'move', id: command.id, dx: 0, dy: 0 };
      }
      case 'move':
        return {
          type: 'move',
          id: command.id,
          dx: -command.dx,
          dy: -command.dy,
          ...(command.anchorDelta ? { anchorDelta: command.anchorDelta.map((v) => -v) as SitePoint } : {}),
        };
    }
  },
};

/** The first id `shape-<n>` (n from `from`) no shape of `doc` has: unique within the drawing, and deterministic. */
export function freeShapeId(doc: DrawingDoc, from: number): { id: string; next: number } {
  let n = from;
  while (doc.shapes.some((s) => s.id === `shape-${n}`)) n++;
  return { id: `shape-${n}`, next: n + 1 };
}
