/** SPEC §2 role confirmation modal: a role change waits here until confirmed or cancelled. */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { companyUsersMachine } from '@machines/company-admin/company-users.machine.ts';
import { displayName } from '@machines/company-admin/company-admin.types.ts';
import { selectRoleConfirmation } from '@machines/company-admin/company-admin.selectors.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';

export function RoleConfirmationModal({ users }: { users: ActorRefFrom<typeof companyUsersMachine> }) {
  const confirmation = useSelector(users, selectRoleConfirmation);
  return (
    <ConfirmDialog
      open={confirmation !== null}
      title="Change role?"
      description={
        confirmation
          ? `${displayName(confirmation.user)} goes from ${confirmation.from} to ${confirmation.to}. What they may do in Canopy changes at once.`
          : undefined
      }
      confirmLabel="Change role"
      onConfirm={() => users.send({ type: 'role.confirm' })}
      onCancel={() => users.send({ type: 'cancel' })}
    />
  );
}
