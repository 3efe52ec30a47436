/** Project administrators, and the projects a user administers. */
import { z } from '@hono/zod-openapi';
import { UserRefSchema, paginated } from './common.ts';

export const ProjectAdministratorSchema = UserRefSchema.extend({
  email: z.string(),
  is_creator: z.boolean().openapi({ description: 'The creator is always an administrator and cannot be removed' }),
  added_by: z.number().int().nullable(),
  created: z.string().nullable(),
}).openapi('ProjectAdministrator');

export const ProjectAdministratorPageSchema = paginated(ProjectAdministratorSchema, 'ProjectAdministratorPage');

export const AdministeredProjectSchema = z
  .object({ id: z.number().int(), name: z.string(), company_id: z.number().int().nullable(), is_creator: z.boolean() })
  .openapi('AdministeredProject');

export const AdministeredProjectPageSchema = paginated(AdministeredProjectSchema, 'AdministeredProjectPage');

export const AdministratorRemovalSchema = z
  .object({ removed: z.number().int().openapi({ description: 'How many administrator entries were removed' }) })
  .openapi('AdministratorRemoval');

export type ProjectAdministrator = z.infer<typeof ProjectAdministratorSchema>;
export type ProjectAdministratorPage = z.infer<typeof ProjectAdministratorPageSchema>;
export type AdministeredProject = z.infer<typeof AdministeredProjectSchema>;
export type AdministeredProjectPage = z.infer<typeof AdministeredProjectPageSchema>;
