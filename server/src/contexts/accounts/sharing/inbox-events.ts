/**
 * Invitations and notifications arrive live: after a share to someone is made,
 * re-sent or revoked, or their share answered, that user's open pages are told their inbox changed
 * (`inbox.changed` over the WebSocket, to them only) and read it again. Sent after the change is
 * committed, so the re-read finds it; a lost message only means the inbox shows it on the next read.
 */
import type { EventBus } from '../../../realtime/bus.ts';

export type InboxReason = 'shared' | 'answered' | 'revoked';

export async function publishInboxChanged(
  bus: EventBus | undefined,
  projectId: number,
  userIds: ReadonlyArray<number | null>,
  reason: InboxReason,
): Promise<void> {
  const to = userIds.filter((id): id is number => id !== null);
  if (!bus || to.length === 0) return;
  await bus.publish({ projectId, userIds: to, event: { type: 'inbox.changed', reason } }).catch(() => undefined);
}
