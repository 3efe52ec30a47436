/**
 * The insights API contract (SPEC §3 insight, scene view, drawing, pin, pin types, image
 * view, report view, report, study image; §4 Draft/Published; §6 who sees drafts).
 *
 * Field names are the spec's where it names them (`sort_order`, `insight_status`, `sceneview_set`,
 * `imageview_set`, `pins`, `pin_types`, `camera_position`, `drawing_json`,
 * `horizontal_translation_factor`, `insight_pin_type_id`, `item`); everything else is snake_case.
 * The web app imports the inferred types with `import type` only. Names here are stable: changes
 * are additive.
 */
import { z } from '@hono/zod-openapi';
import { choice, idField, optionalText, text } from './common.ts';

export const INSIGHT_STATUSES = ['Draft', 'Published'] as const;
export const InsightStatusSchema = choice(INSIGHT_STATUSES).openapi('InsightStatus');
export type InsightStatus = (typeof INSIGHT_STATUSES)[number];

export const PAGE_SIZES = ['A4', 'Letter'] as const;
export const PageSizeSchema = choice(PAGE_SIZES).openapi('PageSize');
export type PageSize = (typeof PAGE_SIZES)[number];

const Vec3 = z.tuple([z.number(), z.number(), z.number()]);
const Ref = z.object({ id: z.number().int() });
/** `#rrggbb`. */
const Colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Enter a colour as #rrggbb.');
/** A JSON object (not an array, not a scalar). */
const JsonObject = z.record(z.string(), z.unknown());
const Sort = z.number().int('A valid integer is required.').min(0, 'Ensure this value is greater than or equal to 0.').max(1_000_000);

// ---------------------------------------------------------------------------------------------
// Reference data: insight categories and pin-type templates (seeded; GET only).

export const InsightCategorySchema = z
  .object({
    id: z.number().int(),
    key: z.string().openapi({ description: 'Stable key the insight stores in `category`, e.g. "pedestrian-wind-comfort"' }),
    name: z.string(),
    description: z.string(),
    sort_order: z.number().int(),
  })
  .openapi('InsightCategory');
export type InsightCategory = z.infer<typeof InsightCategorySchema>;

export const PinTypeTemplateSchema = z
  .object({
    id: z.number().int(),
    key: z.string(),
    name: z.string(),
    description: z.string(),
    colour: z.string().openapi({ description: '#rrggbb' }),
    icon: z.string().openapi({ description: 'Icon name the client draws (e.g. "warning", "info", "wind")' }),
    sort_order: z.number().int(),
  })
  .openapi('InsightPinTypeTemplate');
export type PinTypeTemplate = z.infer<typeof PinTypeTemplateSchema>;

// ---------------------------------------------------------------------------------------------
// Drawings (SPEC §3: id, name, drawing_json, horizontal_translation_factor), on a scene view.

export const DrawingSchema = z
  .object({
    id: z.number().int(),
    scene_view: Ref.openapi({ description: 'The scene view the drawing belongs to' }),
    name: z.string(),
    drawing_json: JsonObject.openapi({ description: "The drawing tool's own JSON (strokes, shapes, text, colours, widths); stored as given" }),
    horizontal_translation_factor: z.number(),
  })
  .openapi('Drawing');
export type Drawing = z.infer<typeof DrawingSchema>;

export const DrawingCreateSchema = z
  .object({
    scene_view: idField().openapi({ description: 'Scene view id' }),
    name: optionalText(200),
    drawing_json: JsonObject,
    horizontal_translation_factor: z.number().finite().optional(),
  })
  .openapi('DrawingCreate');
export type DrawingCreate = z.infer<typeof DrawingCreateSchema>;

/** PUT /api/drawings carries the id in the body (SPEC §7). */
export const DrawingUpdateSchema = z
  .object({
    id: idField(),
    name: optionalText(200),
    drawing_json: JsonObject.optional(),
    horizontal_translation_factor: z.number().finite().optional(),
  })
  .openapi('DrawingUpdate');
export type DrawingUpdate = z.infer<typeof DrawingUpdateSchema>;

// ---------------------------------------------------------------------------------------------
// Scene views: a camera position, drawings, the layer selection and the client's scene-view JSON.

export const SelectedLayerSchema = z
  .object({ simulation_id: idField(), identifier: z.string().max(500), view_id: z.string().max(100) })
  .openapi('SceneViewLayer');
export type SelectedLayer = z.infer<typeof SelectedLayerSchema>;

/** The colour legend drawn beside the scene view's image in the PDF. */
export const LegendSchema = z
  .object({
    title: z.string().max(200),
    unit: z.string().max(50).optional(),
    min: z.number().finite().optional(),
    max: z.number().finite().optional(),
    colours: z.array(Colour).min(1).max(64),
    /** Discrete scales: one label per colour. */
    class_labels: z.array(z.string().max(100)).max(64).optional(),
    discrete: z.boolean().optional(),
  })
  .openapi('SceneViewLegend');
