/** Named readings of the favorites machine. */
import type { SnapshotFrom } from 'xstate';
import type { favoritesMachine } from './favorites.machine.ts';

type Snapshot = SnapshotFrom<typeof favoritesMachine>;

/** The star to show: the optimistic one when toggled here, else what the server sent. */
export function selectIsFavorite(projectId: number, fromServer: boolean) {
  return (s: Snapshot): boolean => s.context.stars[projectId] ?? fromServer;
}

/** A save for this project is queued or under way. */
export function selectIsSaving(projectId: number) {
  return (s: Snapshot): boolean => s.context.queue.some((q) => q.projectId === projectId);
}
