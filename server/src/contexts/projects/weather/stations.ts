/**
 * Weather stations as stored: one row per distinct hourly series (see db/schema/weather.ts). Storing
 * finds an existing row by the SHA-256 of the encoded series, so the same file uploaded by ten
 * projects, or the library station fetched by ten projects, is kept once.
 */
import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { weatherStations, type MetOrigin } from '../../../db/schema/index.ts';
import type { Epw, EpwLocation } from '@canopy/engine/weather/epw.ts';
import { decodeHourly, encodeHourly, HOURLY_FORMAT, HourlyCodecError } from './hourly-codec.ts';
import { DomainError } from '../../../kernel/domain-errors.ts';
import { describeWeather, type LoadedWeather } from './library.ts';

export type StationRow = typeof weatherStations.$inferSelect;
/** A station without its (large) data column, for lists. */
export type StationInfo = Omit<StationRow, 'data'>;

/** `<wmo>-<8 hex>`: the WMO number says which station, the hash which version of its data (more hex when 8 are taken). */
export function metIdOf(wmo: string, dataSha256: string, hexDigits = 8): string {
  const station = wmo.replace(/[^A-Za-z0-9]/g, '').slice(0, 16) || 'station';
  return `${station}-${dataSha256.slice(0, hexDigits)}`;
}

export function stationName(epw: Epw): string {
  const l = epw.location;
  return [l.city, l.state, l.country].filter((part) => part && part !== '-').join(', ') || 'Unnamed station';
}

/** The EPW LOCATION header in the parser's key order, whatever order it was stored in (jsonb sorts keys). */
export function canonicalLocation(l: EpwLocation): EpwLocation {
  return {
    city: l.city,
    state: l.state,
    country: l.country,
    source: l.source,
    wmo: l.wmo,
    latitudeDeg: l.latitudeDeg,
    longitudeDeg: l.longitudeDeg,
    timeZoneHours: l.timeZoneHours,
    elevationM: l.elevationM,
  };
}

export type StationValues = typeof weatherStations.$inferInsert & { data: Buffer; dataSha256: string; metId: string; wmo: string };

/**
 * Everything a station row says, computed from the series itself: the encoded data, its SHA-256
 * (the location header and the data: the same hours under another station header are another
 * station), the met_id, name, position, source and years. Nothing of it is taken on trust.
 */
export function stationValues(epw: Epw, origin: MetOrigin, originRef: string, provenance?: string): StationValues {
  const data = encodeHourly(epw);
  const location = canonicalLocation(epw.location);
  const dataSha256 = createHash('sha256').update(JSON.stringify(location)).update(data).digest('hex');
  const { source, years } = describeWeather(epw);
  return {
    metId: metIdOf(location.wmo, dataSha256),
    name: stationName(epw),
    wmo: location.wmo,
    latitude: location.latitudeDeg,
    longitude: location.longitudeDeg,
    elevationM: location.elevationM,
    location: { ...location },
    years,
    // An online provider states where its data come from (and the attribution it asks for) itself.
    source: provenance ?? source,
    origin,
    originRef,
    hours: epw.hours,
    dataFormat: HOURLY_FORMAT,
    data,
    dataSha256,
  };
}

/**
 * The shared station row holding this series, inserted when new. Only shared rows are found
 * (a station private to an imported project is not the server's to hand out). If another series
 * already holds the met_id (8 hex digits of a SHA-256 can repeat), the new row takes more digits.
 */
export async function storeStation(db: Db, epw: Epw, origin: MetOrigin, originRef: string, provenance?: string): Promise<StationInfo> {
  const values = stationValues(epw, origin, originRef, provenance);
  const existing = await findShared(db, values.dataSha256);
  if (existing) return existing;
  for (const hexDigits of [8, 16, 64]) {
    // Two projects importing the same file at once: the second insert yields to the first.
    await db
      .insert(weatherStations)
      .values({ ...values, metId: metIdOf(values.wmo, values.dataSha256, hexDigits) })
      .onConflictDoNothing();
    const stored = await findShared(db, values.dataSha256);
    if (stored) return stored;
  }
  throw new Error(`weather station ${values.dataSha256} could not be stored: every met_id of it is taken`);
}

const infoColumns = {
  id: weatherStations.id,
  metId: weatherStations.metId,
  name: weatherStations.name,
  wmo: weatherStations.wmo,
  latitude: weatherStations.latitude,
  longitude: weatherStations.longitude,
  elevationM: weatherStations.elevationM,
  location: weatherStations.location,
  years: weatherStations.years,
  source: weatherStations.source,
  origin: weatherStations.origin,
  originRef: weatherStations.originRef,
  hours: weatherStations.hours,
  dataFormat: weatherStations.dataFormat,
  dataSha256: weatherStations.dataSha256,
  createdAt: weatherStations.createdAt,
  projectId: weatherStations.projectId,
};

/** The shared station of this series, if the server holds one. */
export async function findShared(db: Db, dataSha256: string): Promise<StationInfo | undefined> {
  const [row] = await db
    .select(infoColumns)
    .from(weatherStations)
    .where(and(eq(weatherStations.dataSha256, dataSha256), isNull(weatherStations.projectId)));
  return row;
}

/**
 * Decoded series, a few per database: the weather panels ask for the same station again with each
 * filter change, and decoding is ~10 ms. Keyed by the Db object, so no state outlives an app.
 */
const decoded = new WeakMap<Db, Map<number, Epw>>();
const DECODED_KEPT = 4;

export async function loadStationEpw(db: Db, stationId: number): Promise<Epw> {
  let cache = decoded.get(db);
  if (!cache) decoded.set(db, (cache = new Map()));
  const hit = cache.get(stationId);
  if (hit) return hit;
  const [row] = await db
    .select({ data: weatherStations.data, location: weatherStations.location })
    .from(weatherStations)
    .where(eq(weatherStations.id, stationId));
  if (!row) throw new Error(`weather station ${stationId} does not exist`);
  let epw: Epw;
  try {
    epw = decodeHourly(row.data, row.location);
  } catch (error) {
    // Bounded already (hourly-codec.ts); a series that cannot be read is the station's problem, said as such.
    if (error instanceof HourlyCodecError) {
      throw DomainError.detail(
        'conflict',
        `The weather station's stored data cannot be read (${error.message}); remove it from the project and add its file again.`,
      );
    }
    throw error;
  }
  cache.set(stationId, epw);
  while (cache.size > DECODED_KEPT) cache.delete(cache.keys().next().value!);
  return epw;
}

/** A stored station as an analysis's weather: its series, and its provenance (source and years). */
export async function loadStationWeather(db: Db, stationId: number): Promise<LoadedWeather> {
  const [row] = await db
    .select({ metId: weatherStations.metId, location: weatherStations.location, source: weatherStations.source, years: weatherStations.years })
    .from(weatherStations)
    .where(eq(weatherStations.id, stationId));
  if (!row) throw new Error(`weather station ${stationId} does not exist`);
  const epw = await loadStationEpw(db, stationId);
  return { info: { id: row.metId, fileName: `${row.metId}.epw`, location: epw.location }, epw, source: row.source, years: row.years };
}