export type Legend = z.infer<typeof LegendSchema>;

/**
 * The client's versioned, renderer-neutral scene-view JSON (camera, layers, filters, colour scale,
 * drawings, pins, theme). The server checks only that it is an object with an integer `version`
 * and stores it as given; the client owns its format and migrations.
 */
export const ViewJsonSchema = z
  .looseObject({ version: z.number().int().min(1) })
  .openapi('SceneViewJson', { description: "The client's versioned scene-view JSON; stored as given" });
export type ViewJson = z.infer<typeof ViewJsonSchema>;

export const CameraSnapshotSchema = z
  .object({ position: Vec3, target: Vec3, up: Vec3.optional(), fov: z.number().gt(0).lt(180).optional() })
  .openapi('SceneViewCamera');

export const SceneViewSchema = z
  .object({
    id: z.number().int(),
    insight: Ref,
    name: z.string(),
    sort_order: z.number().int(),
    camera_position: Ref.nullable().openapi({ description: 'A saved camera position of the study (SPEC §3), or null' }),
    camera: CameraSnapshotSchema.nullable().openapi({
      description: 'The camera as it was when the view was saved (restores even if the saved position is deleted)',
    }),
    layer_selection: z.array(SelectedLayerSchema),
    simulation_id: z.number().int().nullable().openapi({ description: 'The simulation shown; the PDF provenance line comes from it' }),
    asset_id: z
      .number()
      .int()
      .nullable()
      .openapi({ description: 'The main data layer shown (an asset of the simulation); provenance comes from its metadata' }),
    legend: LegendSchema.nullable(),
    study_image_id: z.number().int().nullable().openapi({ description: 'The captured image of this view, used by the PDF when the request sends none' }),
    view_json: ViewJsonSchema.nullable(),
    drawings: z.array(DrawingSchema),
  })
  .openapi('SceneView');
export type SceneView = z.infer<typeof SceneViewSchema>;

const sceneViewFields = {
  name: optionalText(200),
  sort_order: Sort.optional(),
  camera_position: idField().nullable().optional().openapi({ description: 'Camera position id' }),
  camera: CameraSnapshotSchema.nullable().optional(),
  layer_selection: z.array(SelectedLayerSchema).max(1000).optional(),
  simulation_id: idField().nullable().optional(),
  asset_id: idField().nullable().optional(),
  legend: LegendSchema.nullable().optional(),
  study_image_id: idField().nullable().optional(),
  view_json: ViewJsonSchema.nullable().optional(),
};
export const SceneViewCreateSchema = z.object(sceneViewFields).openapi('SceneViewCreate');
export const SceneViewUpdateSchema = z.object(sceneViewFields).openapi('SceneViewUpdate');
export type SceneViewCreate = z.infer<typeof SceneViewCreateSchema>;
export type SceneViewUpdate = z.infer<typeof SceneViewUpdateSchema>;

// ---------------------------------------------------------------------------------------------
// Pin types (per insight, usually made from a template) and pins (SPEC §3: insight_pin_type_id, item).

export const PinTypeSchema = z
  .object({
    id: z.number().int(),
    insight: Ref,
    name: z.string(),
    colour: z.string(),
    icon: z.string(),
    template_id: z.number().int().nullable(),
  })
  .openapi('InsightPinType');
export type PinType = z.infer<typeof PinTypeSchema>;

export const PinTypeCreateSchema = z
  .object({
    name: optionalText(100).openapi({ description: "Defaults to the template's name" }),
    colour: Colour.optional(),
    icon: optionalText(50),
    template_id: idField().nullable().optional(),
  })
  .openapi('InsightPinTypeCreate');
export const PinTypeUpdateSchema = z.object({ name: optionalText(100), colour: Colour.optional(), icon: optionalText(50) }).openapi('InsightPinTypeUpdate');
export type PinTypeCreate = z.infer<typeof PinTypeCreateSchema>;
export type PinTypeUpdate = z.infer<typeof PinTypeUpdateSchema>;

/** What a pin marks: a point of the model from a ray query, with the probed value when a data layer was hit. */
export const PinItemSchema = z
  .looseObject({
    position: Vec3,
    layer_id: z.string().max(500).optional(),
    value: z.number().finite().optional(),
    unit: z.string().max(50).optional(),
    /** The value in words as the viewer read it: a category map's class name ('Standing'), else the number with its unit. */
    value_text: z.string().max(200).optional(),
  })
  .openapi('InsightPinItem');
export type PinItem = z.infer<typeof PinItemSchema>;

