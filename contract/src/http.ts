/**
 * The two error bodies every route may answer with (DRF's `{detail}` and `{field: [messages]}`)
 * and the helpers that declare a JSON body or response in OpenAPI.
 */
import { z } from '@hono/zod-openapi';

export const DetailSchema = z.object({ detail: z.string() }).openapi('Detail');

export const FieldErrorsSchema = z.record(z.string(), z.array(z.string())).openapi('FieldErrors', { example: { username: ['This field is required.'] } });

export const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { 'application/json': { schema } },
});
