/**
 * A scenario of the demo project, made once: when the demo project has no scenario of that name, the
 * demo geometry is written and, under a row lock on the demo project (several servers may start at
 * once), the scenario is created in the project's first study (made when there is none) with its
 * simulations, each with the demo geometry. The demo's solar and thermal results (demo-results.ts)
 * and its CFD wind (demo-wind.ts) are two such scenarios; each then enqueues its own jobs.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../../deps.ts';
import { configurations, projects, simulations, studies } from '../../../db/schema/index.ts';
import { generateDemoDistrict, DEMO_DISTRICT_DEFAULT_SEED, type DemoObject } from '@canopy/engine/demo/district.ts';
import { presentationPlane } from '@canopy/engine/demo/presentation-plane.ts';
import type { IndexedMesh } from '@canopy/engine/demo/mesh-builders.ts';
import { geometryAssetRow, insertGeometryAssets, putGeometryGlb } from '../analyses/geometry-assets.ts';

export type DemoDeps = Pick<AppDeps, 'database' | 'blobStore' | 'jobs' | 'version'>;

function mergeMeshes(meshes: readonly IndexedMesh[]): IndexedMesh {
  const positions = new Float32Array(meshes.reduce((sum, m) => sum + m.positions.length, 0));
  const indices = new Uint32Array(meshes.reduce((sum, m) => sum + m.indices.length, 0));
  let vertexOffset = 0;
  let positionOffset = 0;
  let indexOffset = 0;
  for (const mesh of meshes) {
    positions.set(mesh.positions, positionOffset);
    for (let i = 0; i < mesh.indices.length; i++) indices[indexOffset + i] = mesh.indices[i]! + vertexOffset;
    positionOffset += mesh.positions.length;
    indexOffset += mesh.indices.length;
    vertexOffset += mesh.positions.length / 3;
  }
  return { positions, indices };
}

const meshesOf = (objects: readonly DemoObject[], role: DemoObject['role']) => mergeMeshes(objects.filter((o) => o.role === role).map((o) => o.mesh));

/** The district's geometry files by geometry_type (written once; fixed names; shared by the demo's scenarios). */
export async function writeDemoGeometry(deps: DemoDeps, spacingM: number): Promise<Array<{ type: string; filename: string; blobKey: string }>> {
  const seed = DEMO_DISTRICT_DEFAULT_SEED;
  const district = generateDemoDistrict(seed);
  const plane = presentationPlane(district, { spacingM });
  const parts: Array<[string, IndexedMesh]> = [
    ['study', meshesOf(district.buildings, 'study')],
    ['surrounds', meshesOf(district.buildings, 'surrounds')],
    ['landscaping', meshesOf(district.trees, 'landscaping')],
    ['ground', mergeMeshes([district.ground.streets, district.ground.plaza, district.ground.blocks])],
    ['presentation_plane', { positions: plane.points, indices: plane.triangles }],
  ];
  const provenance = { engine: 'canopy', version: deps.version, generator: 'engine/demo/district.ts', seed, planeSpacingM: spacingM };
  const files = [];
  for (const [type, mesh] of parts) {
    const filename = `${type}.glb`;
    files.push({ type, filename, blobKey: await putGeometryGlb(deps.blobStore, `demo/district-${seed}-${spacingM}m/${filename}`, mesh, provenance) });
  }
  return files;
}

export interface DemoScenarioSpec {
  name: string;
  spacingM: number;
  status: typeof configurations.$inferInsert.status;
  form: Record<string, unknown>;
  simulations: Omit<typeof simulations.$inferInsert, 'configurationId'>[];
}

/** The demo project and its scenario of that name (null without a demo project); `created` when this call made it. */
export async function ensureDemoScenario(
  deps: DemoDeps,
  spec: DemoScenarioSpec,
): Promise<{ projectId: number; scenarioId: number | null; created: boolean } | null> {
  const db = deps.database.db;
  const [project] = await db.select({ id: projects.id }).from(projects).where(eq(projects.isDemo, true)).orderBy(asc(projects.id)).limit(1);
  if (!project) return null;
  const sameName = and(eq(configurations.projectId, project.id), eq(configurations.name, spec.name));
  const find = () => db.select({ id: configurations.id }).from(configurations).where(sameName);
  let created = false;
  if ((await find()).length === 0) {
    const files = await writeDemoGeometry(deps, spec.spacingM);
    created = await db.transaction(async (tx) => {
      await tx.execute(sql`select id from ${projects} where ${projects.id} = ${project.id} for update`);
      const [existing] = await tx.select({ id: configurations.id }).from(configurations).where(sameName);
      if (existing) return false; // another server got here first
      let [study] = await tx.select({ id: studies.id }).from(studies).where(eq(studies.projectId, project.id)).orderBy(asc(studies.id)).limit(1);
      study ??= (await tx.insert(studies).values({ projectId: project.id, name: 'Study 1' }).returning({ id: studies.id }))[0]!;
      const [configuration] = await tx
        .insert(configurations)
        .values({ projectId: project.id, studyId: study.id, name: spec.name, status: spec.status, form: spec.form })
        .returning({ id: configurations.id });
      for (const values of spec.simulations) {
        const [simulation] = await tx
          .insert(simulations)
          .values({ ...values, configurationId: configuration!.id })
          .returning({ id: simulations.id });
        await insertGeometryAssets(
          tx,
          files.map((f) => geometryAssetRow(simulation!.id, f.type, f.filename, f.blobKey)),
        );
      }
      return true;
    });
  }
  const [scenario] = await find();
  return { projectId: project.id, scenarioId: scenario?.id ?? null, created };
}
