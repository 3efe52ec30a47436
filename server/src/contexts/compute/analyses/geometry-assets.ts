/**
 * Geometry stored as assets: a GLB in the results format (docs/results-format.md) with the mesh and no
 * fields, metadata `analysis: 'geometry'`, and an `assets` row with layer_type 'geometry' and a
 * geometry_type (study, surrounds, ground, landscaping, presentation_plane…) — what the viewer shows
 * and what the analyses cast rays against (scene.ts).
 */
import type { Db } from '../../../db/database.ts';
import { assets } from '../../../db/schema/index.ts';
import type { BlobStore } from '../../../blobs/blob-store.ts';
import { geometryGlb } from '../../scenarios/index.ts';
import { ASSETS_CONTAINER, formatBlobKey, putBytes } from '../../../blobs/blob-io.ts';

export interface GeometryMesh {
  positions: Float32Array;
  indices: Uint32Array;
}

/** Writes the GLB (once; several simulations may point at it) and returns its blob key. */
export async function putGeometryGlb(
  blobStore: BlobStore,
  name: string,
  mesh: GeometryMesh,
  provenance: { engine: string; version: string; [key: string]: unknown },
): Promise<string> {
  const bytes = await geometryGlb(mesh, provenance);
  const key = { container: ASSETS_CONTAINER, name };
  await putBytes(blobStore, key, bytes);
  return formatBlobKey(key);
}

export function geometryAssetRow(simulationId: number, geometryType: string, filename: string, blobKey: string): typeof assets.$inferInsert {
  return {
    simulationId,
    layerType: 'geometry',
    geometryType,
    filename,
    blobKey,
    showByDefault: true,
    metadata: { units: 'm', format: 'glb' },
  };
}

export async function insertGeometryAssets(db: Db, rows: readonly (typeof assets.$inferInsert)[]): Promise<number[]> {
  if (rows.length === 0) return [];
  return (
    await db
      .insert(assets)
      .values([...rows])
      .returning({ id: assets.id })
  ).map((r) => r.id);
}
