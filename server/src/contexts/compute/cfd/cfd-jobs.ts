/**
 * The inputs of the CFD wind jobs (validated again when a job runs: a row may outlive a change).
 * - 'cfd.wind' (one per simulation, the job approval enqueues): plans the run and enqueues one
 *   'cfd.direction' job per wind direction.
 * - 'cfd.direction': runs the solver for one direction on whichever worker claims it.
 * docs/adr/0012-cfd-wind-jobs.md says why the work is split this way.
 */
import { z } from 'zod';
import { TERRAINS, type TerrainId } from '@canopy/engine/wind/profile.ts';
import { analysisTargetSchema, windComfortSettingsSchema } from '../analyses/settings.ts';

const terrainIds = Object.keys(TERRAINS) as [TerrainId, ...TerrainId[]];

export const CFD_TIERS = ['rapid', 'detailed'] as const;
export const CFD_ANALYSES = ['pedestrian_wind_comfort', 'directional_wind'] as const;
export type CfdAnalysis = (typeof CFD_ANALYSES)[number];

export const cfdWindJobInputSchema = analysisTargetSchema.extend({
  analysis: z.enum(CFD_ANALYSES).default('pedestrian_wind_comfort'),
  tier: z.enum(CFD_TIERS).default('rapid'),
  terrain: z.enum(terrainIds).default('suburban'),
  windDirections: z.number().int().min(4).max(72).default(16),
  /** What the wind-comfort post-processing computes once the directions are in. */
  settings: windComfortSettingsSchema.default(windComfortSettingsSchema.parse({})),
});
export type CfdWindJobInput = z.input<typeof cfdWindJobInputSchema>;

const even = z
  .number()
  .int()
  .min(2)
  .refine((n) => n % 2 === 0, { message: 'must be even' });

export const cfdDirectionJobInputSchema = z.object({
  projectId: z.number().int().positive(),
  configurationId: z.number().int().positive(),
  simulationId: z.number().int().positive(),
  runId: z.string().min(1).max(40),
  index: z.number().int().min(0),
  total: z.number().int().min(1),
  directionDeg: z.number().min(0).lt(360),
  directionsDeg: z.array(z.number()).min(1),
  tier: z.enum(CFD_TIERS),
  terrain: z.enum(terrainIds),
  schedule: z.object({ spinUpSteps: even, developSteps: even, averageSteps: even, chunkSteps: even }),
  shortened: z.boolean().default(false),
});
export type CfdDirectionJobInput = z.input<typeof cfdDirectionJobInputSchema>;
export type CfdDirectionJob = z.output<typeof cfdDirectionJobInputSchema>;
