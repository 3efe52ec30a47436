/**
 * Scenarios (configurations): the request and response bodies of the configuration routes under
 * `/api/project/{id}/…` (SPEC §3, §4, §5, §7 Configuration). One zod schema per body: validation,
 * the OpenAPI document and — through type-only imports — the web client's types
 * (src/api/scenarios.ts, machines/scenario-wizard). Names here are stable: change them additively.
 *
 * Field errors follow DRF: 400 {"field.path": ["message"]}, e.g. {"times.0": ["Enter a time window
 * as HH:MM-HH:MM (00:00 to 23:59)."]}. Bounds and messages are documented in docs/scenarios.md.
 */
import { z } from '@hono/zod-openapi';
import { choice, flag, idField, text } from './common.ts';
import { ANALYSIS_TYPES, SEASONS } from './parameter-sets.ts';

export { ANALYSIS_TYPES, SEASONS };
export type { AnalysisType } from './parameter-sets.ts';

// ---------------------------------------------------------------------------------------------
// Statuses (docs/scenarios.md explains each and its transitions)
// ---------------------------------------------------------------------------------------------

/**
 * Lifecycle status of a scenario and of each of its simulations.
 * - draft: created or edited; nothing submitted yet.
 * - validating: a geometry validation run is queued or running.
 * - awaiting_approval: geometry passed; the cost breakdown waits for the user's approval.
 * - queued: approved and debited; Canopy's own analysis job waits for a worker.
 * - running: a worker is computing the analysis.
 * - post_processing: results are in; comfort classes / layers are being derived from them.
 * - completed: every result is stored.
 * - failed: the job or the validation failed (the status text says why).
 * - cancelled: the user withdrew the scenario before it finished.
 * - awaiting_external_results: AI (machine-learning) or CFD wind, which Canopy does not compute
 *   yet; waits until results are ingested through /api/ingestassets/….
 * A scenario's status is the least advanced status of its simulations (see docs/scenarios.md).
 */
export const SCENARIO_STATUSES = [
  'draft',
  'validating',
  'awaiting_approval',
  'queued',
  'running',
  'post_processing',
  'completed',
  'failed',
  'cancelled',
  'awaiting_external_results',
] as const;
export type ScenarioStatus = (typeof SCENARIO_STATUSES)[number];
export const ScenarioStatusSchema = z.enum(SCENARIO_STATUSES).openapi('ScenarioStatus');

/** SPEC §4: the ML status text a simulation shows until something more precise is known. */
export const DEFAULT_ML_STATUS_TEXT = 'starting simulation';

/** Statuses after which nothing more happens without the user. */
export const FINAL_STATUSES: readonly ScenarioStatus[] = ['completed', 'failed', 'cancelled'];

// ---------------------------------------------------------------------------------------------
// Inputs of the wizard
// ---------------------------------------------------------------------------------------------

export const ENGINES = ['AI', 'CFD'] as const;
export type Engine = (typeof ENGINES)[number];

/** SPEC §3 geometry roles (DOMAIN.md §5): one or more uploaded STL files per role. */
export const GEOMETRY_ROLES = ['ground', 'study', 'surrounds', 'presentation_planes', 'landscaping', 'mitigations'] as const;
export type GeometryRole = (typeof GEOMETRY_ROLES)[number];

export const WIND_DIRECTION_COUNTS = [8, 12, 16, 18, 24, 36] as const;
/** Resolution tiers of Canopy's CFD (engine/cfd/run/scene-plan.ts TIERS): 4 m or 2 m cells near the ground. */
export const CFD_TIERS = ['rapid', 'detailed'] as const;
export type CfdTier = (typeof CFD_TIERS)[number];
/** Terrain categories upwind of the site (engine/wind/profile.ts TERRAINS). */
export const TERRAIN_IDS = ['city', 'suburban', 'country', 'water'] as const;
export type TerrainChoice = (typeof TERRAIN_IDS)[number];
export const MINUTES_INTERVALS = [5, 10, 15, 20, 30, 60] as const;

const TIME_WINDOW = /^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/;
export const TIME_WINDOW_MESSAGE = 'Enter a time window as HH:MM-HH:MM (00:00 to 23:59).';
const number = () => z.number({ error: (i) => (i.input === undefined ? undefined : 'A valid number is required.') });
const integer = () => number().int('A valid integer is required.');
const oneOf = (values: readonly number[]) => number().refine((n) => values.includes(n), { message: `Choose one of ${values.join(', ')}.` });
const timeWindow = () => z.string({ error: (i) => (i.input === undefined ? undefined : 'Not a valid string.') }).regex(TIME_WINDOW, TIME_WINDOW_MESSAGE);
const ids = () => z.array(idField()).max(50, 'Ensure this field has no more than 50 elements.');

