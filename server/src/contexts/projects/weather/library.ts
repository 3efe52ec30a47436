/**
 * The weather library: a folder of EPW files (WEATHER_LIBRARY_DIR; by default the bundled
 * server/data/weather/, which holds Chicago O'Hare TMY3) from which analyses take their hourly
 * weather. A file's id is its name without `.epw`. `nearest` picks the station closest to a project
 * (great-circle distance), which is what an analysis uses when its scenario names no weather.
 *
 * Parsed files are cached in the library object (not in the module), keyed by id, size and
 * modification time, so a replaced file is read again. Per-project met sources build on this: the
 * library is one WeatherProvider (providers.ts); `ranked` orders its stations by distance for
 * fetch-met-data, and `describeWeather` gives stored stations their provenance.
 */
import { open, readdir, readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEpw, type Epw, type EpwLocation } from '@canopy/engine/weather/epw.ts';
import type { Config } from '../../../env.ts';

export interface WeatherFileInfo {
  id: string;
  fileName: string;
  location: EpwLocation;
}

export interface LoadedWeather {
  info: WeatherFileInfo;
  epw: Epw;
  /** "EPW: Chicago Ohare Intl Ap, IL, USA, TMY3, WMO 725300" — the provenance's weatherSource. */
  source: string;
  /** "TMY3 (typical months of 1977–2002)" — the provenance's years. */
  years: string;
}

export interface WeatherLibrary {
  readonly dir: string;
  list(): Promise<WeatherFileInfo[]>;
  /** The parsed file; throws WeatherNotFoundError for an unknown id. */
  load(id: string): Promise<LoadedWeather>;
  /** The station nearest to a site, or the first file when the site is unknown; null for an empty library. */
  nearest(latitudeDeg: number | null, longitudeDeg: number | null): Promise<WeatherFileInfo | null>;
  /** Every station with its great-circle distance from a site, nearest first (fetch-met-data walks this). */
  ranked(latitudeDeg: number, longitudeDeg: number): Promise<RankedStation[]>;
}

export interface RankedStation extends WeatherFileInfo {
  distanceKm: number;
}

export class WeatherNotFoundError extends Error {
  constructor(id: string, dir: string) {
    super(`weather file '${id}' is not in the weather library (${dir})`);
    this.name = 'WeatherNotFoundError';
  }
}

const BUNDLED_DIR = fileURLToPath(new URL('../../../../data/weather/', import.meta.url));
const ID = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const CACHE_SIZE = 4;

export function weatherLibraryDir(config: Pick<Config, 'WEATHER_LIBRARY_DIR'>): string {
  return config.WEATHER_LIBRARY_DIR ? resolve(config.WEATHER_LIBRARY_DIR) : BUNDLED_DIR;
}

/** First line of a file without reading the rest (an EPW is ~1.6 MB; its LOCATION line is the first). */
async function firstLine(path: string): Promise<string> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return (
      buffer
        .subarray(0, bytesRead)
        .toString('utf8')
        .replace(/^\uFEFF/, '')
        .split(/\r?\n/)[0] ?? ''
    );
  } finally {
    await handle.close();
  }
}

function locationOf(line: string): EpwLocation | null {
  const f = line.split(',');
  if (f[0]?.trim().toUpperCase() !== 'LOCATION' || f.length < 10) return null;
  const number = (text: string | undefined) => Number(text?.trim());
  const location = {
    city: f[1]!.trim(),
    state: f[2]!.trim(),
    country: f[3]!.trim(),
    source: f[4]!.trim(),
    wmo: f[5]!.trim(),
    latitudeDeg: number(f[6]),
    longitudeDeg: number(f[7]),
    timeZoneHours: number(f[8]),
    elevationM: number(f[9]),
  };
  return Number.isFinite(location.latitudeDeg) && Number.isFinite(location.longitudeDeg) ? location : null;
}

/** Great-circle central angle (haversine), radians: enough to rank stations by distance. */
function angularDistance(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const a = Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 2 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** IUGG mean Earth radius (Moritz 1980, "Geodetic Reference System 1980"), km. */
export const MEAN_EARTH_RADIUS_KM = 6371.0088;

/**
 * Great-circle distance on the mean sphere, km. The sphere is within 0.5 % of the WGS84 ellipsoid
 * (geodesic) distance everywhere, which is plenty to show "12 km away" and rank stations.
 */
export function greatCircleKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  return angularDistance(lat1, lon1, lat2, lon2) * MEAN_EARTH_RADIUS_KM;
}

/** Provenance strings of a parsed file. */
export function describeWeather(epw: Epw): { source: string; years: string } {
  const l = epw.location;
  const place = [l.city, l.state, l.country].filter(Boolean).join(', ');
  const source = `EPW: ${place}, ${l.source}, WMO ${l.wmo}`;
  let first = Infinity;
  let last = -Infinity;
  const distinct = new Set<number>();
  for (const year of epw.year) {
    distinct.add(year);
    first = Math.min(first, year);
    last = Math.max(last, year);
  }
  // Typical-year files stitch months of different years; a real year has one.
  const years = distinct.size === 1 ? String(first) : `${l.source || 'typical year'} (typical months of ${first}–${last})`;
  return { source, years };
}

export function createWeatherLibrary(dir: string): WeatherLibrary {
  const cache = new Map<string, { stamp: string; weather: LoadedWeather }>();

  async function list(): Promise<WeatherFileInfo[]> {
    const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.toLowerCase().endsWith('.epw')).sort();
    const files: WeatherFileInfo[] = [];
    for (const fileName of names) {
      const id = fileName.slice(0, -4);
      if (!ID.test(id)) continue;
      const location = locationOf(await firstLine(join(dir, fileName)).catch(() => ''));
      if (location) files.push({ id, fileName, location });
    }
    return files;
  }

  return {
    dir,
    list,
    async load(id) {
      const info = ID.test(id) ? (await list()).find((f) => f.id === id) : undefined;
      if (!info) throw new WeatherNotFoundError(id, dir);
      const path = join(dir, info.fileName);
      const { size, mtimeMs } = await stat(path);
      const stamp = `${size}:${mtimeMs}`;
      const cached = cache.get(id);
      if (cached?.stamp === stamp) return cached.weather;
      const epw = parseEpw(await readFile(path, 'utf8'));
      const weather: LoadedWeather = { info, epw, ...describeWeather(epw) };
      cache.delete(id);
      cache.set(id, { stamp, weather });
      // Keep the most recently loaded few; a Map iterates in insertion order.
      while (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
      return weather;
    },
    async nearest(latitudeDeg, longitudeDeg) {
      const files = await list();
      if (files.length === 0) return null;
      if (latitudeDeg === null || longitudeDeg === null) return files[0]!;
      let best = files[0]!;
      let bestDistance = Infinity;
      for (const file of files) {
        const d = angularDistance(latitudeDeg, longitudeDeg, file.location.latitudeDeg, file.location.longitudeDeg);
        if (d < bestDistance) {
          best = file;
          bestDistance = d;
        }
      }
      return best;
    },
    async ranked(latitudeDeg, longitudeDeg) {
      const files = await list();
      return files
        .map((file) => ({ ...file, distanceKm: greatCircleKm(latitudeDeg, longitudeDeg, file.location.latitudeDeg, file.location.longitudeDeg) }))
        .sort((a, b) => a.distanceKm - b.distanceKm || a.id.localeCompare(b.id));
    },
  };
}
