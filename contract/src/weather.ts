/**
 * The weather API's shapes (SPEC §3 met_sources, weather station, wind profile, bad stations; §7
 * fetch-met-data, download-weather-data, wind-profiles, bad-stations). One zod schema each: request
 * validation, the OpenAPI document, and — by type-only import — the web client's types.
 */
import { z } from '@hono/zod-openapi';

const INTEGER_REQUIRED = 'A valid integer is required.';
const uploadIdField = () =>
  z
    .number({ error: (issue) => (issue.input === undefined ? undefined : INTEGER_REQUIRED) })
    .int(INTEGER_REQUIRED)
    .min(1, 'Ensure this value is greater than or equal to 1.')
    .max(2_147_483_647, 'Ensure this value is less than or equal to 2147483647.')
    .openapi({ description: "Id of an upload of this project (GET …/uploads/): the file's bytes are read from the blob store" });

export const MET_ORIGIN_VALUES = ['upload', 'library', 'provider'] as const;

export const MetSourceSchema = z
  .object({
    id: z.number().int().openapi({ description: 'The project↔station link (DELETE …/met-sources/{id}/)' }),
    met_id: z.string().openapi({ example: '725300-1a2b3c4d', description: 'The weather station (SPEC §3); names the CSV download' }),
    name: z.string().openapi({ example: 'Chicago Ohare Intl Ap, IL, USA' }),
    wmo: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    elevation_m: z.number(),
    time_zone_hours: z.number(),
    years: z.string().openapi({ example: 'TMY3 (typical months of 1977–2005)' }),
    source: z.string().openapi({ example: 'EPW: Chicago Ohare Intl Ap, IL, USA, TMY3, WMO 725300' }),
    origin: z
      .enum(MET_ORIGIN_VALUES)
      .openapi({ description: 'upload: an EPW the user uploaded; library: the operator station library; provider: an online service' }),
    hours: z.number().int(),
    distance_km: z.number().nullable().openapi({ description: 'From the project to the station when it was fetched; null for uploads' }),
    upload_id: z.number().int().nullable(),
    created_at: z.string(),
  })
  .openapi('MetSource');

export const MetSourceListSchema = z.object({ results: z.array(MetSourceSchema) }).openapi('MetSourceList');

export const AddMetSourceSchema = z.object({ upload_id: uploadIdField() }).openapi('AddMetSource');

export const SkippedStationSchema = z.object({ name: z.string(), wmo: z.string(), distance_km: z.number(), reason: z.string() });

export const FetchMetResultSchema = z
  .object({
    met_source: MetSourceSchema,
    provider: z.string(),
    skipped: z.array(SkippedStationSchema).openapi({ description: 'Nearer stations passed over, and why (bad station, unreadable, too little data)' }),
  })
  .openapi('FetchMetResult');

export const FetchMetFailureSchema = z
  .object({
    detail: z.string(),
    skipped: z.array(SkippedStationSchema).openapi({ description: 'Every station (and provider) looked at, nearest first, and why each was passed over' }),
    reason: z.string(),
    retryable: z.boolean().openapi({ description: 'True only when an online provider was down or slow: trying again may then succeed' }),
    online_provider: z
      .string()
      .nullable()
      .openapi({ description: "The server's online weather provider (PVGIS (EU JRC)), or null when the operator turned it off" }),
  })
  .openapi('FetchMetFailure', {
    description: "detail is also stored on the project as met_error: SPEC §8's retry message when retryable, otherwise what the user can do instead",
  });

export const DownloadWeatherSchema = z.object({ met_id: z.string().min(1, 'This field may not be blank.').max(64) }).openapi('DownloadWeather');

export const SEASON_VALUES = ['all', 'winter', 'spring', 'summer', 'autumn'] as const;

export const WeatherSummaryQuerySchema = z.object({
  met_id: z.string().min(1).max(64).openapi({ description: 'A met_id of this project' }),
  season: z
    .string()
    .optional()
    .openapi({ description: 'all (default), winter, spring, summer, autumn (meteorological, flipped south of the equator), or months "12,1,2"' }),
  time: z.string().optional().openapi({ description: 'Time of day HH:MM-HH:MM (hour-ending hours whose midpoint falls inside); default all day' }),
  speed_bins: z.string().optional().openapi({ description: 'Speed bin edges in m/s, ascending, comma-separated; default 2,4,6,8,10' }),
});

export const WindRoseSchema = z.object({
  sectors: z.number().int(),
  sector_width_deg: z.number(),
  sector_centres_deg: z.array(z.number()),
  speed_bins_ms: z.array(z.number()),
  speed_bin_labels: z.array(z.string()),
  /** counts[sector][bin], hours */
  counts: z.array(z.array(z.number().int())),
  sector_counts: z.array(z.number().int()),
  calm_count: z.number().int(),
  missing_count: z.number().int(),
  total_count: z.number().int(),
  calm_share: z.number().openapi({ description: 'Calm hours / counted hours, 0–1' }),
});

