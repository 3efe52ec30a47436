/**
 * The scenario's geometry files: reading the uploaded STL bytes per role, and turning them into the
 * GLB geometry assets the analyses cast rays against (contexts/compute/analyses/scene.ts) when the
 * scenario is submitted. Blob names are derived from the upload id, so a retried submission
 * rewrites the same blobs and finds the rows it already made (asset metadata.upload_id).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { BlobStore } from '../../blobs/blob-store.ts';
import { assets, uploads } from '../../db/schema/index.ts';
import { GEOMETRY_ROLES, type GeometryFiles, type GeometryRole, type ScenarioForm } from '@canopy/contract/scenarios.ts';
import { prepareSiteGeometry, type SiteSurroundsFn } from './site-geometry.ts';
import { geometryAssetRow } from '../compute/index.ts';
import { ASSETS_CONTAINER, formatBlobKey, getBytes, putBytes } from '../../blobs/blob-io.ts';
import { stlToGeometryGlb, type StlGlb } from './stl-glb.ts';

export type StlToGlb = (bytes: Uint8Array, provenance: { engine: string; version: string; source: string }) => Promise<StlGlb>;

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
  const rows = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.projectId, projectId), inArray(uploads.id, [...ids])));
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
/**
 * Writes one GLB per geometry file (idempotent names), then the geometry the scenario gets without
 * uploads — the project's surroundings and a generated pedestrian plane (site-geometry.ts). Returns
 * the rows to insert (blob writes happen here, outside any transaction).
 */
export async function prepareGeometryAssets(
  db: Db,
  store: BlobStore,
  input: {
    projectId: number;
    configurationId: number;
    simulationId: number;
    form: Pick<ScenarioForm, 'geometry' | 'project_surrounds' | 'pedestrian_plane'>;
    version: string;
  },
  /** Where the CPU work runs: approval passes the heavy-work pool's; the default runs here. */
  cpu: { stlToGlb?: StlToGlb; siteSurrounds?: SiteSurroundsFn } = {},
): Promise<Array<typeof assets.$inferInsert>> {
  const geometry = input.form.geometry;
  const files = filesByRole(geometry);
  const rows = await uploadRows(
    db,
    input.projectId,
    files.map((f) => f.uploadId),
  );
  const out: Array<typeof assets.$inferInsert> = [];
  const soups: Record<GeometryRole, Float32Array[]> = { ground: [], study: [], surrounds: [], presentation_planes: [], landscaping: [], mitigations: [] };
  for (const { role, uploadId } of files) {
    const upload = rows.get(uploadId);
    if (!upload) throw new Error(`upload ${uploadId} of the scenario's ${role} geometry no longer exists`);
    const { soup, glb } = await (cpu.stlToGlb ?? stlToGeometryGlb)(await uploadBytes(store, upload), {
      engine: 'canopy',
      version: input.version,
      source: upload.filename,
    });
    soups[role].push(soup);
    const blob = { container: ASSETS_CONTAINER, name: `scenarios/configuration-${input.configurationId}/upload-${uploadId}.glb` };
    await putBytes(store, blob, glb);
    const key = formatBlobKey(blob);
    const row = geometryAssetRow(input.simulationId, GEOMETRY_TYPE[role], upload.filename, key);
    out.push({ ...row, metadata: { ...(row.metadata as object), upload_id: uploadId, role } });
  }
  // Forms saved before generated geometry existed lack these fields: they keep what they asked for (nothing generated).
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
      ...(cpu.siteSurrounds ? { siteSurrounds: cpu.siteSurrounds } : {}),
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
