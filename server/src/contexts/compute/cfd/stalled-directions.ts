/**
 * A CFD run's directions whose worker stopped answering, so the run status can say so instead of
 * showing them "running" until something changes. A worker renews its job's lease every third of
 * the lease (jobs/worker.ts), and each renewal stamps `updated_at`; a direction whose last renewal
 * is older than two renewals has lost its worker (killed, or hung). When its lease ends, any worker
 * may claim it (jobs/queue.ts) and it resumes from its last checkpoint; a worker starting on the
 * same machine hands it back at once (jobs/dead-leases.ts).
 */
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { jobs } from '../../../db/schema/index.ts';
import type { StalledDirection } from '@canopy/contract/scenarios.ts';
import type { CfdRunState } from './run-state.ts';
import { directionJobKey } from './direction-job-key.ts';

export interface DirectionLease {
  /** 0-based direction index. */
  index: number;
  status: string;
  lockedUntil: Date | null;
  /** The last heartbeat (or progress write). */
  updatedAt: Date;
}

/** Renewals a live worker makes per lease (worker.ts beats every lease / 3). */
const BEATS_PER_LEASE = 3;
/** Missed renewals before a worker is taken for gone: one late beat is load, two is a stopped worker. */
const MISSED_BEATS = 2;

export function stalledDirections(leases: readonly DirectionLease[], directionsDeg: readonly number[], now: Date): StalledDirection[] {
  const stalled: StalledDirection[] = [];
  for (const lease of leases) {
    if (lease.status !== 'running' || !lease.lockedUntil) continue;
    const leaseMs = lease.lockedUntil.getTime() - lease.updatedAt.getTime();
    if (!(leaseMs > 0)) continue;
    const silentMs = now.getTime() - lease.updatedAt.getTime();
    const ended = lease.lockedUntil.getTime() <= now.getTime();
    if (!ended && silentMs <= (MISSED_BEATS * leaseMs) / BEATS_PER_LEASE) continue;
    stalled.push({
      index: lease.index + 1,
      deg: directionsDeg[lease.index] ?? Number.NaN,
      since: lease.updatedAt.toISOString(),
      resumes_by: ended ? null : lease.lockedUntil.toISOString(),
    });
  }
  return stalled.sort((a, b) => a.index - b.index);
}

/**
 * The leases of the runs' direction jobs by simulation id, and the database's clock they are
 * judged by (a lease is stamped by the database, whose clock may differ from this server's), in
 * one statement for all the runs given.
 */
export async function directionLeases(
  db: Db,
  runs: ReadonlyArray<{ simulationId: number; state: CfdRunState }>,
): Promise<{ now: Date; bySimulation: Map<number, DirectionLease[]> }> {
  const byKey = new Map<string, { simulationId: number; index: number }>();
  for (const { simulationId, state } of runs) {
    state.directions_deg.forEach((_, index) => byKey.set(directionJobKey(simulationId, state.run_id, index), { simulationId, index }));
  }
  const bySimulation = new Map<number, DirectionLease[]>();
  if (byKey.size === 0) return { now: new Date(), bySimulation };
  const rows = await db
    .select({ key: jobs.dedupeKey, status: jobs.status, lockedUntil: jobs.lockedUntil, updatedAt: jobs.updatedAt, now: sql<string>`now()` })
    .from(jobs)
    .where(inArray(jobs.dedupeKey, [...byKey.keys()]));
  for (const row of rows) {
    const at = byKey.get(row.key!);
    if (!at) continue;
    const list = bySimulation.get(at.simulationId) ?? [];
    list.push({ index: at.index, status: row.status, lockedUntil: row.lockedUntil, updatedAt: row.updatedAt });
    bySimulation.set(at.simulationId, list);
  }
  return { now: rows[0] ? new Date(rows[0].now) : new Date(), bySimulation };
}
