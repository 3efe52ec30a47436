/**
 * A durable job queue in PostgreSQL (PGlite or a real server alike).
 *
 * - enqueue: one row per job; a dedupe key makes enqueueing idempotent.
 * - claim: a runnable job — queued, or running with an expired lease (its worker died) — taken
 *   with FOR UPDATE SKIP LOCKED so concurrent workers never take the same job: the highest
 *   priority first (the demo's jobs are background work), then the company with the fewest jobs
 *   running (companies take turns), then the oldest.
 * - while a handler runs, heartbeats extend the lease and record progress;
 * - complete/fail: only the lease holder may finish a job (a worker that lost its lease to another
 *   after a pause cannot overwrite the new attempt's outcome). A failure is retried with backoff
 *   until maxAttempts.
 * Handlers must be idempotent (a job may run twice after a crash): they write results keyed by the
 * job, replacing an earlier attempt's partial output.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { companies, jobs, projects } from '../db/schema/index.ts';

const MAX_INT = 2 ** 31 - 1;

/**
 * A job's project, from its input (every analysis job names it); a number that is no project's
 * id, or none, is no project. SQL over the job row `alias`.
 */
export const jobProjectId = (alias: string) =>
  sql.raw(`case when (${alias}.input ->> 'projectId') ~ '^[0-9]{1,9}$' then (${alias}.input ->> 'projectId')::int end`);

export type JobRow = typeof jobs.$inferSelect;

export interface EnqueueOptions {
  dedupeKey?: string;
  maxAttempts?: number;
  runAfter?: Date;
  /** Higher is claimed first; BACKGROUND_PRIORITY for work nobody waits for (default 0). */
  priority?: number;
}

/**
 * The priority of work nobody is waiting for (the demo's results on first start): claimed after
 * everything people queued, and never in a type's last free slot (worker.ts), so a new user's first
 * study starts at once instead of behind it.
 */
export const BACKGROUND_PRIORITY = -10;

export async function enqueueJob(db: Db, type: string, input: unknown, options: EnqueueOptions = {}): Promise<JobRow> {
  const values = {
    type,
    input: input as object,
    dedupeKey: options.dedupeKey ?? null,
    maxAttempts: options.maxAttempts ?? 3,
    ...(options.runAfter ? { runAfter: options.runAfter } : {}),
    ...(options.priority !== undefined ? { priority: options.priority } : {}),
  };
  if (options.dedupeKey) {
    const [inserted] = await db.insert(jobs).values(values).onConflictDoNothing({ target: jobs.dedupeKey }).returning();
    if (inserted) return inserted;
    const [existing] = await db.select().from(jobs).where(eq(jobs.dedupeKey, options.dedupeKey));
    return existing!;
  }
  const [row] = await db.insert(jobs).values(values).returning();
  return row!;
}

const sqlList = (values: readonly string[]) =>
  sql.join(
    values.map((t) => sql`${t}`),
    sql`, `,
  );

/**
 * Claims the next runnable job of the given types for `workerId` — the highest priority, then the
 * job of the company with the fewest jobs running now (so one company's long study does not hold
 * another's small run for hours: the companies take turns), then the oldest — or null when there
 * is none. Background jobs (priority below 0) only of
 * `backgroundTypes` (all of `types` unless given): the worker keeps a slot free of them. A company
 * with as many jobs running as its limit (its own, or `companyMaxRunning`) is passed over: its jobs
 * wait, the others' go on (contexts/accounts/company/limits.ts).
 */
