/** The company, its users and the roles they can hold. */
import { z } from '@hono/zod-openapi';
import { BLANK, idField, optionalText, paginated, tooLong } from './common.ts';

export const CompanySchema = z
  .object({ id: z.number().int(), name: z.string(), is_rwdi: z.boolean().openapi({ description: 'A consulting company' }) })
  .openapi('Company');

export const OwnCompanySchema = CompanySchema.extend({
  domain: z.string().nullable(),
  allow_sso: z.boolean(),
  user_count: z.number().int(),
}).openapi('OwnCompany');

export const CompanyUserSchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    role: z.number().int().nullable(),
    role_name: z.string().nullable(),
    subscription: z.number().int().nullable(),
    is_active: z.boolean(),
    date_joined: z.string(),
    last_login: z.string().nullable(),
  })
  .openapi('CompanyUser');

export const CompanyUserPageSchema = paginated(CompanyUserSchema, 'CompanyUserPage');

const USERNAME_RULE = 'Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters.';

export const CompanyUserCreateSchema = z
  .object({
    username: z
      .string()
      .trim()
      .min(1, BLANK)
      .max(150, tooLong(150))
      .regex(/^[\w.@+-]+$/, USERNAME_RULE),
    email: z.string().trim().pipe(z.email('Enter a valid email address.')),
    first_name: optionalText(150),
    last_name: optionalText(150),
    role: idField().nullable().optional(),
    subscription: idField().nullable().optional(),
  })
  .openapi('CompanyUserCreate', { description: 'Creates the account without a password; the user is mailed a link to set one.' });

export const CompanyUserUpdateSchema = z
  .object({ role: idField().nullable().optional(), subscription: idField().nullable().optional() })
  .refine((v) => v.role !== undefined || v.subscription !== undefined, {
    path: ['non_field_errors'],
    message: 'Give role or subscription.',
  })
  .openapi('CompanyUserUpdate', { description: 'Assigning a subscription takes it from whoever held it.' });

export const RoleSchema = z.object({ id: z.number().int(), name: z.string(), description: z.string(), permissions: z.array(z.string()) }).openapi('Role');

export const RolePageSchema = paginated(RoleSchema, 'RolePage');

export type Company = z.infer<typeof CompanySchema>;
export type OwnCompany = z.infer<typeof OwnCompanySchema>;
export type CompanyUser = z.infer<typeof CompanyUserSchema>;
export type CompanyUserPage = z.infer<typeof CompanyUserPageSchema>;
export type CompanyUserCreate = z.infer<typeof CompanyUserCreateSchema>;
export type CompanyUserUpdate = z.infer<typeof CompanyUserUpdateSchema>;
export type Role = z.infer<typeof RoleSchema>;
export type RolePage = z.infer<typeof RolePageSchema>;