/** Upload ids (from the upload mechanism, container 'assets') per geometry role. The study is required. */
export const GeometryFilesSchema = z
  .object({
    ground: ids().default([]),
    study: ids().min(1, 'Upload at least one study geometry file.'),
    surrounds: ids().default([]),
    presentation_planes: ids().default([]),
    landscaping: ids().default([]),
    mitigations: ids().default([]),
  })
  .strict()
  .openapi('GeometryFiles');
export type GeometryFiles = z.infer<typeof GeometryFilesSchema>;

export const AnalysisChoiceSchema = z
  .object({
    analysis_type: choice(ANALYSIS_TYPES),
    /** Metric ids for the analysis (e.g. criterion ids for wind comfort, 'UTCI' for thermal comfort, 'sun_hours'). */
    metrics: z.array(text(100)).max(20, 'Ensure this field has no more than 20 elements.').default([]),
  })
  .strict()
  .openapi('AnalysisChoice');
export type AnalysisChoice = z.infer<typeof AnalysisChoiceSchema>;

export const PointSchema = z.object({ x: number(), y: number(), z: number() }).strict().openapi('Point3');

export const FrontalAreasSchema = z
  .object({
    /** Area facing wind along x (east–west), m². */
    x_m2: number().gt(0, 'Ensure this value is greater than 0.').max(1e7, 'Ensure this value is less than or equal to 10000000.'),
    /** Area facing wind along y (north–south), m². */
    y_m2: number().gt(0, 'Ensure this value is greater than 0.').max(1e7, 'Ensure this value is less than or equal to 10000000.'),
  })
  .strict()
  .openapi('FrontalAreas');

/** Bounds of a generated pedestrian plane (engine/geometry/site/pedestrian-plane.ts). */
export const PEDESTRIAN_PLANE_DEFAULTS = { height_m: 1.5, spacing_m: 2, margin_m: 40 } as const;

/**
 * A pedestrian plane Canopy generates over the site when no presentation plane is uploaded (issue
 * 16): points at `height_m` above the ground every `spacing_m`, reaching `margin_m` beyond the study,
 * clipped around the buildings.
 */
export const PedestrianPlaneSchema = z
  .object({
    height_m: number()
      .gt(0, 'Ensure this value is greater than 0.')
      .max(20, 'Ensure this value is less than or equal to 20.')
      .default(PEDESTRIAN_PLANE_DEFAULTS.height_m),
    spacing_m: number()
      .min(0.5, 'Ensure this value is greater than or equal to 0.5.')
      .max(20, 'Ensure this value is less than or equal to 20.')
      .default(PEDESTRIAN_PLANE_DEFAULTS.spacing_m),
    margin_m: number()
      .min(0, 'Ensure this value is greater than or equal to 0.')
      .max(1000, 'Ensure this value is less than or equal to 1000.')
      .default(PEDESTRIAN_PLANE_DEFAULTS.margin_m),
  })
  .strict()
  .openapi('PedestrianPlane');
export type PedestrianPlane = z.infer<typeof PedestrianPlaneSchema>;

