/**
 * Split view that compares, by events: each pane keeps its own criterion (its own
 * comfort re-classification, told the simulation that pane shows), its own filters, layer colour
 * scales and theme; linked cameras are a choice. The children's calls are faked.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { windSimulation } from '@machines/layer-filter/layer-filter.fixtures.ts';
import type { ResultSimulation, UserSelectedLayer } from '@machines/layer-filter/layer-filter.types.ts';
import type { CameraPosition } from '@canopy/contract/viewer.ts';
import { layerFilterMachine } from '@machines/layer-filter/layer-filter.machine.ts';
import { cameraPositionsMachine } from '@machines/viewer/camera-positions.machine.ts';
import { layerColour } from '@machines/viewer/viewer-ui.machine.ts';
import { windReclassMachine, type ClassifyInput } from '@machines/wind-reclass/wind-reclass.machine.ts';
import { selectReclassChoice, selectReclassPhase, selectShownResult } from '@machines/wind-reclass/wind-reclass.selectors.ts';
import type { ReclassInputs, ReclassResult, ReclassTarget } from '@machines/wind-reclass/wind-reclass.types.ts';
import { viewerWorkspaceMachine } from './viewer-workspace.machine.ts';
import type { PaneCamera, ViewerWorkspaceEmitted } from './viewer-workspace.types.ts';

const camera = (x: number): PaneCamera => ({ position: [x, -120, 90], target: [0, 0, 0], up: [0, 0, 1], fov: 45 });

/** A wind simulation whose speed-up layers carry their field: it can be re-classified. */
function reclassifiable(id: number): ResultSimulation {
  const simulation = windSimulation(id);
  return {
    ...simulation,
    assets: simulation.assets.map((a) => (a.metric === 'speed-ratio' ? { ...a, metadata: { field: 'speedRatio' } } : a)),
  };
}

const inputs = (simulationId: number): ReclassInputs => ({
  simulationId,
  points: 10,
  directionsDeg: [0, 90],
  criteria: [
    { id: 'lawson-lddc', name: 'Lawson LDDC' },
    { id: 'nen-8100', name: 'NEN 8100' },
  ],
  seasons: [{ id: 'annual', name: 'Annual', months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] }],
  windows: [{ id: 'all-day', name: 'All day', window: '00:00-24:00' }],
  weather: [{ metId: 'chicago', name: 'Chicago' }],
  initial: { criterionId: 'lawson-lddc', seasonId: 'annual', windowId: 'all-day', metId: 'chicago' },
  workers: 0,
});

/** A pane's re-classification with its own calls (as each pane's binding has its own workers). */
function paneReclass(pane: number, loads: string[]) {
  return windReclassMachine.provide({
    actors: {
      loadInputs: fromPromise(async ({ input }: { input: ReclassTarget }) => {
        loads.push(`pane ${pane} loads ${input.simulationId}`);
        return inputs(input.simulationId);
      }),
      classify: fromPromise(async ({ input }: { input: ClassifyInput }): Promise<ReclassResult> => ({
        choice: input.choice,
        url: `local:reclass/${pane}/${input.choice.criterionId}`,
        ms: 1,
        classCounts: [5, 5],
        noClass: 0,
        legend: { name: `wind-comfort-${input.choice.criterionId}`, title: input.choice.criterionId, classes: [] },
      })),
      saveResult: fromPromise(async () => ({ assetId: 1, choice: inputs(0).initial })),
      submitPostprocessing: fromPromise(async () => ({ jobId: 1 })),
    },
  });
}

function start() {
  const loads: string[] = [];
  const emitted: ViewerWorkspaceEmitted[] = [];
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
          createCameraPosition: fromPromise(async (): Promise<CameraPosition> => ({ id: 1, name: 'View', camera: { position: [0, 0, 0], target: [0, 0, 0] } })),
          deleteCameraPosition: fromPromise(async (): Promise<void> => undefined),
        },
      }),
      paneReclass0: paneReclass(0, loads),
      paneReclass1: paneReclass(1, loads),
    },
  });
  const actor = createActor(machine, {
    input: { simulations: [reclassifiable(30), reclassifiable(31)], initialSimulationId: 30, projectId: 7, studyId: 70 },
  });
  actor.on('*', (e) => void emitted.push(e as ViewerWorkspaceEmitted));
  actor.start();
  const children = () => actor.getSnapshot().children;
  const reclass = (pane: 0 | 1) => children()[pane === 0 ? 'reclass0' : 'reclass1']!;
  const filter = (pane: 0 | 1) => children()[pane === 0 ? 'filter0' : 'filter1']!;
  return { actor, loads, emitted, reclass, filter, ui: () => children().ui! };
}

