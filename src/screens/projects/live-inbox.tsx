/**
 * Invitations and notifications arrive live: the server tells a user over the
 * WebSocket when their inbox changed (a share made, re-sent, revoked, or their share answered), and
 * the inbox and the lists it affects are read again. Renders nothing.
 */
import { useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { sharingMachine } from '@machines/sharing/sharing.machine.ts';
import { useLiveStatus } from '../scenario-wizard/live-status-provider.tsx';

export function LiveInbox({ sharing, onRevoked }: { sharing: ActorRefFrom<typeof sharingMachine>; onRevoked(): void }) {
  const live = useLiveStatus();
  useEffect(() => {
    const sub = live.on('live.event', ({ message }) => {
      if (message.type !== 'inbox.changed') return;
      sharing.send({ type: 'inbox.refresh' });
      if (message.reason === 'revoked') onRevoked();
    });
    return () => sub.unsubscribe();
  }, [live, sharing, onRevoked]);
  return null;
}
