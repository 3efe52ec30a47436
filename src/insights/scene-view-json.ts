/**
 * A scene view as versioned, renderer-neutral JSON: what the viewer showed — camera,
 * visible layers, layer filters, colour scale, theme, simulation — with the insight's drawing and
 * pins. The server stores it as given (`view_json`); this module is the one place that writes,
 * reads and migrates it. Nothing here knows three.js: the viewer screen applies the view through
 * ViewerBridge.restore.
 *
 * Changelog (bump CURRENT_VERSION and add a migration for every change to the stored shape):
 *   v1  First format: camera as position and target only (up +Z, 45° field of view implied),
 *       `layer_ids`, `theme`, `colour_scale`, `simulation_id`, drawing shapes as `shapes`. No
 *       filters and no pins.
 *   v2  Camera carries `up` and `fov` (restoring a view made with another field of view was off);
 *       `layers` replaces `layer_ids`; `filters` (the layer-filter selections by dimension) and
 *       `pins` (type, colour, icon, title, note and the site point) added; keys camelCase like
 *       ViewState.
 */
import { z } from 'zod';
import type { CameraState, ColourScale, ThemeName, ViewerBridge, ViewState } from '../viewer/contracts.ts';
import { parseShape, type DrawingDoc, type Shape, type SitePoint } from './drawing.ts';

export const CURRENT_VERSION = 2;

/** A pin as the scene view keeps it, enough to draw it without the server's pin list. */
export interface PinMark {
  pinTypeId: number;
  position: SitePoint;
  colour: string;
  icon: string;
  title: string;
  note: string;
  value?: number;
  unit?: string;
}

export interface SceneViewJson {
  version: typeof CURRENT_VERSION;
  camera: CameraState;
  layers: string[];
  filters: Record<string, string | null>;
  colourScale: ColourScale | null;
  theme: ThemeName;
  simulationId: number | null;
  drawings: Shape[];
  pins: PinMark[];
}

export interface SceneViewDoc {
  view: ViewState;
  drawing: DrawingDoc;
  pins: PinMark[];
}

export class SceneViewJsonError extends Error {}

/** JSON has no negative zero; writing 0 keeps write ∘ read ∘ write stable. */
const num = (v: number) => (Object.is(v, -0) ? 0 : v);
const vec = (v: readonly number[]) => v.map(num) as [number, number, number];

const THEMES = ['default', 'light', 'translucent', 'geometry', 'dark', 'tron'] as const;
const finite = z.number().finite();
const Vec3 = z.tuple([finite, finite, finite]);

const ColourScaleSchema = z.object({
  min: finite,
  max: finite,
  colours: z.array(z.string()),
  discrete: z.boolean(),
  classLabels: z.array(z.string()).optional(),
  unit: z.string().optional(),
  legendName: z.string().optional(),
  title: z.string().optional(),
  ticks: z.array(finite).optional(),
  layerId: z.string().optional(),
});

const PinSchema = z.object({
  pinTypeId: z.number().int(),
  position: Vec3,
  colour: z.string(),
  icon: z.string(),
  title: z.string(),
  note: z.string(),
  value: finite.optional(),
  unit: z.string().optional(),
});

const V2Schema = z.object({
  version: z.literal(2),
  camera: z.object({ position: Vec3, target: Vec3, up: Vec3, fov: finite }),
  layers: z.array(z.string()),
  filters: z.record(z.string(), z.string().nullable()),
  colourScale: ColourScaleSchema.nullable(),
  theme: z.enum(THEMES),
  simulationId: z.number().int().nullable(),
  drawings: z.array(z.unknown()),
  pins: z.array(PinSchema),
});

const V1Schema = z.object({
  version: z.literal(1),
  camera: z.object({ position: Vec3, target: Vec3 }),
  layer_ids: z.array(z.string()),
  theme: z.enum(THEMES),
  colour_scale: ColourScaleSchema.nullable(),
  simulation_id: z.number().int().nullable(),
  shapes: z.array(z.unknown()),
});

