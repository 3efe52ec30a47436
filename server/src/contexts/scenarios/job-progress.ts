/**
 * How far Canopy's own analysis job is (the demo's thermal comfort once showed
 * "Running" for 15–20 minutes with no percentage or time left): the percentage the handler reports,
 * its message as the phase, and the time left extrapolated from the current attempt's elapsed time
 * (linear in the percentage, the way the handlers report: chunks of points, hours or directions).
 * Pure apart from `jobProgressByKey`, which reads the jobs; contexts/scenarios/status.ts uses both.
 */
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { jobs } from '../../db/schema/index.ts';
import type { SimulationProgress } from '@canopy/contract/scenarios.ts';

export interface JobProgressRow {
  status: string;
  progress: number;
  progressMessage: string;
  startedAt: Date | null;
  updatedAt: Date;
}

/** Below this share done, an extrapolation says more about start-up than about the run. */
const MIN_PERCENT_FOR_ETA = 2;

export function jobProgressView(job: JobProgressRow, now: Date): SimulationProgress | null {
  if (job.status !== 'running') return null;
  const percent = Math.max(0, Math.min(100, job.progress));
  const elapsedS = job.startedAt ? Math.max(0, (now.getTime() - job.startedAt.getTime()) / 1000) : Number.NaN;
  const eta = percent >= MIN_PERCENT_FOR_ETA && percent < 100 && Number.isFinite(elapsedS) ? (elapsedS * (100 - percent)) / percent : Number.NaN;
  return {
    percent,
    eta_s: Number.isFinite(eta) ? Math.round(eta) : null,
    phase: job.progressMessage || null,
    direction: null,
    updated_at: job.updatedAt.toISOString(),
  };
}

/**
 * The dedupe keys a simulation's analysis job may have: a submitted scenario's
 * (`scenario-simulation:<id>`, view.ts simulationJobKey) or, for the demo's results computed at
 * first start, the demo's (contexts/compute/demo/demo-results.ts) — so the demo's runs show their progress
 * too (that is the run that once showed no percentage).
 */
export function analysisJobKeys(sim: { id: number; category: string }): [string, string] {
  return [`scenario-simulation:${sim.id}`, `demo:${sim.category}:simulation-${sim.id}`];
}

/** The jobs behind these dedupe keys, by key. */
export async function jobProgressByKey(db: Db, keys: readonly string[]): Promise<Map<string, JobProgressRow>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({
      key: jobs.dedupeKey,
      status: jobs.status,
      progress: jobs.progress,
      progressMessage: jobs.progressMessage,
      startedAt: jobs.startedAt,
      updatedAt: jobs.updatedAt,
    })
    .from(jobs)
    .where(inArray(jobs.dedupeKey, [...keys]));
  return new Map(rows.map(({ key, ...row }) => [key!, row]));
}
