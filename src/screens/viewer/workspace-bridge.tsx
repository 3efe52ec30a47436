/**
 * The renderless bridge between the viewer workspace machine and the three.js panes: it turns the
 * machine's `pane.*` requests into ViewerHandle calls (fit, camera, fly to a finding, read the
 * camera to save, screenshot) and reports back what only the panes know (the captured camera, the
 * screenshot's outcome). The machine decides; the handles own the objects.
 */
import { useEffect, type RefObject } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { viewerWorkspaceMachine } from '@machines/viewer-workspace/viewer-workspace.machine.ts';
import type { ViewerHandle } from '../../viewer/contracts.ts';
import { cameraToFit } from './validation-findings.ts';

export type WorkspaceRef = ActorRefFrom<typeof viewerWorkspaceMachine>;

/** Saves the PNG as a download named after the scenario and the time. */
function download(blob: Blob, configurationId: number) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `canopy-viewer-${configurationId}-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')}.png`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function WorkspaceBridge({
  workspace,
  handles,
  configurationId,
}: {
  workspace: WorkspaceRef;
  handles: RefObject<[ViewerHandle | null, ViewerHandle | null]>;
  configurationId: number;
}) {
  useEffect(() => {
    const handle = (pane: 0 | 1) => handles.current[pane];
    const subs = [
      workspace.on('pane.fit', ({ pane }) => handle(pane)?.fitToView()),
      workspace.on('pane.camera', ({ pane, camera }) => handle(pane)?.setCamera(camera)),
      workspace.on('pane.flyTo', ({ pane, bounds }) => {
        const current = handle(pane)?.getCamera();
        if (current) handle(pane)!.setCamera(cameraToFit(current, bounds));
      }),
      workspace.on('pane.readCamera', ({ pane }) => {
        const camera = handle(pane)?.getCamera();
        if (camera) workspace.send({ type: 'camera.captured', camera });
      }),
      workspace.on('pane.screenshot', ({ pane, withLegend }) => {
        const target = handle(pane);
        if (!target) return workspace.send({ type: 'screenshot.done' });
        target.captureImage({ withLegend }).then(
          (blob) => {
            download(blob, configurationId);
            workspace.send({ type: 'screenshot.done' });
          },
          (error: unknown) => workspace.send({ type: 'screenshot.failed', message: error instanceof Error ? error.message : undefined }),
        );
      }),
    ];
    return () => subs.forEach((s) => s.unsubscribe());
  }, [workspace, handles, configurationId]);
  return null;
}
