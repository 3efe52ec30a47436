/**
 * What a new project asked for at creation (SPEC §3 fetch_met, generateSurrounds), done off the
 * request path so creating a project never waits on a weather library or a map:
 * - fetch_met: the nearest suitable station is linked as soon as the project exists; a failure
 *   leaves SPEC §8's met_error on the project, as the manual fetch does.
 * - generateSurrounds with surrounds_radius_m: the buildings within that radius are fetched from
 *   OpenStreetMap's Overpass API (contexts/projects/surrounds/overpass.ts) once the project exists. When that
 *   fails (offline, the server busy) the project notes why (`surrounds_error`, fetch-failure.ts) for
 *   its card, overview and Resources to say, and the user fetches again or uploads an extract there.
 * - generateSurrounds otherwise: the map data can only arrive after the project exists (uploads
 *   belong to a project), so the first OpenStreetMap extract or GeoJSON uploaded to a project that
 *   asked for surrounds and has none yet is turned into its surrounds.
 */
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/database.ts';
import { projects, projectSurrounds } from '../../db/schema/index.ts';
import { runInBackground } from '../../jobs/background.ts';
import { fetchNearestStation } from './weather/fetch-met.ts';
import { generateSurroundsFromOverpass, generateSurroundsFromUpload } from './surrounds/surrounds.ts';
import { noteSurroundsFailure } from './surrounds/fetch-failure.ts';

const MAP_FORMATS = new Set(['osm-xml', 'geojson']);

export function fetchMetAfterCreate(deps: AppDeps, db: Db, projectId: number, userId: number): void {
  runInBackground(deps, `fetch-met for project ${projectId}`, async () => {
    // The failure is already recorded on the project (met_error) for the card to show.
    await fetchNearestStation(deps, db, projectId, userId).catch(() => undefined);
  });
}

export function surroundsFromOverpassAfterCreate(deps: AppDeps, db: Db, projectId: number, userId: number, radiusM: number): void {
  runInBackground(deps, `surrounds from OpenStreetMap for project ${projectId}`, async () => {
    try {
      await generateSurroundsFromOverpass(deps, db, projectId, { radius_m: radiusM }, userId);
    } catch (error) {
      await noteSurroundsFailure(db, projectId, error);
      throw error;
    }
  });
}

export function surroundsFromFirstMapUpload(
  deps: AppDeps,
  db: Db,
  upload: { id: number; projectId: number | null; format: string | null; uploadedBy: number | null },
): void {
  if (upload.projectId === null || !upload.format || !MAP_FORMATS.has(upload.format)) return;
  const projectId = upload.projectId;
  runInBackground(deps, `surrounds for project ${projectId}`, async () => {
    const [project] = await db.select({ wanted: projects.generateSurrounds, latitude: projects.latitude }).from(projects).where(eq(projects.id, projectId));
    if (!project?.wanted || project.latitude === null) return;
    const [existing] = await db.select({ id: projectSurrounds.id }).from(projectSurrounds).where(eq(projectSurrounds.projectId, projectId));
    if (existing) return;
    await generateSurroundsFromUpload(deps, db, projectId, { upload_id: upload.id }, upload.uploadedBy);
  });
}
