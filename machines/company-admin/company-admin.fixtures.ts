/** Test data for the company administration machines and screens. */
import type { CompanyUser, OwnCompany, Role, ShareGroup, Subscription, SubscriptionUsage } from './company-admin.types.ts';

export const COMPANY: OwnCompany = { id: 1, name: 'Northwind Engineering', is_rwdi: false, domain: 'northwind.test', allow_sso: false, user_count: 3 };

export const ROLES: Role[] = [
  { id: 1, name: 'Org Admin', description: 'Manages the company.', permissions: ['custom_auth.change_user', 'custom_auth.change_sharegroup'] },
  { id: 2, name: 'Engineer', description: 'Runs studies.', permissions: ['projects.change_project'] },
  { id: 3, name: 'Viewer', description: 'Reads projects.', permissions: [] },
];

export function user(id: number, extra: Partial<CompanyUser> = {}): CompanyUser {
  const names = ['Ada', 'Bea', 'Cy', 'Dee', 'Eve'];
  const first = names[(id - 1) % names.length]!;
  return {
    id,
    username: first.toLowerCase(),
    email: `${first.toLowerCase()}@northwind.test`,
    first_name: first,
    last_name: 'Smith',
    role: 2,
    role_name: 'Engineer',
    subscription: null,
    is_active: true,
    date_joined: '2025-01-01T00:00:00Z',
    last_login: null,
    ...extra,
  };
}

export function subscription(id: number, extra: Partial<Subscription> = {}): Subscription {
  return {
    id,
    company_id: 1,
    plan: id === 1 ? 'AI Standard' : 'CFD Pro',
    credit_type: id === 1 ? 'AI' : 'CFD',
    credits_per_period: 100,
    refill_day: 1,
    expires_at: null,
    is_expired: false,
    user: null,
    user_name: null,
    period_start: '2025-06-01T00:00:00Z',
    next_refill: '2025-07-01T00:00:00Z',
    credits_used: 30,
    credits_reserved: 0,
    credits_left: 70,
    ...extra,
  };
}

export function group(id: number, extra: Partial<ShareGroup> = {}): ShareGroup {
  return { id, name: `Group ${id}`, default_for_new_projects: false, member_count: 0, created: '2025-01-01T00:00:00Z', ...extra };
}

export function usage(id: number, extra: Partial<SubscriptionUsage> = {}): SubscriptionUsage {
  return {
    id,
    label: `Scenario ${id}`,
    used_by: 'Ada Smith',
    used_by_id: 1,
    credit_type: 'AI',
    date: `2025-06-${String((id % 28) + 1).padStart(2, '0')}T00:00:00Z`,
    credits_used: id,
    configuration: id,
    subscription: 1,
    ...extra,
  };
}
