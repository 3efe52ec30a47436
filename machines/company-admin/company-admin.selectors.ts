/**
 * Named readings of the company administration machines: the parent (company, tab) and each tab's
 * machine (users, share groups, billing).
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { errorMessage } from '@machines/shared/actors.ts';
import type { companyAdminMachine } from './company-admin.machine.ts';
import type { companyUsersMachine } from './company-users.machine.ts';
import type { shareGroupsMachine } from './share-groups.machine.ts';
import type { billingMachine } from './billing.machine.ts';
import type {
  CompanyAdminTab,
  CompanyUser,
  OwnCompany,
  Role,
  ShareGroup,
  ShareGroupMember,
  SimulationPrice,
  Subscription,
  SubscriptionTypePrice,
  SubscriptionUsage,
  UsageOrdering,
} from './company-admin.types.ts';

type Admin = SnapshotFrom<typeof companyAdminMachine>;
type Users = SnapshotFrom<typeof companyUsersMachine>;
type Groups = SnapshotFrom<typeof shareGroupsMachine>;
type Billing = SnapshotFrom<typeof billingMachine>;

// The parent.
export const selectCompany = (s: Admin): OwnCompany | null => s.context.company;
export const selectCompanyLoading = (s: Admin): boolean => s.matches('loading');
export const selectCompanyError = (s: Admin): string | null => (s.matches('failed') ? errorMessage(s.context.error) : null);
export const selectCompanyMissing = (s: Admin): boolean => s.matches('failed') && s.context.error?.status === 404;
export function selectAdminTab(s: Admin): CompanyAdminTab {
  if (s.matches({ ready: 'shareGroups' })) return 'shareGroups';
  if (s.matches({ ready: { billing: 'subscriptions' } })) return 'subscriptions';
  if (s.matches({ ready: { billing: 'usage' } })) return 'usage';
  if (s.matches({ ready: { billing: 'prices' } })) return 'prices';
  if (s.matches({ ready: 'criteria' })) return 'criteria';
  return 'users';
}
// The tab machines, by their invoke ids (xstate types children by id loosely, so name them here).
export const selectUsersActor = (s: Admin) => s.children.users as ActorRefFrom<typeof companyUsersMachine> | undefined;
export const selectShareGroupsActor = (s: Admin) => s.children.shareGroups as ActorRefFrom<typeof shareGroupsMachine> | undefined;
export const selectBillingActor = (s: Admin) => s.children.billing as ActorRefFrom<typeof billingMachine> | undefined;

// Users.
export const selectUsers = (s: Users): CompanyUser[] => s.context.users;
export const selectUsersPage = (s: Users): number => s.context.page;
export const selectUsersCount = (s: Users): number => s.context.count;
export const selectUsersHasNext = (s: Users): boolean => s.context.hasNext;
export const selectUsersLoading = (s: Users): boolean => s.matches({ list: 'loading' });
export const selectUsersError = (s: Users): string | null => (s.matches({ list: 'failed' }) ? errorMessage(s.context.listError) : null);
/** SPEC §9: every user but the one looking can be added (to a share group, a project). */
export const selectAddableUsersCount = (s: Users): number => Math.max(0, s.context.count - 1);
export const selectRoles = (s: Users): Role[] => s.context.roles;
export const selectUserSubscriptions = (s: Users): Subscription[] => s.context.subscriptions;
export const selectAddFormOpen = (s: Users): boolean => s.matches({ editor: 'addForm' }) || s.matches({ editor: 'adding' });
export const selectAdding = (s: Users): boolean => s.matches({ editor: 'adding' });
export const selectAddError = (s: Users) => s.context.addError;
export const selectUserBusy = (s: Users): boolean => s.matches({ editor: 'updating' }) || s.matches({ editor: 'removing' }) || s.matches({ editor: 'adding' });
/** The permission that makes a user one of the company's managers (the Org Admin role holds it). */
const MANAGES_USERS = 'custom_auth.change_user';

/**
 * The role confirmation modal: who, from which role, to which — and whether the change takes user
 * management from the company's last user who has it (the only Org Admin demoting herself would lock
 * the company out): known when the whole list is loaded and no other active user's role manages users.
 */