export const MonthSummarySchema = z.object({
  month: z.number().int(),
  hours: z.number().int(),
  temperature_c: z.object({
    min: z.number().nullable(),
    mean_daily_min: z.number().nullable(),
    mean: z.number().nullable(),
    mean_daily_max: z.number().nullable(),
    max: z.number().nullable(),
  }),
  wind: z.object({
    mean_speed_ms: z.number().nullable(),
    max_speed_ms: z.number().nullable(),
    calm_share: z.number().nullable(),
    prevailing_direction_deg: z.number().nullable().openapi({ description: 'Centre of the 16-sector with the most hours' }),
  }),
});

export const CoverageSchema = z.object({
  hours: z.number().int(),
  expected_hours: z.number().int(),
  missing: z.record(z.string(), z.number().int()).openapi({ description: 'Missing hours per variable' }),
  missing_by_month: z.array(z.number().int()).openapi({ description: 'Hours with any key variable missing, per month (12)' }),
  missing_by_day: z.array(z.number().int()).openapi({ description: 'Hours with any key variable missing, per day of the file in order' }),
  complete_share: z.number(),
});

export const WeatherSummarySchema = z
  .object({
    met_id: z.string(),
    station: MetSourceSchema.omit({ id: true, distance_km: true, upload_id: true, created_at: true }),
    filter: z.object({ season: z.string(), months: z.array(z.number().int()), time: z.string(), hours_selected: z.number().int() }),
    wind_rose: WindRoseSchema,
    monthly: z.array(MonthSummarySchema),
    coverage: CoverageSchema,
  })
  .openapi('WeatherSummary');

export const STUDY_TYPE_VALUES = ['pedestrian-wind-comfort', 'thermal-comfort', 'directional-wind', 'structural-loading', 'cladding-pressure'] as const;

export const WindProfilesQuerySchema = z.object({
  study_type: z
    .string()
    .optional()
    .openapi({ description: `One of ${STUDY_TYPE_VALUES.join(', ')}: the heights the curve covers` }),
  page: z.string().optional(),
  page_size: z.string().optional(),
});

export const WindProfileSchema = z
  .object({
    id: z.string().openapi({ example: 'suburban' }),
    name: z.string(),
    description: z.string(),
    roughness_length_m: z.number().openapi({ description: 'z0 for the log law (Davenport–Wieringa classes)' }),
    exponent: z.number().openapi({ description: 'Power-law α (ASHRAE Fundamentals 2009 ch. 24 Table 1)' }),
    boundary_layer_height_m: z.number().openapi({ description: 'δ of the same table' }),
    study_types: z.array(z.string()),
    reference: z.object({ met_terrain: z.string(), met_height_m: z.number() }),
    curve: z
      .array(z.object({ height_m: z.number(), speed_ratio: z.number(), log_law_ratio: z.number().nullable() }))
      .openapi({ description: 'speed_ratio: power law U(z)/U_met(10 m, open country); log_law_ratio: U(z)/U(10 m) in this terrain (null at or below z0)' }),
  })
  .openapi('WindProfile');

export const WindProfilePageSchema = z
  .object({ count: z.number().int(), next: z.string().nullable(), previous: z.string().nullable(), results: z.array(WindProfileSchema) })
  .openapi('WindProfilePage');

export const BadStationSchema = z
  .object({
    id: z.number().int(),
    wmo: z.string(),
    name: z.string(),
    reason: z.string(),
    created_by: z.number().int().nullable(),
    created_at: z.string(),
  })
  .openapi('BadStation');

export const BadStationPageSchema = z
  .object({ count: z.number().int(), next: z.string().nullable(), previous: z.string().nullable(), results: z.array(BadStationSchema) })
  .openapi('BadStationPage');

export const CreateBadStationSchema = z
  .object({
    wmo: z.string().trim().min(1, 'This field may not be blank.').max(32, 'Ensure this field has no more than 32 characters.'),
    name: z.string().trim().max(200, 'Ensure this field has no more than 200 characters.').optional(),
    reason: z.string().trim().min(1, 'This field may not be blank.').max(1000, 'Ensure this field has no more than 1000 characters.'),
  })
  .openapi('CreateBadStation');

export const PageQuerySchema = z.object({ page: z.string().optional(), page_size: z.string().optional() });

export type MetSource = z.infer<typeof MetSourceSchema>;
export type FetchMetResult = z.infer<typeof FetchMetResultSchema>;
export type FetchMetFailure = z.infer<typeof FetchMetFailureSchema>;
export type WeatherSummary = z.infer<typeof WeatherSummarySchema>;
export type WindRoseData = z.infer<typeof WindRoseSchema>;
export type MonthSummary = z.infer<typeof MonthSummarySchema>;
export type Coverage = z.infer<typeof CoverageSchema>;
export type WindProfile = z.infer<typeof WindProfileSchema>;
export type BadStation = z.infer<typeof BadStationSchema>;
