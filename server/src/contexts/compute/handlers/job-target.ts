/**
 * Before an analysis job computes or writes anything: what it names must belong to the project
 * that queued it. A job's input is data (a row of the queue, possibly built from a stored
 * specification), so the handler checks it again when it runs rather than trusting whoever wrote
 * it:
 *
 * - the queue key the job was enqueued under names the simulation it was queued for
 *   (`scenario-simulation:N` at approval, `cfd-post:N:run` after a CFD run, `demo:…:simulation-N`
 *   for the demo); the input must name that same simulation. Jobs queued by the post-processing
 *   route have no key; any other key is refused;
 * - the simulation, its configuration and its project in the input are one chain in the database;
 * - the weather station it reads, if any, is one the project may use (one of its met sources, or a
 *   shared station).
 *
 * A job that fails these is refused for good (PermanentJobError) and has written nothing. A
 * simulation deleted since the job was queued is left to runAnalysisJob, which skips it.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { configurations, projectMetSources, simulations, weatherStations } from '../../../db/schema/index.ts';
import type { AnalysisTarget } from '../analyses/settings.ts';
import { PermanentJobError, type JobContext } from '../../../jobs/worker.ts';

const KEYS = [/^scenario-simulation:(\d+)$/, /^cfd-post:(\d+):[^:]+$/, /^demo:[a-z_-]+:simulation-(\d+)$/];

/** The simulation a queue key names; undefined for a key of no known shape. */
function simulationOfKey(key: string): number | undefined {
  for (const pattern of KEYS) {
    const match = pattern.exec(key);
    if (match) return Number(match[1]);
  }
  return undefined;
}

/** A station of the project's met sources, or a shared one (a station private to another project never). */
async function stationUsable(db: Db, projectId: number, stationId: number): Promise<boolean> {
  const [linked] = await db
    .select({ id: projectMetSources.id })
    .from(projectMetSources)
    .where(and(eq(projectMetSources.projectId, projectId), eq(projectMetSources.stationId, stationId)));
  if (linked) return true;
  const [shared] = await db
    .select({ id: weatherStations.id })
    .from(weatherStations)
    .where(and(eq(weatherStations.id, stationId), isNull(weatherStations.projectId)));
  return shared !== undefined;
}

/** Throws PermanentJobError when the job's input reaches outside the project that queued it. */
export async function checkJobTarget(context: JobContext, input: AnalysisTarget): Promise<void> {
  const { job, db } = context;
  const refuse = (why: string) => new PermanentJobError(`job ${job.id} (${job.type}) was refused, nothing was written: ${why}`);
  if (job.dedupeKey !== null) {
    const queuedFor = simulationOfKey(job.dedupeKey);
    if (queuedFor === undefined) throw refuse(`its queue key ${JSON.stringify(job.dedupeKey.slice(0, 100))} names no simulation`);
    if (queuedFor !== input.simulationId) throw refuse(`it was queued for simulation ${queuedFor} and its input names simulation ${input.simulationId}`);
  }
  const [row] = await db
    .select({ configurationId: simulations.configurationId, projectId: configurations.projectId })
    .from(simulations)
    .innerJoin(configurations, eq(configurations.id, simulations.configurationId))
    .where(eq(simulations.id, input.simulationId));
  if (row && (row.configurationId !== input.configurationId || row.projectId !== input.projectId)) {
    throw refuse(
      `simulation ${input.simulationId} belongs to configuration ${row.configurationId} of project ${row.projectId}, not to configuration ${input.configurationId} of project ${input.projectId}`,
    );
  }
  if (row && input.stationId !== undefined && !(await stationUsable(db, input.projectId, input.stationId))) {
    throw refuse(`weather station ${input.stationId} is not a met source of project ${input.projectId}, nor a shared station`);
  }
}
