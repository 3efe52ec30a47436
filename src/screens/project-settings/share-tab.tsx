/** Sharing the project: share by e-mail, invite, and the project's shares (re-send, revoke). */
import { useActorRef, useSelector } from '@xstate/react';
import type { ProjectShare } from '@canopy/contract/sharing.ts';
import {
  selectRevokeConfirmation,
  selectShares,
  selectSharesBusy,
  selectSharesError,
  selectSharesFailure,
  selectSharesLoading,
  selectSharesSuccess,
} from '@machines/project-settings/project-settings.selectors.ts';
import { useWorkspaceLogic } from '../../services/workspace-services.ts';
import { Badge, type BadgeTone } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { CollectionPanel } from '../../ui/collection-panel.tsx';
import { formatDate } from '../../ui/format.ts';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { actions, card, cardHeader, muted, sectionTitle, table, td, th } from '../../ui/surface.css.ts';
import { InviteForm } from './invite-form.tsx';
import { ShareForm } from './share-form.tsx';
import { readOnly } from './project-settings.css.ts';

const STATUS: Record<ProjectShare['share_status'], { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending', tone: 'warning' },
  accepted: { label: 'Accepted', tone: 'success' },
  declined: { label: 'Declined', tone: 'neutral' },
};

export function ShareTab({ projectId, canChange }: { projectId: number; canChange: boolean }) {
  const logic = useWorkspaceLogic();
  const shares = useActorRef(logic.projectShares, { input: { projectId } });
  const list = useSelector(shares, selectShares);
  const loading = useSelector(shares, selectSharesLoading);
  const error = useSelector(shares, selectSharesError);
  const busy = useSelector(shares, selectSharesBusy);
  const success = useSelector(shares, selectSharesSuccess);
  const failure = useSelector(shares, selectSharesFailure);
  const revoking = useSelector(shares, selectRevokeConfirmation);

  return (
    <>
      {success ? <InlineMessage tone="success">{success}</InlineMessage> : null}
      {failure ? <InlineMessage tone="danger">{failure}</InlineMessage> : null}
      {canChange ? <ShareForm shares={shares} /> : <p className={readOnly}>Only people who may change this project can share it.</p>}
      <section className={card} aria-labelledby="shares-title">
        <header className={cardHeader}>
          <h2 className={sectionTitle} id="shares-title">
            Shared with
          </h2>
          <span className={muted}>{list.length === 1 ? '1 person' : `${list.length} people`}</span>
        </header>
        <CollectionPanel
          loading={loading}
          error={error}
          onRetry={() => shares.send({ type: 'shares.retry' })}
          empty={list.length === 0 ? { title: 'Not shared yet', description: 'People you share this project with are listed here with their answer.' } : null}
        >
          <table className={table}>
            <thead>
              <tr>
                <th className={th} scope="col">
                  Person
                </th>
                <th className={th} scope="col">
                  Company
                </th>
                <th className={th} scope="col">
                  Status
                </th>
                <th className={th} scope="col">
                  Shared
                </th>
                {canChange ? (
                  <th className={th} scope="col">
                    <span hidden>Actions</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {list.map((share) => (
                <tr key={share.id}>
                  <td className={td}>
                    <div>{share.user.name}</div>
                    <div className={muted}>{share.user.email}</div>
                  </td>
                  <td className={td}>{share.user.company_name ?? '—'}</td>
                  <td className={td}>
                    <Badge tone={STATUS[share.share_status].tone}>{STATUS[share.share_status].label}</Badge>{' '}
                    <Badge tone="neutral">{share.access_level === 'edit' ? 'View and edit' : 'View only'}</Badge>
                  </td>
                  <td className={td}>
                    {formatDate(share.created)}
                    {share.shared_by ? <div className={muted}>by {share.shared_by.name}</div> : null}
                  </td>
                  {canChange ? (
                    <td className={td}>
                      <div className={actions}>
                        {share.share_status === 'declined' ? (
                          <Button size="sm" disabled={busy} onClick={() => shares.send({ type: 'share.resend', shareId: share.id })}>
                            Send again
                          </Button>
                        ) : null}
                        <Button
                          size="sm"
                          tone="ghost"
                          disabled={busy}
                          onClick={() => shares.send({ type: 'share.revoke', shareId: share.id })}
                          aria-label={`Revoke share with ${share.user.name}`}
                        >
                          Revoke
                        </Button>
                      </div>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </CollectionPanel>
      </section>
      {canChange ? <InviteForm shares={shares} /> : null}
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke this share?"
        description={revoking ? `${revoking.user.name} will no longer see this project.` : undefined}
        confirmLabel="Revoke"
        tone="danger"
        onConfirm={() => shares.send({ type: 'revoke.confirm' })}
        onCancel={() => shares.send({ type: 'cancel' })}
      />
    </>
  );
}
