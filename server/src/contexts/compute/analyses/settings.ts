/**
 * Inputs of the analysis jobs, as zod schemas: what a job row's `input` holds (validated again when
 * the job runs, since a row may outlive a code change) and what `submit-postprocessing/` accepts.
 * Defaults are what a scenario starts from when the wizard leaves a setting out.
 */
import { z } from 'zod';
import { parseTimeWindow } from '@canopy/engine/weather/hour-mask.ts';
import { parseIsoDate } from '@canopy/engine/analyses/solar.ts';
import { CRITERIA, criterionSchema } from '@canopy/engine/wind/criteria.ts';
import { companyCriterionPk } from '@canopy/contract/criteria.ts';
import { TERRAINS, type TerrainId } from '@canopy/engine/wind/profile.ts';

const id = z.string().trim().min(1).max(40);
const name = z.string().trim().min(1).max(80);
const monthDay = z.object({ month: z.number().int().min(1).max(12), day: z.number().int().min(1).max(31) });

export const seasonSchema = z
  .object({ id, name, months: z.array(z.number().int().min(1).max(12)).min(1).max(12).optional(), from: monthDay.optional(), to: monthDay.optional() })
  .refine((s) => Boolean(s.months) || (Boolean(s.from) && Boolean(s.to)), { message: 'a season needs months, or from and to' });

const clockWindow = z.string().superRefine((text, ctx) => {
  try {
    parseTimeWindow(text);
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: (error as Error).message });
  }
});

export const timeWindowSchema = z.object({ id, name, window: clockWindow });

export const sunHoursSchema = z.object({
  id,
  name,
  date: z.string().superRefine((text, ctx) => {
    try {
      parseIsoDate(text);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message });
    }
  }),
  window: clockWindow,
  minuteInterval: z.number().int().min(1).max(60),
});

const ANNUAL = { id: 'annual', name: 'Annual', months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] };
/** Meteorological seasons of the northern hemisphere (as engine/wind/criteria.ts recipe defaults). */
export const DEFAULT_SEASONS = [
  ANNUAL,
  { id: 'winter', name: 'Winter', months: [12, 1, 2] },
  { id: 'spring', name: 'Spring', months: [3, 4, 5] },
  { id: 'summer', name: 'Summer', months: [6, 7, 8] },
  { id: 'autumn', name: 'Autumn', months: [9, 10, 11] },
];

const terrainIds = Object.keys(TERRAINS) as [TerrainId, ...TerrainId[]];

export const solarSettingsSchema = z.object({
  seasons: z.array(seasonSchema).max(12).default(DEFAULT_SEASONS),
  timeWindows: z
    .array(timeWindowSchema)
    .max(8)
    .default([{ id: 'daytime', name: 'Daytime', window: '08:00-18:00' }]),
  /** Equinox and solstices by default, over the whole day at 15 minutes. */
  sunHours: z
    .array(sunHoursSchema)
    .max(12)
    .default([
      { id: 'march-21', name: '21 March', date: '2025-03-21', window: '00:00-24:00', minuteInterval: 15 },
      { id: 'june-21', name: '21 June', date: '2025-06-21', window: '00:00-24:00', minuteInterval: 15 },
      { id: 'december-21', name: '21 December', date: '2025-12-21', window: '00:00-24:00', minuteInterval: 15 },
    ]),
  quantisationDeg: z.number().min(0).max(10).optional(),
});

export const thermalSettingsSchema = z.object({
  seasons: z.array(seasonSchema).max(12).default(DEFAULT_SEASONS),
  timeWindows: z
    .array(timeWindowSchema)
    .max(8)
    .default([{ id: 'daytime', name: 'Daytime', window: '08:00-20:00' }]),
  metabolicRateMet: z.number().min(0.7).max(4).default(1.2),
  /** Fixed clothing; absent → the Schiavon & Lee dynamic model. */
  clothingClo: z.number().min(0).max(4).optional(),
  siteTerrain: z.enum(terrainIds).default('suburban'),
  groundReflectance: z.number().min(0).max(1).default(0.25),
  quantisationDeg: z.number().min(0).max(10).optional(),
});

const criterionIds = CRITERIA.map((c) => c.id);
/** A built-in criterion, or a company's table company-<pk> (services/criteria). */
const criterionId = z
  .string()
  .refine((id) => criterionIds.includes(id) || companyCriterionPk(id) !== null, { message: 'not a built-in criterion nor company-<pk>' });

export const windComfortSettingsSchema = z.object({
  criteria: z.array(criterionId).min(1).max(12).default(['lawson-lddc']),
  /**
   * The company tables among `criteria`, as they were when the job was asked for (post-processing
   * copies them in), so a later edit or deletion does not change a queued job. A job without the
   * copy (a scenario's CFD post-processing) reads the project's company's tables when it runs.
   */
  tables: z.array(criterionSchema).max(12).optional(),
  seasons: z.array(seasonSchema).min(1).max(12).default(DEFAULT_SEASONS),
  timeWindows: z
    .array(timeWindowSchema)
    .min(1)
    .max(8)
    .default([{ id: 'all-day', name: 'All day', window: '00:00-24:00' }]),
  /** Only the directional layers (and arrows): a directional-wind study has no comfort criterion. */
  directionalOnly: z.boolean().default(false),
});

/**
 * Which simulation a job writes to, and which weather it uses: the scenario's chosen met source
 * (`stationId`, a weather_stations row — library, fetched or uploaded EPW), else a library file
 * (`weatherId`), else the library station nearest the project.
 */
export const analysisTargetSchema = z.object({
  projectId: z.number().int().positive(),
  configurationId: z.number().int().positive(),
  simulationId: z.number().int().positive(),
  stationId: z.number().int().positive().optional(),
  weatherId: z.string().min(1).optional(),
});

export const solarJobInputSchema = analysisTargetSchema.extend({ settings: solarSettingsSchema.default(solarSettingsSchema.parse({})) });
export const thermalJobInputSchema = analysisTargetSchema.extend({ settings: thermalSettingsSchema.default(thermalSettingsSchema.parse({})) });
export const windComfortJobInputSchema = analysisTargetSchema.extend({ settings: windComfortSettingsSchema.default(windComfortSettingsSchema.parse({})) });

export type AnalysisTarget = z.output<typeof analysisTargetSchema>;
export type SolarJobInput = z.input<typeof solarJobInputSchema>;
export type ThermalJobInput = z.input<typeof thermalJobInputSchema>;
export type WindComfortJobInput = z.input<typeof windComfortJobInputSchema>;

/** Job types of the analyses (the keys of their handlers). */
export const ANALYSIS_JOB_TYPES = { solar: 'analysis.solar', thermal: 'analysis.thermal-comfort', windComfort: 'analysis.wind-comfort' } as const;
