/** The project's administrators: list (creator first, not removable), add, remove with confirmation. */
import { useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import {
  selectAdminCandidates,
  selectAdminRemoval,
  selectAdmins,
  selectAdminsBusy,
  selectAdminsError,
  selectAdminsFailure,
  selectAdminsLoading,
  selectAdminsSuccess,
} from '@machines/project-settings/project-settings.selectors.ts';
import { useWorkspaceLogic } from '../../services/workspace-services.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { formatDate } from '../../ui/format.ts';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { CollectionPanel } from '../../ui/collection-panel.tsx';
import { card, cardHeader, sectionTitle, table, td, th } from '../../ui/surface.css.ts';
import { formCard, grow, inlineForm, readOnly } from './project-settings.css.ts';

export function AdminTab({ projectId, canChange }: { projectId: number; canChange: boolean }) {
  const logic = useWorkspaceLogic();
  const admins = useActorRef(logic.projectAdmins, { input: { projectId } });
  const list = useSelector(admins, selectAdmins);
  const candidates = useSelector(admins, selectAdminCandidates);
  const loading = useSelector(admins, selectAdminsLoading);
  const error = useSelector(admins, selectAdminsError);
  const busy = useSelector(admins, selectAdminsBusy);
  const success = useSelector(admins, selectAdminsSuccess);
  const failure = useSelector(admins, selectAdminsFailure);
  const removal = useSelector(admins, selectAdminRemoval);
  // The person picked in the select, before pressing the button.
  const [chosen, setChosen] = useState('');

  return (
    <>
      {success ? <InlineMessage tone="success">{success}</InlineMessage> : null}
      {failure ? <InlineMessage tone="danger">{failure}</InlineMessage> : null}
      <section className={card} aria-labelledby="admins-title">
        <header className={cardHeader}>
          <h2 className={sectionTitle} id="admins-title">
            Project administrators
          </h2>
        </header>
        <CollectionPanel loading={loading} error={error} onRetry={() => admins.send({ type: 'admins.retry' })}>
          <table className={table}>
            <thead>
              <tr>
                <th className={th} scope="col">
                  Name
                </th>
                <th className={th} scope="col">
                  E-mail
                </th>
                <th className={th} scope="col">
                  Since
                </th>
                {canChange ? (
                  <th className={th} scope="col">
                    <span hidden>Actions</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {list.map((admin) => (
                <tr key={admin.id}>
                  <td className={td}>
                    {admin.name} {admin.is_creator ? <Badge tone="accent">Creator</Badge> : null}
                  </td>
                  <td className={td}>{admin.email}</td>
                  <td className={td}>{formatDate(admin.created)}</td>
                  {canChange ? (
                    <td className={td}>
                      {admin.is_creator ? null : (
                        <Button
                          size="sm"
                          tone="ghost"
                          disabled={busy}
                          onClick={() => admins.send({ type: 'admin.remove', userId: admin.id })}
                          aria-label={`Remove ${admin.name}`}
                        >
                          Remove
                        </Button>
                      )}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </CollectionPanel>
      </section>
      {canChange ? (
        <form
          className={`${card} ${formCard}`}
          aria-labelledby="add-admin-title"
          onSubmit={(e) => {
            e.preventDefault();
            if (chosen) admins.send({ type: 'admin.add', userId: Number(chosen) });
            setChosen('');
          }}
        >
          <h2 className={sectionTitle} id="add-admin-title">
            Add an administrator
          </h2>
          <p className={readOnly}>
            Administrators may change the project, its shares and its administrators. Choose a colleague or someone who accepted a share.
          </p>
          <div className={inlineForm}>
            <SelectField
              id="admin-candidate"
              className={grow}
              label="Person"
              value={chosen}
              placeholder={candidates.length ? 'Choose a person…' : 'Nobody else can be added'}
              options={candidates.map((c) => ({ value: String(c.id), label: `${c.name} (${c.email})` }))}
              onValueChange={setChosen}
            />
            <Button tone="primary" type="submit" disabled={!chosen || busy}>
              Make administrator
            </Button>
          </div>
        </form>
      ) : (
        <p className={readOnly}>Only people who may change this project can change its administrators.</p>
      )}
      <ConfirmDialog
        open={removal !== null}
        title="Remove administrator?"
        description={removal ? `${removal.name} will no longer administer this project.` : undefined}
        confirmLabel="Remove"
        tone="danger"
        onConfirm={() => admins.send({ type: 'removal.confirm' })}
        onCancel={() => admins.send({ type: 'cancel' })}
      />
    </>
  );
}