/** Fields shared by create and update; cross-field rules are in `checkScenarioRules` (service). */
const scenarioFields = {
  name: text(200),
  engine: choice(ENGINES),
  /** Form value kept as given (SPEC §3 "form values include simulation_type"). */
  simulation_type: z.string().trim().max(100, 'Ensure this field has no more than 100 characters.').default(''),
  analyses: z
    .array(AnalysisChoiceSchema)
    .min(1, 'Choose at least one analysis.')
    .max(ANALYSIS_TYPES.length, `Ensure this field has no more than ${ANALYSIS_TYPES.length} elements.`),
  geometry: GeometryFilesSchema,
  /** Use the project's surroundings (buildings from OpenStreetMap, Resources) when no surrounds file is uploaded. */
  project_surrounds: flag().default(true),
  /** Generate a pedestrian plane when no presentation plane is uploaded; null: generate none. */
  pedestrian_plane: PedestrianPlaneSchema.nullable().default({ ...PEDESTRIAN_PLANE_DEFAULTS }),
  /** A project_met_sources id of this project; null → the weather library's nearest station. */
  met_source_id: idField().nullable().default(null),
  seasons: z.array(choice(SEASONS)).min(1, 'Choose at least one season.').max(SEASONS.length),
  times: z.array(timeWindow()).min(1, 'Give at least one time window.').max(8, 'Ensure this field has no more than 8 elements.'),
  wind_directions: oneOf(WIND_DIRECTION_COUNTS).default(16),
  /** Canopy's CFD wind: the resolution tier (rapid: 4 m cells near the ground; detailed: 2 m). */
  cfd_tier: choice(CFD_TIERS).default('rapid'),
  /**
   * The terrain upwind of the site: the roughness of the CFD's approach flow (log law, reference
   * 10 m) and the met-wind correction of thermal comfort.
   */
  terrain: choice(TERRAIN_IDS).default('suburban'),
  /** Return periods (years) per criterion id, e.g. {"lawson-lddc": [1, 50]}. */
  return_periods: z
    .record(
      text(100),
      z
        .array(integer().min(1, 'Ensure this value is greater than or equal to 1.').max(10_000, 'Ensure this value is less than or equal to 10000.'))
        .min(1, 'Give at least one return period (years).'),
    )
    .default({}),
  /** YYYY-MM-DD, for sun hours. */
  single_date: z.iso.date('Enter a date as YYYY-MM-DD.').nullable().default(null),
  /** HH:MM-HH:MM window of the single day (sun hours). */
  single_day_hours: timeWindow().nullable().default(null),
  minutes_interval: oneOf(MINUTES_INTERVALS).nullable().default(null),
  structural_origin: PointSchema.nullable().default(null),
  frontal_areas: FrontalAreasSchema.nullable().default(null),
  reference_height_m: number()
    .gt(0, 'Ensure this value is greater than 0.')
    .max(1000, 'Ensure this value is less than or equal to 1000.')
    .nullable()
    .default(null),
  internal_pressure_coefficient: number()
    .min(-1, 'Ensure this value is greater than or equal to -1.')
    .max(1, 'Ensure this value is less than or equal to 1.')
    .nullable()
    .default(null),
  parameter_set_ids: ids().default([]),
  /** Terms and conditions shown by the wizard; must be true to create. */
  terms_accepted: flag().default(false),
};

export const CreateConfigurationSchema = z
  .object({
    /** The study the scenario belongs to; absent → the project's first study. */
    study_id: idField().optional(),
    ...scenarioFields,
  })
  .strict()
  .openapi('CreateConfiguration');
export type CreateConfiguration = z.input<typeof CreateConfigurationSchema>;
export type CreateConfigurationParsed = z.output<typeof CreateConfigurationSchema>;

/** PUT replaces the scenario's inputs (SPEC §4 "update (replace)"); only while draft/awaiting approval/failed. */
export const UpdateConfigurationSchema = z
  .object({ ...scenarioFields })
  .strict()
  .openapi('UpdateConfiguration');
export type UpdateConfiguration = z.input<typeof UpdateConfigurationSchema>;

/** What is stored as the scenario's form (the create body without study_id). */
export type ScenarioForm = z.output<typeof UpdateConfigurationSchema>;

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

export const SimulationSummarySchema = z
  .object({
    id: z.number().int(),
    configuration: z.object({ id: z.number().int() }),
    /** The analysis type this simulation computes. */
    category: z.string(),
    engine: z.enum(ENGINES),
    status: ScenarioStatusSchema,
    /** Human text for the status (ML: 'starting simulation' until results say more). */
    status_text: z.string(),
    /** Whether Canopy computes this analysis itself (else it waits for ingested results). */
    computed_by_canopy: z.boolean(),
    met_source_id: z.number().int().nullable(),
    cfd_parameters: z.record(z.string(), z.unknown()),
    /** Asset ids of the simulation (geometry and results). */
    assets: z.array(z.number().int()),
    job_id: z.number().int().nullable(),
  })
  .openapi('ScenarioSimulation');
export type SimulationSummary = z.infer<typeof SimulationSummarySchema>;

export const SimulationListSchema = z.object({ results: z.array(SimulationSummarySchema) }).openapi('ScenarioSimulationList');
export type SimulationList = z.infer<typeof SimulationListSchema>;

