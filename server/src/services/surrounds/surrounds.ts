/**
 * A project's surrounds (SPEC §3, §7): buildings generated from OpenStreetMap data the user uploads
 * (.osm XML or GeoJSON) by engine/geometry/osm, stored as one GLB in the blob store (engine's
 * writeResultGlb: one closed mesh, per-vertex `role` 0 ground / 1 building and `building` index)
 * plus a row with the projected footprints the site map draws. One surrounds per project;
 * generating again replaces it (new scenarios start from the project's surrounds).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/database.ts';
import type { AuthUser } from '../../auth/authenticate.ts';
import { projects, projectSurrounds } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import type { GenerateOsm, ProjectSurrounds, Surrounds } from '@canopy/contract/surrounds.ts';
import { writeResultGlb } from '@canopy/engine/results/glb.ts';
import { OsmParseError, surroundsFromMapData, DEFAULT_RADIUS_M, type Surrounds as EngineSurrounds } from '@canopy/engine/geometry/osm/surrounds.ts';
import { requireChangeableProject, requireVisibleProject } from '../projects/access.ts';
import { getBytes, putBytes } from '../analyses/blob-io.ts';
import { projectUploadText } from '../weather/upload-text.ts';

/** OSM extracts of a few km² run to tens of MB; beyond this the user should cut a smaller area. */
export const MAX_MAP_BYTES = 64 * 1024 * 1024;
const CONTAINER = 'assets';

type Row = typeof projectSurrounds.$inferSelect;

const round2 = (v: number) => Math.round(v * 100) / 100;

function represent(row: Row, projectId: number): Surrounds {
  return {
    id: row.id,
    origin_latitude: row.originLatitude,
    origin_longitude: row.originLongitude,
    radius_m: row.radiusM,
    source_upload_id: row.sourceUploadId,
    source_format: row.sourceFormat,
    building_count: row.buildingCount,
    triangle_count: row.triangleCount,
    footprints: row.footprints.map((f) => ({ outer: f.outer, holes: f.holes, height_m: f.heightM, height_source: f.heightSource, name: f.name })),
    warnings: row.warnings,
    glb_url: `/api/project/${projectId}/surrounds/glb/`,
    created_at: row.createdAt.toISOString(),
  };
}

export async function getSurrounds(db: Db, user: AuthUser, projectId: number): Promise<ProjectSurrounds> {
  await requireVisibleProject(db, user, projectId);
  const [project] = await db
    .select({ name: projects.name, latitude: projects.latitude, longitude: projects.longitude })
    .from(projects)
    .where(eq(projects.id, projectId));
  const [row] = await db.select().from(projectSurrounds).where(eq(projectSurrounds.projectId, projectId));
  return {
    project_name: project?.name ?? '',
    project_latitude: project?.latitude ?? null,
    project_longitude: project?.longitude ?? null,
    surrounds: row ? represent(row, projectId) : null,
  };
}

async function surroundsGlb(engine: EngineSurrounds, version: string, origin: { lat: number; lon: number }): Promise<Uint8Array> {
  return writeResultGlb({
    positions: engine.merged.positions,
    indices: engine.merged.indices,
    fields: { role: engine.merged.role, building: engine.merged.building },
    metadata: {
      analysis: 'surrounds',
      metric: 'geometry',
      units: 'm',
      fieldInfo: {
        role: { description: '0 = ground slab, 1 = surrounding building' },
        building: { description: 'Index into the surrounds footprints; −1 for the ground' },
      },
      provenance: { engine: 'canopy-engine', version, computedAt: new Date().toISOString() },
      origin: { latitudeDeg: origin.lat, longitudeDeg: origin.lon },
      radiusM: engine.radiusM,
      groundRadiusM: engine.groundRadiusM,
    },
  });
}

/**
 * Builds and stores the surrounds without a permission check — for callers that decided already
 * (the route below; project creation with generateSurrounds and a map upload).
 */
export async function generateSurroundsFromUpload(deps: AppDeps, db: Db, projectId: number, input: GenerateOsm, createdBy: number | null): Promise<Surrounds> {
  const [project] = await db.select({ latitude: projects.latitude, longitude: projects.longitude }).from(projects).where(eq(projects.id, projectId));
  if (!project) throw ApiError.notFound();
  const lat = input.origin_latitude ?? project.latitude;
  const lon = input.origin_longitude ?? project.longitude;
  if (lat === null || lat === undefined || lon === null || lon === undefined) {
    throw ApiError.fields({ origin_latitude: ['The project has no coordinates: give origin_latitude and origin_longitude.'] });
  }
  const { upload, text } = await projectUploadText(deps, db, projectId, input.upload_id, 'upload_id', MAX_MAP_BYTES);
  const radiusM = input.radius_m ?? DEFAULT_RADIUS_M;
  let engine: EngineSurrounds;
  try {
    engine = surroundsFromMapData(text, { originLatitudeDeg: lat, originLongitudeDeg: lon, radiusM, format: upload.format });
  } catch (error) {
    if (error instanceof OsmParseError) throw ApiError.fields({ upload_id: [`${upload.filename}: ${error.message}`] });
    throw error;
  }
  const glb = await surroundsGlb(engine, deps.version, { lat, lon });
  const key = { container: CONTAINER, name: `surrounds/project-${projectId}/${randomUUID()}.glb` };
  await putBytes(deps.blobStore, key, glb);

  const values = {
    projectId,
    originLatitude: lat,
    originLongitude: lon,
    radiusM,
    sourceUploadId: upload.id,
    sourceFormat: upload.format === 'geojson' || text.trimStart().startsWith('{') ? 'geojson' : 'osm-xml',
    blobContainer: key.container,
    blobName: key.name,
    buildingCount: engine.buildings.length,
    triangleCount: engine.merged.indices.length / 3,
    footprints: engine.buildings.map((b) => ({
      outer: b.outer.map(([x, y]) => [round2(x), round2(y)] as [number, number]),
      holes: b.holes.map((h) => h.map(([x, y]) => [round2(x), round2(y)] as [number, number])),
      heightM: round2(b.heightM),
      heightSource: b.heightSource,
      name: b.name,
    })),
    warnings: engine.warnings,
    createdBy,
    createdAt: deps.clock.now(),
  };
  const [previous] = await db
    .select({ container: projectSurrounds.blobContainer, name: projectSurrounds.blobName })
    .from(projectSurrounds)
    .where(eq(projectSurrounds.projectId, projectId));
  const [row] = await db.insert(projectSurrounds).values(values).onConflictDoUpdate({ target: projectSurrounds.projectId, set: values }).returning();
  // The old GLB goes only after the row points at the new one, so a failure leaves a working pair.
  if (previous && previous.name !== key.name) await deps.blobStore.delete({ container: previous.container, name: previous.name }).catch(() => false);
  return represent(row!, projectId);
}

export async function generateOsmSurrounds(deps: AppDeps, db: Db, user: AuthUser, projectId: number, input: GenerateOsm): Promise<Surrounds> {
  await requireChangeableProject(db, user, projectId);
  return generateSurroundsFromUpload(deps, db, projectId, input, user.id);
}

export async function surroundsGlbBytes(deps: AppDeps, db: Db, user: AuthUser, projectId: number): Promise<Uint8Array> {
  await requireVisibleProject(db, user, projectId);
  const [row] = await db
    .select({ container: projectSurrounds.blobContainer, name: projectSurrounds.blobName })
    .from(projectSurrounds)
    .where(eq(projectSurrounds.projectId, projectId));
  if (!row) throw ApiError.notFound();
  return getBytes(deps.blobStore, { container: row.container, name: row.name });
}
