/** The user's inbox beside the list: projects shared with them (accept / decline) and notifications. */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { sharingMachine } from '@machines/sharing/sharing.machine.ts';
import { selectInboxError, selectInboxLoading, selectNotifications, selectPendingShares } from '@machines/sharing/sharing.selectors.ts';
import { Button } from '../../ui/button.tsx';
import { card, cardHeader, sectionTitle } from '../../ui/surface.css.ts';
import { NotificationItem } from './notification-item.tsx';
import { PendingShareItem } from './pending-share-item.tsx';
import { count, inbox, list, quiet } from './sharing-inbox.css.ts';

export function SharingInbox({ sharing }: { sharing: ActorRefFrom<typeof sharingMachine> }) {
  const pending = useSelector(sharing, selectPendingShares);
  const notifications = useSelector(sharing, selectNotifications);
  const loading = useSelector(sharing, selectInboxLoading);
  const error = useSelector(sharing, selectInboxError);
  return (
    <aside className={inbox} aria-label="Inbox">
      <section className={card} aria-labelledby="pending-shares-title">
        <header className={cardHeader}>
          <h2 className={sectionTitle} id="pending-shares-title">
            Invitations
          </h2>
          {pending.length ? <span className={count}>{pending.length}</span> : null}
        </header>
        {loading ? (
          <p className={quiet}>Loading…</p>
        ) : error ? (
          <p className={quiet} role="alert">
            {error}{' '}
            <Button size="sm" tone="ghost" onClick={() => sharing.send({ type: 'inbox.retry' })}>
              Retry
            </Button>
          </p>
        ) : pending.length === 0 ? (
          <p className={quiet}>No invitations waiting.</p>
        ) : (
          <ul className={list}>
            {pending.map((share) => (
              <PendingShareItem key={share.id} sharing={sharing} share={share} />
            ))}
          </ul>
        )}
      </section>
      <section className={card} aria-labelledby="notifications-title">
        <header className={cardHeader}>
          <h2 className={sectionTitle} id="notifications-title">
            Notifications
          </h2>
          {notifications.length ? <span className={count}>{notifications.length}</span> : null}
        </header>
        {!loading && !error && notifications.length === 0 ? (
          <p className={quiet}>You are all caught up.</p>
        ) : (
          <ul className={list}>
            {notifications.map((n) => (
              <NotificationItem key={n.id} sharing={sharing} notification={n} />
            ))}
          </ul>
        )}
      </section>
    </aside>
  );
}
