/**
 * Weather source (b): POST /api/project/{id}/fetch-met-data/ — the nearest suitable station to the
 * project, from the providers of providers.ts (the operator's library first).
 *
 * Suitable: not listed in bad_stations (by WMO number), within MAX_STATION_DISTANCE_KM, readable,
 * at least a year of hours, and wind recorded for at least 90 % of them (the panels and the wind
 * analyses are built on wind). Nearer stations that fail are reported back as `skipped`.
 *
 * Any failure stores SPEC §8's message on the project (`met_error`, shown on the project card and
 * by the project detail); a success clears it.
 */
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/database.ts';
import type { AuthUser } from '../../auth/authenticate.ts';
import { badStations, projects } from '../../db/schema/index.ts';
import { ApiError, loggable } from '../../http/errors.ts';
import type { FetchMetResult, MetSource } from '@canopy/contract/weather.ts';
import type { Epw } from '@canopy/engine/weather/epw.ts';
import { requireChangeableProject } from '../projects/access.ts';
import { linkStation } from './met-sources.ts';
import { weatherProviders, type WeatherProvider } from './providers.ts';
import { storeStation } from './stations.ts';
import { MAX_HOURS } from './hourly-codec.ts';

/** SPEC §8, word for word. */
export const MET_FETCH_FAILURE =
  "An error occurred getting meteorological data for your project. Please try again by clicking on the 'Details' button of the project card and resubmitting the request.";

/**
 * Beyond this a station's wind and temperature say little about the site. Generous on purpose: the
 * bundled library holds one station, and a far one is flagged by its distance in the form.
 */
export const MAX_STATION_DISTANCE_KM = 1000;
/** A year of hours (365 days). */
const MIN_HOURS = 8760;
const MIN_WIND_COVERAGE = 0.9;

export interface Skipped {
  name: string;
  wmo: string;
  distance_km: number;
  reason: string;
}

/** Why a loaded station is not suitable, or null. */
export function unsuitable(epw: Epw): string | null {
  if (epw.hours < MIN_HOURS) return `only ${epw.hours} hours of data (a year is ${MIN_HOURS})`;
  if (epw.hours > MAX_HOURS) return `${epw.hours} hours of data, more than can be stored (${MAX_HOURS})`;
  let withWind = 0;
  for (let h = 0; h < epw.hours; h++) {
    if (Number.isFinite(epw.windSpeedMs[h]) && Number.isFinite(epw.windDirectionDeg[h])) withWind++;
  }
  if (withWind / epw.hours < MIN_WIND_COVERAGE) return `wind recorded for only ${Math.round((100 * withWind) / epw.hours)} % of hours`;
  return null;
}

export class MetFetchError extends Error {
  constructor(
    readonly reason: string,
    readonly skipped: Skipped[],
  ) {
    super(reason);
    this.name = 'MetFetchError';
  }
}

const round1 = (km: number) => Math.round(km * 10) / 10;

/** Walks the providers' candidates nearest first; throws MetFetchError when none is suitable. */
async function chooseStation(
  db: Db,
  providers: readonly WeatherProvider[],
  latitude: number,
  longitude: number,
): Promise<{ provider: WeatherProvider; ref: string; epw: Epw; distanceKm: number; skipped: Skipped[] }> {
  const bad = new Map((await db.select({ wmo: badStations.wmo, reason: badStations.reason }).from(badStations)).map((b) => [b.wmo, b.reason]));
  const skipped: Skipped[] = [];
  for (const provider of providers) {
    let candidates;
    try {
      candidates = await provider.candidates(latitude, longitude, MAX_STATION_DISTANCE_KM);
    } catch (error) {
      skipped.push({ name: provider.name, wmo: '', distance_km: 0, reason: `provider unavailable: ${error instanceof Error ? error.message : String(error)}` });
      continue;
    }
    for (const candidate of candidates) {
      const note = (reason: string) => skipped.push({ name: candidate.name, wmo: candidate.wmo, distance_km: round1(candidate.distanceKm), reason });
      const badReason = bad.get(candidate.wmo);
      if (badReason !== undefined) {
        note(`listed as a bad station: ${badReason}`);
        continue;
      }
      let epw: Epw;
      try {
        epw = await provider.load(candidate.ref);
      } catch (error) {
        note(`could not be read: ${error instanceof Error ? error.message : String(error)}`);
        continue;
      }
      const problem = unsuitable(epw);
      if (problem) {
        note(problem);
        continue;
      }
      return { provider, ref: candidate.ref, epw, distanceKm: candidate.distanceKm, skipped };
    }
  }
  throw new MetFetchError(`no suitable station within ${MAX_STATION_DISTANCE_KM} km`, skipped);
}

async function setMetError(db: Db, projectId: number, message: string | null): Promise<void> {
  await db.update(projects).set({ metError: message }).where(eq(projects.id, projectId));
}

/**
 * Fetches and links the nearest suitable station without any permission check — for callers that
 * have decided already (the route below; project creation with fetch_met). Stores or clears
 * met_error either way.
 */
export async function fetchNearestStation(
  deps: AppDeps,
  db: Db,
  projectId: number,
  addedBy: number | null,
): Promise<{ metSource: MetSource; provider: string; skipped: Skipped[] }> {
  const [project] = await db.select({ latitude: projects.latitude, longitude: projects.longitude }).from(projects).where(eq(projects.id, projectId));
  if (!project) throw ApiError.notFound();
  try {
    if (project.latitude === null || project.longitude === null) throw new MetFetchError('the project has no coordinates', []);
    const chosen = await chooseStation(db, weatherProviders(deps), project.latitude, project.longitude);
    const origin = chosen.provider.id === 'library' ? 'library' : 'provider';
    const station = await storeStation(db, chosen.epw, origin, `${chosen.provider.id}:${chosen.ref}`);
    const metSource = await linkStation(db, projectId, station, { origin, uploadId: null, distanceKm: chosen.distanceKm, addedBy });
    await setMetError(db, projectId, null);
    return { metSource, provider: chosen.provider.id, skipped: chosen.skipped };
  } catch (error) {
    await setMetError(db, projectId, MET_FETCH_FAILURE);
    if (error instanceof MetFetchError) throw error;
    // An unexpected failure (database, disk) still leaves the message for the user; the details go to the log.
    console.error('fetch-met-data failed', loggable(error));
    throw new MetFetchError('the station data could not be stored', []);
  }
}

/** The route's rule: a project the user may change, and the projects.fetch-MET-manually permission. */
export async function fetchMetData(deps: AppDeps, db: Db, user: AuthUser, projectId: number): Promise<FetchMetResult> {
  const access = await requireChangeableProject(db, user, projectId);
  if (!user.isSuperuser && !access.permissions.has('projects.fetch-MET-manually')) throw ApiError.forbidden();
  try {
    const { metSource, provider, skipped } = await fetchNearestStation(deps, db, projectId, user.id);
    return { met_source: metSource, provider, skipped };
  } catch (error) {
    if (error instanceof MetFetchError) {
      throw new ApiError(503, { detail: MET_FETCH_FAILURE, reason: error.reason, skipped: error.skipped });
    }
    throw error;
  }
}
