/**
 * Where fetch-met-data looks for weather (docs/weather-providers.md). A provider offers candidate
 * stations near a site, nearest first, and loads one as a parsed EPW. The operator's station library
 * (WEATHER_LIBRARY_DIR) is the provider every installation has; an online service is added by
 * writing a WeatherProvider and listing it in `weatherProviders` — the fetch logic, bad-station
 * list, suitability checks and storage stay the same.
 */
import type { AppDeps } from '../../../deps.ts';
import type { Epw } from '@canopy/engine/weather/epw.ts';
import { createWeatherLibrary, weatherLibraryDir, type WeatherLibrary } from './library.ts';
import { configuredPvgis } from './pvgis.ts';

export interface CandidateStation {
  /** Opaque to the caller; handed back to `load`. */
  ref: string;
  name: string;
  wmo: string;
  latitudeDeg: number;
  longitudeDeg: number;
  distanceKm: number;
}

export interface WeatherProvider {
  /** Short, stable id stored with fetched stations ("library", "my-service"). */
  readonly id: string;
  readonly name: string;
  /** Asks a service over the network (it may be down; the form offers it by name). */
  readonly online?: boolean;
  /** Stored as the station's source instead of the EPW header's: where the data (and the wind) come from, and the attribution the licence asks for. */
  readonly provenance?: string;
  /** Stations within `maxDistanceKm` of the site, nearest first. */
  candidates(latitudeDeg: number, longitudeDeg: number, maxDistanceKm: number): Promise<CandidateStation[]>;
  /** The station's hourly data. Throwing moves fetch-met-data on to the next candidate. */
  load(ref: string): Promise<Epw>;
}

export function libraryProvider(library: WeatherLibrary): WeatherProvider {
  return {
    id: 'library',
    name: 'Station library',
    async candidates(latitudeDeg, longitudeDeg, maxDistanceKm) {
      const ranked = await library.ranked(latitudeDeg, longitudeDeg);
      return ranked
        .filter((s) => s.distanceKm <= maxDistanceKm)
        .map((s) => ({
          ref: s.id,
          name: [s.location.city, s.location.state, s.location.country].filter(Boolean).join(', '),
          wmo: s.location.wmo,
          latitudeDeg: s.location.latitudeDeg,
          longitudeDeg: s.location.longitudeDeg,
          distanceKm: s.distanceKm,
        }));
    },
    async load(ref) {
      return (await library.load(ref)).epw;
    },
  };
}

/** One library per app (its parsed-file cache is then shared by every request of that app). */
const libraries = new WeakMap<AppDeps, WeatherLibrary>();

export function weatherLibraryOf(deps: AppDeps): WeatherLibrary {
  let library = libraries.get(deps);
  if (!library) libraries.set(deps, (library = createWeatherLibrary(weatherLibraryDir(deps.config))));
  return library;
}

/** A provider and the distances from the site at which fetch-met-data takes its candidates. */
export interface ProviderBand {
  provider: WeatherProvider;
  minKm: number;
  maxKm: number;
}

/**
 * Where fetch-met-data looks, in order (docs/weather-providers.md). Without an online provider: the
 * library up to `maxKm`. With one: library stations within WEATHER_LIBRARY_PREFERRED_KM first (a
 * measured station nearby is better wind data than reanalysis), then the online provider for the
 * site itself, then farther library stations should the provider fail.
 */
export function weatherProviders(deps: AppDeps, maxKm: number): ProviderBand[] {
  const library = libraryProvider(weatherLibraryOf(deps));
  const online = configuredPvgis(deps.config);
  if (!online) return [{ provider: library, minKm: 0, maxKm }];
  const preferred = Math.min(deps.config.WEATHER_LIBRARY_PREFERRED_KM, maxKm);
  return [
    { provider: library, minKm: 0, maxKm: preferred },
    { provider: online, minKm: 0, maxKm },
    { provider: library, minKm: preferred, maxKm },
  ];
}
