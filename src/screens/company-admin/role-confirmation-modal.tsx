/** SPEC §2 role confirmation modal: a role change waits here until confirmed or cancelled. */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { companyUsersMachine } from '@machines/company-admin/company-users.machine.ts';
import { displayName } from '@machines/company-admin/company-admin.types.ts';
import { selectRoleConfirmation } from '@machines/company-admin/company-admin.selectors.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { InlineMessage } from '../../ui/inline-message.tsx';

export function RoleConfirmationModal({ users }: { users: ActorRefFrom<typeof companyUsersMachine> }) {
  const confirmation = useSelector(users, selectRoleConfirmation);
  const last = confirmation?.lastManager ?? false;
  return (
    <ConfirmDialog
      open={confirmation !== null}
      title={last ? 'Remove the last Org Admin?' : 'Change role?'}
      description={
        confirmation
          ? `${displayName(confirmation.user)} goes from ${confirmation.from} to ${confirmation.to}. What they may do in Canopy changes at once.`
          : undefined
      }
      confirmLabel={last ? 'Change role anyway' : 'Change role'}
      tone={last ? 'danger' : 'primary'}
      onConfirm={() => users.send({ type: 'role.confirm' })}
      onCancel={() => users.send({ type: 'cancel' })}
    >
      {last && confirmation ? (
        <InlineMessage tone="danger">
          {displayName(confirmation.user)} is the only user of the company who can manage users. After this change nobody in the company can add users, change
          roles or subscriptions, or undo this change; only the operator of this installation could.
        </InlineMessage>
      ) : null}
    </ConfirmDialog>
  );
}
