/**
 * The drawing model (issue 10): shapes in the screen plane, normalised to the canvas (0..1, y down),
 * optionally anchored to the model (one site point per shape point, from a ray query on the
 * presentation plane or the geometry) so the drawing follows the camera. Commands are data, for
 * the undo/redo stack of history.ts.
 *
 * Stored as a drawing's `drawing_json`: `{ version: 1, shapes: [...] }` (see parseDrawing).
 */
import type { DraftShape, NormPoint, ShapeKind } from '@machines/viewer-modes/viewer-modes.types.ts';
import type { CommandSet } from './history.ts';

export type { NormPoint, ShapeKind };

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
  | { type: 'add'; shape: Shape; index: number }
  | { type: 'remove'; id: string }
  | { type: 'move'; id: string; dx: number; dy: number; anchorDelta?: SitePoint };

export const DRAWING_JSON_VERSION = 1;

export const emptyDrawing = (): DrawingDoc => ({ shapes: [] });

let nextId = 0;
export function newShapeId(): string {
  nextId += 1;
  return `s${Date.now().toString(36)}${nextId.toString(36)}`;
}

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
        return doc.shapes.some((s) => s.id === command.shape.id) ? { type: 'move', id: command.shape.id, dx: 0, dy: 0 } : { type: 'remove', id: command.shape.id };
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

/** Drawing JSON as stored; unknown or malformed shapes are dropped rather than failing the view. */
export function serialiseDrawing(doc: DrawingDoc): { version: number; shapes: Shape[] } {
  return { version: DRAWING_JSON_VERSION, shapes: doc.shapes.map((s) => ({ ...s })) };
}

const KINDS: readonly ShapeKind[] = ['freehand', 'line', 'arrow', 'rectangle', 'ellipse', 'text'];
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isPair = (v: unknown): v is NormPoint => Array.isArray(v) && v.length === 2 && v.every(isNum);
const isTriple = (v: unknown): v is SitePoint => Array.isArray(v) && v.length === 3 && v.every(isNum);

export function parseShape(value: unknown): Shape | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if (typeof v.id !== 'string' || !KINDS.includes(v.kind as ShapeKind) || !Array.isArray(v.points) || !v.points.every(isPair) || v.points.length === 0) return null;
  if (typeof v.colour !== 'string' || !/^#[0-9a-fA-F]{6}$/.test(v.colour) || !isNum(v.width)) return null;
  const shape: Shape = { id: v.id, kind: v.kind as ShapeKind, points: v.points.map((p: NormPoint) => [p[0], p[1]]), colour: v.colour, width: v.width };
  if (typeof v.text === 'string') shape.text = v.text;
  if (Array.isArray(v.anchors) && v.anchors.length === shape.points.length && v.anchors.every(isTriple)) shape.anchors = v.anchors.map((a: SitePoint) => [a[0], a[1], a[2]]);
  return shape;
}

export function parseDrawing(json: unknown): DrawingDoc {
  const shapes = json && typeof json === 'object' && Array.isArray((json as { shapes?: unknown }).shapes) ? (json as { shapes: unknown[] }).shapes : [];
  return { shapes: shapes.map(parseShape).filter((s): s is Shape => s !== null) };
}
