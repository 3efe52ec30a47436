/** Share groups and their members. Setting or creating a group as default clears the previous default. */
import { z } from '@hono/zod-openapi';
import { flag, idField, paginated, text, UserRefSchema } from './common.ts';

export const ShareGroupSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    default_for_new_projects: z.boolean().openapi({ description: "New projects are shared with this group's members; at most one per company" }),
    member_count: z.number().int(),
    created: z.string(),
  })
  .openapi('ShareGroup');

export const ShareGroupPageSchema = paginated(ShareGroupSchema, 'ShareGroupPage');

const userIds = () => z.array(idField()).max(1000, 'Ensure this field has no more than 1000 elements.');

export const ShareGroupCreateSchema = z
  .object({ name: text(200), default_for_new_projects: flag().optional(), users: userIds().optional() })
  .openapi('ShareGroupCreate');

export const ShareGroupUpdateSchema = z.object({ name: text(200).optional(), default_for_new_projects: flag().optional() }).openapi('ShareGroupUpdate');

export const ShareGroupMembersAddSchema = z
  .object({ users: userIds().min(1, 'Give at least one user id.') })
  .openapi('ShareGroupMembersAdd', { description: 'User ids of the company to add (already members are kept)' });

export const ShareGroupMembershipSchema = z
  .object({ users: z.array(z.number().int()).openapi({ description: 'Every member id after the change' }) })
  .openapi('ShareGroupMembership');

export const ShareGroupMemberSchema = UserRefSchema.extend({ email: z.string() }).openapi('ShareGroupMember');
export const ShareGroupMemberPageSchema = paginated(ShareGroupMemberSchema, 'ShareGroupMemberPage');

export type ShareGroup = z.infer<typeof ShareGroupSchema>;
export type ShareGroupPage = z.infer<typeof ShareGroupPageSchema>;
export type ShareGroupCreate = z.infer<typeof ShareGroupCreateSchema>;
export type ShareGroupUpdate = z.infer<typeof ShareGroupUpdateSchema>;
export type ShareGroupMembersAdd = z.infer<typeof ShareGroupMembersAddSchema>;
export type ShareGroupMembership = z.infer<typeof ShareGroupMembershipSchema>;
export type ShareGroupMember = z.infer<typeof ShareGroupMemberSchema>;
export type ShareGroupMemberPage = z.infer<typeof ShareGroupMemberPageSchema>;
