/**
 * A project's surrounds (SPEC §3, §7): buildings generated from OpenStreetMap data — uploaded
 * (.osm XML or GeoJSON) or fetched from the Overpass API (overpass.ts) — by engine/geometry/osm, stored as one GLB in the blob store (engine's
 * writeResultGlb: one closed mesh, per-vertex `role` 0 ground / 1 building and `building` index)
 * plus a row with the projected footprints the site map draws. One surrounds per project;
 * generating again replaces it (new scenarios start from the project's surrounds).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../../deps.ts';
import type { Db } from '../../../db/database.ts';
import type { AuthUser } from '../../../kernel/auth-user.ts';
import { projects, projectSurrounds } from '../../../db/schema/index.ts';
import { DomainError } from '../../../kernel/domain-errors.ts';
import type { GenerateOsm, GenerateOverpass, ProjectSurrounds, Surrounds } from '@canopy/contract/surrounds.ts';
import { writeResultGlb } from '@canopy/engine/results/glb.ts';
import { DEFAULT_RADIUS_M, type Surrounds as EngineSurrounds } from '@canopy/engine/geometry/osm/surrounds.ts';
import type { SurroundsOutcome } from '../heavy-tasks.ts';
import { fetchOverpassXml, type OverpassSettings } from './overpass.ts';
import { siteUserAgent } from '../site/user-agent.ts';
import { requireChangeableProject, requireVisibleProject } from '../access.ts';
import { getBytes, putBytes } from '../../../blobs/blob-io.ts';
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
    landscaping: row.landscaping.map((f) => ({ kind: f.kind, outer: f.outer, height_m: f.heightM, height_source: f.heightSource })),
    warnings: row.warnings,
    glb_url: `/api/project/${projectId}/surrounds/glb/`,
    created_at: row.createdAt.toISOString(),
  };
}

export async function getSurrounds(db: Db, user: AuthUser, projectId: number): Promise<ProjectSurrounds> {
  await requireVisibleProject(db, user, projectId);
  const [project] = await db
    .select({ name: projects.name, latitude: projects.latitude, longitude: projects.longitude, surroundsError: projects.surroundsError })
    .from(projects)
    .where(eq(projects.id, projectId));
  const [row] = await db.select().from(projectSurrounds).where(eq(projectSurrounds.projectId, projectId));
  return {
    project_name: project?.name ?? '',
    project_latitude: project?.latitude ?? null,
    project_longitude: project?.longitude ?? null,
    surrounds: row ? represent(row, projectId) : null,
    surrounds_error: row ? null : (project?.surroundsError ?? null),
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
        role: { description: '0 = ground slab, 1 = surrounding building, 2 = landscaping (trees, woods, green areas)' },
        building: { description: 'Index into the surrounds footprints (role 1) or landscaping (role 2); −1 for the ground' },
      },
      provenance: { engine: 'canopy-engine', version, computedAt: new Date().toISOString() },
      origin: { latitudeDeg: origin.lat, longitudeDeg: origin.lon },
      radiusM: engine.radiusM,
      groundRadiusM: engine.groundRadiusM,
    },
  });
}

/** Where the map data came from, as stored with the surrounds. */
interface MapSource {
  text: string;
  /** The upload's sniffed format, when it was one. */
  formatHint?: string | null;
  sourceUploadId: number | null;
  sourceFormat: string;
  /** Names the data in messages: the file name, or the Overpass server. */
  label: string;
  /** The request field a reading failure is reported on. */
  field: string;
}

async function projectOrigin(db: Db, projectId: number, input: { origin_latitude?: number; origin_longitude?: number }) {
  const [project] = await db.select({ latitude: projects.latitude, longitude: projects.longitude }).from(projects).where(eq(projects.id, projectId));
  if (!project) throw DomainError.notFound();
  const lat = input.origin_latitude ?? project.latitude;
  const lon = input.origin_longitude ?? project.longitude;
  if (lat === null || lat === undefined || lon === null || lon === undefined) {
    throw DomainError.fields({ origin_latitude: ['The project has no coordinates: give origin_latitude and origin_longitude.'] });
  }
  return { lat, lon };
}

/** Map data → footprints → closed meshes, in the heavy-work pool when the text is large (projects/heavy-tasks.ts). */
async function buildFromMapData(
  deps: AppDeps,
  userId: number,
  source: MapSource,
  options: { lat: number; lon: number; radiusM: number },
): Promise<EngineSurrounds> {
  const outcome = await deps.heavy.runSized<SurroundsOutcome>(
    userId,
    'surrounds.fromMapData',
    {
      text: source.text,
      options: { originLatitudeDeg: options.lat, originLongitudeDeg: options.lon, radiusM: options.radiusM, format: source.formatHint ?? undefined },
    },
    source.text.length,
  );
  if (!outcome.ok) throw DomainError.fields({ [source.field]: [`${source.label}: ${outcome.message}`] });
  return outcome.surrounds;
}

