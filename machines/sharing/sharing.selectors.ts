/** Named readings of the sharing machine (pending shares and notifications). */
import type { SnapshotFrom } from 'xstate';
import type { Notification, ProjectShare } from '@canopy/contract/sharing.ts';
import { errorMessage } from '@machines/shared/actors.ts';
import type { ShareAnswer, sharingMachine } from './sharing.machine.ts';

type Snapshot = SnapshotFrom<typeof sharingMachine>;

export const selectPendingShares = (s: Snapshot): ProjectShare[] => s.context.pending;
export const selectNotifications = (s: Snapshot): Notification[] => s.context.notifications;
export const selectInboxLoading = (s: Snapshot): boolean => s.matches('loading');
export const selectInboxError = (s: Snapshot): string | null => (s.matches('failed') ? errorMessage(s.context.loadError) : null);
/** Pending shares plus notifications: the badge count. */
export const selectInboxCount = (s: Snapshot): number => s.context.pending.filter((p) => !(p.id in s.context.answered)).length + s.context.notifications.length;

/** The answer given to a share that is about to leave the list, or null. */
export function selectShareAnswer(shareId: number) {
  return (s: Snapshot): ShareAnswer | null => s.context.answered[shareId] ?? null;
}

/** An answer to this share is queued or under way. */
export function selectShareBusy(shareId: number) {
  return (s: Snapshot): boolean => s.context.queue.some((q) => q.kind === 'answer' && q.shareId === shareId);
}

export function selectNotificationBusy(notificationId: number) {
  return (s: Snapshot): boolean => s.context.queue.some((q) => q.kind === 'dismiss' && q.notificationId === notificationId);
}

/** Why the last answer to this share failed, or null. */
export function selectShareFailure(shareId: number) {
  return (s: Snapshot): string | null => {
    const f = s.context.failure;
    return f && f.request.kind === 'answer' && f.request.shareId === shareId ? errorMessage(f.error) : null;
  };
}

export function selectNotificationFailure(notificationId: number) {
  return (s: Snapshot): string | null => {
    const f = s.context.failure;
    return f && f.request.kind === 'dismiss' && f.request.notificationId === notificationId ? errorMessage(f.error) : null;
  };
}
