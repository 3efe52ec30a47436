/** Named readings of the viewer workspace machine for the viewer screen. */
import type { SnapshotFrom } from 'xstate';
import type { viewerWorkspaceMachine } from './viewer-workspace.machine.ts';

type Snapshot = SnapshotFrom<typeof viewerWorkspaceMachine>;

export const selectTool = (s: Snapshot) => s.context.ui.tool;
export const selectOverlayOpen = (s: Snapshot) => s.context.ui.overlayOpen;
export const selectLegendShown = (s: Snapshot) => s.context.ui.legendShown;
/** Per pane: the asset ids a restored view shows, or null for the pane's own choice. */
export const selectOverrides = (s: Snapshot) => s.context.overrides;
/** Per pane: the camera it was last told to take (a pane mounted later starts there). */
export const selectPaneCameras = (s: Snapshot) => s.context.cameras;
export const selectProbe = (s: Snapshot) => s.context.probe;
export const selectImportPlane = (s: Snapshot) => s.context.importPlane;