export const PinSchema = z
  .object({
    id: z.number().int(),
    insight: Ref,
    insight_pin_type_id: z.number().int(),
    scene_view_id: z.number().int().nullable(),
    item: PinItemSchema,
    title: z.string(),
    note: z.string(),
    sort_order: z.number().int(),
  })
  .openapi('InsightPin');
export type Pin = z.infer<typeof PinSchema>;

export const PinCreateSchema = z
  .object({
    insight_pin_type_id: idField(),
    scene_view_id: idField().nullable().optional(),
    item: PinItemSchema,
    title: optionalText(200),
    note: optionalText(5000),
    sort_order: Sort.optional(),
  })
  .openapi('InsightPinCreate');
export const PinUpdateSchema = z
  .object({
    insight_pin_type_id: idField().optional(),
    scene_view_id: idField().nullable().optional(),
    item: PinItemSchema.optional(),
    title: optionalText(200),
    note: optionalText(5000),
    sort_order: Sort.optional(),
  })
  .openapi('InsightPinUpdate');
export type PinCreate = z.infer<typeof PinCreateSchema>;
export type PinUpdate = z.infer<typeof PinUpdateSchema>;

// ---------------------------------------------------------------------------------------------
// Study images (uploaded or captured) and image views (an image placed in an insight).

export const STUDY_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;

export const StudyImageSchema = z
  .object({
    id: z.number().int(),
    study_id: z.number().int(),
    name: z.string(),
    source: z.enum(['captured', 'uploaded']),
    content_type: z.enum(STUDY_IMAGE_TYPES),
    width: z.number().int(),
    height: z.number().int(),
    byte_size: z.number().int(),
    url: z.string().openapi({ description: 'API path that answers the image bytes (needs the bearer token)' }),
    created_at: z.string(),
  })
  .openapi('StudyImage');
export type StudyImage = z.infer<typeof StudyImageSchema>;

/** Either `image_base64` (a captured PNG/JPEG, optionally as a data: URL) or `upload_id` (a finished upload of the project). */
export const StudyImageCreateSchema = z
  .object({
    name: optionalText(200),
    image_base64: z.string().max(28_000_000).optional(),
    upload_id: idField().optional(),
  })
  .openapi('StudyImageCreate');
export type StudyImageCreate = z.infer<typeof StudyImageCreateSchema>;
export const StudyImageUpdateSchema = z.object({ name: text(200) }).openapi('StudyImageUpdate');

export const ImageViewSchema = z
  .object({
    id: z.number().int(),
    insight: Ref,
    study_image_id: z.number().int(),
    scene_view_id: z.number().int().nullable(),
    caption: z.string(),
    sort_order: z.number().int(),
  })
  .openapi('ImageView');
export type ImageView = z.infer<typeof ImageViewSchema>;

export const ImageViewCreateSchema = z
  .object({ study_image_id: idField(), scene_view_id: idField().nullable().optional(), caption: optionalText(2000), sort_order: Sort.optional() })
  .openapi('ImageViewCreate');
export const ImageViewUpdateSchema = z
  .object({ study_image_id: idField().optional(), scene_view_id: idField().nullable().optional(), caption: optionalText(2000), sort_order: Sort.optional() })
  .openapi('ImageViewUpdate');
export type ImageViewCreate = z.infer<typeof ImageViewCreateSchema>;
export type ImageViewUpdate = z.infer<typeof ImageViewUpdateSchema>;

// ---------------------------------------------------------------------------------------------
// Insights.

export const InsightSchema = z
  .object({
    id: z.number().int(),
    study_id: z.number().int(),
    sort_order: z.number().int(),
    insight_status: InsightStatusSchema,
    category: z.string().nullable().openapi({ description: 'An insight category key (GET /api/insight-categories), or null' }),
    title: z.string(),
    text: z.string(),
    created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    sceneview_set: z.array(SceneViewSchema),
    imageview_set: z.array(ImageViewSchema),
    pins: z.array(PinSchema),
    pin_types: z.array(PinTypeSchema),
  })
  .openapi('Insight');
export type Insight = z.infer<typeof InsightSchema>;

export const InsightCreateSchema = z
  .object({
    title: text(300),
    text: optionalText(20_000),
    category: z.string().max(100).nullable().optional(),
    insight_status: InsightStatusSchema.optional().openapi({ description: 'Defaults to Draft (SPEC §4)' }),
    sort_order: Sort.optional().openapi({ description: 'Defaults to after the last insight' }),
  })
  .openapi('InsightCreate');
export type InsightCreate = z.infer<typeof InsightCreateSchema>;

/**
 * PUT /insight/{id}: any subset. A new `sort_order` moves the insight to that position and renumbers
 * the study's other insights 0..n-1 (drag to reorder is one call).
 */
