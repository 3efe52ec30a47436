/** Cancelling a simulation that waits for external results: its reserved credits come back. */
import { z } from '@hono/zod-openapi';

export const CancelSimulationResultSchema = z
  .object({
    simulation_id: z.number().int(),
    status: z.literal('cancelled'),
    status_text: z.string(),
    /** Credits that were reserved for its results and are now returned to the subscription. */
    credits_returned: z.number().int(),
  })
  .openapi('CancelSimulationResult');

export type CancelSimulationResult = z.infer<typeof CancelSimulationResultSchema>;
