/** Companies, roles (holders of SPEC §6 permission strings) and users. */
import { bigint, boolean, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

export const companies = pgTable('companies', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  /** E-mail domain whose verified addresses may join by single sign-on. */
  domain: text('domain'),
  allowSso: boolean('allow_sso').notNull().default(false),
  /** A consulting company (the spec's name for the flag is kept: is_rwdi). */
  isRwdi: boolean('is_rwdi').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * The operator's limits for this company (contexts/accounts/company/limits.ts); null takes the
   * installation's default (COMPANY_MAX_RUNNING_JOBS, COMPANY_MONTHLY_COMPUTE_HOURS, COMPANY_STORAGE_GB).
   */
  maxRunningJobs: integer('max_running_jobs'),
  monthlyComputeHours: integer('monthly_compute_hours'),
  storageQuotaBytes: bigint('storage_quota_bytes', { mode: 'number' }),
});

export const roles = pgTable('roles', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permission: text('permission').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permission] })],
);

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    email: text('email').notNull().default(''),
    /** scrypt$N$r$p$salt$hash, or empty for accounts that only sign in by SSO. */
    passwordHash: text('password_hash').notNull().default(''),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    roleId: integer('role_id').references(() => roles.id, { onDelete: 'set null' }),
    isSuperuser: boolean('is_superuser').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    country: text('country').notNull().default(''),
    province: text('province').notNull().default(''),
    dateJoined: timestamp('date_joined', { withTimezone: true }).notNull().defaultNow(),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('users_username_lower').on(sql`lower(${t.username})`)],
);
