/**
 * The provenance line under every figure of a PDF: analysis, engine and version, weather source,
 * criterion, geometry checksum, date — read from what the results actually recorded (the asset's
 * metadata block, docs/results-format.md), the simulation's weather source and the stored geometry
 * files. Nothing is guessed: a missing item reads 'not recorded'.
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import type { BlobStore } from '../../../blobs/blob-store.ts';
import { assets, projectMetSources, simulations, weatherStations } from '../../../db/schema/index.ts';
import { getBytes, parseBlobKey } from '../../../blobs/blob-io.ts';
import { layerLabel, resultLayerName } from '@canopy/engine/results/labels.ts';

export const NOT_RECORDED = 'not recorded';

export interface Provenance {
  analysis: string;
  engine: string;
  weatherSource: string;
  criterion: string;
  geometryChecksum: string;
  date: string;
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : typeof v === 'number' ? String(v) : undefined);

export function provenanceLine(p: Provenance): string {
  return `Analysis: ${p.analysis} · Engine: ${p.engine} · Weather: ${p.weatherSource} · Criterion: ${p.criterion} · Geometry: ${p.geometryChecksum} · Date: ${p.date}`;
}

export function unrecorded(): Provenance {
  return {
    analysis: NOT_RECORDED,
    engine: NOT_RECORDED,
    weatherSource: NOT_RECORDED,
    criterion: NOT_RECORDED,
    geometryChecksum: NOT_RECORDED,
    date: NOT_RECORDED,
  };
}

/** The simulation's weather station, when it names one of the project's met sources. */
async function stationOf(db: Db, metSourceId: number | null): Promise<string | undefined> {
  if (metSourceId === null) return undefined;
  const [row] = await db
    .select({ source: weatherStations.source, name: weatherStations.name, metId: weatherStations.metId })
    .from(projectMetSources)
    .innerJoin(weatherStations, eq(weatherStations.id, projectMetSources.stationId))
    .where(eq(projectMetSources.id, metSourceId));
  return row ? `${row.source || row.name} (met_id ${row.metId})` : undefined;
}

/**
 * SHA-256 over the simulation's stored geometry files (its own, or its scenario's when it has none —
 * the files the analyses read, contexts/compute/analyses/scene.ts), in blob-key order.
 */
async function geometryChecksum(db: Db, blobs: BlobStore, simulationId: number): Promise<string | undefined> {
  const columns = { blobKey: assets.blobKey };
  let rows = await db
    .select(columns)
    .from(assets)
    .where(and(eq(assets.simulationId, simulationId), eq(assets.layerType, 'geometry')))
    .orderBy(asc(assets.blobKey));
  if (rows.length === 0) {
    const [sim] = await db.select({ configurationId: simulations.configurationId }).from(simulations).where(eq(simulations.id, simulationId));
    if (!sim) return undefined;
    const siblings = db.select({ id: simulations.id }).from(simulations).where(eq(simulations.configurationId, sim.configurationId));
    rows = await db
      .select(columns)
      .from(assets)
      .where(and(inArray(assets.simulationId, siblings), eq(assets.layerType, 'geometry')))
      .orderBy(asc(assets.blobKey));
  }
  const keys = [...new Set(rows.map((r) => r.blobKey).filter((k): k is string => k !== null))];
  if (keys.length === 0) return undefined;
  const hash = createHash('sha256');
  for (const key of keys) {
    try {
      hash.update(await getBytes(blobs, parseBlobKey(key)));
    } catch {
      return undefined; // a file is missing: a partial checksum would be a wrong one
    }
  }
  return `sha256 ${hash.digest('hex').slice(0, 16)} (${keys.length} file${keys.length === 1 ? '' : 's'})`;
}

/**
 * The data layer a scene view shows when it names none (views saved before the viewer sent
 * asset_id): the simulation's data asset whose legend or metric the view's legend names, else its
 * first data asset — so Canopy's own results show the provenance they recorded.
 */
async function shownAsset(db: Db, simulationId: number, legendTitle: string | null): Promise<typeof assets.$inferSelect | undefined> {
  const rows = await db
    .select()
    .from(assets)
    .where(and(eq(assets.simulationId, simulationId), eq(assets.layerType, 'data')))
    .orderBy(asc(assets.id));
  if (!legendTitle) return rows[0];
  const named = (row: (typeof rows)[number]) => {
    const metadata = obj(row.metadata);
    const keys = [str(obj(metadata.legend).name), str(metadata.metric), str(row.metric)].filter((k): k is string => !!k);
    return keys.includes(legendTitle) || keys.some((k) => layerLabel(k).title === legendTitle);
  };
  return rows.find(named) ?? rows[0];
}

/** Provenance of what a scene view shows: its data asset when named (else the one it shows), and its simulation. */
export async function provenanceOf(
  db: Db,
  blobs: BlobStore,
  ref: { simulationId: number | null; assetId: number | null; legendTitle?: string | null },
): Promise<Provenance> {
  const out = unrecorded();
  let simulationId = ref.simulationId;
  let metadata: Json = {};
  const [named] = ref.assetId !== null ? await db.select().from(assets).where(eq(assets.id, ref.assetId)) : [];
  const asset = named ?? (simulationId !== null ? await shownAsset(db, simulationId, ref.legendTitle ?? null) : undefined);
  if (asset) {
    simulationId = asset.simulationId;
    metadata = obj(asset.metadata);
    const analysis = str(metadata.analysis) ?? str(asset.analysisType);
    const metric = str(metadata.metric) ?? str(asset.metric);
    // In words from the one label table: no raw id reaches the reader.
    if (analysis) out.analysis = resultLayerName(analysis, metric);
  }
  if (simulationId === null) return out;
  const [simulation] = await db.select().from(simulations).where(eq(simulations.id, simulationId));
  if (!simulation) return out;
  if (out.analysis === NOT_RECORDED && str(simulation.category)) out.analysis = resultLayerName(simulation.category);
  const provenance = obj(metadata.provenance);
  const engine = str(provenance.engine);
  const version = str(provenance.version);
  if (engine) out.engine = version ? `${engine} ${version}` : `${engine} (version not recorded)`;
  const criterion = obj(metadata.criterion);
  // Only wind comfort and safety are rated against a criterion: for the rest the item does not apply.
  const rated = /wind-comfort|wind-safety|pedestrian_wind_comfort/.test(`${str(metadata.analysis) ?? ''} ${simulation.category}`);
  out.criterion = str(criterion.name) ?? str(criterion.id) ?? (asset && !rated ? 'not applicable' : NOT_RECORDED);
  out.weatherSource = str(provenance.weatherSource) ?? (await stationOf(db, simulation.metSourceId)) ?? NOT_RECORDED;
  out.geometryChecksum = str(provenance.geometryChecksum) ?? (await geometryChecksum(db, blobs, simulationId)) ?? NOT_RECORDED;
  out.date = str(provenance.computedAt)?.slice(0, 10) ?? NOT_RECORDED;
  return out;
}