async function storeSurrounds(
  deps: AppDeps,
  db: Db,
  projectId: number,
  source: MapSource,
  place: { lat: number; lon: number; radiusM: number },
  createdBy: number | null,
): Promise<Surrounds> {
  const engine = await buildFromMapData(deps, createdBy ?? 0, source, place);
  const { lat, lon, radiusM } = place;
  const glb = await surroundsGlb(engine, deps.version, { lat, lon });
  const key = { container: CONTAINER, name: `surrounds/project-${projectId}/${randomUUID()}.glb` };
  await putBytes(deps.blobStore, key, glb);

  const values = {
    projectId,
    originLatitude: lat,
    originLongitude: lon,
    radiusM,
    sourceUploadId: source.sourceUploadId,
    sourceFormat: source.sourceFormat,
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
    landscaping: engine.landscaping.map((f) => ({
      kind: f.kind,
      outer: f.outer.map(([x, y]) => [round2(x), round2(y)] as [number, number]),
      heightM: round2(f.heightM),
      heightSource: f.heightSource,
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
  // Surroundings made at last: the failure noted at creation no longer applies.
  await db.update(projects).set({ surroundsError: null }).where(eq(projects.id, projectId));
  return represent(row!, projectId);
}

/**
 * Builds and stores the surrounds without a permission check — for callers that decided already
 * (the route below; project creation with generateSurrounds and a map upload).
 */
export async function generateSurroundsFromUpload(deps: AppDeps, db: Db, projectId: number, input: GenerateOsm, createdBy: number | null): Promise<Surrounds> {
  const { lat, lon } = await projectOrigin(db, projectId, input);
  const { upload, text } = await projectUploadText(deps, db, projectId, input.upload_id, 'upload_id', MAX_MAP_BYTES);
  const source: MapSource = {
    text,
    formatHint: upload.format,
    sourceUploadId: upload.id,
    sourceFormat: upload.format === 'geojson' || text.trimStart().startsWith('{') ? 'geojson' : 'osm-xml',
    label: upload.filename,
    field: 'upload_id',
  };
  return storeSurrounds(deps, db, projectId, source, { lat, lon, radiusM: input.radius_m ?? DEFAULT_RADIUS_M }, createdBy);
}

/** The surrounds from the configured Overpass API (contexts/projects/surrounds/overpass.ts), without a permission check. */
export async function generateSurroundsFromOverpass(
  deps: AppDeps,
  db: Db,
  projectId: number,
  input: GenerateOverpass,
  createdBy: number | null,
): Promise<Surrounds> {
  const { lat, lon } = await projectOrigin(db, projectId, input);
  const settings = overpassSettings(deps);
  if (!settings)
    throw DomainError.detail('invalid', 'This installation does not fetch map data from OpenStreetMap (OVERPASS_URL is off); upload an .osm extract instead.');
  const text = await fetchOverpassXml(lat, lon, input.radius_m, settings);
  const source: MapSource = {
    text,
    formatHint: 'osm-xml',
    sourceUploadId: null,
    sourceFormat: 'overpass',
    label: `OpenStreetMap (${new URL(settings.url).host})`,
    field: 'radius_m',
  };
  return storeSurrounds(deps, db, projectId, source, { lat, lon, radiusM: input.radius_m }, createdBy);
}

export function overpassSettings(deps: AppDeps): OverpassSettings | null {
  const { OVERPASS_URL, OVERPASS_TIMEOUT_SECONDS, OVERPASS_MAX_BYTES } = deps.config;
  if (OVERPASS_URL === 'off') return null;
  return { url: OVERPASS_URL, timeoutSeconds: OVERPASS_TIMEOUT_SECONDS, maxBytes: OVERPASS_MAX_BYTES, userAgent: siteUserAgent(deps) };
}

export async function generateOverpassSurrounds(deps: AppDeps, db: Db, user: AuthUser, projectId: number, input: GenerateOverpass): Promise<Surrounds> {
  await requireChangeableProject(db, user, projectId);
  return generateSurroundsFromOverpass(deps, db, projectId, input, user.id);
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
  if (!row) throw DomainError.notFound();
  return getBytes(deps.blobStore, { container: row.container, name: row.name });
}
