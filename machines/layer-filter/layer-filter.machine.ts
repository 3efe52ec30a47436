/**
 * The layer panel's filters and the user's chosen layers for one viewer (SPEC §4, §5, §8, §9).
 *
 *   layerFilter
 *   ├── noSimulation       results.set, simulation.select
 *   └── simulation         (re-entered on every simulation.select: filters reset, layers reloaded)
 *       ├── loading        fetchUserLayers      failure → toast 'Failed to fetch the selected layers'
 *       ├── idle           layers.add / layer.remove / layers.clear
 *       ├── replacing      replaceUserLayers    failure → toast 'Failed to update the selected layers list'
 *       ├── removing       removeUserLayer      failure → toast 'Failed to remove the layer'
 *       └── clearing       deleteAllUserLayers  failure → toast 'Failed to delete all layers'
 *
 * Tags: 'busy' while a call is out (loading and the three writes), 'writing' while this pane changes
 * the saved list (the viewer workspace reloads the other pane after it).
 * Filter events are taken in every `simulation` state: the options are recomputed from the selected simulation's
 * assets by layer-filter.logic.ts and kept in the context, so the picker only reads them.
 * A simulation id not in the results stores SPEC §5's error and keeps the current simulation.
 * Failures are stored and shown as toasts through the relay spawned as system id 'toast'
 * (machines/toast/toast-relay.ts), from an action: the context holds no actor reference.
 * Owned by the viewer screen; the actors are bound in src/app with `.provide()`.
 */
import { assertEvent, assign, enqueueActions, setup } from 'xstate';
import { notProvided } from '@machines/shared/actors.ts';
import { dangerToast, TOAST_SYSTEM_ID, toastRelay } from '@machines/toast/toast-relay.ts';
import { computeFilterOptions, toggleSelection } from './layer-filter.logic.ts';
import type { FilterDimension, FilterOptions, FilterSelection, NewUserLayer, ResultSimulation, ToastSink, UserSelectedLayer } from './layer-filter.types.ts';

export const FETCH_LAYERS_FAILED = 'Failed to fetch the selected layers';
export const DELETE_ALL_FAILED = 'Failed to delete all layers';
export const REMOVE_LAYER_FAILED = 'Failed to remove the layer';
export const UPDATE_LAYERS_FAILED = 'Failed to update the selected layers list';
export const VIEW_ID_REQUIRED = 'When addedByUser is True, viewId value is required';
export const simulationNotFound = (id: number | string) => `unable to find simulation for selected simulationId ${id}`;

export interface LayerFilterContext {
  simulations: ResultSimulation[];
  selectedSimulationId: number | null;
  selection: FilterSelection;
  options: FilterOptions;
  userLayers: UserSelectedLayer[];
  /** The layer `removing` deletes, so the list drops exactly it when the server agrees. */
  removingId: number | null;
  /** The last stored error (SPEC §8: viewer data failures store the error). */
  error: string | null;
}

export type LayerFilterEvent =
  | { type: 'results.set'; simulations: ResultSimulation[] }
  | { type: 'simulation.select'; simulationId: number }
  | { type: 'filter.toggle'; dimension: FilterDimension; value: string }
  | { type: 'filter.set'; dimension: FilterDimension; values: string[] }
  | { type: 'filters.reset' }
  | { type: 'layers.add'; layers: NewUserLayer[]; addedByUser: boolean; viewId?: string }
  | { type: 'layer.remove'; id: number }
  | { type: 'layers.clear' }
  | { type: 'layers.reload' }
  | { type: 'error.dismiss' };

export interface LayerFilterInput {
  simulations?: ResultSimulation[];
  toasts?: ToastSink;
}

function assetsOf(simulations: readonly ResultSimulation[], id: number | null) {
  return simulations.find((s) => s.id === id)?.assets ?? [];
}

function optionsFor(context: Pick<LayerFilterContext, 'simulations' | 'selectedSimulationId'>, selection: FilterSelection): FilterOptions {
  return computeFilterOptions(assetsOf(context.simulations, context.selectedSimulationId), selection);
}

