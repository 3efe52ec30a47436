/**
 * Model-based test of the viewer workspace with xstate/graph: the shortest paths to every state
 * over the toolbar's and the panes' events, each replayed on a live actor (its children running),
 * with the workspace's rules checked at the end of every path:
 * - the live actor reaches the state the model predicts;
 * - a screenshot is asked of a pane only when none is being taken (one at a time);
 * - a camera move is passed to the other pane exactly when split view and linked cameras are both on.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { CameraPosition } from '@canopy/contract/viewer.ts';
import { windSimulation } from '@machines/layer-filter/layer-filter.fixtures.ts';
import type { UserSelectedLayer } from '@machines/layer-filter/layer-filter.types.ts';
import { layerFilterMachine } from '@machines/layer-filter/layer-filter.machine.ts';
import { cameraPositionsMachine } from '@machines/viewer/camera-positions.machine.ts';
import { viewerWorkspaceMachine } from './viewer-workspace.machine.ts';
import type { PaneCamera, ViewerWorkspaceEmitted, ViewerWorkspaceEvent } from './viewer-workspace.types.ts';

type Snapshot = SnapshotFrom<typeof viewerWorkspaceMachine>;

const camera = (x: number): PaneCamera => ({ position: [x, 0, 10], target: [0, 0, 0], up: [0, 0, 1], fov: 45 });

const EVENTS: ViewerWorkspaceEvent[] = [
  { type: 'command.run', command: 'screenshot' },
  { type: 'screenshot.done' },
  { type: 'screenshot.failed', message: 'lost' },
  { type: 'command.run', command: 'split' },
  { type: 'command.run', command: 'link' },
  { type: 'camera.moved', pane: 0, camera: camera(1) },
];

const input = { simulations: [windSimulation(10)], projectId: 7, studyId: 70 };

/** The workspace with children whose calls answer at once (nothing to load). */
const machine = viewerWorkspaceMachine.provide({
  actors: {
    layerFilter: layerFilterMachine.provide({
      actors: {
        fetchUserLayers: fromPromise(async (): Promise<UserSelectedLayer[]> => []),
        replaceUserLayers: fromPromise(async (): Promise<UserSelectedLayer[]> => []),
        removeUserLayer: fromPromise(async (): Promise<void> => undefined),
        deleteAllUserLayers: fromPromise(async (): Promise<void> => undefined),
      },
    }),
    cameraPositions: cameraPositionsMachine.provide({
      actors: {
        listCameraPositions: fromPromise(async (): Promise<CameraPosition[]> => []),
        createCameraPosition: fromPromise(async (): Promise<CameraPosition> => ({ id: 1, name: 'View 1', camera: { position: [0, 0, 0], target: [0, 0, 0] } })),
        deleteCameraPosition: fromPromise(async (): Promise<void> => undefined),
      },
    }),
  },
});

const serializeState = (s: Snapshot) => JSON.stringify(s.value);
const PATHS = getShortestPaths(viewerWorkspaceMachine, { input, events: EVENTS, serializeState });

/** Replays the path's events, with split and link toggled by the steps, on a live actor. */
function replay(events: readonly ViewerWorkspaceEvent[]) {
  const emitted: ViewerWorkspaceEmitted[] = [];
  const actor = createActor(machine, { input });
  actor.on('*', (e) => void emitted.push(e as ViewerWorkspaceEmitted));
  actor.start();
  for (const event of events) actor.send(event);
  return { actor, emitted };
}

describe('viewer workspace statechart (xstate/graph)', () => {
  it('reaches every state', () => {
    const reached = new Set(PATHS.map((p) => serializeState(p.state)));
    expect(reached).toContain(JSON.stringify({ running: { screenshot: 'idle' } }));
    expect(reached).toContain(JSON.stringify({ running: { screenshot: 'taking' } }));
  });

  // Every path, extended by every pair of events, so every transition out of every state is walked
  // with split and link in each combination.
  const walks = PATHS.flatMap((path) =>
    EVENTS.flatMap((a) => EVENTS.map((b) => ({ path, events: [...path.steps.map((s) => s.event as ViewerWorkspaceEvent), a, b] }))),
  );

  it('the live actor follows the model on every path', () => {
    for (const { path } of walks) {
      const { actor } = replay(path.steps.map((s) => s.event as ViewerWorkspaceEvent));
      expect(actor.getSnapshot().value).toEqual(path.state.value);
      actor.stop();
    }
  });

  it('asks a pane for a screenshot only when none is being taken', () => {
    for (const { events } of walks) {
      const { actor, emitted } = replay(events);
      const taking = actor.getSnapshot().matches({ running: { screenshot: 'taking' } });
      const before = emitted.length;
      actor.send({ type: 'command.run', command: 'screenshot' });
      const asked = emitted.slice(before).filter((e) => e.type === 'pane.screenshot');
      expect(asked, JSON.stringify(events)).toHaveLength(taking ? 0 : 1);
      actor.stop();
    }
  });

  it('passes a camera move to the other pane exactly when split and linked', () => {
    for (const { events } of walks) {
      const { actor, emitted } = replay(events);
      const ui = actor.getSnapshot().children.ui!.getSnapshot().context;
      const before = emitted.length;
      actor.send({ type: 'camera.moved', pane: 0, camera: camera(99) });
      const passed = emitted.slice(before);
      expect(passed, JSON.stringify(events)).toEqual(ui.split && ui.linked ? [{ type: 'pane.camera', pane: 1, camera: camera(99) }] : []);
      actor.stop();
    }
  });
});
