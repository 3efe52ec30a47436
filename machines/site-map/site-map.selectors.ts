/** What the site map's view reads from its machine (site-map.machine.ts). */
import type { SnapshotFrom } from 'xstate';
import type { siteMapMachine } from './site-map.machine.ts';

type Snapshot = SnapshotFrom<typeof siteMapMachine>;

export const selectPosition = (s: Snapshot) => s.context.position;
export const selectMapSettings = (s: Snapshot) => s.context.settings;
/** The map is drawn while its tiles are awaited or shown; otherwise only the coordinate fields remain. */
export const selectMapAvailable = (s: Snapshot) => s.matches({ settings: 'ready' }) && !s.matches({ tiles: 'unreachable' });
export const selectTilesUnreachable = (s: Snapshot) => s.matches({ settings: 'ready' }) && s.matches({ tiles: 'unreachable' });
export const selectSettingsFailed = (s: Snapshot) => s.matches({ settings: 'failed' });
export const selectCanSearch = (s: Snapshot) => s.context.settings?.geocoder === true;
export const selectSearching = (s: Snapshot) => s.matches({ search: 'searching' });
export const selectResults = (s: Snapshot) => s.context.results;
export const selectSearchQuery = (s: Snapshot) => s.context.query;
export const selectAttribution = (s: Snapshot) => s.context.attribution;
export const selectSearchError = (s: Snapshot) => s.context.searchError;
/** The project's surroundings as the map draws them: footprints around their origin, and the radius. */
export const selectSurrounds = (s: Snapshot) => s.context.surrounds;
