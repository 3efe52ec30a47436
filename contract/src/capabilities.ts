/** The scenario wizard's offer: which analysis × job level pairs run, and who computes each. */
import { z } from '@hono/zod-openapi';
import { ENGINES } from './scenarios.ts';
import { ANALYSIS_TYPES } from './parameter-sets.ts';

export const CapabilitySchema = z
  .object({
    analysis_type: z.enum(ANALYSIS_TYPES),
    engine: z.enum(ENGINES).openapi({ description: 'The job level (credit type) the pair runs at' }),
    computed_by: z.enum(['canopy', 'external']).openapi({
      description:
        "canopy: computed by Canopy's own engine when approved; external: results are ingested from a configured service (credits reserved until they arrive)",
    }),
    provider: z.string().openapi({ description: "'Canopy', or the configured external provider's name" }),
    method: z.string().openapi({ description: 'One sentence on how the results are made' }),
  })
  .openapi('Capability');

export const CapabilityListSchema = z.object({ results: z.array(CapabilitySchema) }).openapi('CapabilityList');

export type Capability = z.infer<typeof CapabilitySchema>;
export type CapabilityList = z.infer<typeof CapabilityListSchema>;
