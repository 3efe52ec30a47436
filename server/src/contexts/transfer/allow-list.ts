/**
 * What an imported archive may set, column by column (docs/scale-out.md "What an archive may set").
 * An archive is untrusted input: anyone can write a zip. Every column of every table it carries has
 * exactly one rule here (a test checks none is missing), and a column not listed is never read:
 *
 * - `id`: the row's id in the archive, only used to resolve references inside it;
 * - `ref`: a reference, remapped to the new ids (tables.ts says to which table, or to the importing
 *   user, or cleared);
 * - `server`: never taken from the archive — set by the import (the project's company and creator,
 *   an upload's hash and type from its bytes) or left to the database's default. This is where job
 *   specifications, queue state, credentials, leases, subscription links and any other instruction
 *   to the server end up: nowhere;
 * - a schema: the value is parsed by it, with the same limits and messages as the route that
 *   creates the record (contract/), and a refusal is a 400 naming the entry, the row and the column.
 *
 * Statuses are the import's to say: nothing runs for an imported project until its user asks, so a
 * scenario before approval comes back as a draft (approval needs a geometry validation made here),
 * and one that was queued or running is failed — no job carries it on this installation.
 */
import { z } from 'zod';
import { text, tooLong } from '@canopy/contract/common.ts';
import { ProjectCreateSchema } from '@canopy/contract/projects.ts';
import { SaveProjectFileSchema } from '@canopy/contract/project-files.ts';
import { SaveParameterSetSchema, checkParameterValues, isAnalysisType } from '@canopy/contract/parameter-sets.ts';
import { CameraPositionCreateSchema, PostProcessingTagCreateSchema } from '@canopy/contract/viewer.ts';
import {
  DrawingCreateSchema,
  ImageViewCreateSchema,
  InsightCreateSchema,
  PinCreateSchema,
  PinTypeCreateSchema,
  ReportCreateSchema,
  ReportViewCreateSchema,
  SceneViewCreateSchema,
  StudyImageCreateSchema,
} from '@canopy/contract/insights.ts';
import { CreateConfigurationSchema, SCENARIO_STATUSES, UpdateConfigurationSchema } from '@canopy/contract/scenarios.ts';
import { MET_ORIGINS } from '../../db/schema/index.ts';
import { BLOB_CONTAINERS } from '../../db/schema/index.ts';
import { HOURLY_FORMAT } from '../projects/index.ts';
import type { TableName } from './tables.ts';

export type ColumnRule = 'id' | 'ref' | 'server' | z.ZodType;

const INT_MAX = 2_147_483_647;
const integer = (min = -INT_MAX - 1) => z.number().int('A valid integer is required.').min(min).max(INT_MAX);
const count = () => integer(0);
const finite = () => z.number().finite('A valid number is required.');
/** Stored text: may be blank, at most `max` characters. */
const str = (max: number) => z.string().max(max, tooLong(max));
const when = () =>
  z
    .string()
    .max(40)
    .transform((value, ctx) => {
      const date = new Date(value);
      if (Number.isNaN(date.getTime())) {
        ctx.addIssue({ code: 'custom', message: 'is not a date' });
        return z.NEVER;
      }
      return date;
    });
const flag = () => z.boolean();
/** bytea travels as base64. */
const base64 = () =>
  z
    .string()
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'is not base64')
    .transform((value) => Buffer.from(value, 'base64'));
const jsonObject = () => z.record(z.string(), z.unknown());
const jsonArray = (max = 100_000) => z.array(z.unknown()).max(max);
const json = () => z.unknown().refine((v) => v !== undefined, 'is missing');
const oneOf = <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values);

/** Before approval, approval needs a validation made here; queued or running, no job carries it here. */
const BEFORE_APPROVAL = new Set(['draft', 'validating', 'awaiting_approval']);
const IN_FLIGHT = new Set(['queued', 'running', 'post_processing']);
const importedStatus = (status: string): string => (BEFORE_APPROVAL.has(status) ? 'draft' : IN_FLIGHT.has(status) ? 'failed' : status);
const IN_FLIGHT_TEXT = 'Imported while it was queued or running: no job computes it on this installation. Duplicate the scenario to run it again.';
const scenarioStatus = () => oneOf(SCENARIO_STATUSES);

/**
 * A Canopy CFD run's state, kept for what it describes (grid, directions, timings, why it failed)
 * and nothing it could make the server do: no deferred job, no post-processing job, no asset rows
 * to publish, no progress, no price factor, and a run id no job of this installation has.
 */
