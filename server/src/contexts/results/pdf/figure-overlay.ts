/**
 * What the user made, drawn over a figure's image in the PDF: the scene view's
 * drawing (shapes in canvas-normalised coordinates, 0..1 with y down — src/insights/drawing.ts)
 * and the insight's pins (site points, projected through the view's saved camera). Drawn as
 * vectors over the captured image rather than baked into it, so every export carries them —
 * also of views captured before drawings existed — and pin titles and drawn text stay text.
 *
 * The camera is the viewer's (three.js PerspectiveCamera): vertical field of view in degrees, the
 * image's aspect ratio, looking from `position` at `target` with `up`.
 */
import { rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { printable } from './fonts.ts';

export type Vec3 = [number, number, number];
export interface CameraSnapshot {
  position: Vec3;
  target: Vec3;
  up?: Vec3;
  fov?: number;
}
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}
type NormPoint = [number, number];

interface Shape {
  kind: 'freehand' | 'line' | 'arrow' | 'rectangle' | 'ellipse' | 'text';
  points: NormPoint[];
  colour: string;
  width: number;
  text?: string;
  anchors?: Vec3[];
  /** A text centred on its point (a zone's name on its outline) rather than starting there. */
  centred?: boolean;
}

export interface OverlayPin {
  number: number;
  position: Vec3;
  colour: string;
  title: string;
}

/** The viewer's default field of view when a view saved none. */
const DEFAULT_FOV_DEG = 45;
const KINDS = new Set(['freehand', 'line', 'arrow', 'rectangle', 'ellipse', 'text']);
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isPoint = (v: unknown): v is NormPoint => Array.isArray(v) && v.length === 2 && v.every(isNum);
const isVec3 = (v: unknown): v is Vec3 => Array.isArray(v) && v.length === 3 && v.every(isNum);

/** The shapes of a stored drawing_json (version 1); malformed shapes are left out, not fatal. */
export function drawingShapes(json: unknown): Shape[] {
  const shapes = (json as { shapes?: unknown })?.shapes;
  if (!Array.isArray(shapes)) return [];
  return shapes.flatMap((raw): Shape[] => {
    const s = raw as Partial<Shape>;
    if (!s || !KINDS.has(s.kind as string) || !Array.isArray(s.points) || s.points.length === 0 || !s.points.every(isPoint)) return [];
    const anchors = Array.isArray(s.anchors) && s.anchors.length === s.points.length && s.anchors.every(isVec3) ? s.anchors : undefined;
    return [
      {
        kind: s.kind!,
        points: s.points,
        colour: typeof s.colour === 'string' ? s.colour : '#d1242f',
        width: isNum(s.width) ? s.width : 2,
        ...(typeof s.text === 'string' ? { text: s.text } : {}),
        ...(anchors ? { anchors } : {}),
      },
    ];
  });
}

const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: Vec3, b: Vec3): Vec3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const unit = (a: Vec3): Vec3 => {
  const n = Math.hypot(...a) || 1;
  return [a[0] / n, a[1] / n, a[2] / n];
};

/**
 * A site point on the image, canvas-normalised (0..1, y down), as the viewer's camera shows it;
 * null behind the camera. Points off the image come back outside 0..1.
 */
export function projectPoint(camera: CameraSnapshot, aspect: number, point: Vec3): NormPoint | null {
  const forward = unit(sub(camera.target, camera.position));
  const right = unit(cross(forward, camera.up ?? [0, 0, 1]));
  const up = cross(right, forward);
  const rel = sub(point, camera.position);
  const depth = dot(rel, forward);
  if (depth <= 1e-6) return null;
  const t = Math.tan(((camera.fov ?? DEFAULT_FOV_DEG) * Math.PI) / 360);
  const ndcX = dot(rel, right) / (depth * t * aspect);
  const ndcY = dot(rel, up) / (depth * t);
  return [(ndcX + 1) / 2, (1 - ndcY) / 2];
}

function colourOf(hex: string) {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  const n = m ? Number.parseInt(m[1]!, 16) : 0xd1242f;
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
}

export interface OverlayInput {
  page: PDFPage;
  rect: Rect;
  /** The image's pixel size: its aspect ratio for the projection, its width for line widths. */
  imagePx: { width: number; height: number };
  camera: CameraSnapshot | null;
  shapes: Shape[];
  pins: OverlayPin[];
  font: PDFFont;
  bold: PDFFont;
}

