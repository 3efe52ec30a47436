/**
 * The analyses' part of the authorization world: a scenario of the world's project with a
 * wind simulation that has per-direction speed-up ratio assets (rows only: submit-postprocessing
 * checks rows, the job — never run in the matrix — would read the files), and a job of the project.
 */
import type { AppDeps } from '../src/deps.ts';
import { assets, configurations, simulations } from '../src/db/schema/index.ts';
import { ANALYSIS_JOB_TYPES } from '../src/contexts/compute/analyses/settings.ts';

export interface WorldAnalyses {
  configurationId: number;
  simulationId: number;
  jobId: number;
}

export async function buildWorldAnalyses(deps: AppDeps, projectId: number, studyId: number): Promise<WorldAnalyses> {
  const db = deps.database.db;
  const [configuration] = await db.insert(configurations).values({ projectId, studyId, name: 'Wind scenario' }).returning({ id: configurations.id });
  const [simulation] = await db.insert(simulations).values({ configurationId: configuration!.id, category: 'wind-comfort' }).returning({ id: simulations.id });
  await db.insert(assets).values(
    [0, 90, 180, 270].map((deg) => ({
      simulationId: simulation!.id,
      layerType: 'data',
      analysisType: 'wind-directional',
      metric: 'speed-ratio',
      windDirection: String(deg),
      filename: `direction-${deg}.glb`,
      blobKey: `assets/world/direction-${deg}.glb`,
      metadata: { field: 'speedRatio' },
    })),
  );
  const job = await deps.jobs.enqueue(ANALYSIS_JOB_TYPES.solar, { projectId, configurationId: configuration!.id, simulationId: simulation!.id });
  return { configurationId: configuration!.id, simulationId: simulation!.id, jobId: job.id };
}
