/**
 * Weather stations as stored: one row per distinct hourly series (see db/schema/weather.ts). Storing
 * finds an existing row by the SHA-256 of the encoded series, so the same file uploaded by ten
 * projects, or the library station fetched by ten projects, is kept once.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { weatherStations, type MetOrigin } from '../../db/schema/index.ts';
import type { Epw } from '@canopy/engine/weather/epw.ts';
import { decodeHourly, encodeHourly, HOURLY_FORMAT } from './hourly-codec.ts';
import { describeWeather, type LoadedWeather } from './library.ts';

export type StationRow = typeof weatherStations.$inferSelect;
/** A station without its (large) data column, for lists. */
export type StationInfo = Omit<StationRow, 'data'>;

/** `<wmo>-<8 hex>`: the WMO number says which station, the hash which version of its data. */
export function metIdOf(wmo: string, dataSha256: string): string {
  const station = wmo.replace(/[^A-Za-z0-9]/g, '').slice(0, 16) || 'station';
  return `${station}-${dataSha256.slice(0, 8)}`;
}

export function stationName(epw: Epw): string {
  const l = epw.location;
  return [l.city, l.state, l.country].filter((part) => part && part !== '-').join(', ') || 'Unnamed station';
}

/** The station row holding this series, inserted when new. */
export async function storeStation(db: Db, epw: Epw, origin: MetOrigin, originRef: string): Promise<StationInfo> {
  const data = encodeHourly(epw);
  // The location is part of the identity: the same hours under another station header are another station.
  const dataSha256 = createHash('sha256').update(JSON.stringify(epw.location)).update(data).digest('hex');
  const existing = await findByData(db, dataSha256);
  if (existing) return existing;
  const { source, years } = describeWeather(epw);
  const l = epw.location;
  await db
    .insert(weatherStations)
    .values({
      metId: metIdOf(l.wmo, dataSha256),
      name: stationName(epw),
      wmo: l.wmo,
      latitude: l.latitudeDeg,
      longitude: l.longitudeDeg,
      elevationM: l.elevationM,
      location: { ...l },
      years,
      source,
      origin,
      originRef,
      hours: epw.hours,
      dataFormat: HOURLY_FORMAT,
      data,
      dataSha256,
    })
    // Two projects importing the same file at once: the second insert yields to the first.
    .onConflictDoNothing();
  const stored = await findByData(db, dataSha256);
  if (!stored) throw new Error(`weather station ${dataSha256} vanished after insert`);
  return stored;
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
};

async function findByData(db: Db, dataSha256: string): Promise<StationInfo | undefined> {
  const [row] = await db.select(infoColumns).from(weatherStations).where(eq(weatherStations.dataSha256, dataSha256));
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
  const epw = decodeHourly(row.data, row.location);
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
