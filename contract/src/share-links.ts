/**
 * Share links: a project owner's read-only link to one Published insight or report, with
 * an expiry, an optional password and, for embedding, the origins allowed to frame it. The owner's
 * routes live under the project; the public ones under /api/shared/{token}.
 */
import { z } from '@hono/zod-openapi';
import { idField } from './common.ts';
import { InsightSchema, ReportSchema } from './insights.ts';
import { AssetSchema } from './viewer.ts';

/** A web origin a page may be framed by: scheme, host (optionally `*.` for subdomains), port. */
export const FRAME_ORIGIN = /^https?:\/\/(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/;
export const SHARE_PASSWORD_MIN = 8;
/** The longest a link may live, in days. */
export const SHARE_LINK_MAX_DAYS = 365;

const FrameAncestors = z
  .array(z.string().trim().toLowerCase().regex(FRAME_ORIGIN, 'Enter an origin such as https://example.com.'))
  .max(10, 'Ensure this field has no more than 10 elements.');

export const ShareLinkCreateSchema = z
  .object({
    insight_id: idField().optional().openapi({ description: 'The Published insight to share (or report_id)' }),
    report_id: idField().optional().openapi({ description: 'The Published report to share (or insight_id)' }),
    expires_at: z.iso
      .datetime({ offset: true, message: 'Enter a date and time as ISO 8601 (e.g. 2026-12-31T23:59:59Z).' })
      .openapi({ description: `In the future, at most ${SHARE_LINK_MAX_DAYS} days ahead` }),
    password: z
      .string()
      .min(SHARE_PASSWORD_MIN, `Ensure this field has at least ${SHARE_PASSWORD_MIN} characters.`)
      .max(128, 'Ensure this field has no more than 128 characters.')
      .optional(),
    frame_ancestors: FrameAncestors.optional().openapi({
      description: 'Origins allowed to embed the link in an iframe (CSP frame-ancestors); none by default',
    }),
  })
  .superRefine((value, ctx) => {
    if ((value.insight_id === undefined) === (value.report_id === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['insight_id'], message: 'Give either insight_id or report_id.' });
    }
  })
  .openapi('ShareLinkCreate');
export type ShareLinkCreate = z.infer<typeof ShareLinkCreateSchema>;

/** PATCH: the origins that may embed the link (replacing the list; [] forbids embedding). */
export const ShareLinkUpdateSchema = z.object({ frame_ancestors: FrameAncestors }).openapi('ShareLinkUpdate');
export type ShareLinkUpdate = z.infer<typeof ShareLinkUpdateSchema>;

export const ShareLinkSchema = z
  .object({
    id: z.number().int(),
    study_id: z.number().int(),
    insight_id: z.number().int().nullable(),
    report_id: z.number().int().nullable(),
    expires_at: z.string(),
    has_password: z.boolean(),
    frame_ancestors: z.array(z.string()),
    last_used_at: z.string().nullable().openapi({ description: 'When the link was last opened, or null' }),
    created_at: z.string(),
    created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  })
  .openapi('ShareLink');
export type ShareLink = z.infer<typeof ShareLinkSchema>;

/** The answer to creating a link: the only time its token is shown. */
export const ShareLinkCreatedSchema = ShareLinkSchema.extend({
  token: z.string().openapi({ description: 'Shown once; only its hash is stored' }),
  url: z.string().openapi({ description: 'The public page, /shared/{token}' }),
}).openapi('ShareLinkCreated');
export type ShareLinkCreated = z.infer<typeof ShareLinkCreatedSchema>;

export const ShareLinkListQuery = z.object({
  insight_id: z.string().optional().openapi({ description: 'Only links to this insight' }),
  report_id: z.string().optional().openapi({ description: 'Only links to this report' }),
});

/** GET /api/shared/{token}: what the public page needs before it opens the link. */
export const SharedLinkInfoSchema = z
  .object({
    kind: z.enum(['insight', 'report']),
    requires_password: z.boolean(),
    expires_at: z.string(),
  })
  .openapi('SharedLinkInfo');
export type SharedLinkInfo = z.infer<typeof SharedLinkInfoSchema>;

export const SharedOpenSchema = z
  .object({ password: z.string().max(128, 'Ensure this field has no more than 128 characters.').optional() })
  .openapi('SharedOpen');
export type SharedOpen = z.infer<typeof SharedOpenSchema>;

/** POST /api/shared/{token}/open: the shared insight or report, read-only, with its layers. */
export const SharedContentSchema = z
  .object({
    kind: z.enum(['insight', 'report']),
    expires_at: z.string(),
    access: z.string().nullable().openapi({
      description: "For a password link: pass as ?access= to the link's file routes (valid one hour, or until the link expires)",
    }),
    insights: z.array(InsightSchema).openapi({ description: "The shared insight, or the report's insights" }),
    report: ReportSchema.nullable(),
    layers: z.array(AssetSchema).openapi({ description: 'The result layers of the simulations the scene views show' }),
  })
  .openapi('SharedContent');
export type SharedContent = z.infer<typeof SharedContentSchema>;
