/**
 * Shapes the viewer-modes machine works with. Renderer-neutral: points are in the screen
 * plane normalised to the canvas (0..1 both ways, y down), so a drawing is the same at any canvas
 * size; src/insights/drawing.ts turns a finished draft into a stored shape (and may anchor it to the
 * model with a ray query).
 */

import type { DrawingDoc } from './drawing-doc.ts';

export type NormPoint = [number, number];

/** The drawing tools: `select` picks, moves and deletes shapes; the others make one. */
export type DrawTool = 'select' | 'freehand' | 'line' | 'arrow' | 'rectangle' | 'ellipse' | 'text';
export const DRAW_TOOLS: readonly DrawTool[] = ['select', 'freehand', 'line', 'arrow', 'rectangle', 'ellipse', 'text'];

export type ShapeKind = Exclude<DrawTool, 'select'>;

export interface DrawStyle {
  /** #rrggbb */
  colour: string;
  /** Stroke width in CSS pixels at the canvas's size when drawn. */
  width: number;
}

/** The shape being drawn: freehand keeps every point, the others the first and the latest. */
export interface DraftShape {
  kind: ShapeKind;
  points: NormPoint[];
  style: DrawStyle;
}

/** A shape being dragged with the select tool: where the drag started and where it is now. */
export interface DragState {
  shapeId: string;
  from: NormPoint;
  to: NormPoint;
}

/** Where a pin goes: a ray query's hit on the model. */
export interface PinPlacement {
  point: [number, number, number];
  layerId: string;
  value?: number;
  unit?: string;
  /** The value as a person reads it (a category map's class name, or the number with its unit). */
  valueText?: string;
}

/**
 * What the pin form (the annotation menu) sends when the user saves the pin: its type — a template,
 * or a pin type the insight already has; exactly one of the two ids — and the colour and icon the
 * pin is drawn with (the type's own unless the user changed them), title and note.
 */
export interface PinDetails {
  templateId: number | null;
  pinTypeId: number | null;
  /** #rrggbb */
  colour: string;
  icon: string;
  title: string;
  note: string;
}

export type ViewerModesEvent =
  | { type: 'mode.browse' }
  | { type: 'mode.edit'; insightId: number }
  | { type: 'mode.annotate'; insightId: number }
  | { type: 'mode.draw'; insightId: number }
  /** Escape: cancels the current interaction; in a mode's idle, leaves the mode. */
  | { type: 'cancel' }
  | { type: 'edit.saved' }
  | { type: 'tool.choose'; tool: DrawTool }
  | { type: 'style.set'; style: Partial<DrawStyle> }
  | { type: 'pointer.down'; point: NormPoint; shapeId?: string | null }
  | { type: 'pointer.move'; point: NormPoint }
  | { type: 'pointer.up'; point?: NormPoint }
  | { type: 'text.commit'; text: string }
  | { type: 'shape.delete' }
  | { type: 'history.undo' }
  | { type: 'history.redo' }
  | { type: 'pin.place'; placement: PinPlacement }
  | { type: 'pin.save'; details: PinDetails }
  /** A new drawing with an empty history (the selected insight's saved one, or none). */
  | { type: 'drawing.load'; drawing: DrawingDoc };

/** What the machine tells its owner to do with the drawing and pins (xstate `emit`). */
export type ViewerModesEmitted =
  | { type: 'shape.commit'; draft: DraftShape; text?: string }
  | { type: 'shape.move'; shapeId: string; dx: number; dy: number }
  | { type: 'shape.remove'; shapeId: string }
  | { type: 'history.undo' }
  | { type: 'history.redo' }
  | { type: 'pin.commit'; insightId: number; placement: PinPlacement; details: PinDetails };
