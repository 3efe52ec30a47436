/**
 * The demo project's CFD wind: a scenario 'Demo district wind (CFD)' with a pedestrian-wind-comfort
 * simulation computed by Canopy's solver in the background after first start, like the demo's solar
 * and thermal comfort (demo-results.ts) — the app is usable at once and the simulation shows its
 * progress (direction i of n, phase, ETA) until the comfort maps are written.
 *
 * Kept cheap: 8 directions at the rapid tier (4 m cells), the district's 3 m plane. docs/cfd-wind.md
 * has the measured time. Safe on every start and with several servers: the scenario is created
 * under a row lock on the demo project only when missing, and the job carries a dedupe key.
 */
import { eq } from 'drizzle-orm';
import { simulations } from '../../../db/schema/index.ts';
import { setSimulationStatus } from '../analyses/job-run.ts';
import { CFD_WIND_JOB } from '../cfd/cfd-plan.ts';
import type { CfdWindJobInput } from '../cfd/cfd-jobs.ts';
import { DEMO_PLANE_SPACING_M } from './demo-results.ts';
import { demoJobKey } from './demo-job-key.ts';
import { ensureDemoScenario, type DemoDeps } from './demo-scenario.ts';
import { BACKGROUND_PRIORITY } from '../../../jobs/queue.ts';

export const DEMO_WIND_SCENARIO_NAME = 'Demo district wind (CFD)';

/**
 * The run: 8 directions, rapid tier, Lawson LDDC. Suburban terrain, not city: the district's towers
 * would call for 'city' (z0 = 2 m), but the solver's log-law wall cannot yet take a roughness length
 * equal to the first cell's centre height (2 m at the rapid tier); see docs/cfd-wind.md.
 */
export const DEMO_WIND = { windDirections: 8, tier: 'rapid', terrain: 'suburban', criteria: ['lawson-lddc'] } as const;

/**
 * What the demo's wind says until its planning job runs: it is background work, so on a fresh
 * install it waits for the demo's solar and thermal comfort, and for a user's own runs.
 */
export const DEMO_WIND_WAITING = 'Wind (CFD): waiting to start, after the jobs ahead of it';

export async function seedDemoWind(
  deps: DemoDeps,
  { spacingM = DEMO_PLANE_SPACING_M }: { spacingM?: number } = {},
): Promise<{ created: boolean; jobId: number | null }> {
  const db = deps.database.db;
  const seeded = await ensureDemoScenario(deps, {
    name: DEMO_WIND_SCENARIO_NAME,
    spacingM,
    status: 'running',
    form: {
      generator: 'demo',
      engine: 'CFD',
      planeSpacingM: spacingM,
      wind_directions: DEMO_WIND.windDirections,
      cfd_tier: DEMO_WIND.tier,
      terrain: DEMO_WIND.terrain,
    },
    simulations: [{ category: 'pedestrian_wind_comfort', status: 'running', statusText: DEMO_WIND_WAITING }],
  });
  if (!seeded) return { created: false, jobId: null };
  const { projectId, scenarioId, created } = seeded;
  if (scenarioId === null) return { created, jobId: null };
  const scenario = { id: scenarioId };
  const project = { id: projectId };
  const [simulation] = await db.select({ id: simulations.id }).from(simulations).where(eq(simulations.configurationId, scenario.id));
  if (!simulation) return { created, jobId: null };
  const input: CfdWindJobInput = {
    projectId: project.id,
    configurationId: scenario.id,
    simulationId: simulation.id,
    analysis: 'pedestrian_wind_comfort',
    tier: DEMO_WIND.tier,
    terrain: DEMO_WIND.terrain,
    windDirections: DEMO_WIND.windDirections,
    settings: { criteria: [...DEMO_WIND.criteria] },
  };
  // Enqueued again on every start: the dedupe key makes it a no-op once the job exists.
  // Background: a new user's first study goes first and beside it (jobs/queue.ts).
  const job = await deps.jobs.enqueue(CFD_WIND_JOB, input, { dedupeKey: demoJobKey('cfd-wind', simulation.id), priority: BACKGROUND_PRIORITY });
  if (job.status === 'queued' && job.attempts === 0) await setSimulationStatus(db, simulation.id, 'running', DEMO_WIND_WAITING);
  return { created, jobId: job.id };
}
