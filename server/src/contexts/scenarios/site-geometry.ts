/**
 * Geometry a scenario gets without an upload: the project's surroundings (buildings
 * generated from OpenStreetMap in Resources), used when the scenario asks for them
 * (`project_surrounds`, the default) and uploads no surrounds file, less the mapped buildings that
 * stand where the study stands; and a pedestrian plane generated over the site when it uploads no
 * presentation plane (`pedestrian_plane`, default 1.5 m every 2 m). Both become ordinary geometry
 * assets — what the viewer draws and the analyses cast rays against — marked `metadata.generated`
 * so a retried approval finds them (blob names are fixed per scenario).
 *
 * The trees, woods and green areas mapped with the project's surroundings come with them, as the
 * scenario's landscaping, unless the scenario uploads landscaping of its own: then the user has
 * modelled the planting, and OpenStreetMap's would stand twice.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { BlobStore } from '../../blobs/blob-store.ts';
import type { assets } from '../../db/schema/index.ts';
import { projectSurrounds } from '../../db/schema/index.ts';
import { DomainError } from '../../kernel/domain-errors.ts';
import type { PedestrianPlane } from '@canopy/contract/scenarios.ts';
import { readResultGlb } from '@canopy/engine/results/glb.ts';
import { surroundsForSite, type SiteSurrounds, type SurroundsMesh } from '@canopy/engine/geometry/site/site-surrounds.ts';
import { PlaneError, pedestrianPlane } from '@canopy/engine/geometry/site/pedestrian-plane.ts';
import { geometryAssetRow, putGeometryGlb } from '../compute/index.ts';
import { getBytes } from '../../blobs/blob-io.ts';

export type GeneratedGeometry = 'project-surrounds' | 'project-landscaping' | 'pedestrian-plane';

/** The project's surroundings as the site map and the wizard describe them, or null when it has none. */
export async function projectSurroundsSummary(db: Db, projectId: number): Promise<{ id: number; buildingCount: number; createdAt: Date } | null> {
  const [row] = await db
    .select({ id: projectSurrounds.id, buildingCount: projectSurrounds.buildingCount, createdAt: projectSurrounds.createdAt })
    .from(projectSurrounds)
    .where(eq(projectSurrounds.projectId, projectId));
  return row ?? null;
}

const fmt = (n: number) => String(Math.round(n * 100) / 100);

export function pedestrianPlaneName(plane: PedestrianPlane): string {
  return `Pedestrian plane ${fmt(plane.height_m)} m (generated, ${fmt(plane.spacing_m)} m spacing)`;
}

export const PROJECT_SURROUNDS_NAME = 'Surroundings from OpenStreetMap';
const PROJECT_LANDSCAPING_NAME = 'Trees and green areas from OpenStreetMap';

/** Picks the project's buildings that stand clear of the study: approval runs it in the heavy-work pool. */
export type SiteSurroundsFn = (
  mesh: SurroundsMesh,
  footprints: ReadonlyArray<{ outer: ReadonlyArray<readonly [number, number]> }>,
  study: Float32Array,
  landscaping: ReadonlyArray<{ outer: ReadonlyArray<readonly [number, number]> }>,
) => Promise<SiteSurrounds>;

const siteSurroundsHere: SiteSurroundsFn = async (mesh, footprints, study, landscaping) => surroundsForSite(mesh, footprints, study, landscaping);

interface SiteInput {
  projectId: number;
  configurationId: number;
  simulationId: number;
  version: string;
  /** Triangle soups of the scenario's uploads by role. */
  soups: { study: Float32Array[]; surrounds: Float32Array[]; ground: Float32Array[]; mitigations: Float32Array[]; landscaping: Float32Array[] };
  useProjectSurrounds: boolean;
  plane: PedestrianPlane | null;
  /** Where the surroundings are cut around the study (default: on this thread). */
  siteSurrounds?: SiteSurroundsFn;
}

type AssetInsert = typeof assets.$inferInsert;

