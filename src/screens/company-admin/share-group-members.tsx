/** The chosen share group's members: list, add a colleague, remove. */
import { useState } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { shareGroupsMachine } from '@machines/company-admin/share-groups.machine.ts';
import { displayName } from '@machines/company-admin/company-admin.types.ts';
import {
  selectAddableMembers,
  selectMembers,
  selectMembersBusy,
  selectMembersError,
  selectMembersLoading,
  selectSelectedGroup,
} from '@machines/company-admin/company-admin.selectors.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { card, cardBody, cardHeader, muted, sectionTitle, table, td, th } from '../../ui/surface.css.ts';
import { person, personMeta, personName } from './company-admin.css.ts';
import { grow, inlineForm } from '../project-settings/project-settings.css.ts';

export function ShareGroupMembers({ groups, canManage }: { groups: ActorRefFrom<typeof shareGroupsMachine>; canManage: boolean }) {
  /** The member the user is asked to confirm removing (view state: the dialog is open). */
  const [removing, setRemoving] = useState<{ id: number; name: string } | null>(null);
  const group = useSelector(groups, selectSelectedGroup);
  const members = useSelector(groups, selectMembers);
  const loading = useSelector(groups, selectMembersLoading);
  const error = useSelector(groups, selectMembersError);
  const busy = useSelector(groups, selectMembersBusy);
  const addable = useSelector(groups, selectAddableMembers);
  // The colleague picked in the select, before pressing Add.
  const [chosen, setChosen] = useState('');

  if (!group) {
    return (
      <section className={card} aria-label="Members">
        <div className={cardBody}>
          <EmptyState compact headingLevel={3} title="Choose a share group" description="Its members, and who can still be added, show here." />
        </div>
      </section>
    );
  }
  return (
    <section className={card} aria-labelledby="members-title">
      <header className={cardHeader}>
        <h2 className={sectionTitle} id="members-title">
          Members of {group.name}
        </h2>
        <span className={muted}>{members.length}</span>
      </header>
      {canManage ? (
        <form
          className={cardBody}
          onSubmit={(e) => {
            e.preventDefault();
            if (chosen) groups.send({ type: 'members.add', userIds: [Number(chosen)] });
            setChosen('');
          }}
        >
          <div className={inlineForm}>
            <SelectField
              id="member-candidate"
              className={grow}
              label={`Add a colleague (${addable.length} can be added)`}
              value={chosen}
              placeholder={addable.length ? 'Choose a colleague…' : 'Everyone is a member'}
              options={addable.map((u) => ({ value: String(u.id), label: `${displayName(u)} (${u.email})` }))}
              onValueChange={setChosen}
            />
            <Button type="submit" disabled={!chosen || busy}>
              Add
            </Button>
          </div>
        </form>
      ) : null}
      {loading ? (
        <p className={`${cardBody} ${muted}`}>Loading…</p>
      ) : error ? (
        <div className={cardBody}>
          <InlineMessage tone="danger">{error}</InlineMessage>
        </div>
      ) : members.length === 0 ? (
        <p className={`${cardBody} ${muted}`}>No members yet.</p>
      ) : (
        <table className={table}>
          <thead>
            <tr>
              <th className={th} scope="col">
                Member
              </th>
              {canManage ? (
                <th className={th} scope="col">
                  <span hidden>Actions</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {members.map((m) => (
              <tr key={m.id}>
                <td className={td}>
                  <div className={person}>
                    <span className={personName}>{m.name}</span>
                    <span className={personMeta}>{m.email}</span>
                  </div>
                </td>
                {canManage ? (
                  <td className={td}>
                    <Button
                      size="sm"
                      tone="ghost"
                      disabled={busy}
                      onClick={() => setRemoving({ id: m.id, name: m.name })}
                      aria-label={`Remove ${m.name} from ${group.name}`}
                    >
                      Remove
                    </Button>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remove from the share group?"
        description={removing && group ? `${removing.name} leaves “${group.name}” and no longer sees the projects shared with it.` : undefined}
        confirmLabel="Remove"
        tone="danger"
        onConfirm={() => {
          groups.send({ type: 'member.remove', userId: removing!.id });
          setRemoving(null);
        }}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}
