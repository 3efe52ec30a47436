/**
 * submit-postprocessing/: turns a wind simulation's ingested speed-up ratios into comfort results.
 * Checks that the user may change the project, that the scenario and simulation belong to it, and
 * that the per-direction speed-up ratio layers exist; then enqueues the wind-comfort job. A request
 * identical to a job still waiting or running returns that job instead of a second one.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import type { AuthUser } from '../../../kernel/auth-user.ts';
import type { JobQueue } from '../../../jobs/job-queue.ts';
import { configurations, jobs, simulations } from '../../../db/schema/index.ts';
import { DomainError, zodToFieldErrors } from '../../../kernel/domain-errors.ts';
import { CRITERIA } from '@canopy/engine/wind/criteria.ts';
import { requireChangeableProject, resolveCriteria, type WeatherLibrary } from '../../projects/index.ts';
import { ANALYSIS_JOB_TYPES, windComfortSettingsSchema, type WindComfortJobInput } from './settings.ts';
import { speedRatioAssets } from './wind-results.ts';
import { setSimulationStatus } from './job-run.ts';

export interface PostprocessingRequest {
  criteria: string[];
  seasons?: Array<{ id: string; name: string; months?: number[]; from?: { month: number; day: number }; to?: { month: number; day: number } }>;
  time_windows?: Array<{ id: string; name: string; window: string }>;
  weather_id?: string;
}

/** JSON with object keys sorted: jsonb does not keep key order, so plain JSON.stringify would differ. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

export async function submitPostprocessing(
  db: Db,
  queue: JobQueue,
  weather: WeatherLibrary,
  user: AuthUser,
  ids: { projectId: number; configurationId: number; simulationId: number },
  body: PostprocessingRequest,
): Promise<{ job_id: number; status: string }> {
  const access = await requireChangeableProject(db, user, ids.projectId);
  const [row] = await db
    .select({ id: simulations.id })
    .from(simulations)
    .innerJoin(configurations, eq(configurations.id, simulations.configurationId))
    .where(and(eq(simulations.id, ids.simulationId), eq(configurations.id, ids.configurationId), eq(configurations.projectId, ids.projectId)));
  if (!row) throw DomainError.notFound();

  const ratios = await speedRatioAssets(db, [ids.simulationId]);
  if (ratios.length === 0) {
    throw DomainError.detail(
      'invalid',
      'This simulation has no per-direction speed-up ratio results to post-process: ingest one asset per wind direction with metadata.field "speedRatio" and wind_direction set.',
      {
        missing: ['speedRatio assets'],
      },
    );
  }

  const parsed = windComfortSettingsSchema.safeParse({ criteria: body.criteria, seasons: body.seasons, timeWindows: body.time_windows });
  if (!parsed.success) {
    // Report with the request's field names.
    const errors = zodToFieldErrors(parsed.error);
    throw DomainError.fields(Object.fromEntries(Object.entries(errors).map(([key, messages]) => [key.replace(/^timeWindows/, 'time_windows'), messages])));
  }
  // Weather problems are the user's to fix now, not a job failure later.
  const files = await weather.list();
  if (files.length === 0) throw DomainError.detail('invalid', 'No weather file is available for the analysis: add an EPW file to the weather library.');
  if (body.weather_id !== undefined && !files.some((f) => f.id === body.weather_id)) {
    throw DomainError.field('weather_id', `"${body.weather_id}" is not a weather file of the library.`);
  }
  // Company tables: the caller's company's or the project's company's, copied into the job.
  const { criteria, unknown } = await resolveCriteria(db, parsed.data.criteria, [user.companyId, access.companyId]);
  if (unknown.length) throw DomainError.fields({ criteria: unknown.map((id) => `"${id}" is not a valid choice.`) });
  const tables = criteria.filter((c) => !CRITERIA.some((b) => b.id === c.id));
  const settings = { ...parsed.data, ...(tables.length ? { tables } : {}) };
  const input: WindComfortJobInput = { ...ids, settings, ...(body.weather_id ? { weatherId: body.weather_id } : {}) };

  const pending = await db
    .select({ id: jobs.id, status: jobs.status, input: jobs.input })
    .from(jobs)
    .where(
      and(
        eq(jobs.type, ANALYSIS_JOB_TYPES.windComfort),
        inArray(jobs.status, ['queued', 'running']),
        sql`${jobs.input} ->> 'simulationId' = ${String(ids.simulationId)}`,
      ),
    );
  const same = pending.find((job) => canonical(job.input) === canonical(input));
  if (same) return { job_id: same.id, status: same.status };

  const job = await queue.enqueue(ANALYSIS_JOB_TYPES.windComfort, input);
  await setSimulationStatus(db, ids.simulationId, 'queued', 'Wind comfort: queued');
  return { job_id: job.id, status: job.status };
}