export const layerFilterMachine = setup({
  types: {
    context: {} as LayerFilterContext,
    events: {} as LayerFilterEvent,
    input: {} as LayerFilterInput,
  },
  actors: {
    fetchUserLayers: notProvided<UserSelectedLayer[], { simulationId: number }>('fetchUserLayers'),
    replaceUserLayers: notProvided<UserSelectedLayer[], { simulationId: number; layers: NewUserLayer[] }>('replaceUserLayers'),
    removeUserLayer: notProvided<void, { id: number }>('removeUserLayer'),
    deleteAllUserLayers: notProvided<void, { simulationId: number }>('deleteAllUserLayers'),
    toastRelay,
  },
  guards: {
    simulationFound: ({ context, event }) => {
      assertEvent(event, 'simulation.select');
      return context.simulations.some((s) => s.id === event.simulationId);
    },
    viewIdMissing: ({ event }) => {
      assertEvent(event, 'layers.add');
      return event.addedByUser && !event.viewId;
    },
  },
  actions: {
    storeResults: assign(({ context, event }) => {
      assertEvent(event, 'results.set');
      return { simulations: event.simulations, options: optionsFor({ ...context, simulations: event.simulations }, context.selection) };
    }),
    /** SPEC §4: a new simulation starts from no filters. */
    selectSimulation: assign(({ context, event }) => {
      assertEvent(event, 'simulation.select');
      const next = { ...context, selectedSimulationId: event.simulationId };
      return { selectedSimulationId: event.simulationId, selection: {}, options: optionsFor(next, {}), userLayers: [], error: null };
    }),
    storeNotFound: assign(({ event }) => {
      assertEvent(event, 'simulation.select');
      return { error: simulationNotFound(event.simulationId) };
    }),
    toggleFilter: assign(({ context, event }) => {
      assertEvent(event, 'filter.toggle');
      const selection = toggleSelection(context.selection, event.dimension, event.value);
      return { selection, options: optionsFor(context, selection) };
    }),
    setFilter: assign(({ context, event }) => {
      assertEvent(event, 'filter.set');
      const selection = { ...context.selection, [event.dimension]: event.values };
      return { selection, options: optionsFor(context, selection) };
    }),
    resetFilters: assign(({ context }) => ({ selection: {}, options: optionsFor(context, {}) })),
    storeViewIdRequired: assign({ error: VIEW_ID_REQUIRED }),
    storeLayers: assign((_, layers: UserSelectedLayer[]) => ({ userLayers: layers })),
    noteRemoval: assign(({ event }) => {
      assertEvent(event, 'layer.remove');
      return { removingId: event.id };
    }),
    dropRemoved: assign(({ context }) => ({ userLayers: context.userLayers.filter((l) => l.id !== context.removingId), removingId: null })),
    clearLayers: assign({ userLayers: [] }),
    dismissError: assign({ error: null }),
    /** Stores the message and shows it as a danger toast (SPEC §8). */
    fail: enqueueActions(({ enqueue, system }, message: string) => {
      enqueue.assign({ error: message });
      const toasts = system.get(TOAST_SYSTEM_ID);
      if (toasts) enqueue.sendTo(toasts, dangerToast(message));
    }),
  },
}).createMachine({
  id: 'layerFilter',
  context: ({ input, spawn, self }) => {
    // One relay per actor system: a parent that already has one (the viewer workspace) lends it.
    if (!self.system.get(TOAST_SYSTEM_ID)) spawn('toastRelay', { systemId: TOAST_SYSTEM_ID, input: input.toasts ?? null });
    const simulations = input.simulations ?? [];
    return {
      simulations,
      selectedSimulationId: null,
      selection: {},
      options: computeFilterOptions([], {}),
      userLayers: [],
      removingId: null,
      error: null,
    };
  },
  initial: 'noSimulation',
  on: {
    'results.set': { actions: 'storeResults' },
    'simulation.select': [{ guard: 'simulationFound', target: '.simulation', reenter: true, actions: 'selectSimulation' }, { actions: 'storeNotFound' }],
    'error.dismiss': { actions: 'dismissError' },
  },
  states: {
    noSimulation: {},
    simulation: {
      // Filters only mean something against a simulation's assets, so they wait for one.
      on: {
        'filter.toggle': { actions: 'toggleFilter' },
        'filter.set': { actions: 'setFilter' },
        'filters.reset': { actions: 'resetFilters' },
      },
      initial: 'loading',
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            id: 'fetchUserLayers',
            src: 'fetchUserLayers',
            input: ({ context }) => ({ simulationId: context.selectedSimulationId as number }),
            onDone: { target: 'idle', actions: { type: 'storeLayers', params: ({ event }) => event.output } },
            onError: { target: 'idle', actions: { type: 'fail', params: FETCH_LAYERS_FAILED } },
          },
        },
        idle: {
          on: {
            'layers.add': [{ guard: 'viewIdMissing', actions: 'storeViewIdRequired' }, { target: 'replacing' }],
            'layer.remove': { target: 'removing', actions: 'noteRemoval' },
            'layers.clear': { target: 'clearing' },
            'layers.reload': { target: 'loading' },
          },
        },
        replacing: {
          tags: ['busy', 'writing'],
          invoke: {
            id: 'replaceUserLayers',
            src: 'replaceUserLayers',
            // POST replaces the simulation's whole list: the kept layers plus the new ones.
            input: ({ context, event }) => {
              assertEvent(event, 'layers.add');
              const kept: NewUserLayer[] = context.userLayers.map(({ simulation_id, identifier, view_id }) => ({ simulation_id, identifier, view_id }));
              const added = event.layers.map((layer) => ({ ...layer, view_id: event.viewId ?? layer.view_id }));
              return { simulationId: context.selectedSimulationId as number, layers: [...kept, ...added] };
            },
            onDone: { target: 'idle', actions: { type: 'storeLayers', params: ({ event }) => event.output } },
            onError: { target: 'idle', actions: { type: 'fail', params: UPDATE_LAYERS_FAILED } },
          },
        },
        removing: {
          tags: ['busy', 'writing'],
          invoke: {
            id: 'removeUserLayer',
            src: 'removeUserLayer',
            input: ({ context }) => ({ id: context.removingId as number }),
            onDone: { target: 'idle', actions: 'dropRemoved' },
            onError: { target: 'idle', actions: { type: 'fail', params: REMOVE_LAYER_FAILED } },
          },
        },
        clearing: {
          tags: ['busy', 'writing'],
          invoke: {
            id: 'deleteAllUserLayers',
            src: 'deleteAllUserLayers',
            input: ({ context }) => ({ simulationId: context.selectedSimulationId as number }),
            onDone: { target: 'idle', actions: 'clearLayers' },
            onError: { target: 'idle', actions: { type: 'fail', params: DELETE_ALL_FAILED } },
          },
        },
      },
    },
  },
});
