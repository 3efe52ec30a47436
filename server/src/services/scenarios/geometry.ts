/**
 * The scenario's geometry files: reading the uploaded STL bytes per role, and turning them into the
 * GLB geometry assets the analyses cast rays against (services/analyses/scene.ts) when the
 * scenario is submitted. Blob names are derived from the upload id, so a retried submission
 * rewrites the same blobs and finds the rows it already made (asset metadata.upload_id).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { BlobStore } from '../../blobs/blob-store.ts';
import { assets, uploads } from '../../db/schema/index.ts';
import { GEOMETRY_ROLES, type GeometryFiles, type GeometryRole } from '../../contract/scenarios.ts';
import { getBytes } from '../analyses/blob-io.ts';
import { geometryAssetRow, putGeometryGlb } from '../analyses/geometry-assets.ts';
import { parseStl, weldVertices } from '../../../../engine/geometry/index.ts';

export type UploadRow = typeof uploads.$inferSelect;

/** The analyses' geometry_type for a role (scene.ts treats 'presentation_plane' as the analysis surface). */
export const GEOMETRY_TYPE: Record<GeometryRole, string> = {
  ground: 'ground',
  study: 'study',
  surrounds: 'surrounds',
  presentation_planes: 'presentation_plane',
  landscaping: 'landscaping',
  mitigations: 'mitigations',
};

export async function uploadRows(db: Db, projectId: number, ids: readonly number[]): Promise<Map<number, UploadRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(uploads).where(and(eq(uploads.projectId, projectId), inArray(uploads.id, [...ids])));
  return new Map(rows.map((r) => [r.id, r]));
}

export function uploadBytes(store: BlobStore, upload: Pick<UploadRow, 'container' | 'uuid' | 'filename'>): Promise<Uint8Array> {
  return getBytes(store, { container: upload.container, name: `${upload.uuid}/${upload.filename}` });
}

export function filesByRole(geometry: GeometryFiles): Array<{ role: GeometryRole; uploadId: number }> {
  return GEOMETRY_ROLES.flatMap((role) => (geometry[role] ?? []).map((uploadId) => ({ role, uploadId })));
}

/**
 * An STL's triangle soup as an indexed mesh, corners shared exactly (tolerance 0): a presentation
 * plane's points are then each analysis point once, not once per triangle touching it.
 */
export function indexedMesh(soup: Float32Array): { positions: Float32Array; indices: Uint32Array } {
  const welded = weldVertices(soup, 0);
  return { positions: welded.vertices.slice(0, welded.vertexCount * 3), indices: welded.indices };
}

/** Writes one GLB per geometry file (idempotent names). Returns the rows to insert (blob writes happen here, outside any transaction). */
export async function prepareGeometryAssets(
  db: Db,
  store: BlobStore,
  input: { projectId: number; configurationId: number; simulationId: number; geometry: GeometryFiles; version: string },
): Promise<Array<typeof assets.$inferInsert>> {
  const files = filesByRole(input.geometry);
  const rows = await uploadRows(db, input.projectId, files.map((f) => f.uploadId));
  const out: Array<typeof assets.$inferInsert> = [];
  for (const { role, uploadId } of files) {
    const upload = rows.get(uploadId);
    if (!upload) throw new Error(`upload ${uploadId} of the scenario's ${role} geometry no longer exists`);
    const mesh = indexedMesh(parseStl(await uploadBytes(store, upload)).positions);
    const key = await putGeometryGlb(store, `scenarios/configuration-${input.configurationId}/upload-${uploadId}.glb`, mesh, {
      engine: 'canopy',
      version: input.version,
      source: upload.filename,
    });
    const row = geometryAssetRow(input.simulationId, GEOMETRY_TYPE[role], upload.filename, key);
    out.push({ ...row, metadata: { ...(row.metadata as object), upload_id: uploadId, role } });
  }
  return out;
}

/** Inserts the rows whose upload has no geometry asset on the simulation yet. */
export async function insertMissingGeometryAssets(tx: Db, simulationId: number, rows: ReadonlyArray<typeof assets.$inferInsert>): Promise<number> {
  const existing = await tx
    .select({ uploadId: sql<number>`(${assets.metadata} ->> 'upload_id')::int` })
    .from(assets)
    .where(and(eq(assets.simulationId, simulationId), eq(assets.layerType, 'geometry')));
  const have = new Set(existing.map((e) => e.uploadId));
  const missing = rows.filter((r) => !have.has((r.metadata as { upload_id: number }).upload_id));
  if (missing.length) await tx.insert(assets).values([...missing]);
  return missing.length;
}
