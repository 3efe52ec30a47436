/**
 * A job worker: claims jobs of the types it has handlers for, runs them with a heartbeat that keeps
 * the lease and reports progress, and records the outcome. Runs inside the server (embedded
 * default) or as its own process (`npm run worker`); any number of them may share one database.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '../db/database.ts';
import { releaseDeadLocalLeases } from './dead-leases.ts';
import { claimJob, completeJob, failJob, heartbeat, type JobRow } from './queue.ts';

export interface JobContext {
  job: JobRow;
  db: Db;
  /** Records progress (0–100) with a short message; also renews the lease. */
  progress(percent: number, message?: string): Promise<void>;
  /** Aborted when the lease was lost (another worker took the job over) or the worker is stopping. */
  signal: AbortSignal;
}

export type JobHandler = (context: JobContext) => Promise<unknown>;

/**
 * A failure that running again cannot mend (a diverged flow, geometry the solver cannot take): the
 * job fails at once instead of being retried.
 */
export class PermanentJobError extends Error {
  readonly permanent = true;
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

export interface WorkerOptions {
  db: Db;
  handlers: Record<string, JobHandler>;
  workerId?: string;
  /** How long a claimed job is ours without a heartbeat; a dead worker's jobs return after this. */
  leaseMs?: number;
  pollMs?: number;
  concurrency?: number;
  /**
   * At most this many jobs of a type at once in this worker (e.g. one CFD direction, which takes
   * every core and gigabytes); other types still fill the remaining slots.
   */
  typeConcurrency?: Record<string, number>;
  /** Jobs one company may have running at once, across every worker, unless the operator set its own. */
  companyMaxRunning?: number;
  log?: (line: string) => void;
}

export class JobWorker {
  readonly id: string;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly concurrency: number;
  private readonly running = new Set<Promise<void>>();
  private readonly runningByType = new Map<string, number>();
  private stopping = false;
  private timer: NodeJS.Timeout | undefined;
  private readonly stopController = new AbortController();
  private wake: (() => void) | undefined;

  constructor(private readonly options: WorkerOptions) {
    this.id = options.workerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    this.leaseMs = options.leaseMs ?? 30_000;
    this.pollMs = options.pollMs ?? 500;
    this.concurrency = options.concurrency ?? 1;
  }

  start(): void {
    void this.loop();
  }

  /** Wakes the loop at once (e.g. after an enqueue in this process, or a NOTIFY). */
  poke(): void {
    this.wake?.();
  }

  /** Stops claiming, lets running jobs finish (their handlers see the abort signal). */
  async stop(): Promise<void> {
    this.stopping = true;
    this.stopController.abort();
    this.poke();
    clearTimeout(this.timer);
    await Promise.allSettled([...this.running]);
  }

  private async loop(): Promise<void> {
    // Jobs a dead worker of this machine still holds are handed back first, to resume at once.
    const released = await releaseDeadLocalLeases(this.options.db).catch(() => 0);
    if (released) this.options.log?.(`[jobs] ${released} job(s) of a stopped worker on this machine handed back`);
    const all = Object.keys(this.options.handlers);
    const limits = this.options.typeConcurrency ?? {};
    while (!this.stopping) {
      let claimed = false;
      const types = all.filter((t) => (this.runningByType.get(t) ?? 0) < (limits[t] ?? Infinity));
      // Background work never takes the last free slot of a type that has more than one, nor the
      // worker's last slot: what a person queues next starts at once.
      const backgroundTypes =
        this.running.size < this.concurrency - 1
          ? types.filter((t) => {
              const limit = limits[t] ?? Infinity;
              return limit <= 1 || (this.runningByType.get(t) ?? 0) < limit - 1;
            })
          : [];
      if (this.running.size < this.concurrency && types.length > 0) {
        try {
          const job = await claimJob(this.options.db, this.id, types, this.leaseMs, backgroundTypes, this.options.companyMaxRunning);
          if (job) {
            claimed = true;
            this.runningByType.set(job.type, (this.runningByType.get(job.type) ?? 0) + 1);
            const run = this.run(job).finally(() => {
              this.running.delete(run);
              this.runningByType.set(job.type, (this.runningByType.get(job.type) ?? 1) - 1);
            });
            this.running.add(run);
          }
        } catch (error) {
          if (!this.stopping) this.options.log?.(`[jobs] claim failed: ${(error as Error).message}`);
        }
      }
      if (!claimed || this.running.size >= this.concurrency) {
        await new Promise<void>((resolve) => {
          this.wake = resolve;
          this.timer = setTimeout(resolve, this.pollMs);
        });
      }
    }
  }

  private async run(job: JobRow): Promise<void> {
    const { db, handlers, log } = this.options;
    const handler = handlers[job.type]!;
    const lost = new AbortController();
    const signal = AbortSignal.any([lost.signal, this.stopController.signal]);
    const beat = async (progress?: { percent: number; message?: string }) => {
      if (!(await heartbeat(db, job.id, this.id, this.leaseMs, progress))) lost.abort();
    };
    const interval = setInterval(() => void beat().catch(() => {}), Math.max(250, this.leaseMs / 3));
    try {
      const result = await handler({ job, db, signal, progress: (percent, message) => beat({ percent, message }) });
      if (!(await completeJob(db, job.id, this.id, result ?? null))) log?.(`[jobs] job ${job.id} finished after its lease was lost`);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const permanent = (error as { permanent?: unknown } | null)?.permanent === true;
      const outcome = await failJob(db, job.id, this.id, message, { retry: !permanent }).catch(() => 'lost' as const);
      log?.(`[jobs] job ${job.id} (${job.type}) attempt ${job.attempts} failed: ${message} → ${outcome}`);
    } finally {
      clearInterval(interval);
    }
  }
}
