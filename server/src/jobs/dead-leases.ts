/**
 * Leases of workers that died on this machine, released at a worker's start.
 *
 * A worker's id is `host:pid:random` (worker.ts). After a kill -9 and a restart, the dead process's
 * jobs stay "running" until their leases run out, and the new process meanwhile takes the next
 * queued ones: a CFD run's two killed directions waited behind the next two for a whole direction's
 * time. A worker that starts can tell which of this host's workers are gone — their process does
 * not exist — and hand their jobs back at once, to resume from their checkpoints. A process with
 * the same pid that is alive (another worker, or a reused pid) keeps its jobs: the lease decides.
 * Machines are told apart by host name: containers that share one PostgreSQL need distinct host
 * names (the default for containers and pods), or a live worker's job could be handed back and its
 * worker would then stop it when its heartbeat finds the lease gone.
 */
import { hostname } from 'node:os';
import { and, eq, gt, like, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { jobs } from '../db/schema/index.ts';

/** Whether a process with this pid exists on this machine (EPERM: it does, owned by another user). */
function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Ends the leases of this host's dead workers; answers how many jobs were handed back. */
export async function releaseDeadLocalLeases(db: Db, host = hostname(), alive: (pid: number) => boolean = processExists): Promise<number> {
  const held = await db
    .select({ id: jobs.id, lockedBy: jobs.lockedBy })
    .from(jobs)
    .where(and(eq(jobs.status, 'running'), like(jobs.lockedBy, `${host}:%`), gt(jobs.lockedUntil, sql`now()`)));
  const dead = held.filter((job) => {
    const pid = Number(job.lockedBy!.slice(host.length + 1).split(':')[0]);
    return Number.isSafeInteger(pid) && pid > 0 && pid !== process.pid && !alive(pid);
  });
  for (const job of dead) {
    // Only if the same dead worker still holds it: a live one may have taken it meanwhile.
    await db
      .update(jobs)
      .set({ lockedUntil: sql`now() - interval '1 second'`, updatedAt: sql`now()` })
      .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, job.lockedBy!), eq(jobs.status, 'running')));
  }
  return dead.length;
}
