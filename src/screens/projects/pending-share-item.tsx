/** One project shared with the user, waiting for an answer: Accept or Decline. */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { ProjectShare } from '@canopy/contract/sharing.ts';
import type { sharingMachine } from '@machines/sharing/sharing.machine.ts';
import { selectShareAnswer, selectShareBusy, selectShareFailure } from '@machines/sharing/sharing.selectors.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { formatRelative } from '../../ui/format.ts';
import { error as errorClass, item, itemActions, itemMeta, itemText } from './sharing-inbox.css.ts';

export function PendingShareItem({ sharing, share }: { sharing: ActorRefFrom<typeof sharingMachine>; share: ProjectShare }) {
  const answer = useSelector(sharing, selectShareAnswer(share.id));
  const busy = useSelector(sharing, selectShareBusy(share.id));
  const failure = useSelector(sharing, selectShareFailure(share.id));
  const from = share.shared_by?.name ?? 'Someone';
  return (
    <li className={item} aria-label={`${share.project_name}, shared by ${from}`}>
      <p className={itemText}>
        <strong>{from}</strong> shared <strong>{share.project_name}</strong> with you.
      </p>
      <p className={itemMeta}>{formatRelative(share.created)}</p>
      {failure ? (
        <p className={errorClass} role="alert">
          {failure}
        </p>
      ) : null}
      <div className={itemActions}>
        {answer ? (
          <Badge tone={answer === 'accepted' ? 'success' : 'neutral'}>{answer === 'accepted' ? 'Accepted' : 'Declined'}</Badge>
        ) : (
          <>
            <Button size="sm" tone="primary" disabled={busy} onClick={() => sharing.send({ type: 'share.accept', shareId: share.id })}>
              Accept
            </Button>
            <Button size="sm" disabled={busy} onClick={() => sharing.send({ type: 'share.decline', shareId: share.id })}>
              Decline
            </Button>
          </>
        )}
      </div>
    </li>
  );
}