const CfdRunDescription = z.object({
  engine: z.literal('canopy-cfd'),
  run_id: z.string().max(100),
  solver: str(200).optional(),
  analysis: str(100).optional(),
  tier: str(50).optional(),
  terrain: str(50).optional(),
  directions_deg: z.array(finite()).max(72).optional(),
  reference: z.object({ height_m: finite(), terrain: str(50) }).optional(),
  estimate: z
    .looseObject({
      tier: str(50),
      tier_label: str(200),
      cells: finite(),
      memory_bytes: finite(),
      levels: z.array(z.object({ dx_m: finite(), nx: finite(), ny: finite(), nz: finite() })).max(16),
      region: z.looseObject({ centre: z.tuple([finite(), finite()]), radius_m: finite(), context_radius_m: finite() }),
    })
    .optional(),
  schedule: z.looseObject({ spinUpSteps: finite(), developSteps: finite(), averageSteps: finite() }).optional(),
  shortened_schedule: z.boolean().optional(),
  done: z
    .record(
      z.string().max(4),
      z.object({
        direction_deg: finite(),
        mlups: finite(),
        wall_time_s: finite(),
        threads: finite(),
        resumed_from_step: finite().nullable(),
        warnings: z.array(str(2000)).max(100),
      }),
    )
    .optional(),
  failed: z
    .object({ reason: str(5000), direction_deg: finite().nullable(), step: finite().nullable() })
    .nullable()
    .optional(),
});

/** `simulations.cfd_parameters`: a CFD run's description, else nothing (an estimate is made again by validation here). */
const cfdParameters = () =>
  jsonObject().transform((value, ctx) => {
    if (value.engine !== 'canopy-cfd') return {};
    const parsed = CfdRunDescription.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      ctx.addIssue({ code: 'custom', message: `${issue.path.join('.') || 'run'}: ${issue.message}` });
      return z.NEVER;
    }
    const run = parsed.data;
    const estimate = run.estimate ? Object.fromEntries(Object.entries(run.estimate).filter(([key]) => key !== 'compute_factor')) : undefined;
    const done = Object.fromEntries(Object.entries(run.done ?? {}).map(([k, d]) => [k, { ...d }]));
    return { ...run, run_id: 'imported', ...(estimate ? { estimate } : {}), done, progress: null, failed: run.failed ?? null };
  });

