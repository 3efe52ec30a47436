/**
 * The scenario's geometry files: reading the uploaded STL bytes per role, and turning them into the
 * GLB geometry assets the analyses cast rays against (services/analyses/scene.ts) when the
 * scenario is submitted. Blob names are derived from the upload id, so a retried submission
 * rewrites the same blobs and finds the rows it already made (asset metadata.upload_id).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { BlobStore } from '../../blobs/blob-store.ts';
import { assets, uploads } from '../../db/schema/index.ts';
import { GEOMETRY_ROLES, type GeometryFiles, type GeometryRole, type ScenarioForm } from '@canopy/contract/scenarios.ts';
import { prepareSiteGeometry } from './site-geometry.ts';
import { getBytes } from '../analyses/blob-io.ts';
import { geometryAssetRow, putGeometryGlb } from '../analyses/geometry-assets.ts';
import { parseStl, weldVertices } from '@canopy/engine/geometry/index.ts';

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

/**
 * Writes one GLB per geometry file (idempotent names), then the geometry the scenario gets without
 * uploads — the project's surroundings and a generated pedestrian plane (site-geometry.ts). Returns
 * the rows to insert (blob writes happen here, outside any transaction).
 */
export async function prepareGeometryAssets(
  db: Db,
  store: BlobStore,
  input: { projectId: number; configurationId: number; simulationId: number; form: Pick<ScenarioForm, 'geometry' | 'project_surrounds' | 'pedestrian_plane'>; version: string },
): Promise<Array<typeof assets.$inferInsert>> {
  const geometry = input.form.geometry;
  const files = filesByRole(geometry);
  const rows = await uploadRows(db, input.projectId, files.map((f) => f.uploadId));
  const out: Array<typeof assets.$inferInsert> = [];
  const soups: Record<GeometryRole, Float32Array[]> = { ground: [], study: [], surrounds: [], presentation_planes: [], landscaping: [], mitigations: [] };
  for (const { role, uploadId } of files) {
    const upload = rows.get(uploadId);
    if (!upload) throw new Error(`upload ${uploadId} of the scenario's ${role} geometry no longer exists`);
    const soup = parseStl(await uploadBytes(store, upload)).positions;
    soups[role].push(soup);
    const mesh = indexedMesh(soup);
    const key = await putGeometryGlb(store, `scenarios/configuration-${input.configurationId}/upload-${uploadId}.glb`, mesh, {
      engine: 'canopy',
      version: input.version,
      source: upload.filename,
    });
    const row = geometryAssetRow(input.simulationId, GEOMETRY_TYPE[role], upload.filename, key);
    out.push({ ...row, metadata: { ...(row.metadata as object), upload_id: uploadId, role } });
  }
  // Forms saved before issue 16 lack these fields: they keep what they asked for (nothing generated).
  const plane = geometry.presentation_planes.length === 0 ? (input.form.pedestrian_plane ?? null) : null;
  out.push(
    ...(await prepareSiteGeometry(db, store, {
      projectId: input.projectId,
      configurationId: input.configurationId,
      simulationId: input.simulationId,
      version: input.version,
      soups,
      useProjectSurrounds: input.form.project_surrounds === true,
      plane,
    })),
  );
  return out;
}

/** What makes a geometry asset the same one on a retry: its upload, or what generated it. */
function geometryKey(metadata: unknown): string | null {
  const m = (metadata ?? {}) as { upload_id?: unknown; generated?: unknown };
  if (typeof m.upload_id === 'number') return `upload:${m.upload_id}`;
  if (typeof m.generated === 'string') return `generated:${m.generated}`;
  return null;
}

/** Inserts the rows whose upload (or generated geometry) has no geometry asset on the simulation yet. */
export async function insertMissingGeometryAssets(tx: Db, simulationId: number, rows: ReadonlyArray<typeof assets.$inferInsert>): Promise<number> {
  const existing = await tx
    .select({ metadata: assets.metadata })
    .from(assets)
    .where(and(eq(assets.simulationId, simulationId), eq(assets.layerType, 'geometry')));
  const have = new Set(existing.map((e) => geometryKey(e.metadata)));
  const missing = rows.filter((r) => !have.has(geometryKey(r.metadata)));
  if (missing.length) await tx.insert(assets).values([...missing]);
  return missing.length;
}
