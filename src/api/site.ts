/** The site map's calls (docs/site-map.md): its settings, place search, and surroundings from OpenStreetMap. */
import type { GeocodeResults, MapSettings } from '@canopy/contract/site.ts';
import type { GenerateOverpass, Surrounds } from '@canopy/contract/surrounds.ts';
import type { ApiClient } from './client.ts';

export function getMapSettings(api: ApiClient): Promise<MapSettings> {
  return api<MapSettings>('/api/site/map-settings/');
}

export function geocode(api: ApiClient, query: string): Promise<GeocodeResults> {
  return api<GeocodeResults>('/api/site/geocode/', { query: { q: query } });
}

export function generateOverpassSurrounds(api: ApiClient, projectId: number, body: GenerateOverpass): Promise<Surrounds> {
  return api<Surrounds>(`/api/project/${projectId}/surrounds/generate-overpass/`, { method: 'POST', body });
}
