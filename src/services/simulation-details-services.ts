/**
 * Binds the simulation-details machine's actors: live ones over the API client, fakes in tests
 * (through SimulationDetailsContext).
 */
import { createContext } from 'react';
import { fromPromise } from 'xstate';
import { simulationDetailsMachine, type DetailsRef, type SimulationRow } from '@machines/simulation-details/simulation-details.machine.ts';
import { api } from '../api/client.ts';
import { asServerCall } from '../api/errors.ts';
import * as calls from '../api/simulations.ts';
import { saveBlob } from './save-blob.ts';

export interface SimulationDetailsServices {
  load(ref: DetailsRef): Promise<SimulationRow[]>;
  resubmit(ref: DetailsRef & { simulationId: number }): Promise<void>;
  /** Resolves with the credits returned. */
  cancel(ref: DetailsRef & { simulationId: number }): Promise<number>;
  downloadReport(simulationId: number): Promise<void>;
}

export const liveSimulationDetailsServices: SimulationDetailsServices = {
  async load({ projectId, configurationId }) {
    const { results } = await calls.listScenarioSimulations(api, projectId, configurationId);
    return Promise.all(
      results.map(async (s): Promise<SimulationRow> => {
        // Only results delivered from outside record a model or solver; Canopy's own analyses say
        // their engine in the QA report instead.
        const kind = s.engine === 'AI' ? 'ml' : 'cfd';
        const info = s.computed_by_canopy ? null : await calls.getVersionInfo(api, projectId, configurationId, s.id, kind);
        return {
          id: s.id,
          category: s.category,
          engine: s.engine,
          status: s.status,
          statusText: s.status_text,
          computedByCanopy: s.computed_by_canopy,
          version: info ? { kind, recorded: info.recorded, name: info.name, version: info.version, ingestedAt: info.ingested_at } : null,
        };
      }),
    );
  },
  async resubmit({ projectId, configurationId, simulationId }) {
    await calls.resubmitMl(api, projectId, configurationId, simulationId);
  },
  async cancel({ projectId, configurationId, simulationId }) {
    return (await calls.cancelSimulation(api, projectId, configurationId, simulationId)).credits_returned;
  },
  async downloadReport(simulationId) {
    saveBlob(await calls.parameterInputQaReport(api, simulationId), `simulation-${simulationId}-inputs.pdf`);
  },
};

export function bindSimulationDetails(services: SimulationDetailsServices) {
  return simulationDetailsMachine.provide({
    actors: {
      loadDetails: fromPromise<SimulationRow[], DetailsRef>(({ input }) => asServerCall(() => services.load(input))),
      resubmitMl: fromPromise<void, DetailsRef & { simulationId: number }>(({ input }) => asServerCall(() => services.resubmit(input))),
      cancelSimulation: fromPromise<number, DetailsRef & { simulationId: number }>(({ input }) => asServerCall(() => services.cancel(input))),
      downloadReport: fromPromise<void, { simulationId: number }>(({ input }) => asServerCall(() => services.downloadReport(input.simulationId))),
    },
  });
}

export const SimulationDetailsContext = createContext(bindSimulationDetails(liveSimulationDetailsServices));
