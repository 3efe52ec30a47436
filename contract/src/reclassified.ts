/**
 * A comfort map re-classified in the viewer, saved as a layer of its simulation:
 * POST /api/project/{id}/configuration/{cid}/simulation/{sid}/reclassified-comfort/. The browser
 * computed the classes from the simulation's stored per-direction speed-up ratios under another
 * criterion, season, time window or weather file (engine/analyses/wind-comfort.ts, in a Web
 * Worker); the server checks them against the stored results and keeps them with their provenance.
 */
import { z } from '@hono/zod-openapi';
import { text } from './common.ts';
import { CriterionSchema } from './analyses.ts';

const monthDay = z.object({ month: z.number().int().min(1).max(12), day: z.number().int().min(1).max(31) });

export const ReclassifiedComfortSchema = z
  .object({
    /** The criterion table the classes index into (a built-in one as GET /api/criteria/ lists it, or a company's own). */
    criterion: CriterionSchema,
    season: z
      .object({
        id: text(40),
        name: text(80),
        months: z.array(z.number().int().min(1).max(12)).min(1).max(12).optional(),
        from: monthDay.optional(),
        to: monthDay.optional(),
      })
      .strict(),
    time_window: z.object({ id: text(40), name: text(80), window: text(11).openapi({ example: '08:00-18:00' }) }).strict(),
    /** The project's met source (met_id) whose weather year was used. */
    met_id: text(64),
    /** The simulated directions the ratios came from, degrees from north: must be the simulation's. */
    wind_directions: z.array(z.number().min(0).lt(360)).min(1).max(72),
    /** One byte per point of the simulation's plane, base64: the class index, 255 where no class. */
    comfort_class: z
      .string()
      .max(8_000_000)
      .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'Enter the classes as base64.'),
    /** How long the browser took (recorded in the provenance). */
    computed_in_ms: z.number().min(0).max(3_600_000).optional(),
  })
  .strict()
  .openapi('ReclassifiedComfort');
export type ReclassifiedComfort = z.input<typeof ReclassifiedComfortSchema>;

/** The byte that means "no class" (a point without data). */
export const NO_CLASS_BYTE = 255;