/** Every column of every table the archive carries, by its database name. */
export const ALLOW_LIST: Record<TableName, Record<string, ColumnRule>> = {
  projects: {
    id: 'id',
    name: ProjectCreateSchema.shape.name,
    location: ProjectCreateSchema.shape.location,
    latitude: finite().min(-90).max(90).nullable(),
    longitude: finite().min(-180).max(180).nullable(),
    reference_id: ProjectCreateSchema.shape.reference_id,
    company_id: 'server',
    created_by: 'server',
    is_demo: 'server',
    fetch_met: flag(),
    generate_surrounds: flag(),
    met_error: 'server',
    surrounds_error: 'server',
    created_at: when(),
    updated_at: 'server',
  },
  // No route names a study (a project's first is created with it): the limit of every other name.
  studies: { id: 'id', project_id: 'ref', name: text(200), created_at: when() },
  // Size, SHA-256 and type come from the blob's bytes as the import read them.
  uploads: {
    id: 'id',
    project_id: 'ref',
    container: oneOf(BLOB_CONTAINERS),
    uuid: z.uuid(),
    filename: str(255),
    size: 'server',
    sha256: 'server',
    content_type: 'server',
    format: 'server',
    uploaded_by: 'ref',
    uploaded_at: when(),
  },
  project_files: {
    id: 'id',
    project_id: 'ref',
    upload_id: 'ref',
    name: text(255),
    description: SaveProjectFileSchema.shape.description,
    attached_by: 'ref',
    created_at: when(),
  },
  parameter_sets: {
    id: 'id',
    project_id: 'ref',
    name: SaveParameterSetSchema.shape.name,
    // With its values, checked as save-parameter-set checks them (ROW_RULES).
    analysis_type: str(100),
    values: jsonObject(),
    created_by: 'ref',
    created_at: when(),
    updated_at: when(),
  },
  // Everything a station row says is computed again from its location and data (import.ts); a
  // station that is not the very series of a shared one stays private to the imported project.
  weather_stations: {
    id: 'id',
    met_id: 'server',
    name: 'server',
    wmo: 'server',
    latitude: 'server',
    longitude: 'server',
    elevation_m: 'server',
    location: z.object({
      city: str(200),
      state: str(200),
      country: str(200),
      source: str(200),
      wmo: str(50),
      latitudeDeg: finite().min(-90).max(90),
      longitudeDeg: finite().min(-180).max(180),
      timeZoneHours: finite().min(-14).max(14),
      elevationM: finite(),
    }),
    years: 'server',
    source: 'server',
    origin: oneOf(MET_ORIGINS),
    origin_ref: str(1000),
    hours: 'server',
    data_format: z.literal(HOURLY_FORMAT, { error: `is not ${HOURLY_FORMAT}, the only weather format this installation reads` }),
    data: base64(),
    data_sha256: 'server',
    created_at: 'server',
    project_id: 'server',
  },
  project_met_sources: {
    id: 'id',
    project_id: 'ref',
    station_id: 'ref',
    origin: oneOf(MET_ORIGINS),
    upload_id: 'ref',
    distance_km: finite().min(0).nullable(),
    added_by: 'ref',
    created_at: when(),
  },
  project_surrounds: {
    id: 'id',
    project_id: 'ref',
    origin_latitude: finite().min(-90).max(90),
    origin_longitude: finite().min(-180).max(180),
    radius_m: finite().min(0),
    source_upload_id: 'ref',
    source_format: str(50),
    blob_container: oneOf(BLOB_CONTAINERS),
    blob_name: str(1000),
    building_count: count(),
    triangle_count: count(),
    footprints: jsonArray(),
    landscaping: jsonArray(),
    warnings: jsonArray(),
    created_by: 'ref',
    created_at: when(),
  },
  post_processing_tags: {
    id: 'id',
    project_id: 'ref',
    name: PostProcessingTagCreateSchema.shape.name,
    description: PostProcessingTagCreateSchema.shape.description,
    date: PostProcessingTagCreateSchema.shape.date,
    created_at: when(),
  },
  configurations: {
    id: 'id',
    project_id: 'ref',
    study_id: 'ref',
    name: CreateConfigurationSchema.shape.name,
    status: scenarioStatus().transform(importedStatus),
    simulation_type: str(100),
    // The scenario's inputs as PUT configuration/ takes them (kept as they were when they pass).
    form: jsonObject().superRefine((form, ctx) => {
      // An empty form is a scenario whose inputs were never saved (it cannot be approved either).
      if (Object.keys(form).length === 0) return;
      const parsed = UpdateConfigurationSchema.safeParse(form);
      if (!parsed.success) for (const issue of parsed.error.issues.slice(0, 1)) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }),
    hidden: flag(),
    created_by: 'ref',
    created_at: when(),
    updated_at: when(),
  },
  simulations: {
    id: 'id',
    configuration_id: 'ref',
    category: text(100),
    // Its text is replaced too when it was in flight: see ROW_RULES.
    status: scenarioStatus(),
    status_text: str(500),
    cfd_parameters: cfdParameters(),
    met_source_id: 'ref',
    created_at: when(),
  },
  assets: {
    id: 'id',
    simulation_id: 'ref',
    layer_type: str(100),
    analysis_type: str(100),
    return_period: str(50).nullable(),
    metric: str(100).nullable(),
    wind_direction: str(50).nullable(),
    season: json().nullable(),
    time_range: json().nullable(),
    single_date: str(50).nullable(),
    qualifiers: json(),
    post_processing_tag: json().nullable(),
    filename: str(255),
    blob_key: str(2000).nullable(),
    geometry_type: str(100).nullable(),
    geometry_generation: str(100).nullable(),
    remeshed_assets: z.array(integer(1)).max(10_000),
    show_by_default: flag(),
    subsurface_type: str(100).nullable(),
    metadata: jsonObject(),
    created_at: when(),
  },
  layer_sets: {
    id: 'id',
    simulation_id: 'ref',
    identifier: json(),
    layer_type: str(100),
    show_by_default: flag(),
    filename: str(255),
    blob_key: str(2000).nullable(),
  },
  geometry_validations: {
    id: 'id',
    configuration_id: 'ref',
    simulation_id: 'ref',
    simulation_type: str(100),
    geometry: jsonObject(),
    status: oneOf(['queued', 'running', 'passed', 'failed']).transform((s) => (s === 'queued' || s === 'running' ? 'failed' : s)),
    error: flag(),
    error_message: str(5000).nullable(),
    warnings_acknowledged: flag(),
    summary: jsonObject(),
    findings: jsonArray(),
    findings_truncated: flag(),
    assets: jsonArray(),
    run: count(),
    job_id: 'ref',
    created_by: 'ref',
    created_at: when(),
    updated_at: when(),
    finished_at: when().nullable(),
  },
  scenario_approvals: {
    id: 'id',
    configuration_id: 'ref',
    approved_by: 'ref',
    subscription_id: 'ref',
    usage_id: 'ref',
    credit_type: oneOf(['AI', 'CFD']),
    credits: count(),
    breakdown: jsonArray(1000),
    approved_at: when(),
  },
  camera_positions: {
    id: 'id',
    study_id: 'ref',
    name: CameraPositionCreateSchema.shape.name,
    camera: CameraPositionCreateSchema.shape.camera,
    created_by: 'ref',
    created_at: when(),
  },
  user_selected_layers: { id: 'id', simulation_id: 'ref', user_id: 'ref', identifier: text(500), view_id: text(100) },
  study_images: {
    id: 'id',
    study_id: 'ref',
    name: StudyImageCreateSchema.shape.name,
    source: oneOf(['captured', 'uploaded']),
    content_type: oneOf(['image/png', 'image/jpeg']),
    width: integer(1),
    height: integer(1),
    byte_size: count(),
    blob_key: str(2000),
    created_by: 'ref',
    created_at: when(),
  },
  insights: {
    id: 'id',
    study_id: 'ref',
    sort_order: InsightCreateSchema.shape.sort_order,
    insight_status: InsightCreateSchema.shape.insight_status,
    category: InsightCreateSchema.shape.category,
    title: InsightCreateSchema.shape.title,
    text: InsightCreateSchema.shape.text,
    created_by: 'ref',
    created_at: when(),
    updated_at: when(),
  },
  scene_views: {
    id: 'id',
    insight_id: 'ref',
    name: SceneViewCreateSchema.shape.name,
    sort_order: SceneViewCreateSchema.shape.sort_order,
    camera_position_id: 'ref',
    camera: SceneViewCreateSchema.shape.camera,
    layer_selection: SceneViewCreateSchema.shape.layer_selection,
    simulation_id: 'ref',
    asset_id: 'ref',
    legend: SceneViewCreateSchema.shape.legend,
    study_image_id: 'ref',
    view_json: SceneViewCreateSchema.shape.view_json,
  },
  drawings: {
    id: 'id',
    scene_view_id: 'ref',
    name: DrawingCreateSchema.shape.name,
    drawing_json: DrawingCreateSchema.shape.drawing_json,
    horizontal_translation_factor: DrawingCreateSchema.shape.horizontal_translation_factor,
    created_at: when(),
  },
  insight_pin_types: {
    id: 'id',
    insight_id: 'ref',
    name: text(100),
    colour: PinTypeCreateSchema.shape.colour,
    icon: text(50),
    template_id: integer(1).nullable(),
  },
  insight_pins: {
    id: 'id',
    insight_id: 'ref',
    insight_pin_type_id: 'ref',
    scene_view_id: 'ref',
    item: PinCreateSchema.shape.item,
    title: PinCreateSchema.shape.title,
    note: PinCreateSchema.shape.note,
    sort_order: PinCreateSchema.shape.sort_order,
  },
  image_views: {
    id: 'id',
    insight_id: 'ref',
    study_image_id: 'ref',
    scene_view_id: 'ref',
    caption: ImageViewCreateSchema.shape.caption,
    sort_order: ImageViewCreateSchema.shape.sort_order,
  },
  reports: {
    id: 'id',
    study_id: 'ref',
    title: ReportCreateSchema.shape.title,
    report_status: ReportCreateSchema.shape.report_status,
    page_size: ReportCreateSchema.shape.page_size,
    cover: ReportCreateSchema.shape.cover,
    created_by: 'ref',
    created_at: when(),
    updated_at: when(),
  },
  report_views: {
    id: 'id',
    report_id: 'ref',
    image_view_id: 'ref',
    caption: ReportViewCreateSchema.shape.caption,
    sort_order: ReportViewCreateSchema.shape.sort_order,
  },
};

/** Rules over a whole row (camelCase keys, after its columns were parsed); a message refuses the row. */
export const ROW_RULES: Partial<Record<TableName, (row: Record<string, unknown>) => string | void>> = {
  parameter_sets: (row) => {
    const type = String(row.analysisType);
    if (!isAnalysisType(type)) return `analysis_type: "${type.slice(0, 100)}" is not a valid choice.`;
    const checked = checkParameterValues(type, row.values);
    if (!checked.ok) {
      const [field, messages] = Object.entries(checked.errors)[0]!;
      return `${field}: ${messages[0]}`;
    }
  },
  simulations: (row) => {
    const status = String(row.status);
    if (IN_FLIGHT.has(status)) row.statusText = IN_FLIGHT_TEXT;
    row.status = importedStatus(status);
  },
};
