/**
 * Weather source (b): POST /api/project/{id}/fetch-met-data/ — the nearest suitable station to the
 * project, from the providers of providers.ts (the operator's library first).
 *
 * Suitable: not listed in bad_stations (by WMO number), within MAX_STATION_DISTANCE_KM, readable,
 * at least a year of hours, and wind recorded for at least 90 % of them (the panels and the wind
 * analyses are built on wind). Nearer stations that fail are reported back as `skipped`.
 *
 * A failure is stored on the project (`met_error`, shown on the project card and by the project
 * detail) and a success clears it. What is stored depends on whether trying again can help: SPEC
 * §8's retry message only when an online provider was down or slow (or storing failed); otherwise
 * NO_WEATHER_NEAR (or NO_COORDINATES), which says what the user can do instead.
 */
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../../deps.ts';
import type { Db } from '../../../db/database.ts';
import type { AuthUser } from '../../../kernel/auth-user.ts';
import { badStations, projects } from '../../../db/schema/index.ts';
import { DomainError } from '../../../kernel/domain-errors.ts';
import { loggable } from '../../../kernel/loggable.ts';
import type { FetchMetResult, MetSource } from '@canopy/contract/weather.ts';
import type { Epw } from '@canopy/engine/weather/epw.ts';
import { requireChangeableProject } from '../access.ts';
import { linkStation } from './met-sources.ts';
import { weatherProviders, type ProviderBand, type WeatherProvider } from './providers.ts';
import { ProviderRefusedError, ProviderUnavailableError } from './provider-http.ts';
import { storeStation } from './stations.ts';
import { MAX_HOURS } from './hourly-codec.ts';
import { configuredPvgis } from './pvgis.ts';

/** SPEC §8, word for word: for a failure that trying again may fix (an online provider down or slow). */
export const MET_FETCH_FAILURE =
  "An error occurred getting meteorological data for your project. Please try again by clicking on the 'Details' button of the project card and resubmitting the request.";

/**
 * When nothing near the site is suitable, trying again cannot help, so the project says what can:
 * SPEC §8's retry text would send the user round in circles.
 */
export const NO_WEATHER_NEAR =
  "No suitable weather was found near this project's site. Open the Weather data form in the project's resources to see the stations passed over and why, and upload an EPW file for the site.";

/** A project without a position cannot have a nearest station. */
export const NO_COORDINATES =
  "This project has no coordinates, so no weather can be found for it. Set its latitude and longitude in the project's details, or upload an EPW file in the Weather data form.";

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
    /** True when an online provider could not be asked or answered badly: a later attempt may succeed. */
    readonly retryable: boolean,
  ) {
    super(reason);
    this.name = 'MetFetchError';
  }
}

