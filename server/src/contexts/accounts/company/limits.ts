/**
 * A company's limits on shared resources, set by the operator per company or left at the
 * installation's defaults: jobs running at once (enforced where the queue claims: jobs/queue.ts),
 * analysis compute a calendar month (checked at approval), and stored bytes (checked when an upload
 * URL is issued, while an upload streams in, and before an import writes anything).
 *
 * What is counted, and why so:
 * - compute is the wall time of the company's job attempts that started this month (UTC), running
 *   ones up to now: a job's thread is what the company takes from the others, whatever its speed;
 * - storage is the bytes of the company's uploads (files, geometry, weather, results imported and
 *   archives' blobs), the bytes people send; the results Canopy computes are bounded by the compute.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import type { Config } from '../../../env.ts';
import { companies, jobs, projects, uploads } from '../../../db/schema/index.ts';
import { DomainError } from '../../../kernel/domain-errors.ts';
import { jobProjectId } from '../../../jobs/queue.ts';
import type { CompanyLimits, CompanyLimitsUpdate } from '@canopy/contract/operator.ts';

export type LimitDefaults = Pick<Config, 'COMPANY_MAX_RUNNING_JOBS' | 'COMPANY_MONTHLY_COMPUTE_HOURS' | 'COMPANY_STORAGE_GB'>;

const GB = 1024 ** 3;

export const defaultStorageBytes = (config: LimitDefaults): number => Math.round(config.COMPANY_STORAGE_GB * GB);

async function companyRow(db: Db, companyId: number) {
  const [row] = await db
    .select({ maxRunningJobs: companies.maxRunningJobs, monthlyComputeHours: companies.monthlyComputeHours, storageQuotaBytes: companies.storageQuotaBytes })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!row) throw DomainError.notFound();
  return row;
}

/** The first instant of `now`'s calendar month, UTC. */
export function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** Seconds of job time the company's attempts that started since `since` took (running ones until `now`). */
export async function computeSecondsSince(db: Db, companyId: number, since: Date, now: Date): Promise<number> {
  const result = await db.execute(sql`
    select coalesce(sum(extract(epoch from (coalesce(j.finished_at, ${now.toISOString()}::timestamptz) - j.started_at))), 0)::float8 as s
    from ${jobs} j join ${projects} p on p.id = ${jobProjectId('j')}
    where p.company_id = ${companyId} and j.started_at >= ${since.toISOString()}::timestamptz
      and (j.finished_at is not null or j.status = 'running')`);
  const rows = (result as unknown as { rows: Array<{ s: number | string }> }).rows;
  return Math.max(0, Number(rows[0]?.s ?? 0));
}

/** Bytes of the company's uploads. */
export async function storedBytes(db: Db, companyId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${uploads.size}), 0)` })
    .from(uploads)
    .innerJoin(projects, eq(projects.id, uploads.projectId))
    .where(eq(projects.companyId, companyId));
  return Number(row?.n ?? 0);
}

async function runningJobs(db: Db, companyId: number): Promise<number> {
  const result = await db.execute(sql`
    select count(*)::int as n from ${jobs} j join ${projects} p on p.id = ${jobProjectId('j')}
    where p.company_id = ${companyId} and j.status = 'running' and j.locked_until >= now()`);
  return Number((result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0);
}

/** The company's limits, each with whether it is the installation's default, and what it uses of them now. */
export async function companyLimits(db: Db, config: LimitDefaults, companyId: number, now: Date): Promise<CompanyLimits> {
  const row = await companyRow(db, companyId);
  const [running, seconds, bytes] = await Promise.all([
    runningJobs(db, companyId),
    computeSecondsSince(db, companyId, monthStart(now), now),
    storedBytes(db, companyId),
  ]);
  return {
    company_id: companyId,
    max_running_jobs: row.maxRunningJobs ?? config.COMPANY_MAX_RUNNING_JOBS,
    max_running_jobs_is_default: row.maxRunningJobs === null,
    running_jobs: running,
    monthly_compute_hours: row.monthlyComputeHours ?? config.COMPANY_MONTHLY_COMPUTE_HOURS,
    monthly_compute_hours_is_default: row.monthlyComputeHours === null,
    compute_hours_this_month: Math.round((seconds / 3600) * 100) / 100,
    storage_bytes: row.storageQuotaBytes ?? defaultStorageBytes(config),
    storage_bytes_is_default: row.storageQuotaBytes === null,
    stored_bytes: bytes,
  };
}

/** The operator's change: a number sets the company's own limit, null returns it to the default. */
export async function updateCompanyLimits(db: Db, config: LimitDefaults, companyId: number, change: CompanyLimitsUpdate, now: Date): Promise<CompanyLimits> {
  await companyRow(db, companyId);
  const set: Partial<typeof companies.$inferInsert> = {};
  if (change.max_running_jobs !== undefined) set.maxRunningJobs = change.max_running_jobs;
  if (change.monthly_compute_hours !== undefined) set.monthlyComputeHours = change.monthly_compute_hours;
  if (change.storage_bytes !== undefined) set.storageQuotaBytes = change.storage_bytes;
  await db.update(companies).set(set).where(eq(companies.id, companyId));
  return companyLimits(db, config, companyId, now);
}

const hours = (h: number) => `${h.toLocaleString('en-US', { maximumFractionDigits: 1 })} h`;
const gib = (bytes: number) => `${(bytes / GB).toLocaleString('en-US', { maximumFractionDigits: 2 })} GB`;

/** 429 when the company has used its month's compute: nothing new is approved until the next month or a higher limit. */
export async function requireComputeLeft(db: Db, config: LimitDefaults, companyId: number, now: Date): Promise<void> {
  const row = await companyRow(db, companyId);
  const limit = row.monthlyComputeHours ?? config.COMPANY_MONTHLY_COMPUTE_HOURS;
  const used = (await computeSecondsSince(db, companyId, monthStart(now), now)) / 3600;
  if (used < limit) return;
  throw DomainError.detail(
    'too-many',
    `Your company has used ${hours(used)} of its ${hours(limit)} of analysis compute this month; new analyses can start next month, or when the installation's operator raises the limit.`,
    { limit: 'monthly_compute_hours' },
  );
}

/** Bytes the company may still store (0 or more). */
export async function storageLeft(db: Db, config: LimitDefaults, companyId: number): Promise<number> {
  const row = await companyRow(db, companyId);
  const quota = row.storageQuotaBytes ?? defaultStorageBytes(config);
  return Math.max(0, quota - (await storedBytes(db, companyId)));
}

/** The 413 a company past its storage gets, with its numbers. */
export async function storageFullError(db: Db, config: LimitDefaults, companyId: number, wanted?: number): Promise<DomainError> {
  const row = await companyRow(db, companyId);
  const quota = row.storageQuotaBytes ?? defaultStorageBytes(config);
  const used = await storedBytes(db, companyId);
  const need = wanted === undefined ? '' : ` This needs ${gib(wanted)}.`;
  return DomainError.detail(
    'too-large',
    `Your company's storage is full: ${gib(used)} of ${gib(quota)} used.${need} Delete files you no longer need, or ask the installation's operator to raise the limit.`,
    { limit: 'storage_bytes' },
  );
}

/** The company a project belongs to (null for a project of no company, which no company limit covers), or 404. */
export async function projectCompany(db: Db, projectId: number): Promise<number | null> {
  const [row] = await db.select({ companyId: projects.companyId }).from(projects).where(eq(projects.id, projectId));
  if (!row) throw DomainError.notFound();
  return row.companyId;
}
