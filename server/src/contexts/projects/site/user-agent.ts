/**
 * How Canopy names itself to the OpenStreetMap services it calls. Nominatim's usage policy
 * (https://operations.osmfoundation.org/policies/nominatim/) asks every application to identify
 * itself with a valid User-Agent or Referer; the Overpass operators ask the same of heavy users.
 */
import type { AppDeps } from '../../../deps.ts';

export function siteUserAgent(deps: Pick<AppDeps, 'version' | 'config'>): string {
  return `Canopy/${deps.version} (+${deps.config.publicUrl})`;
}