export const ApprovalSummarySchema = z
  .object({
    approved_by: z.number().int().nullable(),
    approved_at: z.string(),
    credits: z.number().int(),
    credit_type: z.enum(ENGINES),
    subscription_id: z.number().int().nullable(),
    usage_id: z.number().int().nullable(),
  })
  .openapi('ScenarioApproval');
export type ApprovalSummary = z.infer<typeof ApprovalSummarySchema>;

export const ValidationSummarySchema = z
  .object({
    id: z.number().int(),
    status: z.enum(['queued', 'running', 'passed', 'failed']),
    error: z.boolean(),
    errors: z.number().int(),
    warnings: z.number().int(),
  })
  .openapi('ScenarioValidationSummary');

export const ConfigurationSchema = z
  .object({
    id: z.number().int(),
    project_id: z.number().int(),
    study_id: z.number().int(),
    name: z.string(),
    status: ScenarioStatusSchema,
    engine: z.enum(ENGINES),
    simulation_type: z.string(),
    hidden: z.boolean(),
    /** The inputs as stored (the create/update body, defaults filled in). */
    form: z.record(z.string(), z.unknown()),
    simulations: z.array(SimulationSummarySchema),
    approval: ApprovalSummarySchema.nullable(),
    geometry_validation: ValidationSummarySchema.nullable(),
    created_by: z.number().int().nullable(),
    created: z.string(),
    updated: z.string(),
  })
  .openapi('Configuration');
export type Configuration = z.infer<typeof ConfigurationSchema>;

export const DuplicateScenarioSchema = z
  .object({
    new_name: text(200),
    /** The credit type (engine) of the copy: 'AI' or 'CFD'. */
    subscription_type: choice(ENGINES),
  })
  .strict()
  .openapi('DuplicateScenario');
export type DuplicateScenario = z.infer<typeof DuplicateScenarioSchema>;

export const HideScenarioSchema = z
  .object({ hidden: flag().default(true) })
  .strict()
  .openapi('HideScenario');
export type HideScenario = z.input<typeof HideScenarioSchema>;

// ---------------------------------------------------------------------------------------------
// Cost and approval
// ---------------------------------------------------------------------------------------------

export const CostLineSchema = z
  .object({
    simulation_id: z.number().int(),
    analysis_type: z.string(),
    /** simulation_prices.credits for (analysis type, credit type). */
    unit_credits: z.number().int(),
    wind_directions: z.number().int(),
    /** ceil(wind_directions / 16) for wind-dependent analyses, else 1. */
    direction_factor: z.number().int(),
    seasons: z.number().int(),
    credits: z.number().int(),
    description: z.string(),
    /** canopy: debited at approval; external: reserved then, debited when the results are ingested (refunded if cancelled). */
    computed_by: z.enum(['canopy', 'external']),
    /** 'Canopy' or the external provider's name ('' when the pair is no longer offered). */
    provider: z.string(),
  })
  .openapi('CostLine');
export type CostLine = z.infer<typeof CostLineSchema>;

export const CostBreakdownSchema = z
  .object({
    configuration_id: z.number().int(),
    credit_type: z.enum(ENGINES),
    lines: z.array(CostLineSchema),
    total_credits: z.number().int(),
    /** Of total_credits: debited at approval (Canopy computes them). */
    credits_now: z.number().int(),
    /** Of total_credits: reserved at approval, debited when external results arrive. */
    credits_reserved: z.number().int(),
    /** The acting user's assigned subscription of this credit type, or null when they hold none. */
    subscription: z.object({ id: z.number().int(), plan: z.string(), credit_type: z.enum(ENGINES), credits_left: z.number().int() }).nullable(),
    /** total_credits ≤ credits_left. */
    sufficient: z.boolean(),
    /** Why approval would be refused now (no subscription, not enough credits, geometry not validated…), or null. */
    blocked_reason: z.string().nullable(),
    already_approved: z.boolean(),
  })
  .openapi('CostBreakdown');
export type CostBreakdown = z.infer<typeof CostBreakdownSchema>;

export const UserApprovalSchema = z
  .object({
    /** Must be true: the user accepts the terms and the debit. */
    approved: flag(),
    /** The total the user saw; a different current total → 400, so a price change is never debited unseen. */
    expected_credits: z.number().int().min(0).optional(),
  })
  .strict()
  .openapi('UserApproval');
export type UserApproval = z.infer<typeof UserApprovalSchema>;