export async function claimJob(
  db: Db,
  workerId: string,
  types: readonly string[],
  leaseMs: number,
  backgroundTypes: readonly string[] = types,
  companyMaxRunning: number = MAX_INT,
): Promise<JobRow | null> {
  if (types.length === 0) return null;
  const typeList = sqlList(types);
  const background = backgroundTypes.length ? sql`c.type in (${sqlList(backgroundTypes)})` : sql`false`;
  // A job's company is its project's; a job of no project counts as no company.
  const projectOf = jobProjectId;
  const result = await db.execute(sql`
    with running_by_company as (
      select p.company_id, count(*)::int as n
      from ${jobs} r join ${projects} p on p.id = ${projectOf('r')}
      where r.status = 'running' and r.locked_until >= now()
      group by p.company_id
    )
    update ${jobs} set
      status = 'running',
      attempts = ${jobs.attempts} + 1,
      locked_by = ${workerId},
      locked_until = now() + (${leaseMs} * interval '1 millisecond'),
      started_at = now(),
      updated_at = now()
    where ${jobs.id} = (
      select c.id from ${jobs} c
      left join ${projects} cp on cp.id = ${projectOf('c')}
      left join running_by_company rc on rc.company_id is not distinct from cp.company_id
      left join ${companies} co on co.id = cp.company_id
      where c.type in (${typeList})
        and (cp.company_id is null or coalesce(rc.n, 0) < coalesce(co.max_running_jobs, ${Math.min(companyMaxRunning, MAX_INT)}))
        and c.run_after <= now()
        and (c.status = 'queued' or (c.status = 'running' and c.locked_until < now()))
        and (c.priority >= 0 or ${background})
      order by c.priority desc, coalesce(rc.n, 0), c.id
      for update of c skip locked
      limit 1
    )
    returning id`);
  const rows = (result as unknown as { rows: Array<{ id: number }> }).rows;
  if (rows.length === 0) return null;
  const [job] = await db.select().from(jobs).where(eq(jobs.id, rows[0]!.id));
  return job ?? null;
}

const held = (id: number, workerId: string) => and(eq(jobs.id, id), eq(jobs.lockedBy, workerId), eq(jobs.status, 'running'));

/** Extends the lease and records progress; false when the lease was lost (stop working). */
export async function heartbeat(db: Db, id: number, workerId: string, leaseMs: number, progress?: { percent: number; message?: string }): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({
      lockedUntil: sql`now() + (${leaseMs} * interval '1 millisecond')`,
      updatedAt: sql`now()`,
      ...(progress ? { progress: Math.max(0, Math.min(100, Math.round(progress.percent))), progressMessage: progress.message ?? '' } : {}),
    })
    .where(held(id, workerId))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

export async function completeJob(db: Db, id: number, workerId: string, result: unknown): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({
      status: 'completed',
      progress: 100,
      result: result as object,
      error: null,
      lockedBy: null,
      lockedUntil: null,
      updatedAt: sql`now()`,
      finishedAt: sql`now()`,
    })
    .where(held(id, workerId))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Records a failure: retried after a backoff while attempts remain (unless `retry: false`), else failed for good. */
export async function failJob(db: Db, id: number, workerId: string, error: string, options: { retry?: boolean } = {}): Promise<'retry' | 'failed' | 'lost'> {
  const [job] = await db.select({ attempts: jobs.attempts, maxAttempts: jobs.maxAttempts }).from(jobs).where(held(id, workerId));
  if (!job) return 'lost';
  const retry = options.retry !== false && job.attempts < job.maxAttempts;
  const backoffMs = Math.min(60_000, 1000 * 2 ** (job.attempts - 1));
  await db
    .update(jobs)
    .set(
      retry
        ? {
            status: 'queued',
            error,
            lockedBy: null,
            lockedUntil: null,
            runAfter: sql`now() + (${backoffMs} * interval '1 millisecond')`,
            updatedAt: sql`now()`,
          }
        : { status: 'failed', error, lockedBy: null, lockedUntil: null, updatedAt: sql`now()`, finishedAt: sql`now()` },
    )
    .where(held(id, workerId));
  return retry ? 'retry' : 'failed';
}

export async function getJob(db: Db, id: number): Promise<JobRow | null> {
  const [job] = await db.select().from(jobs).where(eq(jobs.id, id));
  return job ?? null;
}
