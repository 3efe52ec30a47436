/**
 * Ingested wind results: one asset per simulated direction whose metadata says `field: 'speedRatio'`
 * and whose `wind_direction` is set (degrees from north, where the wind comes from), each a GLB in
 * the results format with a `speedRatio` field (γ = U_local / U_reference per vertex) and optionally a
 * `gemSpeedRatio` field (max(mean, GEM) / U_reference) for criteria measured in gusts.
 *
 * How γ is referenced comes from the asset's metadata: `reference: {heightM, terrain}` — the solver's
 * reference speed at that height over that terrain — turned into the met-to-reference factor C with
 * the power law of engine/wind/profile.ts; without it γ is taken as referenced to the met station
 * itself (10 m, open country; C = 1). The convention is recorded in every derived layer.
 */
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { assets, simulations } from '../../../db/schema/index.ts';
import type { BlobStore } from '../../../blobs/blob-store.ts';
import { readResultGlb } from '@canopy/engine/results/glb.ts';
import { MET_STATION_HEIGHT_M, referenceSpeedFactor, TERRAINS, type TerrainId } from '@canopy/engine/wind/profile.ts';
import { getBytes, parseBlobKey } from '../../../blobs/blob-io.ts';

export const SPEED_RATIO_FIELD = 'speedRatio';
export const GEM_SPEED_RATIO_FIELD = 'gemSpeedRatio';

export interface WindResults {
  positions: Float32Array;
  indices?: Uint32Array;
  directionsDeg: number[];
  /** points × directions, row-major. */
  speedRatios: Float32Array;
  gemSpeedRatios?: Float32Array;
  /** Mean horizontal velocity / reference speed (world axes), same layout, when every direction has `u` and `v`. */
  vectors?: { u: Float32Array; v: Float32Array };
  speedFactor: number;
  heightConvention: string;
  /** Who computed the wind: the first direction's provenance engine (and solver), e.g. "canopy-cfd (canopy-lbm 1.0 …)". */
  source: string;
  /** The wind's method and which of its quantities are validated, as Canopy's CFD run recorded them (absent for other sources). */
  method?: unknown;
}

export type SpeedRatioAsset = { id: number; simulationId: number; windDirection: string | null; blobKey: string | null; metadata: unknown };

/** Speed-ratio assets of the given simulations (rows with metadata.field 'speedRatio' and a wind_direction). */
export async function speedRatioAssets(db: Db, simulationIds: readonly number[]): Promise<SpeedRatioAsset[]> {
  if (simulationIds.length === 0) return [];
  return db
    .select({ id: assets.id, simulationId: assets.simulationId, windDirection: assets.windDirection, blobKey: assets.blobKey, metadata: assets.metadata })
    .from(assets)
    .where(and(inArray(assets.simulationId, [...simulationIds]), sql`${assets.metadata} ->> 'field' = ${SPEED_RATIO_FIELD}`, isNotNull(assets.windDirection)));
}

/** Simulation ids of a scenario, the given one first. */
export async function scenarioSimulationIds(db: Db, simulationId: number): Promise<number[]> {
  const [own] = await db.select({ configurationId: simulations.configurationId }).from(simulations).where(eq(simulations.id, simulationId));
  if (!own) return [];
  const all = await db.select({ id: simulations.id }).from(simulations).where(eq(simulations.configurationId, own.configurationId));
  return [simulationId, ...all.map((s) => s.id).filter((id) => id !== simulationId)];
}

function referenceOf(metadata: unknown): { speedFactor: number; heightConvention: string } {
  const m = (metadata ?? {}) as { reference?: { heightM?: unknown; terrain?: unknown }; heightConvention?: unknown };
  const heightM = Number(m.reference?.heightM);
  const terrain = m.reference?.terrain;
  if (Number.isFinite(heightM) && heightM > 0 && typeof terrain === 'string' && terrain in TERRAINS) {
    const speedFactor = referenceSpeedFactor({ siteTerrain: terrain as TerrainId, referenceHeightM: heightM });
    return {
      speedFactor,
      heightConvention: `γ = U_local / U_ref(${heightM} m, ${terrain} terrain); met station (${MET_STATION_HEIGHT_M} m, open country) moved to the reference by the ASHRAE power law, C = ${speedFactor.toFixed(4)}`,
    };
  }
  return {
    speedFactor: 1,
    heightConvention: typeof m.heightConvention === 'string' ? m.heightConvention : `γ = U_local / U_met(${MET_STATION_HEIGHT_M} m, open country), C = 1`,
  };
}

/** Reads one simulation's speed-ratio layers into a points × directions matrix; null when it has none. */
export async function loadWindResults(blobStore: BlobStore, rows: readonly SpeedRatioAsset[]): Promise<WindResults | null> {
  const usable = rows.filter((r) => r.blobKey && Number.isFinite(Number(r.windDirection)));
  if (usable.length === 0) return null;
  // One simulation's set: the rows of the first simulation listed.
  const simulationId = usable[0]!.simulationId;
  const mine = usable.filter((r) => r.simulationId === simulationId).sort((a, b) => Number(a.windDirection) - Number(b.windDirection));
  const meshes = [];
  for (const row of mine) meshes.push(await readResultGlb(await getBytes(blobStore, parseBlobKey(row.blobKey!))));
  const points = meshes[0]!.positions.length / 3;
  const directions = mine.length;
  const speedRatios = new Float32Array(points * directions);
  const withGem = meshes.every((m) => m.fields[GEM_SPEED_RATIO_FIELD]);
  const gemSpeedRatios = withGem ? new Float32Array(points * directions) : undefined;
  const withVectors = meshes.every((m) => m.fields.u?.length === points && m.fields.v?.length === points);
  const vectors = withVectors ? { u: new Float32Array(points * directions), v: new Float32Array(points * directions) } : undefined;
  meshes.forEach((mesh, i) => {
    const ratio = mesh.fields[SPEED_RATIO_FIELD];
    if (!ratio) throw new Error(`wind result asset ${mine[i]!.id} (${mine[i]!.windDirection}°) has no '${SPEED_RATIO_FIELD}' field`);
    if (ratio.length !== points)
      throw new Error(`wind result asset ${mine[i]!.id} (${mine[i]!.windDirection}°) has ${ratio.length} points, the first direction has ${points}`);
    const gem = mesh.fields[GEM_SPEED_RATIO_FIELD];
    for (let p = 0; p < points; p++) {
      speedRatios[p * directions + i] = ratio[p]!;
      if (gemSpeedRatios && gem) gemSpeedRatios[p * directions + i] = gem[p]!;
      if (vectors) {
        vectors.u[p * directions + i] = mesh.fields.u![p]!;
        vectors.v[p * directions + i] = mesh.fields.v![p]!;
      }
    }
  });
  const provenance = meshes[0]!.metadata.provenance as { engine: string; solver?: unknown; manifest?: { method?: unknown } };
  return {
    positions: meshes[0]!.positions,
    ...(meshes[0]!.indices ? { indices: meshes[0]!.indices } : {}),
    directionsDeg: mine.map((r) => Number(r.windDirection)),
    speedRatios,
    ...(gemSpeedRatios ? { gemSpeedRatios } : {}),
    ...(vectors ? { vectors } : {}),
    ...referenceOf(mine[0]!.metadata),
    source: typeof provenance.solver === 'string' ? `${provenance.engine} (${provenance.solver})` : provenance.engine,
    ...(provenance.manifest?.method !== undefined ? { method: provenance.manifest.method } : {}),
  };
}
