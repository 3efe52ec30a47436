/**
 * Binds the layer-filter machine's actor stubs to the API (src/api/viewer.ts) for one study.
 * Actors reject with a plain ServerError, so the machine never sees the API client's classes.
 */
import { fromPromise } from 'xstate';
import { layerFilterMachine } from '@machines/layer-filter/layer-filter.machine.ts';
import type { NewUserLayer, ResultSimulation, UserSelectedLayer } from '@machines/layer-filter/layer-filter.types.ts';
import type { Simulation } from '@server/contract/viewer.ts';
import { api } from '../api/client.ts';
import * as viewerApi from '../api/viewer.ts';
import { asServerCall as call } from '../api/errors.ts';


export function bindLayerFilter(study: viewerApi.StudyRef) {
  return layerFilterMachine.provide({
    actors: {
      fetchUserLayers: fromPromise<UserSelectedLayer[], { simulationId: number }>(({ input }) => call(() => viewerApi.listUserLayers(api, study, input.simulationId))),
      replaceUserLayers: fromPromise<UserSelectedLayer[], { simulationId: number; layers: NewUserLayer[] }>(({ input }) =>
        call(() =>
          viewerApi.replaceUserLayers(api, study, {
            simulation_id: input.simulationId,
            layers: input.layers.map((l) => ({ identifier: l.identifier, view_id: l.view_id ?? '' })),
          }),
        ),
      ),
      removeUserLayer: fromPromise<void, { id: number }>(({ input }) => call(() => viewerApi.removeUserLayer(api, study, input.id))),
      deleteAllUserLayers: fromPromise<void, { simulationId: number }>(({ input }) => call(() => viewerApi.deleteAllUserLayers(api, study, input.simulationId))),
    },
  });
}

/**
 * The study's simulations as the machine's `results.set` takes them. The contract's Simulation is
 * assignable as it is; this function is where the type check says so if either side changes.
 */
export function asFilterResults(simulations: Simulation[]): ResultSimulation[] {
  return simulations;
}