export const InsightUpdateSchema = z
  .object({
    title: text(300).optional(),
    text: optionalText(20_000),
    category: z.string().max(100).nullable().optional(),
    insight_status: InsightStatusSchema.optional(),
    sort_order: Sort.optional(),
  })
  .openapi('InsightUpdate');
export type InsightUpdate = z.infer<typeof InsightUpdateSchema>;

// ---------------------------------------------------------------------------------------------
// Reports: cover data, status, ordered report views (an image view of an insight with a caption).

export const ReportViewSchema = z
  .object({
    id: z.number().int(),
    report: Ref,
    insight: Ref,
    image_view: ImageViewSchema,
    caption: z.string(),
    sort_order: z.number().int(),
  })
  .openapi('ReportView');
export type ReportView = z.infer<typeof ReportViewSchema>;

export const ReportViewCreateSchema = z
  .object({ report_id: idField(), image_view_id: idField(), caption: optionalText(2000), sort_order: Sort.optional() })
  .openapi('ReportViewCreate');
export const ReportViewUpdateSchema = z.object({ caption: optionalText(2000), sort_order: Sort.optional() }).openapi('ReportViewUpdate');
export type ReportViewCreate = z.infer<typeof ReportViewCreateSchema>;
export type ReportViewUpdate = z.infer<typeof ReportViewUpdateSchema>;

export const ReportCoverSchema = z
  .object({
    project: z.string(),
    location: z.string(),
    author: z.string(),
    version: z.string(),
    date: z.string().openapi({ description: 'YYYY-MM-DD' }),
  })
  .openapi('ReportCover');
export type ReportCover = z.infer<typeof ReportCoverSchema>;

export const ReportSchema = z
  .object({
    id: z.number().int(),
    study_id: z.number().int(),
    title: z.string(),
    report_status: InsightStatusSchema,
    page_size: PageSizeSchema,
    cover: ReportCoverSchema,
    report_views: z.array(ReportViewSchema).openapi({ description: 'In sort_order; views of insights the user may not see are left out' }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('Report');
export type Report = z.infer<typeof ReportSchema>;

const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.');
const CoverInput = z.object({
  project: optionalText(300),
  location: optionalText(300),
  author: optionalText(300),
  version: optionalText(50),
  date: IsoDate.optional(),
});

export const ReportCreateSchema = z
  .object({
    title: text(300),
    report_status: InsightStatusSchema.optional(),
    page_size: PageSizeSchema.optional(),
    cover: CoverInput.optional().openapi({ description: "Defaults: the project's name and location, the author's name, version '1', today" }),
  })
  .openapi('ReportCreate');
/** `report_view_order`: every report view id of the report, in the new order. */
export const ReportUpdateSchema = z
  .object({
    title: text(300).optional(),
    report_status: InsightStatusSchema.optional(),
    page_size: PageSizeSchema.optional(),
    cover: CoverInput.optional(),
    report_view_order: z.array(idField()).max(1000).optional(),
  })
  .openapi('ReportUpdate');
export type ReportCreate = z.infer<typeof ReportCreateSchema>;
export type ReportUpdate = z.infer<typeof ReportUpdateSchema>;

// ---------------------------------------------------------------------------------------------
// PDF export: POST /api/export-pdf/ answers application/pdf (saved as downloaded.pdf).

/** An image for one scene view (insight PDF) or one report view (report PDF): sent inline, or a study image. */
export const ExportImageSchema = z
  .object({
    scene_view_id: idField().optional(),
    report_view_id: idField().optional(),
    image_base64: z.string().max(28_000_000).optional().openapi({ description: 'PNG or JPEG, base64 or a data: URL' }),
    study_image_id: idField().optional(),
  })
  .openapi('ExportPdfImage');
export type ExportImage = z.infer<typeof ExportImageSchema>;

export const ExportPdfRequestSchema = z
  .object({
    project_id: idField(),
    study_id: idField(),
    insight_id: idField().optional(),
    report_id: idField().optional(),
    page_size: PageSizeSchema.optional().openapi({ description: "Defaults to A4 (an insight) or the report's page size" }),
    images: z.array(ExportImageSchema).max(200).optional(),
  })
  .openapi('ExportPdfRequest');
export type ExportPdfRequest = z.infer<typeof ExportPdfRequestSchema>;

/**
 * The name an exported PDF is saved under: the project's and the report's (or insight's) names,
 * "Chicago towers - Wind comfort report.pdf", without the characters file systems refuse; the
 * server sends it in Content-Disposition and the client saves the download under it.
 */
export function pdfFileName(title: string, project?: string | null): string {
  const clean = (s: string | null | undefined) =>
    (s ?? '')
      .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  const parts = [clean(project), clean(title)].filter(Boolean);
  const name = (parts.length === 2 && parts[0] === parts[1] ? [parts[0]!] : parts).join(' - ').slice(0, 150).trim();
  return `${name || 'Canopy report'}.pdf`;
}