function colourScaleOut(c: ColourScale | null): ColourScale | null {
  if (!c) return null;
  const out: ColourScale = { min: num(c.min), max: num(c.max), colours: [...c.colours], discrete: c.discrete };
  if (c.classLabels) out.classLabels = [...c.classLabels];
  if (c.unit !== undefined) out.unit = c.unit;
  if (c.legendName !== undefined) out.legendName = c.legendName;
  if (c.title !== undefined) out.title = c.title;
  if (c.ticks) out.ticks = c.ticks.map(num);
  if (c.layerId !== undefined) out.layerId = c.layerId;
  return out;
}

function shapeOut(s: Shape): Shape {
  const out: Shape = { id: s.id, kind: s.kind, points: s.points.map((p) => [num(p[0]), num(p[1])]), colour: s.colour, width: num(s.width) };
  if (s.text !== undefined) out.text = s.text;
  if (s.anchors) out.anchors = s.anchors.map(vec);
  return out;
}

function pinOut(p: PinMark): PinMark {
  const out: PinMark = { pinTypeId: p.pinTypeId, position: vec(p.position), colour: p.colour, icon: p.icon, title: p.title, note: p.note };
  if (p.value !== undefined) out.value = num(p.value);
  if (p.unit !== undefined) out.unit = p.unit;
  return out;
}

/** The JSON for a scene view (the current version). */
export function serialiseSceneView(view: ViewState, drawing: DrawingDoc, pins: readonly PinMark[]): SceneViewJson {
  return {
    version: CURRENT_VERSION,
    camera: { position: vec(view.camera.position), target: vec(view.camera.target), up: vec(view.camera.up), fov: num(view.camera.fov) },
    layers: [...view.layers],
    filters: { ...view.filters },
    colourScale: colourScaleOut(view.colourScale),
    theme: view.theme,
    simulationId: view.simulationId,
    drawings: drawing.shapes.map(shapeOut),
    pins: pins.map(pinOut),
  };
}

/** v1 → v2 (see the changelog). */
function migrateV1(v1: z.infer<typeof V1Schema>): z.infer<typeof V2Schema> {
  return {
    version: 2,
    camera: { position: v1.camera.position, target: v1.camera.target, up: [0, 0, 1], fov: 45 },
    layers: v1.layer_ids,
    filters: {},
    colourScale: v1.colour_scale,
    theme: v1.theme,
    simulationId: v1.simulation_id,
    drawings: v1.shapes,
    pins: [],
  };
}

function describe(error: z.ZodError): string {
  const first = error.issues[0];
  return first ? `${first.path.join('.') || 'view'}: ${first.message}` : 'invalid';
}

/** Reads stored scene-view JSON of any known version; throws SceneViewJsonError naming what is wrong. */
export function readSceneView(json: unknown): SceneViewDoc {
  const version = json && typeof json === 'object' ? (json as { version?: unknown }).version : undefined;
  let v2: z.infer<typeof V2Schema>;
  if (version === 1) {
    const parsed = V1Schema.safeParse(json);
    if (!parsed.success) throw new SceneViewJsonError(`Scene view v1 is malformed (${describe(parsed.error)})`);
    v2 = migrateV1(parsed.data);
  } else if (version === 2) {
    const parsed = V2Schema.safeParse(json);
    if (!parsed.success) throw new SceneViewJsonError(`Scene view is malformed (${describe(parsed.error)})`);
    v2 = parsed.data;
  } else {
    throw new SceneViewJsonError(
      typeof version === 'number' && version > CURRENT_VERSION
        ? `Scene view version ${version} is newer than this app (${CURRENT_VERSION}); reload the page`
        : 'Not a scene view',
    );
  }
  const shapes = v2.drawings.map(parseShape).filter((s): s is Shape => s !== null);
  const colourScale: ColourScale | null = v2.colourScale ? colourScaleOut(v2.colourScale as ColourScale) : null;
  return {
    view: { camera: v2.camera, layers: v2.layers, filters: v2.filters, colourScale, theme: v2.theme, simulationId: v2.simulationId },
    drawing: { shapes },
    pins: v2.pins.map((p) => pinOut(p as PinMark)),
  };
}

/** Applies a stored scene view to the viewer and answers its drawing and pins for the overlay. */
export function restoreSceneView(json: unknown, viewer: ViewerBridge): SceneViewDoc {
  const doc = readSceneView(json);
  viewer.restore(doc.view);
  return doc;
}
