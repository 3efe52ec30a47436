import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, getNextSnapshot, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import {
  DELETE_ALL_FAILED,
  FETCH_LAYERS_FAILED,
  layerFilterMachine,
  REMOVE_LAYER_FAILED,
  UPDATE_LAYERS_FAILED,
  VIEW_ID_REQUIRED,
  type LayerFilterEvent,
} from './layer-filter.machine.ts';
import { selectBusy, selectFilterRows, selectMatchingAssets, layerLabel } from './layer-filter.selectors.ts';
import { solarSimulation, windSimulation } from './layer-filter.fixtures.ts';
import type { NewUserLayer, ToastSink, UserSelectedLayer } from './layer-filter.types.ts';

const layer = (id: number, simulation_id = 10): UserSelectedLayer => ({ id, simulation_id, identifier: `asset-${id}`, view_id: 'left' });

/** A machine whose actors answer from `server`, a tiny in-memory user-selected-layer store. */
function start({ fail = false } = {}) {
  let stored: UserSelectedLayer[] = [layer(1), layer(2)];
  const calls: string[] = [];
  const toasts: ToastSink & { shown: string[] } = { shown: [], send: (e) => void (e.type === 'toast.show' && toasts.shown.push(e.toast.title)) };
  const maybeFail = () => {
    if (fail) throw new Error('HTTP 500');
  };
  const machine = layerFilterMachine.provide({
    actors: {
      fetchUserLayers: fromPromise(async ({ input }: { input: { simulationId: number } }) => {
        calls.push(`fetch ${input.simulationId}`);
        maybeFail();
        return stored.filter((l) => l.simulation_id === input.simulationId);
      }),
      replaceUserLayers: fromPromise(async ({ input }: { input: { simulationId: number; layers: NewUserLayer[] } }) => {
        calls.push(`replace ${input.simulationId} ${input.layers.map((l) => `${l.identifier}@${l.view_id}`).join(',')}`);
        maybeFail();
        stored = input.layers.map((l, i) => ({ ...l, view_id: l.view_id ?? '', id: 100 + i }));
        return stored;
      }),
      removeUserLayer: fromPromise(async ({ input }: { input: { id: number } }) => {
        calls.push(`remove ${input.id}`);
        maybeFail();
        stored = stored.filter((l) => l.id !== input.id);
      }),
      deleteAllUserLayers: fromPromise(async ({ input }: { input: { simulationId: number } }) => {
        calls.push(`clear ${input.simulationId}`);
        maybeFail();
        stored = stored.filter((l) => l.simulation_id !== input.simulationId);
      }),
    },
  });
  const actor = createActor(machine, { input: { simulations: [windSimulation(10), solarSimulation(20)], toasts } }).start();
  const settle = () => vi.waitFor(() => expect(selectBusy(actor.getSnapshot())).toBe(false), { timeout: 30_000 });
  return { actor, calls, toasts, settle };
}

