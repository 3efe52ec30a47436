/** Types shared by the company administration machines (SPEC §1, §4, §6, §7 "Company"). */
import type { CompanyUser, CompanyUserCreate, CompanyUserPage, OwnCompany, Role } from '@canopy/contract/company.ts';
import type { ShareGroup, ShareGroupCreate, ShareGroupMember, ShareGroupMembership, ShareGroupUpdate } from '@canopy/contract/share-groups.ts';
import type {
  SimulationPrice,
  Subscription,
  SubscriptionTypePrice,
  SubscriptionUsage,
  SubscriptionUsagePage,
  UsageOrdering,
} from '@canopy/contract/subscriptions.ts';

export type {
  CompanyUser,
  CompanyUserCreate,
  CompanyUserPage,
  OwnCompany,
  Role,
  ShareGroup,
  ShareGroupCreate,
  ShareGroupMember,
  ShareGroupMembership,
  ShareGroupUpdate,
  SimulationPrice,
  Subscription,
  SubscriptionTypePrice,
  SubscriptionUsage,
  SubscriptionUsagePage,
  UsageOrdering,
};

export const COMPANY_ADMIN_TABS = ['users', 'shareGroups', 'subscriptions', 'usage', 'prices', 'criteria'] as const;
export type CompanyAdminTab = (typeof COMPANY_ADMIN_TABS)[number];

export function displayName(user: { first_name?: string; last_name?: string; username: string }): string {
  const name = `${user.first_name ?? ''} ${user.last_name ?? ''}`.trim();
  return name || user.username;
}