function concat(parts: readonly Float32Array[]): Float32Array {
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function generatedRow(
  simulationId: number,
  type: string,
  filename: string,
  key: string,
  generated: GeneratedGeometry,
  extra: Record<string, unknown>,
): AssetInsert {
  const row = geometryAssetRow(simulationId, type, filename, key);
  return { ...row, metadata: { ...(row.metadata as object), generated, ...extra } };
}

/** The rows (blobs already written) of the geometry the scenario gets without uploads. */
export async function prepareSiteGeometry(db: Db, store: BlobStore, input: SiteInput): Promise<AssetInsert[]> {
  const out: AssetInsert[] = [];
  const study = concat(input.soups.study);
  let projectBuildings: Float32Array = new Float32Array(0);
  let projectGround: Float32Array = new Float32Array(0);

  if (input.useProjectSurrounds && input.soups.surrounds.length === 0) {
    const [row] = await db.select().from(projectSurrounds).where(eq(projectSurrounds.projectId, input.projectId));
    if (row) {
      const glb = await readResultGlb(await getBytes(store, { container: row.blobContainer, name: row.blobName }));
      const site = await (input.siteSurrounds ?? siteSurroundsHere)(
        {
          positions: glb.positions,
          indices: glb.indices ?? new Uint32Array(0),
          role: glb.fields.role ?? new Float32Array(0),
          building: glb.fields.building ?? new Float32Array(0),
        },
        row.footprints,
        study,
        row.landscaping,
      );
      projectBuildings = site.buildingSoup;
      projectGround = site.groundSoup;
      const key = await putGeometryGlb(store, `scenarios/configuration-${input.configurationId}/project-surrounds.glb`, site, {
        engine: 'canopy',
        version: input.version,
        source: 'OpenStreetMap (project surroundings)',
      });
      out.push(
        generatedRow(input.simulationId, 'surrounds', PROJECT_SURROUNDS_NAME, key, 'project-surrounds', {
          role: 'surrounds',
          surrounds_id: row.id,
          building_count: site.kept,
          removed_buildings: site.removed.length,
          surrounds_created_at: row.createdAt.toISOString(),
        }),
      );
      if (input.soups.landscaping.length === 0 && site.landscaping.indices.length > 0) {
        const greenKey = await putGeometryGlb(store, `scenarios/configuration-${input.configurationId}/project-landscaping.glb`, site.landscaping, {
          engine: 'canopy',
          version: input.version,
          source: 'OpenStreetMap (trees and green areas with the project surroundings)',
        });
        out.push(
          generatedRow(input.simulationId, 'landscaping', PROJECT_LANDSCAPING_NAME, greenKey, 'project-landscaping', {
            role: 'landscaping',
            surrounds_id: row.id,
            feature_count: site.landscapingKept,
            // What stood on the study, by kind, for the QA report to name.
            removed_features: site.removedLandscaping.map((i) => row.landscaping[i]?.kind ?? 'feature'),
            surrounds_created_at: row.createdAt.toISOString(),
          }),
        );
      }
    }
  }

  if (input.plane) {
    const ground = input.soups.ground.length ? concat(input.soups.ground) : projectGround;
    let plane;
    try {
      plane = pedestrianPlane({
        study,
        obstacles: concat([...input.soups.surrounds, ...input.soups.mitigations, projectBuildings]),
        ground,
        heightM: input.plane.height_m,
        spacingM: input.plane.spacing_m,
        marginM: input.plane.margin_m,
      });
    } catch (error) {
      if (error instanceof PlaneError) throw DomainError.field(error.field === 'study' ? 'geometry.study' : `pedestrian_plane.${error.field}`, error.message);
      throw error;
    }
    if (plane.indices.length === 0)
      throw DomainError.field(
        'pedestrian_plane',
        'No pedestrian plane fits around the buildings: every point is inside a building or off the ground. Lower the spacing or widen the margin.',
      );
    const key = await putGeometryGlb(store, `scenarios/configuration-${input.configurationId}/pedestrian-plane.glb`, plane, {
      engine: 'canopy',
      version: input.version,
      source: 'generated pedestrian plane',
    });
    out.push(
      generatedRow(input.simulationId, 'presentation_plane', pedestrianPlaneName(input.plane), key, 'pedestrian-plane', {
        role: 'presentation_planes',
        height_m: input.plane.height_m,
        spacing_m: input.plane.spacing_m,
        margin_m: input.plane.margin_m,
        points: plane.positions.length / 3,
        points_removed: plane.removed,
      }),
    );
  }
  return out;
}
