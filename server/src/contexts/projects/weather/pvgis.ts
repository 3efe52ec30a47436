/**
 * The online weather provider: the EU Joint Research Centre's PVGIS typical meteorological year
 * (TMY) service, which builds an hourly year for any point on land, worldwide.
 *
 * Request (PVGIS "API non-interactive service", §1.1 entry points and the `tmy` tool):
 *   GET {WEATHER_PVGIS_URL}?lat=<deg N>&lon=<deg E>&outputformat=epw
 *   with WEATHER_PVGIS_URL by default https://re.jrc.ec.europa.eu/api/v5_3/tmy. GET only; over 30
 *   calls a second per address are refused with 429, an overloaded server answers 529. A point the
 *   service cannot serve is a 400 with a JSON body {"message": "Location over the sea. Please,
 *   select another location", "status": 400}.
 * Answer (PVGIS "typical meteorological year (TMY) generator", §1 overview and §2 outputs): the year
 *   is assembled month by month by the ISO 15927-4 procedure (Huld et al., "Assembling Typical
 *   Meteorological Year Data Sets for Building Energy Performance Using Reanalysis and
 *   Satellite-Based Data", Atmosphere 9 (2018) 53, doi:10.3390/atmos9020053) from 2005 onwards.
 *   Radiation is satellite-based (PVGIS-SARAH, -NSRDB) or ERA5 where no satellite covers; every
 *   other variable — air temperature, humidity, pressure and the wind WS10m/WD10m at 10 m — is
 *   ECMWF ERA5 reanalysis, not a station. Times are UTC ("Date & time (UTC)"); the EPW's LOCATION
 *   line carries the requested point, elevation and a whole-hour zone offset, its source
 *   "ECMWF/ERA", and its WMO field "unknown".
 * Licence: PVGIS data are free to use, for any purpose, without registration (PVGIS user manual
 *   §1.1); the source is acknowledged as "PVGIS © European Union". That attribution, the
 *   reanalysis origin of the wind and its height go into the stored station's `source`.
 *
 * The EPW is parsed with the same reader as an upload, then its hours are rolled from UTC to local
 * standard time (EPW convention: hour-ending local standard time), so time-of-day filters mean
 * the site's clock.
 */
import { EpwParseError, parseEpw, type Epw } from '@canopy/engine/weather/epw.ts';
import type { Config } from '../../../env.ts';
import { BadAnswerError, getWithRetries, providerHttpLimits, type ProviderHttpLimits } from './provider-http.ts';
import type { WeatherProvider } from './providers.ts';
import { FLOAT_COLUMNS } from './hourly-codec.ts';

export const PVGIS_ID = 'pvgis';
const NAME = 'PVGIS (EU JRC)';
/** Stored as the station's source: what the data are, where the wind comes from, and the attribution the licence asks for. */
export const PVGIS_PROVENANCE = 'PVGIS typical year (EU JRC, ISO 15927-4); wind from ERA5 reanalysis at 10 m; PVGIS © European Union';
/** A typical year is 8760 hours; anything else from this service is a cut-off file. */
const TMY_HOURS = 8760;

const hemisphere = (value: number, positive: string, negative: string) => `${Math.abs(value).toFixed(3)}° ${value >= 0 ? positive : negative}`;

/** The site's coordinates as the request's text, rounded to ~10 m (PVGIS's own grid is far coarser). */
function refOf(latitudeDeg: number, longitudeDeg: number): string {
  return `${latitudeDeg.toFixed(4)},${longitudeDeg.toFixed(4)}`;
}

/**
 * Moves UTC hours to local standard time `offsetHours` ahead: the value for local hour-ending h is
 * the one of UTC hour-ending h − offset. A typical year wraps around (its Decembers and Januaries
 * are of different years anyway), as PVGIS's own users roll it.
 */
function rollUtcToLocal(epw: Epw, offsetHours: number): void {
  const n = epw.hours;
  const shift = ((offsetHours % n) + n) % n;
  if (shift === 0) return;
  for (const column of FLOAT_COLUMNS) {
    const from = epw[column];
    const to = new Float64Array(n);
    for (let i = 0; i < n; i++) to[i] = from[(i - shift + n) % n]!;
    epw[column] = to;
  }
}

/** Reads PVGIS's EPW into the station Canopy stores; BadAnswerError (so it is fetched again) for anything not a whole year. */
export function readPvgisEpw(text: string, latitudeDeg: number, longitudeDeg: number): Epw {
  if (!/^\uFEFF?LOCATION,/.test(text)) throw new BadAnswerError(`not an EPW file (it begins "${text.slice(0, 40).replace(/\s+/g, ' ')}")`);
  let epw: Epw;
  try {
    epw = parseEpw(text);
  } catch (error) {
    if (error instanceof EpwParseError) throw new BadAnswerError(`the EPW file is cut off or damaged: ${error.message}`);
    throw error;
  }
  if (epw.hours !== TMY_HOURS) throw new BadAnswerError(`the EPW file holds ${epw.hours} of a typical year's ${TMY_HOURS} hours`);
  const header = epw.location;
  // PVGIS states a whole-hour offset from the longitude; a missing one is derived the same way.
  const offset = Number.isInteger(header.timeZoneHours) && Math.abs(header.timeZoneHours) <= 14 ? header.timeZoneHours : Math.round(longitudeDeg / 15);
  rollUtcToLocal(epw, offset);
  epw.location = {
    city: `PVGIS typical year at ${hemisphere(latitudeDeg, 'N', 'S')}, ${hemisphere(longitudeDeg, 'E', 'W')}`,
    state: '',
    country: '',
    source: 'PVGIS-ERA5',
    // No station number: the data are the reanalysis at the site, not an observing station.
    wmo: '',
    latitudeDeg,
    longitudeDeg,
    timeZoneHours: offset,
    elevationM: Number.isFinite(header.elevationM) ? header.elevationM : 0,
  };
  return epw;
}

export function pvgisProvider(baseUrl: string, limits: ProviderHttpLimits): WeatherProvider {
  return {
    id: PVGIS_ID,
    name: NAME,
    online: true,
    provenance: PVGIS_PROVENANCE,
    // The service answers for the site's own coordinates: one candidate, at the site.
    async candidates(latitudeDeg, longitudeDeg) {
      return [
        {
          ref: refOf(latitudeDeg, longitudeDeg),
          name: `${NAME} typical year`,
          wmo: '',
          latitudeDeg,
          longitudeDeg,
          distanceKm: 0,
        },
      ];
    },
    async load(ref) {
      const [lat, lon] = ref.split(',').map(Number) as [number, number];
      const url = new URL(baseUrl);
      url.searchParams.set('lat', String(lat));
      url.searchParams.set('lon', String(lon));
      url.searchParams.set('outputformat', 'epw');
      return getWithRetries(url, NAME, limits, (text) => readPvgisEpw(text, lat, lon));
    },
  };
}

/** The provider as configured, or null when WEATHER_PVGIS_URL is `off`. */
export function configuredPvgis(config: Config): WeatherProvider | null {
  return config.WEATHER_PVGIS_URL === 'off' ? null : pvgisProvider(config.WEATHER_PVGIS_URL, providerHttpLimits(config));
}
