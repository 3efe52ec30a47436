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
import { and, asc, eq, sql } from 'drizzle-orm';
import { configurations, projects, simulations, studies } from '../../db/schema/index.ts';
import { geometryAssetRow, insertGeometryAssets } from '../analyses/geometry-assets.ts';
import { setSimulationStatus } from '../analyses/job-run.ts';
import { CFD_WIND_JOB } from '../cfd/cfd-plan.ts';
import type { CfdWindJobInput } from '../cfd/cfd-jobs.ts';
import { DEMO_PLANE_SPACING_M, writeDemoGeometry, type DemoDeps } from './demo-results.ts';
import { BACKGROUND_PRIORITY } from '../../jobs/queue.ts';

export const DEMO_WIND_SCENARIO_NAME = 'Demo district wind (CFD)';

/**
 * The run: 8 directions, rapid tier, Lawson LDDC. Suburban terrain, not city: the district's towers
 * would call for 'city' (z0 = 2 m), but the solver's log-law wall cannot yet take a roughness length
 * equal to the first cell's centre height (2 m at the rapid tier); see docs/cfd-wind.md.
 */
export const DEMO_WIND = { windDirections: 8, tier: 'rapid', terrain: 'suburban', criteria: ['lawson-lddc'] } as const;

export async function seedDemoWind(
  deps: DemoDeps,
  { spacingM = DEMO_PLANE_SPACING_M }: { spacingM?: number } = {},
): Promise<{ created: boolean; jobId: number | null }> {
  const db = deps.database.db;
  const [project] = await db.select({ id: projects.id }).from(projects).where(eq(projects.isDemo, true)).orderBy(asc(projects.id)).limit(1);
  if (!project) return { created: false, jobId: null };
  const find = () =>
    db
      .select({ id: configurations.id })
      .from(configurations)
      .where(and(eq(configurations.projectId, project.id), eq(configurations.name, DEMO_WIND_SCENARIO_NAME)));
  let created = false;
  if ((await find()).length === 0) {
    const files = await writeDemoGeometry(deps, spacingM);
    created = await db.transaction(async (tx) => {
      await tx.execute(sql`select id from ${projects} where ${projects.id} = ${project.id} for update`);
      const [existing] = await tx
        .select({ id: configurations.id })
        .from(configurations)
        .where(and(eq(configurations.projectId, project.id), eq(configurations.name, DEMO_WIND_SCENARIO_NAME)));
      if (existing) return false;
      let [study] = await tx.select({ id: studies.id }).from(studies).where(eq(studies.projectId, project.id)).orderBy(asc(studies.id)).limit(1);
      study ??= (await tx.insert(studies).values({ projectId: project.id, name: 'Study 1' }).returning({ id: studies.id }))[0]!;
      const [configuration] = await tx
        .insert(configurations)
        .values({
          projectId: project.id,
          studyId: study.id,
          name: DEMO_WIND_SCENARIO_NAME,
          status: 'running',
          form: {
            generator: 'demo',
            engine: 'CFD',
            planeSpacingM: spacingM,
            wind_directions: DEMO_WIND.windDirections,
            cfd_tier: DEMO_WIND.tier,
            terrain: DEMO_WIND.terrain,
          },
        })
        .returning({ id: configurations.id });
      const [simulation] = await tx
        .insert(simulations)
        .values({ configurationId: configuration!.id, category: 'pedestrian_wind_comfort', status: 'running', statusText: 'Computing the demo wind (CFD)…' })
        .returning({ id: simulations.id });
      await insertGeometryAssets(
        tx,
        files.map((f) => geometryAssetRow(simulation!.id, f.type, f.filename, f.blobKey)),
      );
      return true;
    });
  }
  const [scenario] = await find();
  if (!scenario) return { created, jobId: null };
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
  const job = await deps.jobs.enqueue(CFD_WIND_JOB, input, { dedupeKey: `demo:cfd-wind:simulation-${simulation.id}`, priority: BACKGROUND_PRIORITY });
  if (job.status === 'queued' && job.attempts === 0) await setSimulationStatus(db, simulation.id, 'running', 'Computing the demo wind (CFD)…');
  return { created, jobId: job.id };
}
