/**
 * The QA report's lines for the geometry Canopy made rather than the user uploaded (the
 * report said "surrounds: none" while the project's OpenStreetMap buildings were used): what was
 * made at approval, read from the assets, or — before approval — what will be made.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { assets, simulations } from '../../db/schema/index.ts';
import type { GeometryRole, ScenarioForm } from '@canopy/contract/scenarios.ts';
import { pedestrianPlaneName, projectSurroundsSummary } from './site-geometry.ts';

interface GeneratedMeta {
  generated?: string;
  building_count?: number;
  removed_buildings?: number;
  height_m?: number;
  spacing_m?: number;
  margin_m?: number;
  points?: number;
  feature_count?: number;
  removed_features?: string[];
}

const KIND_NAMES: Record<string, [string, string]> = {
  tree: ['tree', 'trees'],
  tree_row: ['tree row', 'tree rows'],
  wood: ['wood', 'woods'],
  park: ['park', 'parks'],
  grass: ['grass area', 'grass areas'],
};

/** "1 tree, 2 parks": the mapped features left out, counted by kind in the order first met. */
function kinds(list: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const kind of list) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  return [...counts]
    .map(([kind, n]) => {
      const [one, many] = KIND_NAMES[kind] ?? [kind, kind];
      return `${n} ${n === 1 ? one : many}`;
    })
    .join(', ');
}

function describe(filename: string, m: GeneratedMeta): string {
  if (m.generated === 'project-surrounds') {
    const removed = m.removed_buildings
      ? `; ${m.removed_buildings} mapped building${m.removed_buildings === 1 ? '' : 's'} where the study stands left out`
      : '';
    return `${filename} (the project's surroundings, ${m.building_count ?? 0} buildings${removed})`;
  }
  if (m.generated === 'project-landscaping') {
    const removed = m.removed_features?.length ? `; ${kinds(m.removed_features)} where the study stands left out` : '';
    return `${filename} (${m.feature_count ?? 0} trees and green areas mapped with the project's surroundings${removed})`;
  }
  return `${filename} (${m.points ?? 0} points, ${m.margin_m ?? 0} m beyond the study, clipped around the buildings)`;
}

/** Per role, the generated geometry assets of the scenario (after approval). */
export async function generatedGeometry(db: Db, configurationId: number): Promise<Map<GeometryRole, string>> {
  const rows = await db
    .select({ filename: assets.filename, metadata: assets.metadata })
    .from(assets)
    .where(
      and(
        inArray(assets.simulationId, db.select({ id: simulations.id }).from(simulations).where(eq(simulations.configurationId, configurationId))),
        eq(assets.layerType, 'geometry'),
        sql`${assets.metadata} ->> 'generated' is not null`,
      ),
    );
  const out = new Map<GeometryRole, string>();
  for (const row of rows) {
    const m = row.metadata as GeneratedMeta;
    out.set(
      m.generated === 'project-surrounds' ? 'surrounds' : m.generated === 'project-landscaping' ? 'landscaping' : 'presentation_planes',
      describe(row.filename, m),
    );
  }
  return out;
}

/** Before approval: what the scenario's form will have Canopy make for a role with no upload. */
export async function plannedGeometry(db: Db, projectId: number, role: GeometryRole, form: Partial<ScenarioForm>): Promise<string | null> {
  if (role === 'surrounds' && form.project_surrounds === true) {
    const summary = await projectSurroundsSummary(db, projectId);
    return summary ? `the project's surroundings from OpenStreetMap (${summary.buildingCount} buildings), added when submitted` : null;
  }
  if (role === 'presentation_planes' && form.pedestrian_plane) {
    return `${pedestrianPlaneName(form.pedestrian_plane)}, ${form.pedestrian_plane.margin_m} m beyond the study, generated when submitted`;
  }
  return null;
}
