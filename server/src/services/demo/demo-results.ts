/**
 * The demo project's computed results: on first start (with SEED_DEMO), the demo project gets a
 * scenario 'Demo district' — the seeded procedural district of engine/demo stored as geometry assets
 * (study, surrounds, landscaping, ground, presentation plane) — with a solar and a thermal-comfort
 * simulation, and their jobs are enqueued. The app is usable at once; the simulations show
 * 'running' until the workers have written real results.
 *
 * Safe on every start and with several servers starting together: blobs have fixed names, the
 * scenario is created under a row lock on the demo project and only when missing, and jobs carry
 * dedupe keys, so nothing is created or computed twice.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import { configurations, projects, simulations, studies } from '../../db/schema/index.ts';
import { generateDemoDistrict, DEMO_DISTRICT_DEFAULT_SEED, type DemoObject } from '@canopy/engine/demo/district.ts';
import { presentationPlane } from '@canopy/engine/demo/presentation-plane.ts';
import type { IndexedMesh } from '@canopy/engine/demo/mesh-builders.ts';
import { geometryAssetRow, insertGeometryAssets, putGeometryGlb } from '../analyses/geometry-assets.ts';
import { ANALYSIS_JOB_TYPES, solarSettingsSchema, thermalSettingsSchema } from '../analyses/settings.ts';
import { setSimulationStatus } from '../analyses/job-run.ts';
import { BACKGROUND_PRIORITY } from '../../jobs/queue.ts';

export const DEMO_SCENARIO_NAME = 'Demo district';

/**
 * Presentation-plane spacing of the demo: 3 m gives ~5,700 points, for which both jobs finish in
 * about a minute on one worker thread of a 2-core machine (docs/analyses.md) while the maps stay
 * smooth at district scale.
 */
export const DEMO_PLANE_SPACING_M = 3;

/** The demo's simulations: category, job type and the settings its job runs with. */
const DEMO_SIMULATIONS = [
  { category: 'solar', jobType: ANALYSIS_JOB_TYPES.solar, settings: solarSettingsSchema.parse({}) },
  { category: 'thermal-comfort', jobType: ANALYSIS_JOB_TYPES.thermal, settings: thermalSettingsSchema.parse({ siteTerrain: 'city' }) },
] as const;

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

export interface DemoResultsSeed {
  created: boolean;
  jobIds: number[];
}

export async function seedDemoResults(deps: DemoDeps, { spacingM = DEMO_PLANE_SPACING_M }: { spacingM?: number } = {}): Promise<DemoResultsSeed> {
  const db = deps.database.db;
  const [project] = await db.select({ id: projects.id }).from(projects).where(eq(projects.isDemo, true)).orderBy(asc(projects.id)).limit(1);
  if (!project) return { created: false, jobIds: [] };

  const findScenario = () =>
    db
      .select({ id: configurations.id })
      .from(configurations)
      .where(and(eq(configurations.projectId, project.id), eq(configurations.name, DEMO_SCENARIO_NAME)));
  let created = false;
  if ((await findScenario()).length === 0) {
    const files = await writeDemoGeometry(deps, spacingM);
    created = await db.transaction(async (tx) => {
      await tx.execute(sql`select id from ${projects} where ${projects.id} = ${project.id} for update`);
      const [existing] = await tx
        .select({ id: configurations.id })
        .from(configurations)
        .where(and(eq(configurations.projectId, project.id), eq(configurations.name, DEMO_SCENARIO_NAME)));
      if (existing) return false; // another server got here first
      let [study] = await tx.select({ id: studies.id }).from(studies).where(eq(studies.projectId, project.id)).orderBy(asc(studies.id)).limit(1);
      study ??= (await tx.insert(studies).values({ projectId: project.id, name: 'Study 1' }).returning({ id: studies.id }))[0]!;
      const [configuration] = await tx
        .insert(configurations)
        .values({
          projectId: project.id,
          studyId: study.id,
          name: DEMO_SCENARIO_NAME,
          status: 'submitted',
          form: { generator: 'demo', planeSpacingM: spacingM },
        })
        .returning({ id: configurations.id });
      for (const demo of DEMO_SIMULATIONS) {
        const [simulation] = await tx
          .insert(simulations)
          .values({
            configurationId: configuration!.id,
            category: demo.category,
            status: 'running',
            statusText: 'Computing the demo results…',
            cfdParameters: { analysis: demo.settings },
          })
          .returning({ id: simulations.id });
        await insertGeometryAssets(
          tx,
          files.map((f) => geometryAssetRow(simulation!.id, f.type, f.filename, f.blobKey)),
        );
      }
      return true;
    });
  }

  // Enqueue (again) on every start: the dedupe keys make this a no-op once the jobs exist.
  const [scenario] = await findScenario();
  if (!scenario) return { created, jobIds: [] };
  const rows = await db.select({ id: simulations.id, category: simulations.category }).from(simulations).where(eq(simulations.configurationId, scenario.id));
  const jobIds: number[] = [];
  for (const demo of DEMO_SIMULATIONS) {
    const simulation = rows.find((r) => r.category === demo.category);
    if (!simulation) continue;
    const input = { projectId: project.id, configurationId: scenario.id, simulationId: simulation.id, settings: demo.settings };
    // Nobody waits for the demo: its jobs go after (and beside) what people queue.
    const job = await deps.jobs.enqueue(demo.jobType, input, { dedupeKey: `demo:${demo.category}:simulation-${simulation.id}`, priority: BACKGROUND_PRIORITY });
    if (job.status === 'queued' && job.attempts === 0) await setSimulationStatus(db, simulation.id, 'running', 'Computing the demo results…');
    jobIds.push(job.id);
  }
  return { created, jobIds };
}
