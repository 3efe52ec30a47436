/**
 * The CFD estimate the scenario wizard's cost step asks for (POST /api/project/{id}/cfd-estimate/):
 * from the scenario-to-be's geometry (upload ids by role), the resolution tier and the number of
 * wind directions, the grid Canopy's solver will build and what it costs. docs/cfd-wind.md.
 * Field names and messages follow contract/src/scenarios.ts (the same fields of the scenario form).
 */
import { z } from '@hono/zod-openapi';
import { choice, flag } from './common.ts';
import { CFD_TIERS, GeometryFilesSchema, PEDESTRIAN_PLANE_DEFAULTS, PedestrianPlaneSchema, SEASONS, TERRAIN_IDS, WIND_DIRECTION_COUNTS } from './scenarios.ts';

const oneOf = (values: readonly number[]) =>
  z
    .number({ error: (i) => (i.input === undefined ? undefined : 'A valid number is required.') })
    .refine((n) => values.includes(n), { message: `Choose one of ${values.join(', ')}.` });

export const CfdEstimateRequestSchema = z
  .object({
    geometry: GeometryFilesSchema,
    cfd_tier: choice(CFD_TIERS).default('rapid'),
    wind_directions: oneOf(WIND_DIRECTION_COUNTS).default(16),
    terrain: choice(TERRAIN_IDS).default('suburban'),
    project_surrounds: flag().default(true),
    pedestrian_plane: PedestrianPlaneSchema.nullable().default({ ...PEDESTRIAN_PLANE_DEFAULTS }),
    /** The seasons the comfort maps are made for (the price counts them, as the cost breakdown does). */
    seasons: z.array(choice(SEASONS)).min(1, 'Choose at least one season.').max(SEASONS.length).default(['annual']),
    analysis_type: choice(['pedestrian_wind_comfort', 'directional_wind'] as const).default('pedestrian_wind_comfort'),
  })
  .strict()
  .openapi('CfdEstimateRequest');
export type CfdEstimateRequest = z.input<typeof CfdEstimateRequestSchema>;

export const CfdEstimateSchema = z
  .object({
    tier: z.enum(CFD_TIERS),
    tier_label: z.string(),
    finest_cell_m: z.number(),
    cells: z.number().int(),
    memory_bytes: z.number().int(),
    levels: z.array(
      z.object({
        dx_m: z.number(),
        nx: z.number().int(),
        ny: z.number().int(),
        nz: z.number().int(),
        origin_m: z
          .tuple([z.number(), z.number(), z.number()])
          .optional()
          .openapi({ description: 'The level box corner in the solver frame: inflow along +x, the region centre at x = y = 0 (docs/cfd-wind.md)' }),
      }),
    ),
    region: z.object({ centre: z.tuple([z.number(), z.number()]), radius_m: z.number(), context_radius_m: z.number(), tallest_building_m: z.number() }),
    wind_directions: z.number().int(),
    steps_per_direction: z.number().int(),
    lattice_updates_per_direction: z.number(),
    lattice_updates_total: z.number(),
    throughput_mlups: z
      .number()
      .openapi({ description: 'Million lattice-cell updates per second assumed: measured on this installation, else a default per thread' }),
    throughput_source: z.enum(['measured', 'default']),
    threads: z.number().int().openapi({ description: 'Threads one direction steps on (CFD_THREADS)' }),
    directions_at_once: z.number().int().openapi({ description: 'Directions one worker process steps side by side (its cores ÷ threads)' }),
    minutes_per_direction: z.number(),
    minutes_total: z.number().openapi({ description: 'Directions in rounds of directions_at_once on one worker; more workers share them' }),
    compute_factor: z.number().int().openapi({ description: 'Price units the run takes: ceil(lattice updates / 10¹¹)' }),
    shortened_schedule: z.boolean(),
    limits: z.object({ max_cells: z.number().int(), max_memory_bytes: z.number() }),
    credit_type: z.literal('CFD'),
    /** The analysis's CFD price per unit (simulation_prices), null when the operator set none. */
    unit_credits: z.number().int().nullable(),
    seasons: z.number().int(),
    /** unit_credits × compute_factor × seasons; null without a price. */
    credits: z.number().int().nullable(),
  })
  .openapi('CfdEstimate');
export type CfdEstimateResponse = z.infer<typeof CfdEstimateSchema>;
