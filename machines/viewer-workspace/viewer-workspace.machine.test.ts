/**
 * The viewer workspace machine through events and snapshots, with its children's calls faked: the
 * panes fed on start, SPEC §5's error for an unknown simulation, the "reload the other pane" rule,
 * restored layers, linked cameras (and their echo), keyboard commands, one screenshot at a time,
 * toasts through the relay, and a context of plain data.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { CameraPosition, CameraPositionCreate } from '@canopy/contract/viewer.ts';
import { solarSimulation, windSimulation } from '@machines/layer-filter/layer-filter.fixtures.ts';
import type { NewUserLayer, UserSelectedLayer } from '@machines/layer-filter/layer-filter.types.ts';
import type { ToastEvent } from '@machines/toast/toast.machine.ts';
import { layerFilterMachine } from '@machines/layer-filter/layer-filter.machine.ts';
import { cameraPositionsMachine } from '@machines/viewer/camera-positions.machine.ts';
import { viewerWorkspaceMachine } from './viewer-workspace.machine.ts';
import { selectUrlView } from './viewer-workspace.selectors.ts';
import { decodeView, encodeView, type UrlView } from '@machines/view-url/view-url.ts';
import type { PaneCamera, ViewerWorkspaceEmitted } from './viewer-workspace.types.ts';

const camera = (x: number): PaneCamera => ({ position: [x, -120, 90], target: [0, 0, 0], up: [0, 0, 1], fov: 45 });

function start(initialSimulationId: number | null = null) {
  let stored: UserSelectedLayer[] = [];
  const calls: string[] = [];
  const toasts: ToastEvent[] = [];
  const emitted: ViewerWorkspaceEmitted[] = [];
  const machine = viewerWorkspaceMachine.provide({
    actors: {
      layerFilter: layerFilterMachine.provide({
        actors: {
          fetchUserLayers: fromPromise(async ({ input }: { input: { simulationId: number } }) => {
            calls.push(`fetch ${input.simulationId}`);
            return stored.filter((l) => l.simulation_id === input.simulationId);
          }),
          replaceUserLayers: fromPromise(async ({ input }: { input: { simulationId: number; layers: NewUserLayer[] } }) => {
            calls.push(`replace ${input.simulationId}`);
            stored = input.layers.map((l, i) => ({ ...l, view_id: l.view_id ?? '', id: 100 + i }));
            return stored;
          }),
          removeUserLayer: fromPromise(async (): Promise<void> => undefined),
          deleteAllUserLayers: fromPromise(async (): Promise<void> => undefined),
        },
      }),
      cameraPositions: cameraPositionsMachine.provide({
        actors: {
          listCameraPositions: fromPromise(async (): Promise<CameraPosition[]> => [
            { id: 1, name: 'Street view', camera: { position: [1, 2, 3], target: [0, 0, 0] } },
          ]),
          createCameraPosition: fromPromise(
            async ({ input }: { input: { projectId: number; studyId: number; body: CameraPositionCreate } }): Promise<CameraPosition> => {
              calls.push(`save camera ${input.body.name}`);
              return { id: 2, name: input.body.name ?? 'View', camera: input.body.camera };
            },
          ),
          deleteCameraPosition: fromPromise(async (): Promise<void> => undefined),
        },
      }),
    },
  });
  const actor = createActor(machine, {
    input: {
      simulations: [windSimulation(10), solarSimulation(20)],
      initialSimulationId,
      projectId: 7,
      studyId: 70,
      toasts: { send: (e) => void toasts.push(e) },
    },
  });
  actor.on('*', (e) => void emitted.push(e as ViewerWorkspaceEmitted));
  actor.start();
  const child = (id: 'filter0' | 'filter1') => actor.getSnapshot().children[id]!.getSnapshot();
  const settle = () => vi.waitFor(() => expect(child('filter0').hasTag('busy') || child('filter1').hasTag('busy')).toBe(false), { timeout: 30_000 });
  return { actor, calls, toasts, emitted, child, settle };
}

describe('viewer workspace machine', () => {
  it('feeds both panes and opens them on the wanted simulation', async () => {
    const { actor, child, settle } = start(20);
    await settle();
    expect(actor.getSnapshot().matches({ running: { screenshot: 'idle' } })).toBe(true);
    expect([child('filter0').context.selectedSimulationId, child('filter1').context.selectedSimulationId]).toEqual([20, 20]);
    expect(actor.getSnapshot().context.panes.map((p) => [p.simulationId, p.idle])).toEqual([
      [20, true],
      [20, true],
    ]);
  });

  it('stores SPEC §5 error in the first pane for a simulation that is not in the results', async () => {
    const { child, settle } = start(99);
    await settle();
    expect(child('filter0').context.error).toBe('unable to find simulation for selected simulationId 99');
    expect(child('filter1').context.selectedSimulationId).toBe(10);
  });

  it("reloads the other pane after one pane's own write, not after the reload (no ping-pong)", async () => {
    const { actor, calls, settle } = start();
    await settle();
    calls.length = 0;
    actor.getSnapshot().children.filter0!.send({ type: 'layers.add', layers: [{ simulation_id: 10, identifier: '1' }], addedByUser: true, viewId: 'viewer-1' });
    await vi.waitFor(() => expect(calls).toEqual(['replace 10', 'fetch 10']), { timeout: 30_000 });
    await settle();
    expect(calls).toEqual(['replace 10', 'fetch 10']);
  });

  it("a restored view's layers hold until its pane's saved list changes", async () => {
    const { actor, settle } = start();
    await settle();
    actor.send({
      type: 'view.restore',
      view: { camera: camera(5), layers: ['3', '4'], filters: { season_filter: 'Summer' }, colourScale: { min: 1, max: 2 }, theme: 'dark', simulationId: 10 },
    });
    await settle();
    expect(actor.getSnapshot().context.overrides).toEqual([[3, 4], null]);
    expect(actor.getSnapshot().children.filter0!.getSnapshot().context.selection.season_filter).toEqual(['Summer']);
    expect(actor.getSnapshot().children.ui!.getSnapshot().context.themes[0]).toBe('dark');
    actor.getSnapshot().children.filter0!.send({ type: 'layers.add', layers: [{ simulation_id: 10, identifier: '1' }], addedByUser: true, viewId: 'viewer-1' });
    await settle();
    expect(actor.getSnapshot().context.overrides).toEqual([null, null]);
  });

  it("shows an address's view, reads back the same view, and goes back to the default (keeping the camera) for an empty one", async () => {
    const { actor, emitted, settle } = start();
    await settle();
    const view: UrlView = {
      camera: camera(7),
      layers: ['3'],
      filters: { season_filter: 'Winter' },
      scale: { min: 0.5, max: 1.5 },
      palette: 'cividis',
      colourLayer: '3',
      theme: 'dark',
      split: true,
      point: [1, 2, 1.5],
    };
    // what the address carries, decoded, is what the workspace shows and reads back
    const decoded = decodeView(encodeView(view));
    actor.send({ type: 'url.apply', view: decoded.ok ? decoded.view : {} });
    await settle();
    expect(emitted.at(-1)).toEqual({ type: 'pane.camera', pane: 0, camera: camera(7) });
    expect(actor.getSnapshot().context.overrides).toEqual([[3], null]);
    // split with linked cameras: the second pane starts there too, and its report is no news
    expect(actor.getSnapshot().context.cameras).toEqual([camera(7), camera(7)]);
    const sent = emitted.length;
    actor.send({ type: 'camera.moved', pane: 1, camera: camera(7) });
    expect(emitted).toHaveLength(sent);
    expect(selectUrlView(actor.getSnapshot(), ['3'])).toEqual(view);
    // the pane's own camera report is what the address then carries
    actor.send({ type: 'camera.moved', pane: 0, camera: camera(8) });
    expect(selectUrlView(actor.getSnapshot(), ['3']).camera).toEqual(camera(8));
    const before = emitted.length;
    actor.send({ type: 'url.apply', view: {} });
    await settle();
    // the camera stays where it is
    expect(emitted).toHaveLength(before);
    expect(actor.getSnapshot().context.overrides).toEqual([null, null]);
    const back = selectUrlView(actor.getSnapshot(), []);
    expect(back).toEqual({ camera: camera(8) });
  });

  it("shows the second pane's own view from the address in split view, unlinked, and reads it back", async () => {
    const { actor, emitted, settle } = start();
    await settle();
    const view: UrlView = {
      camera: camera(7),
      layers: ['3'],
      theme: 'dark',
      split: true,
      second: { camera: camera(9), layers: ['5'], filters: { season_filter: 'Summer' }, scale: { min: 1, max: 2 }, colourLayer: '5', theme: 'light' },
    };
    actor.send({ type: 'url.apply', view });
    await settle();
    expect(emitted.slice(-2)).toEqual([
      { type: 'pane.camera', pane: 0, camera: camera(7) },
      { type: 'pane.camera', pane: 1, camera: camera(9) },
    ]);
    expect(actor.getSnapshot().context.overrides).toEqual([[3], [5]]);
    expect(actor.getSnapshot().context.cameras).toEqual([camera(7), camera(9)]);
    const ui = actor.getSnapshot().children.ui!.getSnapshot().context;
    expect(ui.linked).toBe(false);
    expect(ui.themes).toEqual(['dark', 'light']);
    expect(actor.getSnapshot().children.filter1!.getSnapshot().context.selection.season_filter).toEqual(['Summer']);
    actor.send({ type: 'secondPane.shown', layers: ['5'] });
    expect(selectUrlView(actor.getSnapshot(), ['3'])).toEqual(view);
    // an address with one pane: the second pane's edits are left, and one pane is shown
    actor.send({ type: 'url.apply', view: { theme: 'dark' } });
    await settle();
    expect(actor.getSnapshot().children.ui!.getSnapshot().context.split).toBe(false);
    expect(selectUrlView(actor.getSnapshot(), ['3']).second).toBeUndefined();
  });

  it('links the cameras in split view, and does not send the echo back', () => {
    const { actor, emitted } = start();
    actor.send({ type: 'camera.moved', pane: 0, camera: camera(1) });
    expect(emitted).toEqual([]);
    actor.send({ type: 'command.run', command: 'split' });
    actor.send({ type: 'camera.moved', pane: 0, camera: camera(1) });
    expect(emitted).toEqual([{ type: 'pane.camera', pane: 1, camera: camera(1) }]);
    // The other pane reports the camera it was given: not news.
    actor.send({ type: 'camera.moved', pane: 1, camera: camera(1) });
    expect(emitted).toHaveLength(1);
    actor.send({ type: 'camera.moved', pane: 1, camera: camera(2) });
    expect(emitted.at(-1)).toEqual({ type: 'pane.camera', pane: 0, camera: camera(2) });
    actor.send({ type: 'command.run', command: 'link' });
    actor.send({ type: 'camera.moved', pane: 0, camera: camera(3) });
    expect(emitted).toHaveLength(2);
  });

  it('runs keyboard commands; the overlay takes the keys while it is open', () => {
    const { actor, emitted } = start();
    const ui = () => actor.getSnapshot().children.ui!.getSnapshot();
    actor.send({ type: 'key.press', key: 'p' });
    expect(ui().matches({ tool: 'probe' })).toBe(true);
    actor.send({ type: 'key.press', key: 'f' });
    expect(emitted).toEqual([{ type: 'pane.fit', pane: 0 }]);
    actor.send({ type: 'key.press', key: '?' });
    expect(actor.getSnapshot().context.ui.overlayOpen).toBe(true);
    actor.send({ type: 'key.press', key: 'f' });
    expect(emitted).toHaveLength(1);
  });

  it('takes one screenshot at a time; a failure is a danger toast', () => {
    const { actor, emitted, toasts } = start();
    actor.send({ type: 'command.run', command: 'legend' });
    actor.send({ type: 'command.run', command: 'screenshot' });
    actor.send({ type: 'command.run', command: 'screenshot' });
    expect(emitted).toEqual([{ type: 'pane.screenshot', pane: 0, withLegend: false }]);
    expect(actor.getSnapshot().matches({ running: { screenshot: 'taking' } })).toBe(true);
    actor.send({ type: 'screenshot.failed', message: 'WebGL context lost' });
    expect(toasts).toEqual([{ type: 'toast.show', toast: { tone: 'danger', title: 'The screenshot could not be taken', description: 'WebGL context lost' } }]);
    actor.send({ type: 'command.run', command: 'screenshot' });
    expect(emitted).toHaveLength(2);
    actor.send({ type: 'screenshot.done' });
    expect(actor.getSnapshot().matches({ running: { screenshot: 'idle' } })).toBe(true);
  });

  it('saves the active pane camera as the next view and shows the cameras panel', async () => {
    const { actor, emitted, calls } = start();
    await vi.waitFor(() => expect(actor.getSnapshot().children.cameras!.getSnapshot().context.positions).toHaveLength(1), { timeout: 30_000 });
    actor.send({ type: 'key.press', key: 'm' });
    expect(emitted).toEqual([{ type: 'pane.readCamera', pane: 0 }]);
    actor.send({ type: 'camera.captured', camera: camera(4) });
    await vi.waitFor(() => expect(calls).toContain('save camera View 2'), { timeout: 30_000 });
    expect(actor.getSnapshot().context.ui.panel).toBe('cameras');
  });

  it('keeps only the active pane probe, and only while the probe tool or the data panel wants it', () => {
    const { actor } = start();
    const probe = { point: [1, 2, 3] as [number, number, number], layerId: '5', value: 0.4 };
    actor.send({ type: 'probe.moved', pane: 0, probe });
    expect(actor.getSnapshot().context.probe).toBeNull();
    actor.send({ type: 'command.run', command: 'panel.data' });
    actor.send({ type: 'probe.moved', pane: 1, probe });
    expect(actor.getSnapshot().context.probe).toBeNull();
    actor.send({ type: 'probe.moved', pane: 0, probe });
    expect(actor.getSnapshot().context.probe).toEqual(probe);
  });

  it('keeps no actor in its context; a layer failure toasts through the relay', async () => {
    const { actor, toasts, settle } = start();
    await settle();
    expect(actor.system.get('toast')).toBeDefined();
    const context = actor.getSnapshot().context;
    expect(JSON.parse(JSON.stringify(context))).toEqual(context);
    actor.send({ type: 'layer.failed', pane: 1, layerId: '7', title: 'Wind comfort', message: 'HTTP 404' });
    expect(toasts).toEqual([
      { type: 'toast.show', toast: { id: 'layer-1-7', tone: 'danger', title: 'The layer Wind comfort could not be loaded', description: 'HTTP 404' } },
    ]);
  });
});

describe('viewer workspace machine: what moved out of the screen', () => {
  it('a key typed into a text field is not a shortcut', async () => {
    const { actor, emitted, settle } = start();
    await settle();
    actor.send({ type: 'key.press', key: 'f', inText: true });
    expect(emitted.filter((e) => e.type === 'pane.fit')).toEqual([]);
    actor.send({ type: 'key.press', key: 'f', inText: false });
    expect(emitted.filter((e) => e.type === 'pane.fit')).toHaveLength(1);
  });

  it('the same simulations sent again change nothing; a new list feeds the panes', async () => {
    const { actor, settle } = start();
    await settle();
    const before = actor.getSnapshot().context;
    actor.send({ type: 'simulations.set', simulations: before.simulations, initialSimulationId: before.initialSimulationId });
    expect(actor.getSnapshot().context).toBe(before);
    const next = [windSimulation(10)];
    actor.send({ type: 'simulations.set', simulations: next, initialSimulationId: null });
    expect(actor.getSnapshot().context.simulations).toBe(next);
  });

  it('keeps what the first pane shows, and the address carries its layers', async () => {
    const { actor, settle } = start();
    await settle();
    expect(selectUrlView(actor.getSnapshot()).layers).toBeUndefined();
    actor.send({ type: 'pane.shown', shown: { layers: ['3', '5'], colourScale: null, layerScales: {}, simulationId: 10 } });
    expect(actor.getSnapshot().context.firstPane?.simulationId).toBe(10);
    expect(selectUrlView(actor.getSnapshot()).layers).toEqual(['3', '5']);
  });
});
