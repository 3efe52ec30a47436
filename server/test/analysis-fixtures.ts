/**
 * Fixtures for analysis job tests: a project with a scenario whose geometry is the tiny test scene of
 * engine/analyses/test-scene.ts (stored as GLB geometry assets), wind results for it, and a way to
 * run a handler directly on a real job row.
 */
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../src/deps.ts';
import { configurations, jobs, projects, simulations, studies } from '../src/db/schema/index.ts';
import type { CpuPool } from '../src/jobs/cpu-pool.ts';
import { createInlineCpuPool } from '../src/inline-cpu-pool.ts';
import type { JobContext, JobHandler } from '../src/jobs/worker.ts';
import { enqueueJob, type JobRow } from '../src/jobs/queue.ts';
import type { AnalysisServices } from '../src/contexts/compute/analyses/job-run.ts';
import { geometryAssetRow, insertGeometryAssets, putGeometryGlb } from '../src/contexts/compute/analyses/geometry-assets.ts';
import { ASSETS_CONTAINER, formatBlobKey, putBytes } from '../src/blobs/blob-io.ts';
import { createWeatherLibrary, weatherLibraryDir } from '../src/contexts/projects/weather/library.ts';
import { assets } from '../src/db/schema/index.ts';
import { testScene } from '@canopy/engine/analyses/test-scene.ts';
import { generateDemoDistrict } from '@canopy/engine/demo/district.ts';
import { presentationPlane } from '@canopy/engine/demo/presentation-plane.ts';
import { writeResultGlb } from '@canopy/engine/results/glb.ts';

export interface AnalysisScenario {
  projectId: number;
  studyId: number;
  configurationId: number;
  simulationId: number;
}

/** A project (Chicago, no company) with one scenario and one simulation of `category`. */
export async function createScenario(deps: AppDeps, category: string, projectId?: number): Promise<AnalysisScenario> {
  const db = deps.database.db;
  const project =
    projectId ?? (await db.insert(projects).values({ name: 'Analysis test', latitude: 41.98, longitude: -87.92 }).returning({ id: projects.id }))[0]!.id;
  const [study] = await db.insert(studies).values({ projectId: project, name: 'Study 1' }).returning({ id: studies.id });
  const [configuration] = await db
    .insert(configurations)
    .values({ projectId: project, studyId: study!.id, name: 'Scenario' })
    .returning({ id: configurations.id });
  const [simulation] = await db.insert(simulations).values({ configurationId: configuration!.id, category }).returning({ id: simulations.id });
  return { projectId: project, studyId: study!.id, configurationId: configuration!.id, simulationId: simulation!.id };
}

export async function addSimulation(deps: AppDeps, configurationId: number, category: string): Promise<number> {
  const [simulation] = await deps.database.db.insert(simulations).values({ configurationId, category }).returning({ id: simulations.id });
  return simulation!.id;
}

/** The test scene's ground, roof and presentation plane as geometry assets of a simulation. */
export async function addTestGeometry(deps: AppDeps, simulationId: number): Promise<void> {
  const scene = testScene();
  const provenance = { engine: 'canopy', version: 'test' };
  const rows = [];
  for (const [type, mesh] of [
    ['ground', scene.ground],
    ['study', scene.roof],
    ['presentation_plane', scene.plane],
  ] as const) {
    const key = await putGeometryGlb(deps.blobStore, `test/simulation-${simulationId}/${type}.glb`, mesh, provenance);
    rows.push(geometryAssetRow(simulationId, type, `${type}.glb`, key));
  }
  await insertGeometryAssets(deps.database.db, rows);
}

/** The demo district (all of it as one 'surrounds' mesh) and its presentation plane at `spacingM`. */
export async function addDistrictGeometry(deps: AppDeps, simulationId: number, spacingM: number): Promise<number> {
  const district = generateDemoDistrict();
  const plane = presentationPlane(district, { spacingM });
  const soup = district.triangles;
  const surrounds = { positions: soup, indices: Uint32Array.from({ length: soup.length / 3 }, (_, i) => i) };
  const provenance = { engine: 'canopy', version: 'test' };
  const rows = [];
  for (const [type, mesh] of [
    ['surrounds', surrounds],
    ['presentation_plane', { positions: plane.points, indices: plane.triangles }],
  ] as const) {
    const key = await putGeometryGlb(deps.blobStore, `test/district-${simulationId}/${type}.glb`, mesh, provenance);
    rows.push(geometryAssetRow(simulationId, type, `${type}.glb`, key));
  }
  await insertGeometryAssets(deps.database.db, rows);
  return plane.points.length / 3;
}

/** Speed-up ratio layers (one per direction) on the test scene's plane points: γ = ratio(point, direction). */
export async function addSpeedRatios(
  deps: AppDeps,
  simulationId: number,
  directionsDeg: number[],
  ratio: (point: number, direction: number) => number,
): Promise<void> {
  const { plane } = testScene();
  const points = plane.positions.length / 3;
  for (const [i, deg] of directionsDeg.entries()) {
    const speedRatio = Float32Array.from({ length: points }, (_, p) => ratio(p, i));
    const bytes = await writeResultGlb({
      positions: plane.positions,
      indices: plane.indices,
      fields: { speedRatio },
      metadata: { analysis: 'wind-directional', metric: 'speed-ratio', units: '', provenance: { engine: 'test-solver', version: '1' } },
    });
    const key = { container: ASSETS_CONTAINER, name: `ingested/simulation-${simulationId}/direction-${deg}.glb` };
    await putBytes(deps.blobStore, key, bytes);
    await deps.database.db.insert(assets).values({
      simulationId,
      layerType: 'data',
      analysisType: 'wind-directional',
      metric: 'speed-ratio',
      windDirection: String(deg),
      filename: `direction-${deg}.glb`,
      blobKey: formatBlobKey(key),
      metadata: { field: 'speedRatio', units: '' },
    });
  }
}

export function analysisServices(deps: AppDeps, cpu: CpuPool = createInlineCpuPool()): AnalysisServices {
  return { blobStore: deps.blobStore, cpu, weather: createWeatherLibrary(weatherLibraryDir(deps.config)), version: 'test', log: () => {} };
}

export interface DirectRun {
  job: JobRow;
  progress: Array<{ percent: number; message?: string }>;
  result: unknown;
}

/** Runs a handler on a job row, as a worker would (claimed: attempts counted, status running). */
export async function runHandlerDirectly(deps: AppDeps, handler: JobHandler, job: JobRow, signal = new AbortController().signal): Promise<DirectRun> {
  const db = deps.database.db;
  const [claimed] = await db
    .update(jobs)
    .set({ status: 'running', attempts: job.attempts + 1 })
    .where(eq(jobs.id, job.id))
    .returning();
  const progress: DirectRun['progress'] = [];
  const context: JobContext = { job: claimed!, db, signal, progress: async (percent, message) => void progress.push({ percent, message }) };
  const result = await handler(context);
  return { job: claimed!, progress, result };
}

export async function enqueueAnalysis(deps: AppDeps, type: string, input: unknown, maxAttempts = 3): Promise<JobRow> {
  return enqueueJob(deps.database.db, type, input, { maxAttempts });
}