export function selectRoleConfirmation(s: Users): { user: CompanyUser; from: string; to: string; lastManager: boolean } | null {
  if (!s.matches({ editor: 'confirmingRole' })) return null;
  const change = s.context.change;
  if (!change || !('role' in change)) return null;
  const { users, roles, count } = s.context;
  const user = users.find((u) => u.id === change.userId);
  if (!user) return null;
  const to = roles.find((r) => r.id === change.role)?.name ?? 'No role';
  const manages = (role: number | null) => roles.find((r) => r.id === role)?.permissions.includes(MANAGES_USERS) ?? false;
  const othersManage = users.some((u) => u.id !== user.id && u.is_active && manages(u.role));
  const lastManager = manages(user.role) && !manages(change.role) && users.length >= count && !othersManage;
  return { user, from: user.role_name ?? 'No role', to, lastManager };
}
export function selectRemovalConfirmation(s: Users): CompanyUser | null {
  if (!s.matches({ editor: 'confirmingRemoval' })) return null;
  return s.context.users.find((u) => u.id === s.context.removal) ?? null;
}
/** The user whose update failed, for `errorFlag` (5 s). */
export const selectFailedUserId = (s: Users): number | null => (s.matches({ feedback: 'failed' }) ? (s.context.feedback?.subjectId ?? null) : null);
export const selectUsersSuccess = (s: Users): string | null => (s.matches({ feedback: 'succeeded' }) ? (s.context.feedback?.message ?? null) : null);
export const selectUsersFailure = (s: Users): string | null => (s.matches({ feedback: 'failed' }) ? (s.context.feedback?.message ?? null) : null);

// Share groups.
export const selectGroups = (s: Groups): ShareGroup[] => s.context.groups;
export const selectGroupsLoading = (s: Groups): boolean => s.matches({ list: 'loading' });
export const selectGroupsError = (s: Groups): string | null => (s.matches({ list: 'failed' }) ? errorMessage(s.context.listError) : null);
export const selectDefaultGroup = (s: Groups): ShareGroup | null => s.context.groups.find((g) => g.default_for_new_projects) ?? null;
export const selectSelectedGroupId = (s: Groups): number | null => s.context.selectedId;
export const selectSelectedGroup = (s: Groups): ShareGroup | null => s.context.groups.find((g) => g.id === s.context.selectedId) ?? null;
export const selectMembers = (s: Groups): ShareGroupMember[] => s.context.members;
export const selectMembersLoading = (s: Groups): boolean => s.matches({ members: 'loading' });
export const selectMembersError = (s: Groups): string | null => (s.matches({ members: 'failed' }) ? errorMessage(s.context.membersError) : null);
export const selectMembersBusy = (s: Groups): boolean => s.matches({ members: 'adding' }) || s.matches({ members: 'removing' });
export const selectGroupsBusy = (s: Groups): boolean => !s.matches({ editor: 'idle' }) && !s.matches({ editor: 'confirmingDelete' });
/** Company users not yet in the chosen group. */
export function selectAddableMembers(s: Groups): CompanyUser[] {
  const members = new Set(s.context.members.map((m) => m.id));
  return s.context.users.filter((u) => !members.has(u.id));
}
export function selectDeleteConfirmation(s: Groups): ShareGroup | null {
  if (!s.matches({ editor: 'confirmingDelete' })) return null;
  return s.context.groups.find((g) => g.id === s.context.deletion) ?? null;
}
export const selectGroupsSuccess = (s: Groups): string | null => (s.matches({ feedback: 'succeeded' }) ? (s.context.feedback?.message ?? null) : null);
export const selectGroupsFailure = (s: Groups): string | null => (s.matches({ feedback: 'failed' }) ? (s.context.feedback?.message ?? null) : null);

// Billing.
export const selectSubscriptions = (s: Billing): Subscription[] => s.context.subscriptions;
export const selectAvailableSubscriptions = (s: Billing): Subscription[] => s.context.available;
export const selectSubscriptionsLoading = (s: Billing): boolean => s.matches({ subscriptions: 'loading' });
export const selectSubscriptionsError = (s: Billing): string | null =>
  s.matches({ subscriptions: 'failed' }) ? errorMessage(s.context.subscriptionsError) : null;
export const selectUsage = (s: Billing): SubscriptionUsage[] => s.context.usage;
export const selectUsagePage = (s: Billing): number => s.context.usagePage;
export const selectUsageCount = (s: Billing): number => s.context.usageCount;
export const selectUsageHasNext = (s: Billing): boolean => s.context.usageHasNext;
export const selectUsageOrdering = (s: Billing): UsageOrdering => s.context.usageOrdering;
export const selectUsageLoading = (s: Billing): boolean => s.matches({ usage: 'loading' });
export const selectUsageError = (s: Billing): string | null => (s.matches({ usage: 'failed' }) ? errorMessage(s.context.usageError) : null);
export const selectPlanPrices = (s: Billing): SubscriptionTypePrice[] => s.context.plans;
export const selectSimulationPrices = (s: Billing): SimulationPrice[] => s.context.simulations;
export const selectPricesLoading = (s: Billing): boolean => s.matches({ prices: 'loading' });
export const selectPricesError = (s: Billing): string | null => (s.matches({ prices: 'failed' }) ? errorMessage(s.context.pricesError) : null);
