/**
 * Weather and site.
 *
 * - `weather_stations`: one row per distinct hourly weather series. The hours are stored ONCE, in
 *   the row, however many projects use them: a second upload of the same EPW, or a second project
 *   fetching the same library station, finds the row by `data_sha256` and links to it.
 *   `data` is the series in the compact binary of server/src/contexts/projects/weather/hourly-codec.ts
 *   (gzip of little-endian Float64 columns plus the calendar; ~0.25 MB for 8760 hours, exact
 *   values — Float32 would change −12.2 into −12.199999…, and the CSV download must give back
 *   the numbers the file held). `location` keeps the EPW LOCATION header as parsed.
 * - `project_met_sources`: which stations a project uses (SPEC §3 Project.met_sources), where each
 *   came from (an upload, the operator's library, an online provider) and, for a fetched one, the
 *   distance from the project.
 * - `bad_stations`: stations (by WMO number) that automatic choice skips, with the reason.
 * - `project_surrounds`: the surrounding buildings generated from an OSM/GeoJSON upload — a GLB in
 *   the blob store plus the projected footprints the site map draws.
 */
import { sql } from 'drizzle-orm';
import { customType, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { projects } from './projects.ts';
import { uploads } from './uploads.ts';

/** PostgreSQL bytea as a Node Buffer (drizzle has no built-in bytea column). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
});

export const MET_ORIGINS = ['upload', 'library', 'provider'] as const;
export type MetOrigin = (typeof MET_ORIGINS)[number];

/** The EPW LOCATION header as stored (engine/weather/epw.ts EpwLocation). */
export interface StoredLocation {
  city: string;
  state: string;
  country: string;
  source: string;
  wmo: string;
  latitudeDeg: number;
  longitudeDeg: number;
  timeZoneHours: number;
  elevationM: number;
}

export const weatherStations = pgTable(
  'weather_stations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** SPEC §3 "Weather station: met_id": `<wmo>-<first 8 hex of data_sha256>`, safe in a file name. */
    metId: text('met_id').notNull(),
    name: text('name').notNull(),
    wmo: text('wmo').notNull().default(''),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    elevationM: doublePrecision('elevation_m').notNull(),
    location: jsonb('location').$type<StoredLocation>().notNull(),
    /** "TMY3 (typical months of 1977–2002)" or "2019". */
    years: text('years').notNull(),
    /** Provenance: "EPW: Chicago Ohare Intl Ap, IL, USA, TMY3, WMO 725300". */
    source: text('source').notNull(),
    /** Where the series first came from; the same data from elsewhere reuses the row. */
    origin: text('origin', { enum: MET_ORIGINS }).notNull(),
    /** Library file id or provider id for fetched stations; the upload's file name for uploads. */
    originRef: text('origin_ref').notNull().default(''),
    hours: integer('hours').notNull(),
    dataFormat: text('data_format').notNull(),
    data: bytea('data').notNull(),
    /** SHA-256 of the location header and the encoded series: what makes the data stored once. */
    dataSha256: text('data_sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Null: a shared station, stored by the server from a file it parsed (an upload, the library, a
     * provider), found by its SHA-256 by every project. Set: a station only that project uses — one
     * a project import brought that matched no shared station (its SHA-256 recomputed from its
     * bytes). It is never found by another project, and its met_id and hash do not block a shared one.
     */
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('weather_stations_met_id')
      .on(t.metId)
      .where(sql`${t.projectId} is null`),
    uniqueIndex('weather_stations_data')
      .on(t.dataSha256)
      .where(sql`${t.projectId} is null`),
    index('weather_stations_project').on(t.projectId),
  ],
);

export const projectMetSources = pgTable(
  'project_met_sources',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    stationId: integer('station_id')
      .notNull()
      .references(() => weatherStations.id, { onDelete: 'restrict' }),
    origin: text('origin', { enum: MET_ORIGINS }).notNull(),
    uploadId: integer('upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    /** Great-circle distance from the project to the station when it was chosen, km. */
    distanceKm: doublePrecision('distance_km'),
    addedBy: integer('added_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('project_met_sources_station').on(t.projectId, t.stationId), index('project_met_sources_station_id').on(t.stationId)],
);

export const badStations = pgTable(
  'bad_stations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** WMO station number as the EPW LOCATION line writes it. */
    wmo: text('wmo').notNull(),
    name: text('name').notNull().default(''),
    reason: text('reason').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('bad_stations_wmo').on(t.wmo)],
);

/** A projected footprint as the site map draws it: local metres, x east, y north. */
export interface StoredFootprint {
  outer: Array<[number, number]>;
  holes: Array<Array<[number, number]>>;
  heightM: number;
  heightSource: 'height' | 'levels' | 'default';
  name: string;
}

/** A tree, wood or green area kept with the surroundings (engine/geometry/osm/landscaping.ts), in plan. */
export interface StoredLandscape {
  kind: 'tree' | 'tree_row' | 'wood' | 'park' | 'grass';
  outer: Array<[number, number]>;
  heightM: number;
  heightSource: 'height' | 'default';
}

export const projectSurrounds = pgTable(
  'project_surrounds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    originLatitude: doublePrecision('origin_latitude').notNull(),
    originLongitude: doublePrecision('origin_longitude').notNull(),
    radiusM: doublePrecision('radius_m').notNull(),
    sourceUploadId: integer('source_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    /** osm-xml or geojson. */
    sourceFormat: text('source_format').notNull(),
    blobContainer: text('blob_container').notNull(),
    blobName: text('blob_name').notNull(),
    buildingCount: integer('building_count').notNull(),
    triangleCount: integer('triangle_count').notNull(),
    footprints: jsonb('footprints').$type<StoredFootprint[]>().notNull(),
    /** Trees and green areas, in the order of the GLB's role-2 `building` index; the scenario's landscaping. */
    landscaping: jsonb('landscaping').$type<StoredLandscape[]>().notNull().default([]),
    /** Buildings left out, and why (open ways, broken polygons), for the user to see. */
    warnings: jsonb('warnings').$type<string[]>().notNull().default([]),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('project_surrounds_project').on(t.projectId)],
);