export const UserApprovalResultSchema = z
  .object({
    configuration_id: z.number().int(),
    status: ScenarioStatusSchema,
    credits_debited: z.number().int(),
    /** Held until the external results arrive (then debited), returned if cancelled. */
    credits_reserved: z.number().int(),
    credit_type: z.enum(ENGINES),
    subscription_id: z.number().int(),
    usage_id: z.number().int(),
    credits_left: z.number().int(),
    /** True when this call found the scenario already approved (a retry): nothing was debited twice. */
    replayed: z.boolean(),
    simulations: z.array(SimulationSummarySchema),
  })
  .openapi('UserApprovalResult');
export type UserApprovalResult = z.infer<typeof UserApprovalResultSchema>;

// ---------------------------------------------------------------------------------------------
// Status and version info
// ---------------------------------------------------------------------------------------------

/**
 * A CFD direction still marked running whose worker has missed its heartbeats (the process died or
 * hangs). Its lease ends at `resumes_by`; from then on any worker may take it over and it carries on
 * from its last checkpoint. `resumes_by` null: the lease has already ended and the direction waits
 * for a free worker.
 */
export const StalledDirectionSchema = z
  .object({
    /** 1-based, as `direction.index`. */
    index: z.number().int(),
    deg: z.number(),
    /** The worker's last heartbeat. */
    since: z.string(),
    resumes_by: z.string().nullable(),
  })
  .openapi('StalledDirection');
export type StalledDirection = z.infer<typeof StalledDirectionSchema>;

export const LatestStatusSchema = z
  .object({
    simulation_id: z.number().int(),
    configuration_id: z.number().int(),
    status: ScenarioStatusSchema,
    status_text: z.string(),
    configuration_status: ScenarioStatusSchema,
    /** 0–100 while a job runs, else null. */
    progress: z.number().nullable(),
    /** Seconds left while it runs, when known. */
    eta_s: z.number().nullable().optional(),
    /** A CFD run's directions whose worker stopped answering (see StalledDirection). */
    stalled: z.array(StalledDirectionSchema).optional(),
    job: z
      .object({
        id: z.number().int(),
        type: z.string(),
        status: z.string(),
        progress: z.number(),
        message: z.string().nullable(),
        error: z.string().nullable(),
      })
      .nullable(),
    updated: z.string(),
  })
  .openapi('LatestStatus');
export type LatestStatus = z.infer<typeof LatestStatusSchema>;

/**
 * What ingested results recorded about the model (ML) or solver (CFD) that produced them — read from
 * the result assets' metadata (provenance), never invented: `recorded` false and nulls until then.
 */
export const VersionInfoSchema = z
  .object({
    simulation_id: z.number().int(),
    kind: z.enum(['ml', 'cfd']),
    recorded: z.boolean(),
    name: z.string().nullable(),
    version: z.string().nullable(),
    /** Other provenance fields as recorded. */
    details: z.record(z.string(), z.unknown()),
    asset_id: z.number().int().nullable(),
    ingested_at: z.string().nullable(),
  })
  .openapi('VersionInfo');
export type VersionInfo = z.infer<typeof VersionInfoSchema>;

export const MlModelListSchema = z
  .object({
    project_id: z.number().int(),
    models: z.array(
      z.object({
        simulation_id: z.number().int(),
        configuration_id: z.number().int(),
        name: z.string().nullable(),
        version: z.string().nullable(),
        asset_id: z.number().int(),
        ingested_at: z.string(),
      }),
    ),
  })
  .openapi('MlModelList');
export type MlModelList = z.infer<typeof MlModelListSchema>;

export const ResubmitMlResultSchema = z
  .object({ simulation_id: z.number().int(), status: ScenarioStatusSchema, status_text: z.string() })
  .openapi('ResubmitMlResult');
export type ResubmitMlResult = z.infer<typeof ResubmitMlResultSchema>;

// ---------------------------------------------------------------------------------------------
// Geometry validation
// ---------------------------------------------------------------------------------------------

export const FINDING_SEVERITIES = ['error', 'warning', 'info'] as const;

