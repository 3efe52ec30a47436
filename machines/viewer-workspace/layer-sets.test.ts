/**
 * The workspace's layer sets through events and snapshots: sets named from their identifiers,
 * shown by show_by_default until a pane's toggle, a shown set's file read once (shared by the
 * panes, the second pane only in split view), an unreadable file kept as the set's error and
 * retried by switching it on again, and a scene failure of a set's file becoming its error.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { windSimulation } from '@machines/layer-filter/layer-filter.fixtures.ts';
import { layerFilterMachine } from '@machines/layer-filter/layer-filter.machine.ts';
import type { UserSelectedLayer } from '@machines/layer-filter/layer-filter.types.ts';
import type { CameraPosition } from '@canopy/contract/viewer.ts';
import { cameraPositionsMachine } from '@machines/viewer/camera-positions.machine.ts';
import { viewerWorkspaceMachine } from './viewer-workspace.machine.ts';
import { selectLayerSetRows } from './viewer-workspace.selectors.ts';
import { layerSetLoaderFrom, layerSetName, type LayerSetFileInput, type LayerSetRef } from './layer-sets.ts';

const SETS: LayerSetRef[] = [
  { id: 1, identifier: { name: 'streamlines', wind_direction: '90' }, layer_type: 'Volumetric', show_by_default: true, filename: 'a.glb' },
  { id: 2, identifier: { label: 'Tree canopy' }, layer_type: 'Geometry', show_by_default: false, filename: 'b.glb' },
];

function start(read: (input: LayerSetFileInput) => Promise<string[]>) {
  const reads: number[] = [];
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
          createCameraPosition: fromPromise(async (): Promise<CameraPosition> => ({ id: 1, name: 'x', camera: { position: [0, 0, 0], target: [0, 0, 0] } })),
          deleteCameraPosition: fromPromise(async (): Promise<void> => undefined),
        },
      }),
      layerSetLoader: layerSetLoaderFrom((input) => {
        reads.push(input.layerSetId);
        return read(input);
      }),
    },
  });
  const simulation = { ...windSimulation(10), layer_sets: SETS };
  const actor = createActor(machine, { input: { simulations: [simulation], initialSimulationId: 10, projectId: 7, studyId: 70 } });
  actor.start();
  const rows = (pane: 0 | 1 = 0) => selectLayerSetRows(pane)(actor.getSnapshot());
  return { actor, reads, rows };
}

describe('layer set names', () => {
  it('come from the name or label, then the other plain values; never JSON', () => {
    expect(layerSetName(SETS[0]!)).toBe('Streamlines · 90°');
    expect(layerSetName(SETS[1]!)).toBe('Tree canopy');
    expect(layerSetName({ id: 4, identifier: { nested: { a: 1 } }, layer_type: 'Volumetric' })).toBe('Volume set 4');
    expect(layerSetName({ id: 5, identifier: { height: '1.5 m' }, layer_type: 'Geometry' })).toBe('Geometry set 5 · 1.5 m');
    expect(layerSetName({ id: 6, identifier: { name: 'iso-surfaces', single_date: '2026-06-21', isoValue: 5 }, layer_type: 'Volumetric' })).toBe(
      'Iso surfaces · 2026-06-21 · 5',
    );
  });
});

describe('viewer workspace layer sets', () => {
  it('reads the sets shown by default once, and keeps their fields', async () => {
    const { reads, rows } = start(async () => ['speed']);
    await vi.waitFor(() => expect(rows()[0]!.file).toEqual({ status: 'ready', fields: ['speed'] }), { timeout: 30_000 });
    expect(reads).toEqual([1]);
    expect(rows().map((r) => [r.name, r.shown, r.file?.status ?? null])).toEqual([
      ['Streamlines · 90°', true, 'ready'],
      ['Tree canopy', false, null],
    ]);
    expect(rows()[0]).toMatchObject({ simulationId: 10, layerType: 'Volumetric' });
  });

  it('switches a set per pane: the other pane keeps its default; a file read once serves both', async () => {
    const { actor, reads, rows } = start(async () => []);
    await vi.waitFor(() => expect(rows()[0]!.file?.status).toBe('ready'), { timeout: 30_000 });
    actor.send({ type: 'layerSet.toggle', pane: 0, id: 2 });
    expect(rows()[1]!.shown).toBe(true);
    expect(rows(1)[1]!.shown).toBe(false);
    await vi.waitFor(() => expect(rows()[1]!.file?.status).toBe('ready'), { timeout: 30_000 });
    actor.send({ type: 'layerSet.toggle', pane: 0, id: 2 });
    actor.send({ type: 'layerSet.toggle', pane: 0, id: 2 });
    // Split view: the second pane's shown sets are already read.
    actor.getSnapshot().children.ui!.send({ type: 'split.toggle' });
    actor.send({ type: 'layerSet.toggle', pane: 1, id: 2 });
    expect(reads).toEqual([1, 2]);
    expect(actor.getSnapshot().children['set-1']).toBeUndefined();
  });

  it('keeps an unreadable file as the set error; switching it on again retries', async () => {
    let fail = true;
    const { actor, reads, rows } = start(async () => {
      if (fail) throw new Error('not a readable GLB');
      return ['speed'];
    });
    await vi.waitFor(() => expect(rows()[0]!.file).toEqual({ status: 'failed', message: 'not a readable GLB' }), { timeout: 30_000 });
    actor.send({ type: 'layerSet.toggle', pane: 0, id: 1 });
    expect(rows()[0]!.shown).toBe(false);
    expect(reads).toEqual([1]);
    fail = false;
    actor.send({ type: 'layerSet.toggle', pane: 0, id: 1 });
    await vi.waitFor(() => expect(rows()[0]!.file?.status).toBe('ready'), { timeout: 30_000 });
    expect(reads).toEqual([1, 1]);
  });

  it("takes the scene's failure to draw a set's file as its error", async () => {
    const { actor, rows } = start(async () => ['speed']);
    await vi.waitFor(() => expect(rows()[0]!.file?.status).toBe('ready'), { timeout: 30_000 });
    actor.send({ type: 'layer.failed', pane: 0, layerId: 'set-1', title: 'Streamlines · 90°', message: 'decode failed' });
    expect(rows()[0]!.file).toEqual({ status: 'failed', message: 'decode failed' });
    actor.send({ type: 'layer.failed', pane: 0, layerId: '31', title: 'x', message: 'other' });
    expect(rows()[0]!.file).toEqual({ status: 'failed', message: 'decode failed' });
  });
});