const round1 = (km: number) => Math.round(km * 10) / 10;
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Walks the providers' candidates in order, nearest first within each; throws MetFetchError when none is suitable. */
async function chooseStation(
  db: Db,
  bands: readonly ProviderBand[],
  latitude: number,
  longitude: number,
): Promise<{ provider: WeatherProvider; ref: string; epw: Epw; distanceKm: number; skipped: Skipped[] }> {
  const bad = new Map((await db.select({ wmo: badStations.wmo, reason: badStations.reason }).from(badStations)).map((b) => [b.wmo, b.reason]));
  const skipped: Skipped[] = [];
  let retryable = false;
  for (const { provider, minKm, maxKm } of bands) {
    let candidates;
    try {
      candidates = (await provider.candidates(latitude, longitude, maxKm)).filter((c) => c.distanceKm <= maxKm && (minKm === 0 || c.distanceKm > minKm));
    } catch (error) {
      skipped.push({ name: provider.name, wmo: '', distance_km: 0, reason: `provider unavailable: ${messageOf(error)}` });
      retryable = true;
      continue;
    }
    for (const candidate of candidates) {
      const note = (reason: string) => skipped.push({ name: candidate.name, wmo: candidate.wmo, distance_km: round1(candidate.distanceKm), reason });
      const badReason = candidate.wmo ? bad.get(candidate.wmo) : undefined;
      if (badReason !== undefined) {
        note(`listed as a bad station: ${badReason}`);
        continue;
      }
      let epw: Epw;
      try {
        epw = await provider.load(candidate.ref);
      } catch (error) {
        if (error instanceof ProviderUnavailableError) {
          retryable = true;
          note(`provider unavailable: ${error.message}`);
        } else if (error instanceof ProviderRefusedError) {
          note(error.message);
        } else {
          note(`could not be read: ${messageOf(error)}`);
        }
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
  skipped.push(...(await beyondReach(bands, latitude, longitude)));
  throw new MetFetchError(`no suitable station within ${MAX_STATION_DISTANCE_KM} km`, skipped, retryable);
}

/** How many stations beyond reach "no weather near here" names, so the user sees how far the nearest are. */
const BEYOND_REACH_SHOWN = 3;

/** The nearest stations of the offline providers that are too far from the site, said as such. */
async function beyondReach(bands: readonly ProviderBand[], latitude: number, longitude: number): Promise<Skipped[]> {
  const out: Skipped[] = [];
  const asked = new Set<WeatherProvider>();
  for (const { provider, maxKm } of bands) {
    if (provider.online || asked.has(provider)) continue;
    asked.add(provider);
    const reach = Math.max(...bands.filter((b) => b.provider === provider).map((b) => b.maxKm), maxKm);
    const far = await provider.candidates(latitude, longitude, Infinity).catch(() => []);
    for (const c of far.filter((c) => c.distanceKm > reach).slice(0, BEYOND_REACH_SHOWN)) {
      out.push({ name: c.name, wmo: c.wmo, distance_km: round1(c.distanceKm), reason: `farther than the ${reach} km a station may be from the site` });
    }
  }
  return out;
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
  if (!project) throw DomainError.notFound();
  try {
    if (project.latitude === null || project.longitude === null) throw new MetFetchError('the project has no coordinates', [], false);
    const chosen = await chooseStation(db, weatherProviders(deps, MAX_STATION_DISTANCE_KM), project.latitude, project.longitude);
    const origin = chosen.provider.id === 'library' ? 'library' : 'provider';
    const station = await storeStation(db, chosen.epw, origin, `${chosen.provider.id}:${chosen.ref}`, chosen.provider.provenance);
    const metSource = await linkStation(db, projectId, station, { origin, uploadId: null, distanceKm: chosen.distanceKm, addedBy });
    await setMetError(db, projectId, null);
    return { metSource, provider: chosen.provider.id, skipped: chosen.skipped };
  } catch (error) {
    if (error instanceof MetFetchError) {
      await setMetError(db, projectId, metErrorOf(error));
      throw error;
    }
    await setMetError(db, projectId, MET_FETCH_FAILURE);
    // An unexpected failure (database, disk) still leaves the message for the user; the details go to the log.
    console.error('fetch-met-data failed', loggable(error));
    throw new MetFetchError('the station data could not be stored', [], true);
  }
}

/** The project's met_error for a failed fetch: the retry text only when a retry can help. */
export function metErrorOf(error: MetFetchError): string {
  if (error.retryable) return MET_FETCH_FAILURE;
  return error.skipped.length === 0 && error.reason === 'the project has no coordinates' ? NO_COORDINATES : NO_WEATHER_NEAR;
}

/** The route's rule: a project the user may change, and the projects.fetch-MET-manually permission. */
export async function fetchMetData(deps: AppDeps, db: Db, user: AuthUser, projectId: number): Promise<FetchMetResult> {
  const access = await requireChangeableProject(db, user, projectId);
  if (!user.isSuperuser && !access.permissions.has('projects.fetch-MET-manually')) throw DomainError.forbidden();
  try {
    const { metSource, provider, skipped } = await fetchNearestStation(deps, db, projectId, user.id);
    return { met_source: metSource, provider, skipped };
  } catch (error) {
    if (error instanceof MetFetchError) {
      // 503 only when trying again may help; "nothing suitable here" is a 422 that says what to do instead.
      throw new DomainError(error.retryable ? 'unavailable' : 'unprocessable', {
        detail: metErrorOf(error),
        reason: error.reason,
        skipped: error.skipped,
        retryable: error.retryable,
        online_provider: configuredPvgis(deps.config)?.name ?? null,
      });
    }
    throw error;
  }
}
