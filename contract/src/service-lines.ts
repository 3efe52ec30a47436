/** Service lines: what the company (or every company, company_id null) offers, for the navigator's sidebar. */
import { z } from '@hono/zod-openapi';
import { paginated } from './common.ts';

export const ServiceLineSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    offerings: z.array(z.string()),
    company_id: z.number().int().nullable(),
  })
  .openapi('ServiceLine');

export const ServiceLinePageSchema = paginated(ServiceLineSchema, 'ServiceLinePage');

export type ServiceLine = z.infer<typeof ServiceLineSchema>;
export type ServiceLinePage = z.infer<typeof ServiceLinePageSchema>;
