/**
 * The weather and site part of the authorization world: an uploaded EPW (the Chicago
 * fixture) for POST met-sources, a station the project already uses (for the CSV download and the
 * summary), and — because DELETE leaves a 404 for whoever runs next — one met source and one bad
 * station per matrix role.
 */
import { readFileSync } from 'node:fs';
import type { AppDeps } from '../src/deps.ts';
import { badStations } from '../src/db/schema/index.ts';
import { parseEpw, type Epw } from '@canopy/engine/weather/epw.ts';
import { storeStation } from '../src/contexts/projects/weather/stations.ts';
import { linkStation } from '../src/contexts/projects/weather/met-sources.ts';
import { generateSurroundsFromUpload } from '../src/contexts/projects/surrounds/surrounds.ts';
import { grantUpload, storeUpload } from './world-uploads.ts';
import { ROLES_OF_MATRIX, type MatrixRole } from './world.ts';

export const CHICAGO_EPW_PATH = new URL('../../tests/fixtures/chicago.epw', import.meta.url);

export interface WorldWeather {
  /** An upload of the project holding tests/fixtures/chicago.epw. */
  epwUploadId: number;
  /** The Chicago station, linked to the project. */
  metId: string;
  metSourceToRemove: Record<MatrixRole, number>;
  badStationToRemove: Record<MatrixRole, number>;
  /** An upload of tests/fixtures/site.osm; the project's surrounds are generated from it. */
  osmUploadId: number;
}

export const SITE_OSM_PATH = new URL('../../tests/fixtures/site.osm', import.meta.url);

/** Stores `bytes` as an upload of the project, as a client PUT through a signed URL would. */
export async function uploadFile(deps: AppDeps, projectId: number, userId: number, filename: string, bytes: Uint8Array): Promise<number> {
  const grant = await grantUpload(deps, projectId, userId);
  const upload = await storeUpload(deps, grant, filename, bytes);
  return upload.id;
}

/** A day of made-up hourly weather for a station `wmo` (enough for a stored, linkable station). */
export function syntheticEpw(wmo: string, hours = 24): Epw {
  const f = (value: (h: number) => number) => Float64Array.from({ length: hours }, (_, h) => value(h));
  return {
    location: {
      city: `Station ${wmo}`,
      state: '',
      country: 'XXX',
      source: 'test',
      wmo,
      latitudeDeg: 43,
      longitudeDeg: -79,
      timeZoneHours: -5,
      elevationM: 100,
    },
    hours,
    year: new Uint16Array(hours).fill(2020),
    month: Uint8Array.from({ length: hours }, (_, h) => 1 + Math.floor(h / 744)),
    day: Uint8Array.from({ length: hours }, (_, h) => 1 + (Math.floor(h / 24) % 31)),
    hour: Uint8Array.from({ length: hours }, (_, h) => 1 + (h % 24)),
    dryBulbC: f((h) => h % 10),
    relativeHumidityPct: f(() => 50),
    stationPressurePa: f(() => 101325),
    globalHorizontalWhM2: f(() => 0),
    directNormalWhM2: f(() => 0),
    diffuseHorizontalWhM2: f(() => 0),
    windDirectionDeg: f((h) => (h * 15) % 360),
    windSpeedMs: f((h) => h % 7),
    totalSkyCoverTenths: f(() => 5),
  };
}

export async function buildWorldWeather(deps: AppDeps, projectId: number, ownerId: number): Promise<WorldWeather> {
  const db = deps.database.db;
  const bytes = readFileSync(CHICAGO_EPW_PATH);
  const epwUploadId = await uploadFile(deps, projectId, ownerId, 'chicago.epw', bytes);
  const chicago = await storeStation(db, parseEpw(bytes.toString('utf8')), 'upload', 'chicago.epw');
  await linkStation(db, projectId, chicago, { origin: 'upload', uploadId: epwUploadId, distanceKm: null, addedBy: ownerId });

  const metSourceToRemove = {} as Record<MatrixRole, number>;
  const badStationToRemove = {} as Record<MatrixRole, number>;
  for (const [i, role] of ROLES_OF_MATRIX.entries()) {
    const station = await storeStation(db, syntheticEpw(`99${String(i).padStart(4, '0')}`), 'upload', `${role}.epw`);
    metSourceToRemove[role] = (await linkStation(db, projectId, station, { origin: 'upload', uploadId: null, distanceKm: null, addedBy: ownerId })).id;
    const [bad] = await db
      .insert(badStations)
      .values({ wmo: `matrix-${role}`, reason: 'matrix' })
      .returning({ id: badStations.id });
    badStationToRemove[role] = bad!.id;
  }
  const osmUploadId = await uploadFile(deps, projectId, ownerId, 'site.osm', readFileSync(SITE_OSM_PATH));
  await generateSurroundsFromUpload(deps, db, projectId, { upload_id: osmUploadId, origin_latitude: 41.88, origin_longitude: -87.63, radius_m: 300 }, ownerId);
  return { epwUploadId, metId: chicago.metId, metSourceToRemove, badStationToRemove, osmUploadId };
}
