/**
 * Company users (SPEC §1, §7): the list page by page, add, role (through the role confirmation
 * modal), subscription, remove. A success shows for 3 s, a failure for 5 s, and the row of a user
 * whose update failed is marked just as long. Changing needs custom_auth.change_user.
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { companyUsersMachine } from '@machines/company-admin/company-users.machine.ts';
import { displayName } from '@machines/company-admin/company-admin.types.ts';
import {
  selectAddableUsersCount,
  selectAddFormOpen,
  selectFailedUserId,
  selectRemovalConfirmation,
  selectRoles,
  selectUserBusy,
  selectUsers,
  selectUsersCount,
  selectUsersError,
  selectUsersFailure,
  selectUsersHasNext,
  selectUsersLoading,
  selectUsersPage,
  selectUsersSuccess,
  selectUserSubscriptions,
} from '@machines/company-admin/company-admin.selectors.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { formatDate } from '../../ui/format.ts';
import { CollectionPanel } from '../../ui/collection-panel.tsx';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { Pagination } from '../../ui/pagination.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { card, cardHeader, muted, rowFlagged, sectionTitle, table, td, th } from '../../ui/surface.css.ts';
import { AddUserForm } from './add-user-form.tsx';
import { RoleConfirmationModal } from './role-confirmation-modal.tsx';
import { RolesCard } from './roles-card.tsx';
import { cellSelect, columns, paddedX, person, personMeta, personName, stackColumn } from './company-admin.css.ts';

/** "AI Standard (AI)"; a plan whose name already says its credit type ("Starter (AI)") is not told twice. */
function planName(s: { plan: string; credit_type: string }): string {
  return s.plan.includes(`(${s.credit_type})`) ? s.plan : `${s.plan} (${s.credit_type})`;
}

/** The server's page size for company users (DRF default). */
const PAGE_SIZE = 25;