describe('split view that compares', () => {
  it("keeps each pane's criterion: choosing NEN 8100 in Viewer 2 leaves Viewer 1 on Lawson", async () => {
    const { actor, loads, reclass, filter, ui } = start();
    await vi.waitFor(() => expect(selectReclassPhase(reclass(0).getSnapshot())).toBe('stored'), { timeout: 30_000 });
    // One pane: only the first pane's re-classification reads the speed ratios.
    expect(loads).toEqual(['pane 0 loads 30']);
    expect(reclass(1).getSnapshot().context.target).toBeNull();

    actor.send({ type: 'command.run', command: 'split' });
    await vi.waitFor(() => expect(selectReclassPhase(reclass(1).getSnapshot())).toBe('stored'), { timeout: 30_000 });
    expect(loads).toEqual(['pane 0 loads 30', 'pane 1 loads 30']);

    // Viewer 2 active, its criterion switched (the comfort panel acts on the active pane's child).
    ui().send({ type: 'pane.activate', pane: 1 });
    reclass(1).send({ type: 'choice.set', choice: { criterionId: 'nen-8100' } });
    await vi.waitFor(() => expect(selectShownResult(reclass(1).getSnapshot())?.choice.criterionId).toBe('nen-8100'), { timeout: 30_000 });
    expect(selectReclassChoice(reclass(0).getSnapshot())?.criterionId).toBe('lawson-lddc');
    expect(selectShownResult(reclass(0).getSnapshot())).toBeNull();

    // Scenario B beside scenario A: the second pane's re-classification follows its own simulation.
    filter(1).send({ type: 'simulation.select', simulationId: 31 });
    await vi.waitFor(() => expect(reclass(1).getSnapshot().context.target?.simulationId).toBe(31), { timeout: 30_000 });
    expect(reclass(0).getSnapshot().context.target?.simulationId).toBe(30);
    expect(selectReclassChoice(reclass(0).getSnapshot())?.criterionId).toBe('lawson-lddc');
  });

  it('keeps each pane its own filters, colour scales and theme', async () => {
    const { actor, filter, ui } = start();
    actor.send({ type: 'command.run', command: 'split' });
    await vi.waitFor(() => expect(filter(1).getSnapshot().context.selectedSimulationId).toBe(30), { timeout: 30_000 });
    filter(1).send({ type: 'filter.set', dimension: 'season_filter', values: ['Winter'] });
    ui().send({ type: 'colour.range', pane: 1, layer: '5', min: 0, max: 0.8 });
    ui().send({ type: 'theme.set', pane: 1, theme: 'dark' });
    expect(filter(1).getSnapshot().context.selection.season_filter).toEqual(['Winter']);
    expect(filter(0).getSnapshot().context.selection.season_filter ?? []).toEqual([]);
    expect(layerColour(ui().getSnapshot().context, 1, '5').range).toMatchObject({ min: 0, max: 0.8 });
    expect(layerColour(ui().getSnapshot().context, 0, '5').range.edited).toBe(false);
    expect(ui().getSnapshot().context.themes).toEqual(['default', 'dark']);
  });

  it('links the cameras only while the user wants them linked', () => {
    const { actor, emitted } = start();
    actor.send({ type: 'command.run', command: 'split' });
    actor.send({ type: 'camera.moved', pane: 0, camera: camera(1) });
    expect(emitted.filter((e) => e.type === 'pane.camera')).toEqual([{ type: 'pane.camera', pane: 1, camera: camera(1) }]);
    actor.send({ type: 'command.run', command: 'link' });
    actor.send({ type: 'camera.moved', pane: 0, camera: camera(2) });
    expect(emitted.filter((e) => e.type === 'pane.camera')).toHaveLength(1);
  });
});
