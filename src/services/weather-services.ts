/**
 * Binds the weather and site machines' actor stubs to the API (src/api/weather.ts). Tests bind
 * fakes the same way: `bindResourcesLogic(fakeServices)` through ResourcesLogicContext. Actors
 * reject with a plain ServerError, so the machines never see the API client's classes.
 */
import { fromPromise } from 'xstate';
import { weatherMachine } from '@machines/weather/weather.machine.ts';
import { weatherSummaryMachine, type SummaryRequest } from '@machines/weather/weather-summary.machine.ts';
import { siteMachine, type FetchOsmRequest, type GenerateRequest } from '@machines/weather/site.machine.ts';
import type { FetchMetResult, MetSource, ProjectSurrounds, Surrounds, WeatherSummary } from '@machines/weather/weather.types.ts';
import { api } from '../api/client.ts';
import * as weatherApi from '../api/weather.ts';
import { generateOverpassSurrounds } from '../api/site.ts';
import { asServerCall as call } from '../api/errors.ts';

export interface ResourcesServices {
  listSources(projectId: number): Promise<MetSource[]>;
  addMetSource(projectId: number, uploadId: number): Promise<MetSource>;
  fetchMetData(projectId: number): Promise<FetchMetResult>;
  loadSummary(request: SummaryRequest): Promise<WeatherSummary>;
  downloadCsv(projectId: number, metId: string): Promise<string>;
  loadSurrounds(projectId: number): Promise<ProjectSurrounds>;
  generateSurrounds(request: GenerateRequest): Promise<Surrounds>;
  fetchOsmSurrounds(request: FetchOsmRequest): Promise<Surrounds>;
}

export const liveResourcesServices: ResourcesServices = {
  listSources: (projectId) => weatherApi.listMetSources(api, projectId),
  addMetSource: (projectId, uploadId) => weatherApi.addMetSource(api, projectId, uploadId),
  fetchMetData: (projectId) => weatherApi.fetchMetData(api, projectId),
  loadSummary: ({ projectId, metId, season, time }) => weatherApi.weatherSummary(api, projectId, metId, { season, time }),
  downloadCsv: (projectId, metId) => weatherApi.downloadWeatherCsv(api, projectId, metId),
  loadSurrounds: (projectId) => weatherApi.getSurrounds(api, projectId),
  generateSurrounds: ({ projectId, ...body }) => weatherApi.generateOsmSurrounds(api, projectId, body),
  fetchOsmSurrounds: ({ projectId, ...body }) => generateOverpassSurrounds(api, projectId, body),
};

export function bindResourcesLogic(services: ResourcesServices) {
  const weather = weatherMachine.provide({
    actors: {
      listSources: fromPromise<MetSource[], { projectId: number }>(({ input }) => call(() => services.listSources(input.projectId))),
      addMetSource: fromPromise<MetSource, { projectId: number; uploadId: number }>(({ input }) =>
        call(() => services.addMetSource(input.projectId, input.uploadId)),
      ),
      fetchMetData: fromPromise<FetchMetResult, { projectId: number }>(({ input }) => call(() => services.fetchMetData(input.projectId))),
    },
  });
  const summary = weatherSummaryMachine.provide({
    actors: { loadSummary: fromPromise<WeatherSummary, SummaryRequest>(({ input }) => call(() => services.loadSummary(input))) },
  });
  const site = siteMachine.provide({
    actors: {
      loadSurrounds: fromPromise<ProjectSurrounds, { projectId: number }>(({ input }) => call(() => services.loadSurrounds(input.projectId))),
      generateSurrounds: fromPromise<Surrounds, GenerateRequest>(({ input }) => call(() => services.generateSurrounds(input))),
      fetchOsmSurrounds: fromPromise<Surrounds, FetchOsmRequest>(({ input }) => call(() => services.fetchOsmSurrounds(input))),
    },
  });
  return { weather, summary, site, downloadCsv: services.downloadCsv };
}

export type ResourcesLogic = ReturnType<typeof bindResourcesLogic>;

export const liveResourcesLogic: ResourcesLogic = bindResourcesLogic(liveResourcesServices);
