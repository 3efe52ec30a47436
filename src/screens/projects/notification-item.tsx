/** One notification with its Dismiss button. */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { Notification } from '@canopy/contract/sharing.ts';
import type { sharingMachine } from '@machines/sharing/sharing.machine.ts';
import { selectNotificationBusy, selectNotificationFailure } from '@machines/sharing/sharing.selectors.ts';
import { Button } from '../../ui/button.tsx';
import { formatRelative } from '../../ui/format.ts';
import { error as errorClass, grow, item, itemMeta, itemText, row } from './sharing-inbox.css.ts';

export function NotificationItem({ sharing, notification }: { sharing: ActorRefFrom<typeof sharingMachine>; notification: Notification }) {
  const busy = useSelector(sharing, selectNotificationBusy(notification.id));
  const failure = useSelector(sharing, selectNotificationFailure(notification.id));
  return (
    <li className={item}>
      <div className={row}>
        <div className={grow}>
          <p className={itemText}>{notification.message}</p>
          <p className={itemMeta}>{formatRelative(notification.created)}</p>
        </div>
        <Button
          size="sm"
          tone="ghost"
          aria-label={`Dismiss: ${notification.message}`}
          disabled={busy}
          onClick={() => sharing.send({ type: 'notification.dismiss', notificationId: notification.id })}
        >
          Dismiss
        </Button>
      </div>
      {failure ? (
        <p className={errorClass} role="alert">
          {failure}
        </p>
      ) : null}
    </li>
  );
}
