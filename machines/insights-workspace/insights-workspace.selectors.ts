/** Named readings of the insights workspace machine for the Insights mode. */
import type { SnapshotFrom } from 'xstate';
import type { insightsWorkspaceMachine } from './insights-workspace.machine.ts';

type Snapshot = SnapshotFrom<typeof insightsWorkspaceMachine>;
type Children = Snapshot['children'];

/** The workspace's children, typed; they are invoked when the workspace starts, so a missing one is a broken machine. */
export function selectChildren(s: Snapshot): {
  panel: NonNullable<Children['panel']>;
  modes: NonNullable<Children['modes']>;
  pdf: NonNullable<Children['pdf']>;
} {
  const { panel, modes, pdf } = s.children;
  if (!panel || !modes || !pdf) throw new Error('The insights workspace has not started its children');
  return { panel, modes, pdf };
}

/** Why the selected insight's saved view could not be restored, or null. */
export const selectRestoreError = (s: Snapshot) => s.context.restoreError;
/** The viewer is being captured as a view. */
export const selectBusy = (s: Snapshot) => s.hasTag('busy');
