/**
 * Weather and site calls (SPEC §7): the project's met sources (an uploaded EPW, or
 * fetch-met-data/), the panels' summary, the CSV download, and the surrounds. Types come from the
 * server's contract (type-only), so an API change breaks the type check here.
 */
import type { FetchMetResult, MetSource, WeatherSummary, WindProfile } from '@canopy/contract/weather.ts';
import type { GenerateOsm, ProjectSurrounds, Surrounds } from '@canopy/contract/surrounds.ts';
import type { ApiClient } from './client.ts';

export function listMetSources(api: ApiClient, projectId: number): Promise<MetSource[]> {
  return api<{ results: MetSource[] }>(`/api/project/${projectId}/met-sources/`).then((page) => page.results);
}

export function addMetSource(api: ApiClient, projectId: number, uploadId: number): Promise<MetSource> {
  return api<MetSource>(`/api/project/${projectId}/met-sources/`, { method: 'POST', body: { upload_id: uploadId } });
}

export function fetchMetData(api: ApiClient, projectId: number): Promise<FetchMetResult> {
  return api<FetchMetResult>(`/api/project/${projectId}/fetch-met-data/`, { method: 'POST' });
}

export interface SummaryFilter {
  season: string;
  /** HH:MM-HH:MM (SPEC §5); the server refuses anything else with a 400 on `time`. */
  time: string;
}

/** The whole day as a time window ("00:00-24:00" selects every hour-ending hour, engine/weather/hour-mask.ts). */
export const WHOLE_DAY = '00:00-24:00';

/** The filter of a wind rose over every hour of the chosen season (the viewer's panel has no time filter). */
export function wholeDayFilter(season: string): SummaryFilter {
  return { season, time: WHOLE_DAY };
}

export function weatherSummary(api: ApiClient, projectId: number, metId: string, filter: SummaryFilter): Promise<WeatherSummary> {
  return api<WeatherSummary>(`/api/project/${projectId}/weather-summary/`, { query: { met_id: metId, season: filter.season, time: filter.time } });
}

/** The CSV text of download-weather-data/ (the caller saves it as `weather_data_<met_id>.csv`). */
export function downloadWeatherCsv(api: ApiClient, projectId: number, metId: string): Promise<string> {
  return api<string>(`/api/project/${projectId}/download-weather-data/`, { method: 'POST', body: { met_id: metId }, parseResponse: (text: string) => text });
}

export function getSurrounds(api: ApiClient, projectId: number): Promise<ProjectSurrounds> {
  return api<ProjectSurrounds>(`/api/project/${projectId}/surrounds/`);
}

export function generateOsmSurrounds(api: ApiClient, projectId: number, body: GenerateOsm): Promise<Surrounds> {
  return api<Surrounds>(`/api/project/${projectId}/surrounds/generate-osm/`, { method: 'POST', body });
}

/** The terrains upwind with their wind profiles (GET /api/wind-profiles/), for the scenario wizard. */
export function listWindProfiles(api: ApiClient): Promise<WindProfile[]> {
  return api<{ results: WindProfile[] }>('/api/wind-profiles/').then((page) => page.results);
}
