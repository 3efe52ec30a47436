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
import { eq } from 'drizzle-orm';
import { simulations } from '../../../db/schema/index.ts';
import { demoJobKey } from './demo-job-key.ts';
import { ensureDemoScenario, type DemoDeps } from './demo-scenario.ts';
import { ANALYSIS_JOB_TYPES, solarSettingsSchema, thermalSettingsSchema } from '../analyses/settings.ts';
import { setSimulationStatus } from '../analyses/job-run.ts';
import { BACKGROUND_PRIORITY } from '../../../jobs/queue.ts';

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

export interface DemoResultsSeed {
  created: boolean;
  jobIds: number[];
}

export async function seedDemoResults(deps: DemoDeps, { spacingM = DEMO_PLANE_SPACING_M }: { spacingM?: number } = {}): Promise<DemoResultsSeed> {
  const db = deps.database.db;
  const seeded = await ensureDemoScenario(deps, {
    name: DEMO_SCENARIO_NAME,
    spacingM,
    status: 'submitted',
    form: { generator: 'demo', planeSpacingM: spacingM },
    simulations: DEMO_SIMULATIONS.map((demo) => ({
      category: demo.category,
      status: 'running',
      statusText: 'Computing the demo results…',
      cfdParameters: { analysis: demo.settings },
    })),
  });
  if (!seeded) return { created: false, jobIds: [] };
  const { projectId, scenarioId, created } = seeded;
  // Enqueue (again) on every start: the dedupe keys make this a no-op once the jobs exist.
  if (scenarioId === null) return { created, jobIds: [] };
  const scenario = { id: scenarioId };
  const project = { id: projectId };
  const rows = await db.select({ id: simulations.id, category: simulations.category }).from(simulations).where(eq(simulations.configurationId, scenario.id));
  const jobIds: number[] = [];
  for (const demo of DEMO_SIMULATIONS) {
    const simulation = rows.find((r) => r.category === demo.category);
    if (!simulation) continue;
    const input = { projectId: project.id, configurationId: scenario.id, simulationId: simulation.id, settings: demo.settings };
    // Nobody waits for the demo: its jobs go after (and beside) what people queue.
    const job = await deps.jobs.enqueue(demo.jobType, input, { dedupeKey: demoJobKey(demo.category, simulation.id), priority: BACKGROUND_PRIORITY });
    if (job.status === 'queued' && job.attempts === 0) await setSimulationStatus(db, simulation.id, 'running', 'Computing the demo results…');
    jobIds.push(job.id);
  }
  return { created, jobIds };
}
