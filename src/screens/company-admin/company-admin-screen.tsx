/**
 * Company Administration (SPEC §2 `/company/admin`): the company's users and roles, share groups
 * and members, subscriptions, usage and prices. Everyone in the company may look; changing users
 * needs custom_auth.change_user and share groups custom_auth.change_sharegroup (SPEC §6).
 */
import { useActorRef, useSelector } from '@xstate/react';
import { COMPANY_ADMIN_TABS, type CompanyAdminTab } from '@machines/company-admin/company-admin.types.ts';
import {
  selectAdminTab,
  selectCompany,
  selectCompanyError,
  selectCompanyLoading,
  selectCompanyMissing,
} from '@machines/company-admin/company-admin.selectors.ts';
import { selectCan } from '@machines/permissions/permissions.selectors.ts';
import { PermissionsContext } from '../../app/permissions-context.ts';
import { usePageTitle } from '../../app/page-title.ts';
import { useWorkspaceLogic } from '../../services/workspace-services.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { page, pageHeader, pageTitle } from '../../ui/surface.css.ts';
import { Loading } from '../system/loading.tsx';
import { CompanyAdminTabContent } from './company-admin-tab-content.tsx';
import { headerStats, tabPanel } from './company-admin.css.ts';

const TAB_LABELS: Record<CompanyAdminTab, string> = {
  users: 'Users',
  shareGroups: 'Share groups',
  subscriptions: 'Subscriptions',
  usage: 'Usage',
  prices: 'Prices',
  criteria: 'Comfort criteria',
};

export function CompanyAdminScreen() {
  usePageTitle('Company Administration');
  const logic = useWorkspaceLogic();
  const admin = useActorRef(logic.companyAdmin, { input: {} });
  const company = useSelector(admin, selectCompany);
  const loading = useSelector(admin, selectCompanyLoading);
  const missing = useSelector(admin, selectCompanyMissing);
  const error = useSelector(admin, selectCompanyError);
  const tab = useSelector(admin, selectAdminTab);
  const canManageUsers = PermissionsContext.useSelector(selectCan('custom_auth.change_user'));
  const canManageGroups = PermissionsContext.useSelector(selectCan('custom_auth.change_sharegroup'));

  if (loading) return <Loading />;
  if (missing) {
    return (
      <div className={page}>
        <EmptyState
          title="No company"
          description="Your account does not belong to a company, so there is nothing to administer. Ask the operator of this installation to add you to one."
        />
      </div>
    );
  }
  if (error || !company) {
    return (
      <div className={page}>
        <InlineMessage
          tone="danger"
          action={
            <Button size="sm" onClick={() => admin.send({ type: 'company.retry' })}>
              Retry
            </Button>
          }
        >
          The company could not be loaded: {error}
        </InlineMessage>
      </div>
    );
  }
  return (
    <div className={page}>
      <header className={pageHeader}>
        <div>
          <h1 className={pageTitle}>Company Administration</h1>
          <div className={headerStats}>
            <span>{company.name}</span>
            <span>{company.user_count === 1 ? '1 user' : `${company.user_count} users`}</span>
            {company.domain ? <span>{company.domain}</span> : null}
            {company.allow_sso ? <Badge tone="accent">Single sign-on</Badge> : null}
            {company.is_rwdi ? <Badge tone="info">Consulting company</Badge> : null}
          </div>
        </div>
        {!canManageUsers && !canManageGroups ? <Badge>Read only</Badge> : null}
      </header>
      <Tabs
        label="Company administration"
        value={tab}
        onValueChange={(value) => admin.send({ type: 'tab.select', tab: value as CompanyAdminTab })}
        items={COMPANY_ADMIN_TABS.map((t) => ({
          value: t,
          label: TAB_LABELS[t],
          content:
            t === tab ? (
              <div className={tabPanel}>
                <CompanyAdminTabContent admin={admin} tab={t} canManageUsers={canManageUsers} canManageGroups={canManageGroups} />
              </div>
            ) : undefined,
        }))}
      />
    </div>
  );
}
