/** Project shares (sender and recipient sides), notifications, and invitations to join a company. */
import { z } from '@hono/zod-openapi';
import { UserRefSchema, choice, idField, optionalText, paginated } from './common.ts';

/** What a share allows: view reads the project; edit also changes it. */
export const SHARE_ACCESS = ['view', 'edit'] as const;
export type ShareAccess = (typeof SHARE_ACCESS)[number];

export const ShareCreateSchema = z
  .object({
    email: z.string().trim().pipe(z.email('Enter a valid email address.')).optional(),
    user_id: idField().optional(),
    access_level: choice(SHARE_ACCESS)
      .default('view')
      .openapi({ description: 'view: the recipient reads the project; edit: also changes it (with their role permissions). Default view.' }),
    message: optionalText(1000).openapi({ description: "A note added to the recipient's notification" }),
  })
  .superRefine((v, ctx) => {
    if (v.email === undefined && v.user_id === undefined) ctx.addIssue({ code: 'custom', path: ['email'], message: 'This field is required.' });
  })
  .openapi('ProjectShareCreate', { description: 'The recipient by e-mail address or user id; a notification is created for them.' });

export const ShareUpdateSchema = z
  .object({
    share_status: z
      .literal('pending', {
        error: 'Only "pending" can be set here (to re-send a declined share); the recipient accepts or declines.',
      })
      .optional(),
    access_level: choice(SHARE_ACCESS).optional().openapi({ description: 'Change what the share allows' }),
    message: optionalText(1000).openapi({ description: "A note added to the recipient's new notification" }),
  })
  .superRefine((v, ctx) => {
    if (v.share_status === undefined && v.access_level === undefined)
      ctx.addIssue({ code: 'custom', path: ['access_level'], message: 'Give share_status "pending" (re-send) or an access_level.' });
  })
  .openapi('ProjectShareUpdate', { description: 'Re-sends a declined share (back to pending, with a new notification), and/or changes its access level.' });

export const ShareAnswerSchema = z.object({ share_status: choice(['accepted', 'declined']) }).openapi('ProjectShareAnswer');

export const ShareRecipientSchema = UserRefSchema.extend({ email: z.string(), company_name: z.string().nullable() }).openapi('ShareRecipient');

export const ProjectShareSchema = z
  .object({
    id: z.number().int(),
    project_id: z.number().int(),
    project_name: z.string(),
    user: ShareRecipientSchema,
    share_status: z.enum(['pending', 'accepted', 'declined']),
    access_level: z.enum(SHARE_ACCESS),
    shared_by: UserRefSchema.nullable(),
    created: z.string(),
    updated: z.string(),
  })
  .openapi('ProjectShare');

export const ProjectSharePageSchema = paginated(ProjectShareSchema, 'ProjectSharePage');

export const NotificationSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(['project_shared', 'project_share_answered', 'project_shared_with_group', 'invite_accepted']),
    message: z.string(),
    project_id: z.number().int().nullable(),
    project_share_id: z.number().int().nullable(),
    actor: UserRefSchema.nullable(),
    created: z.string(),
  })
  .openapi('Notification');

export const NotificationPageSchema = paginated(NotificationSchema, 'NotificationPage');

export const InviteCreateSchema = z
  .object({
    email: z.string().trim().pipe(z.email('Enter a valid email address.')),
    role: idField().optional().openapi({ description: 'Role id for the new user; only holders of custom_auth.change_user may choose (default Viewer)' }),
  })
  .openapi('UserInviteCreate');

export const InviteSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    project_id: z.number().int().nullable(),
    company_id: z.number().int(),
    role: z.number().int().nullable(),
    created: z.string(),
    expires: z.string(),
  })
  .openapi('UserInvite', { description: 'The invitation; the sign-up link (with its token) goes only to the invitee by mail.' });

export type ShareCreate = z.input<typeof ShareCreateSchema>;
export type ShareUpdate = z.input<typeof ShareUpdateSchema>;
export type ShareAnswer = z.infer<typeof ShareAnswerSchema>;
export type ProjectShare = z.infer<typeof ProjectShareSchema>;
export type ProjectSharePage = z.infer<typeof ProjectSharePageSchema>;
export type Notification = z.infer<typeof NotificationSchema>;
export type NotificationPage = z.infer<typeof NotificationPageSchema>;
export type InviteCreate = z.infer<typeof InviteCreateSchema>;
export type Invite = z.infer<typeof InviteSchema>;
