/**
 * A scenario's geometry for the analyses: every geometry asset (layer_type 'geometry', GLB in the
 * results format) of the simulation — or, when the simulation has none of its own, of any simulation
 * of the same scenario — read from the blob store. Presentation planes become the analysis points
 * (and the mesh the results are written on); everything else (study, surrounds, ground,
 * landscaping, mitigations) becomes the triangles rays are cast against.
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { assets, simulations } from '../../../db/schema/index.ts';
import type { BlobStore } from '../../../blobs/blob-store.ts';
import { readResultGlb } from '@canopy/engine/results/glb.ts';
import { getBytes, parseBlobKey } from '../../../blobs/blob-io.ts';

export const PRESENTATION_PLANE = 'presentation_plane';

export interface AnalysisScene {
  /** Triangle soup of all obstructing geometry. */
  triangles: Float32Array;
  /** The presentation plane(s): analysis points and the mesh results are written on. */
  surface: { positions: Float32Array; indices?: Uint32Array };
  /** Stable id of this geometry (blob keys), so worker threads can reuse a BVH between chunks. */
  sceneKey: string;
}

export class SceneError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SceneError';
  }
}

type GeometryRow = { id: number; geometryType: string | null; blobKey: string | null };

async function geometryRows(db: Db, simulationId: number): Promise<GeometryRow[]> {
  const columns = { id: assets.id, geometryType: assets.geometryType, blobKey: assets.blobKey };
  const own = await db
    .select(columns)
    .from(assets)
    .where(and(eq(assets.simulationId, simulationId), eq(assets.layerType, 'geometry')));
  if (own.length > 0) return own;
  const [simulation] = await db.select({ configurationId: simulations.configurationId }).from(simulations).where(eq(simulations.id, simulationId));
  if (!simulation) return [];
  const siblings = db.select({ id: simulations.id }).from(simulations).where(eq(simulations.configurationId, simulation.configurationId));
  const rows = await db
    .select(columns)
    .from(assets)
    .where(and(inArray(assets.simulationId, siblings), eq(assets.layerType, 'geometry')));
  // The same file attached to several simulations counts once.
  const seen = new Set<string>();
  return rows.filter((row) => row.blobKey !== null && !seen.has(row.blobKey) && seen.add(row.blobKey) !== undefined);
}

/** Triangle soup (xyz × 3 per triangle) of an indexed mesh; a point cloud obstructs nothing. */
function toSoup(positions: Float32Array, indices: Uint32Array | undefined): Float32Array {
  if (!indices) return new Float32Array(0);
  const soup = new Float32Array(indices.length * 3);
  for (let k = 0; k < indices.length; k++) soup.set(positions.subarray(indices[k]! * 3, indices[k]! * 3 + 3), k * 3);
  return soup;
}

function concatFloat(parts: readonly Float32Array[]): Float32Array {
  const out = new Float32Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export async function loadScene(db: Db, blobStore: BlobStore, simulationId: number): Promise<AnalysisScene> {
  const rows = (await geometryRows(db, simulationId)).filter((row) => row.blobKey !== null);
  const planes = rows.filter((row) => row.geometryType === PRESENTATION_PLANE);
  if (planes.length === 0) throw new SceneError('the scenario has no presentation plane: add one so the analysis has points to compute on');
  const obstructions: Float32Array[] = [];
  const planePositions: Float32Array[] = [];
  const planeIndices: number[] = [];
  let planeVertices = 0;
  const keys: string[] = [];
  for (const row of rows) {
    const mesh = await readResultGlb(await getBytes(blobStore, parseBlobKey(row.blobKey!)));
    keys.push(row.blobKey!);
    if (row.geometryType === PRESENTATION_PLANE) {
      planePositions.push(mesh.positions);
      if (mesh.indices) for (const index of mesh.indices) planeIndices.push(index + planeVertices);
      planeVertices += mesh.positions.length / 3;
    } else {
      obstructions.push(toSoup(mesh.positions, mesh.indices));
    }
  }
  return {
    triangles: concatFloat(obstructions),
    surface: { positions: concatFloat(planePositions), ...(planeIndices.length > 0 ? { indices: Uint32Array.from(planeIndices) } : {}) },
    sceneKey: createHash('sha256').update(keys.sort().join('\n')).digest('hex').slice(0, 16),
  };
}
