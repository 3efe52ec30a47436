/** The shown tab's panel, bound to the tab's machine (the parent runs one per tab). */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { companyAdminMachine } from '@machines/company-admin/company-admin.machine.ts';
import type { CompanyAdminTab } from '@machines/company-admin/company-admin.types.ts';
import { selectBillingActor, selectShareGroupsActor, selectUsersActor } from '@machines/company-admin/company-admin.selectors.ts';
import { CriteriaPanel } from './criteria-panel.tsx';
import { PricesPanel } from './prices-panel.tsx';
import { ShareGroupsPanel } from './share-groups-panel.tsx';
import { SubscriptionsPanel } from './subscriptions-panel.tsx';
import { UsagePanel } from './usage-panel.tsx';
import { UsersPanel } from './users-panel.tsx';

export interface TabContentProps {
  admin: ActorRefFrom<typeof companyAdminMachine>;
  tab: CompanyAdminTab;
  canManageUsers: boolean;
  canManageGroups: boolean;
}

export function CompanyAdminTabContent({ admin, tab, canManageUsers, canManageGroups }: TabContentProps) {
  const users = useSelector(admin, selectUsersActor);
  const groups = useSelector(admin, selectShareGroupsActor);
  const billing = useSelector(admin, selectBillingActor);
  if (tab === 'users' && users) return <UsersPanel users={users} canManage={canManageUsers} />;
  if (tab === 'shareGroups' && groups) return <ShareGroupsPanel groups={groups} canManage={canManageGroups} />;
  if (tab === 'subscriptions' && billing) return <SubscriptionsPanel billing={billing} />;
  if (tab === 'usage' && billing) return <UsagePanel billing={billing} />;
  if (tab === 'prices' && billing) return <PricesPanel billing={billing} />;
  // Criterion tables are written by Org Admins: custom_auth.change_user is that role's own.
  if (tab === 'criteria') return <CriteriaPanel canManage={canManageUsers} />;
  return null;
}
