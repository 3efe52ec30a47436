/**
 * The drawing model: shapes in the screen plane, normalised to the canvas (0..1, y down),
 * optionally anchored to the model (one site point per shape point, from a ray query on the
 * presentation plane or the geometry) so the drawing follows the camera. The model and its commands
 * live with the machine that keeps the undo history (machines/viewer-modes/drawing-doc.ts).
 *
 * Stored as a drawing's `drawing_json`: `{ version: 1, shapes: [...] }` (see parseDrawing).
 */
import type { NormPoint, ShapeKind } from '@machines/viewer-modes/viewer-modes.types.ts';
import type { DrawingDoc, Shape, SitePoint } from '@machines/viewer-modes/drawing-doc.ts';

export { emptyDrawing } from '@machines/viewer-modes/drawing-doc.ts';
export type { DrawingDoc, Shape, SitePoint } from '@machines/viewer-modes/drawing-doc.ts';

export const DRAWING_JSON_VERSION = 1;

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
  if (typeof v.id !== 'string' || !KINDS.includes(v.kind as ShapeKind) || !Array.isArray(v.points) || !v.points.every(isPair) || v.points.length === 0)
    return null;
  if (typeof v.colour !== 'string' || !/^#[0-9a-fA-F]{6}$/.test(v.colour) || !isNum(v.width)) return null;
  const shape: Shape = { id: v.id, kind: v.kind as ShapeKind, points: v.points.map((p: NormPoint) => [p[0], p[1]]), colour: v.colour, width: v.width };
  if (typeof v.text === 'string') shape.text = v.text;
  if (Array.isArray(v.anchors) && v.anchors.length === shape.points.length && v.anchors.every(isTriple))
    shape.anchors = v.anchors.map((a: SitePoint) => [a[0], a[1], a[2]]);
  return shape;
}

export function parseDrawing(json: unknown): DrawingDoc {
  const shapes = json && typeof json === 'object' && Array.isArray((json as { shapes?: unknown }).shapes) ? (json as { shapes: unknown[] }).shapes : [];
  return { shapes: shapes.map(parseShape).filter((s): s is Shape => s !== null) };
}
