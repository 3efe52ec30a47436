/**
 * Share groups (SPEC §1, §4): create, rename, make default for new projects (at most one — the
 * previous default is cleared at once), delete, and each group's members. Changing needs
 * custom_auth.change_sharegroup.
 */
import { useState, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { shareGroupsMachine } from '@machines/company-admin/share-groups.machine.ts';
import {
  selectDeleteConfirmation,
  selectGroups,
  selectGroupsBusy,
  selectGroupsError,
  selectGroupsFailure,
  selectGroupsLoading,
  selectGroupsSuccess,
  selectSelectedGroupId,
} from '@machines/company-admin/company-admin.selectors.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { CheckboxField } from '../../ui/checkbox-field.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { CollectionPanel } from '../../ui/collection-panel.tsx';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { actions, card, cardBody, cardHeader, muted, sectionTitle, stack } from '../../ui/surface.css.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { ShareGroupMembers } from './share-group-members.tsx';
import { groupRow, halves, linkButton, stackColumn } from './company-admin.css.ts';
import { grow, inlineForm } from '../project-settings/project-settings.css.ts';

export function ShareGroupsPanel({ groups, canManage }: { groups: ActorRefFrom<typeof shareGroupsMachine>; canManage: boolean }) {
  const list = useSelector(groups, selectGroups);
  const loading = useSelector(groups, selectGroupsLoading);
  const error = useSelector(groups, selectGroupsError);
  const busy = useSelector(groups, selectGroupsBusy);
  const selectedId = useSelector(groups, selectSelectedGroupId);
  const success = useSelector(groups, selectGroupsSuccess);
  const failure = useSelector(groups, selectGroupsFailure);
  const deletion = useSelector(groups, selectDeleteConfirmation);
  // The new group's form is view state.
  const [name, setName] = useState('');
  const [isDefault, setIsDefault] = useState(false);

  function create(event: FormEvent) {
    event.preventDefault();
    groups.send({ type: 'group.create', group: { name, default_for_new_projects: isDefault } });
    setName('');
    setIsDefault(false);
  }

  return (
    <div className={stackColumn}>
      {success ? <InlineMessage tone="success">{success}</InlineMessage> : null}
      {failure ? <InlineMessage tone="danger">{failure}</InlineMessage> : null}
      <div className={halves}>
        <div className={stackColumn}>
          <section className={card} aria-labelledby="groups-title">
            <header className={cardHeader}>
              <h2 className={sectionTitle} id="groups-title">
                Share groups
              </h2>
              <span className={muted}>New projects are shared with the default group’s members.</span>
            </header>
            <CollectionPanel
              loading={loading}
              error={error}
              onRetry={() => groups.send({ type: 'groups.retry' })}
              empty={
                list.length === 0
                  ? { title: 'No share groups', description: 'A share group is a set of colleagues a project can be shared with in one step.' }
                  : null
              }
            >
              <DataTable
                columns={[
                  {
                    title: 'Group',
                    cell: (g) => (
                      <button
                        type="button"
                        className={linkButton}
                        onClick={() => groups.send({ type: 'group.select', groupId: g.id })}
                        aria-pressed={g.id === selectedId}
                      >
                        {g.name}
                      </button>
                    ),
                  },
                  { title: 'Members', cell: (g) => g.member_count },
                  { title: 'Default', cell: (g) => (g.default_for_new_projects ? <Badge tone="accent">Default</Badge> : null) },
                ]}
                rows={list}
                rowKey={(g) => g.id}
                rowProps={(g) => ({ className: groupRow, 'aria-selected': g.id === selectedId })}
                actions={
                  canManage
                    ? (g) => (
                        <div className={actions}>
                          {!g.default_for_new_projects ? (
                            <Button
                              size="sm"
                              disabled={busy}
                              onClick={() => groups.send({ type: 'group.update', groupId: g.id, changes: { default_for_new_projects: true } })}
                              aria-label={`Make ${g.name} the default`}
                            >
                              Make default
                            </Button>
                          ) : (
                            <Button
                              size="sm"
                              disabled={busy}
                              onClick={() => groups.send({ type: 'group.update', groupId: g.id, changes: { default_for_new_projects: false } })}
                              aria-label={`Stop ${g.name} being the default`}
                            >
                              Unset default
                            </Button>
                          )}
                          <Button
                            size="sm"
                            tone="ghost"
                            disabled={busy}
                            onClick={() => groups.send({ type: 'group.delete', groupId: g.id })}
                            aria-label={`Delete ${g.name}`}
                          >
                            Delete
                          </Button>
                        </div>
                      )
                    : undefined
                }
              />
            </CollectionPanel>
          </section>
          {canManage ? (
            <form className={`${card} ${cardBody} ${stack}`} onSubmit={create} aria-labelledby="new-group-title" noValidate>
              <h2 className={sectionTitle} id="new-group-title">
                New share group
              </h2>
              <div className={inlineForm}>
                <TextField id="group-name" className={grow} label="Name" value={name} onValueChange={setName} />
                <Button tone="primary" type="submit" disabled={busy || !name.trim()}>
                  Create group
                </Button>
              </div>
              <CheckboxField
                id="group-default"
                label="Default for new projects"
                hint="Replaces the current default."
                checked={isDefault}
                onCheckedChange={setIsDefault}
              />
            </form>
          ) : null}
        </div>
        <ShareGroupMembers groups={groups} canManage={canManage} />
      </div>
      <ConfirmDialog
        open={deletion !== null}
        title="Delete share group?"
        description={deletion ? `“${deletion.name}” will be deleted. Projects already shared with its members stay shared.` : undefined}
        confirmLabel="Delete group"
        tone="danger"
        onConfirm={() => groups.send({ type: 'deletion.confirm' })}
        onCancel={() => groups.send({ type: 'cancel' })}
      />
    </div>
  );
}