/** Draws the drawing's shapes and the pins over the image placed at `rect`; returns how many it drew. */
export function drawOverlay(o: OverlayInput): { shapes: number; pins: number } {
  const aspect = o.imagePx.width / Math.max(1, o.imagePx.height);
  // One CSS pixel of the captured canvas in points (captures are at the canvas's size).
  const px = o.rect.width / Math.max(1, o.imagePx.width);
  const toPage = ([u, v]: NormPoint) => ({ x: o.rect.x + u * o.rect.width, y: o.rect.y + (1 - v) * o.rect.height });
  const inside = ([u, v]: NormPoint) => u >= -0.02 && u <= 1.02 && v >= -0.02 && v <= 1.02;
  let shapes = 0;
  for (const shape of o.shapes) {
    // Anchored shapes follow the model: their site points through the saved camera, as the viewer draws them.
    const projected = shape.anchors && o.camera ? shape.anchors.map((a) => projectPoint(o.camera!, aspect, a)) : null;
    const points = projected && projected.every(Boolean) ? (projected as NormPoint[]) : shape.points;
    if (!points.some(inside)) continue;
    const color = colourOf(shape.colour);
    const thickness = Math.max(0.75, shape.width * px * 1.5);
    const [a, b] = [toPage(points[0]!), toPage(points.at(-1)!)];
    switch (shape.kind) {
      case 'freehand':
        for (let i = 1; i < points.length; i++) o.page.drawLine({ start: toPage(points[i - 1]!), end: toPage(points[i]!), thickness, color, lineCap: 1 });
        break;
      case 'line':
      case 'arrow': {
        o.page.drawLine({ start: a, end: b, thickness, color, lineCap: 1 });
        if (shape.kind === 'arrow') {
          const angle = Math.atan2(b.y - a.y, b.x - a.x);
          const len = Math.max(6, thickness * 4);
          for (const turn of [-0.45, 0.45])
            o.page.drawLine({ start: b, end: { x: b.x - len * Math.cos(angle + turn), y: b.y - len * Math.sin(angle + turn) }, thickness, color, lineCap: 1 });
        }
        break;
      }
      case 'rectangle':
        o.page.drawRectangle({
          x: Math.min(a.x, b.x),
          y: Math.min(a.y, b.y),
          width: Math.abs(b.x - a.x),
          height: Math.abs(b.y - a.y),
          borderColor: color,
          borderWidth: thickness,
        });
        break;
      case 'ellipse':
        o.page.drawEllipse({
          x: (a.x + b.x) / 2,
          y: (a.y + b.y) / 2,
          xScale: Math.abs(b.x - a.x) / 2,
          yScale: Math.abs(b.y - a.y) / 2,
          borderColor: color,
          borderWidth: thickness,
        });
        break;
      case 'text': {
        const text = printable(o.bold, shape.text ?? '');
        if (!text) continue;
        const size = Math.max(7, (12 + shape.width * 2) * px * 1.2);
        const x = shape.centred ? a.x - o.bold.widthOfTextAtSize(text, size) / 2 : a.x;
        o.page.drawText(text, { x, y: a.y - size * 0.2, size, font: o.bold, color });
        break;
      }
    }
    shapes++;
  }

  let pins = 0;
  if (o.camera) {
    for (const pin of o.pins) {
      const at = projectPoint(o.camera, aspect, pin.position);
      if (!at || !inside(at)) continue;
      const p = toPage(at);
      const r = 6;
      // A round marker with the pin's number (the pins list below uses the same numbers), its title beside it.
      o.page.drawCircle({ x: p.x, y: p.y + r, size: r, color: colourOf(pin.colour), borderColor: rgb(1, 1, 1), borderWidth: 1.2 });
      const label = String(pin.number);
      o.page.drawText(label, { x: p.x - o.bold.widthOfTextAtSize(label, 7) / 2, y: p.y + r - 2.5, size: 7, font: o.bold, color: rgb(1, 1, 1) });
      const title = printable(o.font, pin.title);
      if (title) {
        const w = o.font.widthOfTextAtSize(title, 7.5);
        o.page.drawRectangle({ x: p.x + r + 2, y: p.y + r - 4.5, width: w + 4, height: 10, color: rgb(1, 1, 1), opacity: 0.85 });
        o.page.drawText(title, { x: p.x + r + 4, y: p.y + r - 2, size: 7.5, font: o.font, color: rgb(0.07, 0.07, 0.07) });
      }
      pins++;
    }
  }
  return { shapes, pins };
}