export function UsersPanel({ users, canManage }: { users: ActorRefFrom<typeof companyUsersMachine>; canManage: boolean }) {
  const list = useSelector(users, selectUsers);
  const count = useSelector(users, selectUsersCount);
  const page = useSelector(users, selectUsersPage);
  const hasNext = useSelector(users, selectUsersHasNext);
  const loading = useSelector(users, selectUsersLoading);
  const error = useSelector(users, selectUsersError);
  const roles = useSelector(users, selectRoles);
  const subscriptions = useSelector(users, selectUserSubscriptions);
  const busy = useSelector(users, selectUserBusy);
  const failedUserId = useSelector(users, selectFailedUserId);
  const success = useSelector(users, selectUsersSuccess);
  const failure = useSelector(users, selectUsersFailure);
  const addOpen = useSelector(users, selectAddFormOpen);
  const removal = useSelector(users, selectRemovalConfirmation);
  const addable = useSelector(users, selectAddableUsersCount);

  return (
    <div className={columns}>
      <div className={stackColumn}>
        {success ? <InlineMessage tone="success">{success}</InlineMessage> : null}
        {failure ? <InlineMessage tone="danger">{failure}</InlineMessage> : null}
        <section className={card} aria-labelledby="users-title">
          <header className={cardHeader}>
            <div>
              <h2 className={sectionTitle} id="users-title">
                Users
              </h2>
              <span className={muted}>
                {count} {count === 1 ? 'user' : 'users'} · {addable} besides you
              </span>
            </div>
            {canManage ? (
              <Button size="sm" tone="primary" onClick={() => users.send({ type: 'user.addStart' })}>
                Add user
              </Button>
            ) : null}
          </header>
          {/* A page being fetched keeps the table, marked busy, so paging does not jump. */}
          <CollectionPanel error={error} onRetry={() => users.send({ type: 'users.retry' })}>
            <table className={table} aria-busy={loading}>
              <thead>
                <tr>
                  <th className={th} scope="col">
                    Name
                  </th>
                  <th className={th} scope="col">
                    Role
                  </th>
                  <th className={th} scope="col">
                    Subscription
                  </th>
                  <th className={th} scope="col">
                    Last sign-in
                  </th>
                  {canManage ? (
                    <th className={th} scope="col">
                      <span hidden>Actions</span>
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {list.map((user) => {
                  const failed = user.id === failedUserId;
                  const name = displayName(user);
                  return (
                    <tr key={user.id} className={failed ? rowFlagged : undefined} aria-invalid={failed || undefined}>
                      <td className={td}>
                        <div className={person}>
                          <span className={personName}>
                            {name} {failed ? <Badge tone="danger">Update failed</Badge> : null} {!user.is_active ? <Badge>Inactive</Badge> : null}
                          </span>
                          <span className={personMeta}>
                            {user.username} · {user.email}
                          </span>
                        </div>
                      </td>
                      <td className={td}>
                        {canManage ? (
                          <SelectField
                            id={`user-${user.id}-role`}
                            className={cellSelect}
                            label={`Role of ${name}`}
                            hideLabel
                            value={user.role === null ? '' : String(user.role)}
                            placeholder="No role"
                            disabled={busy}
                            options={roles.map((r) => ({ value: String(r.id), label: r.name }))}
                            onValueChange={(v) => users.send({ type: 'user.roleChange', userId: user.id, role: v ? Number(v) : null })}
                          />
                        ) : (
                          (user.role_name ?? 'No role')
                        )}
                      </td>
                      <td className={td}>
                        {canManage ? (
                          <SelectField
                            id={`user-${user.id}-subscription`}
                            className={cellSelect}
                            label={`Subscription of ${name}`}
                            hideLabel
                            value={user.subscription === null ? '' : String(user.subscription)}
                            placeholder="None"
                            disabled={busy}
                            options={subscriptions.map((s) => ({
                              value: String(s.id),
                              label: `${planName(s)}${s.user !== null && s.user !== user.id ? ` — ${s.user_name ?? 'held'}` : ''}`,
                            }))}
                            onValueChange={(v) => users.send({ type: 'user.subscriptionChange', userId: user.id, subscription: v ? Number(v) : null })}
                          />
                        ) : (
                          (subscriptions.find((s) => s.id === user.subscription)?.plan ?? (user.subscription === null ? 'None' : `#${user.subscription}`))
                        )}
                      </td>
                      <td className={td}>{user.last_login ? formatDate(user.last_login) : 'Never'}</td>
                      {canManage ? (
                        <td className={td}>
                          <Button
                            size="sm"
                            tone="ghost"
                            disabled={busy}
                            onClick={() => users.send({ type: 'user.remove', userId: user.id })}
                            aria-label={`Remove ${name}`}
                          >
                            Remove
                          </Button>
                        </td>
                      ) : null}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </CollectionPanel>
          <div className={paddedX}>
            <Pagination
              page={page}
              pageSize={PAGE_SIZE}
              count={count}
              hasNext={hasNext}
              busy={loading}
              label="User pages"
              onPage={(p) => users.send({ type: 'users.page', page: p })}
            />
          </div>
        </section>
      </div>
      <RolesCard roles={roles} />
      <RoleConfirmationModal users={users} />
      <Dialog
        open={addOpen}
        onOpenChange={(o) => !o && users.send({ type: 'cancel' })}
        title="Add a user"
        description="They are mailed a link to choose a password."
      >
        <AddUserForm users={users} />
      </Dialog>
      <ConfirmDialog
        open={removal !== null}
        title="Remove user?"
        description={removal ? `${displayName(removal)} leaves the company and can no longer sign in. Projects and results they made stay.` : undefined}
        confirmLabel="Remove user"
        tone="danger"
        onConfirm={() => users.send({ type: 'removal.confirm' })}
        onCancel={() => users.send({ type: 'cancel' })}
      />
    </div>
  );
}