/** One problem with the geometry (engine/geometry GeometryFinding, in snake_case). Lists are capped. */
export const GeometryFindingSchema = z
  .object({
    id: z.string(),
    severity: z.enum(FINDING_SEVERITIES),
    code: z.string(),
    message: z.string(),
    suggested_fix: z.string(),
    /** Offending triangle indices in the asset's file order (capped; `count` gives the total). */
    triangles: z.array(z.number().int()),
    /** Offending edges as pairs of soup vertex indices (3·triangle + corner), capped. */
    edges: z.array(z.tuple([z.number().int(), z.number().int()])),
    location: z.tuple([z.number(), z.number(), z.number()]).nullable(),
    role: z.enum(GEOMETRY_ROLES).nullable(),
    /** The file name of the asset. */
    asset: z.string().nullable(),
    /** The upload id of the asset, so the viewer can load and highlight it. */
    upload_id: z.number().int().nullable(),
    count: z.number().int(),
    related: z.object({ role: z.enum(GEOMETRY_ROLES), asset: z.string().nullable(), triangles: z.array(z.number().int()), count: z.number().int() }).nullable(),
    details: z.record(z.string(), z.union([z.number(), z.string()])),
  })
  .openapi('GeometryFinding');
export type GeometryFinding = z.infer<typeof GeometryFindingSchema>;

export const GEOMETRY_VALIDATION_STATUSES = ['queued', 'running', 'passed', 'failed'] as const;
export type GeometryValidationStatus = (typeof GEOMETRY_VALIDATION_STATUSES)[number];

/** SPEC §3 validation request: scenario_id, simulation_id, simulation_type and the geometry per role. */
export const GeometryValidationRequestSchema = z
  .object({
    scenario_id: idField(),
    simulation_id: idField(),
    simulation_type: text(100),
    /** Upload ids per role; absent → the scenario's own geometry files. */
    geometry: GeometryFilesSchema.optional(),
  })
  .strict()
  .openapi('GeometryValidationRequest');
export type GeometryValidationRequest = z.input<typeof GeometryValidationRequestSchema>;

/** PATCH: acknowledge the warnings, or re-run with other files (a new run is queued when geometry is given). */
export const GeometryValidationPatchSchema = z
  .object({
    warnings_acknowledged: flag().optional(),
    simulation_type: text(100).optional(),
    geometry: GeometryFilesSchema.optional(),
  })
  .strict()
  .openapi('GeometryValidationPatch');
export type GeometryValidationPatch = z.input<typeof GeometryValidationPatchSchema>;

export const GeometryAssetReportSchema = z
  .object({
    role: z.enum(GEOMETRY_ROLES),
    name: z.string(),
    upload_id: z.number().int().nullable(),
    triangle_count: z.number().int(),
    parts: z.number().int(),
    bounds: z.object({ min: z.tuple([z.number(), z.number(), z.number()]), max: z.tuple([z.number(), z.number(), z.number()]) }).nullable(),
  })
  .openapi('GeometryAssetReport');

export const GeometryValidationSchema = z
  .object({
    id: z.number().int(),
    configuration_id: z.number().int(),
    scenario_id: z.number().int(),
    simulation_id: z.number().int().nullable(),
    simulation_type: z.string(),
    geometry: GeometryFilesSchema,
    status: z.enum(GEOMETRY_VALIDATION_STATUSES),
    /** SPEC §5: set when the run failed (error findings, unreadable files or a crashed job). */
    error: z.boolean(),
    /** One-line reason when `error` is set. */
    error_message: z.string().nullable(),
    warnings_acknowledged: z.boolean(),
    summary: z.object({ errors: z.number().int(), warnings: z.number().int(), infos: z.number().int() }),
    findings: z.array(GeometryFindingSchema),
    /** True when more findings existed than were stored (at most 200 findings are kept). */
    findings_truncated: z.boolean(),
    assets: z.array(GeometryAssetReportSchema),
    job_id: z.number().int().nullable(),
    created: z.string(),
    updated: z.string(),
    finished: z.string().nullable(),
  })
  .openapi('GeometryValidation');
export type GeometryValidation = z.infer<typeof GeometryValidationSchema>;

// ---------------------------------------------------------------------------------------------
// Remesh
// ---------------------------------------------------------------------------------------------

/** POST …/simulation/{sid}/remesh-stl/: repair one uploaded STL of the scenario into a new asset. */
export const RemeshRequestSchema = z
  .object({
    /** The upload id of the STL to repair (one of the scenario's geometry files). */
    upload_id: idField(),
    role: choice(GEOMETRY_ROLES),
    /** Vertices closer than this are merged, metres (default 0.001). */
    weld_tolerance_m: number()
      .min(0, 'Ensure this value is greater than or equal to 0.')
      .max(0.1, 'Ensure this value is less than or equal to 0.1.')
      .optional(),
    /** Holes up to this width are closed, metres (default 0.5, the validator's limit). */
    max_hole_width_m: number().gt(0, 'Ensure this value is greater than 0.').max(5, 'Ensure this value is less than or equal to 5.').optional(),
    /** Replace the upload by the repaired file in the scenario's geometry (default true). */
    replace_in_scenario: flag().default(true),
  })
  .strict()
  .openapi('RemeshRequest');