describe('layer-filter machine: events and snapshots', () => {
  it('selecting a simulation computes its options and loads its user layers', async () => {
    const { actor, calls, settle } = start();
    expect(actor.getSnapshot().value).toBe('noSimulation');
    actor.send({ type: 'simulation.select', simulationId: 10 });
    expect(actor.getSnapshot().value).toEqual({ simulation: 'loading' });
    await settle();
    const snap = actor.getSnapshot();
    expect(snap.value).toEqual({ simulation: 'idle' });
    expect(snap.context.userLayers.map((l) => l.id)).toEqual([1, 2]);
    expect(calls).toEqual(['fetch 10']);
    expect(selectFilterRows(snap).map((r) => r.dimension)).toEqual([
      'layer_type',
      'analysis_type',
      'metric',
      'wind_direction',
      'season_filter',
      'time_filter',
      'post_processing_tag',
    ]);
  });

  it('filters narrow the layers and disable options; filters reset when the simulation changes', async () => {
    const { actor, settle } = start();
    actor.send({ type: 'simulation.select', simulationId: 10 });
    await settle();
    actor.send({ type: 'filter.toggle', dimension: 'season_filter', value: 'Winter' });
    let snap = actor.getSnapshot();
    expect(snap.context.selection).toEqual({ season_filter: ['Winter'] });
    expect(selectMatchingAssets(snap)).toHaveLength(2);
    expect(snap.context.options.wind_direction.every((o) => o.disabled)).toBe(true);
    actor.send({ type: 'filter.set', dimension: 'time_filter', values: ['Daytime'] });
    expect(selectMatchingAssets(actor.getSnapshot())).toHaveLength(1);

    actor.send({ type: 'simulation.select', simulationId: 20 });
    snap = actor.getSnapshot();
    expect(snap.context.selection).toEqual({});
    expect(snap.context.options.season_filter.map((o) => o.value)).toEqual(['Summer', 'Winter']);
    expect(snap.context.options.wind_direction).toEqual([]);
    await settle();
    expect(actor.getSnapshot().context.userLayers).toEqual([]);

    actor.send({ type: 'filter.toggle', dimension: 'single_date', value: '2026-06-21' });
    actor.send({ type: 'filters.reset' });
    expect(actor.getSnapshot().context.selection).toEqual({});
  });

  it("an unknown simulation id stores 'unable to find simulation for selected simulationId {id}'", async () => {
    const { actor, settle } = start();
    actor.send({ type: 'simulation.select', simulationId: 10 });
    await settle();
    actor.send({ type: 'filter.toggle', dimension: 'metric', value: 'speed-ratio' });
    actor.send({ type: 'simulation.select', simulationId: 999 });
    const snap = actor.getSnapshot();
    expect(snap.context.error).toBe('unable to find simulation for selected simulationId 999');
    // the current simulation and its filters stay
    expect(snap.context.selectedSimulationId).toBe(10);
    expect(snap.context.selection).toEqual({ metric: ['speed-ratio'] });
    actor.send({ type: 'error.dismiss' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it("adding user-chosen layers without a view id stores 'When addedByUser is True, viewId value is required'", async () => {
    const { actor, calls, settle } = start();
    actor.send({ type: 'simulation.select', simulationId: 10 });
    await settle();
    actor.send({ type: 'layers.add', addedByUser: true, layers: [{ simulation_id: 10, identifier: 'asset-3' }] });
    expect(actor.getSnapshot().context.error).toBe(VIEW_ID_REQUIRED);
    expect(VIEW_ID_REQUIRED).toBe('When addedByUser is True, viewId value is required');
    expect(actor.getSnapshot().value).toEqual({ simulation: 'idle' });
    expect(calls).toEqual(['fetch 10']);
  });

  it('adds (replacing the list), removes one and deletes all through the actors', async () => {
    const { actor, calls, settle } = start();
    actor.send({ type: 'simulation.select', simulationId: 10 });
    await settle();
    actor.send({ type: 'layers.add', addedByUser: true, viewId: 'right', layers: [{ simulation_id: 10, identifier: 'asset-3' }] });
    await settle();
    expect(calls.at(-1)).toBe('replace 10 asset-1@left,asset-2@left,asset-3@right');
    expect(actor.getSnapshot().context.userLayers.map((l) => l.identifier)).toEqual(['asset-1', 'asset-2', 'asset-3']);
    // layers the app adds by default carry their own view id
    actor.send({ type: 'layers.add', addedByUser: false, layers: [{ simulation_id: 10, identifier: 'asset-4', view_id: 'left' }] });
    await settle();
    expect(actor.getSnapshot().context.userLayers).toHaveLength(4);

    const removed = actor.getSnapshot().context.userLayers[0].id;
    actor.send({ type: 'layer.remove', id: removed });
    await settle();
    expect(calls.at(-1)).toBe(`remove ${removed}`);
    expect(actor.getSnapshot().context.userLayers.map((l) => l.identifier)).toEqual(['asset-2', 'asset-3', 'asset-4']);

    actor.send({ type: 'layers.clear' });
    await settle();
    expect(calls.at(-1)).toBe('clear 10');
    expect(actor.getSnapshot().context.userLayers).toEqual([]);
  });

  it('each failed call shows its SPEC §8 danger toast and stores the message', async () => {
    const { actor, toasts, settle } = start({ fail: true });
    actor.send({ type: 'simulation.select', simulationId: 10 });
    await settle();
    expect(actor.getSnapshot().context.error).toBe('Failed to fetch the selected layers');
    actor.send({ type: 'layers.add', addedByUser: true, viewId: 'left', layers: [{ simulation_id: 10, identifier: 'x' }] });
    await settle();
    actor.send({ type: 'layer.remove', id: 1 });
    await settle();
    actor.send({ type: 'layers.clear' });
    await settle();
    expect(toasts.shown).toEqual([
      'Failed to fetch the selected layers',
      'Failed to update the selected layers list',
      'Failed to remove the layer',
      'Failed to delete all layers',
    ]);
    expect([FETCH_LAYERS_FAILED, UPDATE_LAYERS_FAILED, REMOVE_LAYER_FAILED, DELETE_ALL_FAILED]).toEqual(toasts.shown);
  });

  it('keeps no actor in its context and reaches the toasts by system id, from an action', async () => {
    const { actor, toasts, settle } = start({ fail: true });
    expect(actor.system.get('toast')).toBeDefined();
    actor.send({ type: 'simulation.select', simulationId: 10 });
    await settle();
    const snapshot = actor.getSnapshot();
    // Plain data: it survives a JSON round trip unchanged.
    expect(JSON.parse(JSON.stringify(snapshot.context))).toEqual(snapshot.context);
    expect(toasts.shown).toEqual([FETCH_LAYERS_FAILED]);

    // A pure transition computes the failure without showing anything.
    actor.send({ type: 'layers.reload' });
    const failed = getNextSnapshot(layerFilterMachine, actor.getSnapshot(), {
      type: 'xstate.error.actor.fetchUserLayers',
      error: new Error('HTTP 500'),
    } as never);
    expect(failed.context.error).toBe(FETCH_LAYERS_FAILED);
    expect(toasts.shown).toEqual([FETCH_LAYERS_FAILED]);
    await settle();
    expect(toasts.shown).toEqual([FETCH_LAYERS_FAILED, FETCH_LAYERS_FAILED]);
  });

  it('labels layers with the analysis code and abbreviated metric', () => {
    expect(layerLabel({ id: 1, layer_type: 'data', analysis_type: 'wind-comfort', metric: 'comfort-class' })).toBe('PLW ComCla');
    expect(layerLabel({ id: 2, layer_type: 'geometry' })).toBe('Geo');
  });
});

type Snapshot = SnapshotFrom<typeof layerFilterMachine>;
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as unknown as LayerFilterEvent;
const failed = (id: string) => ({ type: `xstate.error.actor.${id}`, error: new Error('x') }) as unknown as LayerFilterEvent;

const EVENTS: LayerFilterEvent[] = [
  { type: 'simulation.select', simulationId: 10 },
  { type: 'simulation.select', simulationId: 20 },
  { type: 'simulation.select', simulationId: 404 },
  { type: 'filter.toggle', dimension: 'season_filter', value: 'Winter' },
  { type: 'filters.reset' },
  { type: 'layers.add', addedByUser: true, layers: [{ simulation_id: 10, identifier: 'a' }] },
  { type: 'layers.add', addedByUser: true, viewId: 'left', layers: [{ simulation_id: 10, identifier: 'a' }] },
  { type: 'layer.remove', id: 1 },
  { type: 'layers.clear' },
  { type: 'error.dismiss' },
  done('fetchUserLayers', [layer(1)]),
  failed('fetchUserLayers'),
  done('replaceUserLayers', [layer(1)]),
  failed('replaceUserLayers'),
  done('removeUserLayer', undefined),
  failed('removeUserLayer'),
  done('deleteAllUserLayers', undefined),
  failed('deleteAllUserLayers'),
];

// The graph walks state value × the parts of the context that change behaviour.
const serializeState = (s: Snapshot) =>
  JSON.stringify([s.value, s.context.selectedSimulationId, s.context.selection, s.context.error, s.context.userLayers.length]);
const input = { simulations: [windSimulation(10), solarSimulation(20)] };
const PATHS = getShortestPaths(layerFilterMachine, { input, events: EVENTS, serializeState });

describe('layer-filter statechart (xstate/graph)', () => {
  it('reaches every state', () => {
    const reached = new Set(PATHS.map((p) => JSON.stringify(p.state.value)));
    for (const value of ['"noSimulation"', ...['loading', 'idle', 'replacing', 'removing', 'clearing'].map((s) => JSON.stringify({ simulation: s }))]) {
      expect(reached, value).toContain(value);
    }
  });

  it('on every path, a simulation change leaves no filter behind', () => {
    for (const path of PATHS) {
      for (const simulationId of [10, 20]) {
        const next = getNextSnapshot(layerFilterMachine, path.state, { type: 'simulation.select', simulationId });
        expect(next.context.selection).toEqual({});
        expect(next.context.selectedSimulationId).toBe(simulationId);
        expect(next.value).toEqual({ simulation: 'loading' });
      }
    }
  });

  it('on every path, an unknown simulation changes nothing but the error', () => {
    for (const path of PATHS) {
      const next = getNextSnapshot(layerFilterMachine, path.state, { type: 'simulation.select', simulationId: 404 });
      expect(next.value).toEqual(path.state.value);
      expect(next.context.selection).toEqual(path.state.context.selection);
      expect(next.context.error).toBe('unable to find simulation for selected simulationId 404');
    }
  });

  it('a layer is never added by the user without a view id from any state', () => {
    for (const path of PATHS) {
      const next = getNextSnapshot(layerFilterMachine, path.state, EVENTS[5]);
      expect(next.value).toEqual(path.state.value);
      if (JSON.stringify(path.state.value) === JSON.stringify({ simulation: 'idle' })) expect(next.context.error).toBe(VIEW_ID_REQUIRED);
    }
  });

  it('every path is a sequence the machine accepts, and options always follow the selection', () => {
    for (const path of PATHS) {
      const { options, selection } = path.state.context;
      for (const [dimension, chosen] of Object.entries(selection)) {
        const selected = options[dimension as keyof typeof options].filter((o) => o.selected).map((o) => o.value);
        expect(selected.sort()).toEqual([...(chosen ?? [])].sort());
      }
    }
    expect(PATHS.length).toBeGreaterThan(10);
  });
});
