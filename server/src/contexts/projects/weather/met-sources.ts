/**
 * A project's met sources (SPEC §3 Project.met_sources): the stations it uses, each linked once.
 * Seeing the project is enough to list them; adding (from an uploaded EPW) or removing one needs a
 * project the user may change. The station rows themselves are shared and never deleted here.
 */
import { and, asc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { jsonRows, rowFromJson } from '../../../db/json-rows.ts';
import type { AppDeps } from '../../../deps.ts';
import type { Db } from '../../../db/database.ts';
import type { AuthUser } from '../../../kernel/auth-user.ts';
import { projectMetSources, weatherStations, type MetOrigin } from '../../../db/schema/index.ts';
import { DomainError } from '../../../kernel/domain-errors.ts';
import type { MetSource } from '@canopy/contract/weather.ts';
import { EpwParseError, parseEpw } from '@canopy/engine/weather/epw.ts';
import { requireChangeableProject, requireVisibleProject } from '../access.ts';
import { storeStation, type StationInfo } from './stations.ts';
import { MAX_HOURS } from './hourly-codec.ts';
import { projectUploadText } from './upload-text.ts';

/** An EPW is ~1.6 MB a year; 20 MB leaves room for comments and sub-hourly-looking exports. */
export const MAX_EPW_BYTES = 20 * 1024 * 1024;

const columns = {
  id: projectMetSources.id,
  stationId: projectMetSources.stationId,
  origin: projectMetSources.origin,
  uploadId: projectMetSources.uploadId,
  distanceKm: projectMetSources.distanceKm,
  createdAt: projectMetSources.createdAt,
  metId: weatherStations.metId,
  name: weatherStations.name,
  wmo: weatherStations.wmo,
  latitude: weatherStations.latitude,
  longitude: weatherStations.longitude,
  elevationM: weatherStations.elevationM,
  location: weatherStations.location,
  years: weatherStations.years,
  source: weatherStations.source,
  hours: weatherStations.hours,
};

function selectSources(db: Db) {
  return db.select(columns).from(projectMetSources).innerJoin(weatherStations, eq(weatherStations.id, projectMetSources.stationId));
}

export type MetSourceRow = Awaited<ReturnType<typeof selectSources>>[number];

export function representMetSource(row: MetSourceRow): MetSource {
  return {
    id: row.id,
    met_id: row.metId,
    name: row.name,
    wmo: row.wmo,
    latitude: row.latitude,
    longitude: row.longitude,
    elevation_m: row.elevationM,
    time_zone_hours: row.location.timeZoneHours,
    years: row.years,
    source: row.source,
    origin: row.origin,
    hours: row.hours,
    // Rounded for display; the stored value keeps full precision.
    distance_km: row.distanceKm === null ? null : Math.round(row.distanceKm * 10) / 10,
    upload_id: row.uploadId,
    created_at: row.createdAt.toISOString(),
  };
}

/** The met sources of the project whose id is `projectId` (a column of the outer statement), as JSON inside it (project detail). */
export function metSourcesJson(projectId: AnyColumn): SQL<Array<Record<string, unknown>>> {
  return jsonRows(
    columns,
    sql`from ${projectMetSources} inner join ${weatherStations} on ${weatherStations.id} = ${projectMetSources.stationId} where ${projectMetSources.projectId} = ${projectId}`,
    sql`${projectMetSources.createdAt}, ${projectMetSources.id}`,
  );
}

export function metSourcesFromJson(json: Array<Record<string, unknown>>): MetSource[] {
  return json.map((row) => representMetSource(rowFromJson(columns, row)));
}

/** The project's met sources, oldest first. No access check: callers have done it (project detail uses this too). */
export async function metSourcesOf(db: Db, projectId: number): Promise<MetSource[]> {
  const rows = await selectSources(db).where(eq(projectMetSources.projectId, projectId)).orderBy(asc(projectMetSources.createdAt), asc(projectMetSources.id));
  return rows.map(representMetSource);
}

export async function listMetSources(db: Db, user: AuthUser, projectId: number): Promise<MetSource[]> {
  await requireVisibleProject(db, user, projectId);
  return metSourcesOf(db, projectId);
}

/** The project's source for `metId`; 404 when the project does not use that station. */
export async function metSourceByMetId(db: Db, projectId: number, metId: string): Promise<MetSourceRow> {
  const [row] = await selectSources(db).where(and(eq(projectMetSources.projectId, projectId), eq(weatherStations.metId, metId)));
  if (!row) throw DomainError.notFound();
  return row;
}

/**
 * Links a stored station to the project (once). A repeated link keeps its row and takes the newer
 * origin details, so re-fetching updates the distance.
 */
export async function linkStation(
  db: Db,
  projectId: number,
  station: StationInfo,
  link: { origin: MetOrigin; uploadId: number | null; distanceKm: number | null; addedBy: number | null },
): Promise<MetSource> {
  await db
    .insert(projectMetSources)
    .values({ projectId, stationId: station.id, ...link })
    .onConflictDoUpdate({
      target: [projectMetSources.projectId, projectMetSources.stationId],
      set: { origin: link.origin, uploadId: link.uploadId, distanceKm: link.distanceKm },
    });
  const [row] = await selectSources(db).where(and(eq(projectMetSources.projectId, projectId), eq(projectMetSources.stationId, station.id)));
  return representMetSource(row!);
}

/** Weather source (a): an EPW the user uploaded. Parse errors are 400s naming the line and field. */
export async function addMetSourceFromUpload(deps: AppDeps, db: Db, user: AuthUser, projectId: number, uploadId: number): Promise<MetSource> {
  await requireChangeableProject(db, user, projectId);
  const { upload, text } = await projectUploadText(deps, db, projectId, uploadId, 'upload_id', MAX_EPW_BYTES);
  let epw;
  try {
    epw = parseEpw(text);
  } catch (error) {
    if (error instanceof EpwParseError) {
      throw new DomainError('invalid', {
        upload_id: [`${upload.filename} is not a readable EPW weather file: ${error.message}`],
        line: error.line ?? null,
        field: error.field ?? null,
      });
    }
    throw error;
  }
  if (epw.hours > MAX_HOURS) {
    throw DomainError.field('upload_id', `${upload.filename} holds ${epw.hours} hours; at most ${MAX_HOURS} (ten years) can be stored.`);
  }
  const station = await storeStation(db, epw, 'upload', upload.filename);
  return linkStation(db, projectId, station, { origin: 'upload', uploadId: upload.id, distanceKm: null, addedBy: user.id });
}

export async function removeMetSource(db: Db, user: AuthUser, projectId: number, metSourceId: number): Promise<void> {
  await requireChangeableProject(db, user, projectId);
  const deleted = await db
    .delete(projectMetSources)
    .where(and(eq(projectMetSources.id, metSourceId), eq(projectMetSources.projectId, projectId)))
    .returning({ id: projectMetSources.id });
  if (deleted.length === 0) throw DomainError.notFound();
}