export type RemeshRequest = z.input<typeof RemeshRequestSchema>;

export const RemeshResultSchema = z
  .object({
    simulation_id: z.number().int(),
    source_upload_id: z.number().int(),
    /** The repaired STL, stored as a new upload (usable as a geometry file). */
    upload_id: z.number().int(),
    /** The new geometry asset, linked from the source asset's remeshed_assets. */
    asset_id: z.number().int(),
    source_asset_id: z.number().int(),
    filename: z.string(),
    triangles_before: z.number().int(),
    triangles_after: z.number().int(),
    merged_vertices: z.number().int(),
    flipped_triangles: z.number().int(),
    holes_closed: z.number().int(),
    holes_left_open: z.number().int(),
    removed_degenerate: z.number().int(),
    /** Validation of the repaired file alone (same rules as geometry-validation). */
    passed: z.boolean(),
    findings: z.array(GeometryFindingSchema),
  })
  .openapi('RemeshResult');
export type RemeshResult = z.infer<typeof RemeshResultSchema>;

// ---------------------------------------------------------------------------------------------
// Live events (WebSocket, published through the bus)
// ---------------------------------------------------------------------------------------------

/**
 * How far a running simulation is, where it is known (additive; absent or null: only the status
 * text). Canopy's CFD wind fills `direction` and `phase` (contexts/compute/cfd/progress-view.ts).
 */
export const SimulationProgressSchema = z
  .object({
    /** 0–100 of the whole simulation. */
    percent: z.number(),
    /** Seconds left for the whole simulation, null when not yet known. */
    eta_s: z.number().nullable(),
    /** The solver's phase now (CFD: preparing, spin-up, developing, averaging, post-processing). */
    phase: z.string().nullable(),
    /** The wind direction being computed (1-based `index` of `total`, `done` finished), for CFD. */
    direction: z.object({ index: z.number().int(), total: z.number().int(), deg: z.number(), done: z.number().int() }).nullable(),
    updated_at: z.string(),
    /** CFD directions whose worker stopped answering: they resume from their checkpoints once their lease ends. */
    stalled: z.array(StalledDirectionSchema).optional(),
  })
  .openapi('SimulationProgress');
export type SimulationProgress = z.infer<typeof SimulationProgressSchema>;

export const ScenarioEventSchema = z
  .discriminatedUnion('type', [
    z.object({
      type: z.literal('scenario.status'),
      project_id: z.number().int(),
      configuration_id: z.number().int(),
      status: ScenarioStatusSchema,
      simulations: z.array(
        z.object({ id: z.number().int(), status: ScenarioStatusSchema, status_text: z.string(), progress: SimulationProgressSchema.nullable().optional() }),
      ),
    }),
    z.object({
      type: z.literal('scenario.validation'),
      project_id: z.number().int(),
      configuration_id: z.number().int(),
      validation_id: z.number().int(),
      status: z.enum(GEOMETRY_VALIDATION_STATUSES),
      error: z.boolean(),
      errors: z.number().int(),
      warnings: z.number().int(),
    }),
    z.object({ type: z.literal('scenario.deleted'), project_id: z.number().int(), configuration_id: z.number().int() }),
    z.object({
      type: z.literal('notification'),
      project_id: z.number().int(),
      configuration_id: z.number().int().nullable(),
      level: z.enum(['info', 'success', 'danger']),
      message: z.string(),
    }),
    /** An uploaded model being read into a geometry file (POST geometry-import/): percent read so far. */
    z.object({ type: z.literal('geometry.import'), project_id: z.number().int(), upload_id: z.number().int(), percent: z.number().int() }),
    /** The user's inbox changed: a share to them made, re-sent or revoked, or their share answered. Sent to that user only. */
    z.object({ type: z.literal('inbox.changed'), project_id: z.number().int(), reason: z.enum(['shared', 'answered', 'revoked']) }),
  ])
  .openapi('ScenarioEvent');
export type ScenarioEvent = z.infer<typeof ScenarioEventSchema>;
