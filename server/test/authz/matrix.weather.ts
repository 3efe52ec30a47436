/**
 * Matrix rows of the weather and site routes, spread into MATRIX. The world's project is
 * in Toronto; the bundled library's Chicago station is 700 km away, within fetch-met-data's limit.
 * fetch-met-data needs a changeable project AND projects.fetch-MET-manually: of the roles that may
 * change the project only the Org Admin (colleagueWithPermission) and the superuser hold it — the
 * Engineers (projectAdmin, acceptedShare) get 403. Objects to delete: one per role (world-weather.ts).
 */
import type { BaseStatuses, MatrixRow } from './matrix.ts';

type Statuses = BaseStatuses;

const signedIn = (status: number): Statuses => ({
  anonymous: 401,
  otherCompany: status,
  colleague: status,
  colleagueWithPermission: status,
  projectAdmin: status,
  acceptedShare: status,
  pendingShare: status,
  superuser: status,
});

const change = (status: number): Statuses => ({
  anonymous: 401,
  otherCompany: 404,
  colleague: 403,
  colleagueWithPermission: status,
  projectAdmin: status,
  acceptedShare: status,
  pendingShare: 404,
  superuser: status,
});

const see = (status: number): Statuses => ({ ...change(status), colleague: status });

const superuserOnly = (status: number): Statuses => ({ ...signedIn(403), superuser: status });

export const WEATHER_ROWS: Record<string, MatrixRow> = {
  'GET /api/project/:id/met-sources': { expect: see(200) },
  'POST /api/project/:id/met-sources': { expect: change(201), request: (w) => ({ body: { upload_id: w.weather.epwUploadId } }) },
  'DELETE /api/project/:id/met-sources/:sourceId': {
    expect: change(204),
    request: (w, role) => ({ path: `/api/project/${w.projectId}/met-sources/${w.weather.metSourceToRemove[role]}/` }),
  },
  'POST /api/project/:id/fetch-met-data': { expect: { ...change(200), projectAdmin: 403, acceptedShare: 403 } },
  'POST /api/project/:id/download-weather-data': { expect: see(200), request: (w) => ({ body: { met_id: w.weather.metId } }) },
  'GET /api/project/:id/weather-summary': {
    expect: see(200),
    request: (w) => ({ path: `/api/project/${w.projectId}/weather-summary/?met_id=${w.weather.metId}&season=winter&time=07:00-19:00` }),
  },
  'GET /api/wind-profiles': { expect: signedIn(200), request: () => ({ path: '/api/wind-profiles/?study_type=pedestrian-wind-comfort' }) },
  'GET /api/bad-stations': { expect: signedIn(200) },
  'POST /api/bad-stations': { expect: superuserOnly(201), request: (_w, role) => ({ body: { wmo: `new-${role}`, reason: 'Anemometer moved in 2019' } }) },
  'DELETE /api/bad-stations/:stationId': {
    expect: superuserOnly(204),
    request: (w, role) => ({ path: `/api/bad-stations/${w.weather.badStationToRemove[role]}/` }),
  },

  // Site: the world's surrounds were generated from tests/fixtures/site.osm (world-weather.ts).
  'GET /api/project/:id/surrounds': { expect: see(200) },
  'POST /api/project/:id/surrounds/generate-osm': {
    expect: change(201),
    request: (w) => ({ body: { upload_id: w.weather.osmUploadId, origin_latitude: 41.88, origin_longitude: -87.63, radius_m: 100 } }),
  },
  'GET /api/project/:id/surrounds/glb': { expect: see(200) },
  // The test harness turns OVERPASS_URL and GEOCODER_URL off: past the permission checks, the
  // answer is the 400 that says so (contexts/projects/surrounds/surrounds.ts, contexts/projects/site/geocoder.ts).
  'POST /api/project/:id/surrounds/generate-overpass': { expect: change(400), request: () => ({ body: { radius_m: 100 } }) },
  'GET /api/site/map-settings': { expect: signedIn(200) },
  'GET /api/site/geocode': { expect: signedIn(400), request: () => ({ path: '/api/site/geocode/?q=London' }) },
};
