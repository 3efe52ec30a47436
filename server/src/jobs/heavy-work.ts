/**
 * Heavy work a request asks for — decoding a large image, reading a 200 MB STL — runs in a small
 * worker-thread pool of its own, apart from the analyses' pool so a long
 * analysis never holds up an upload, and bounded so one user cannot take it all:
 *
 * - per user, at most `perUser` tasks at once (running or waiting); another is answered 429 with
 *   Retry-After — the client retries, nothing queues behind an impatient user's backlog;
 * - in all, at most `maxPending` tasks waiting or running; beyond that 503 with Retry-After.
 *
 * The counts are this process's: they protect this process's threads and memory, which is what a
 * second instance does not share (docs/heavy-work.md).
 */
import { DomainError } from '../kernel/domain-errors.ts';
import type { CpuPool, CpuTask } from './cpu-pool.ts';
import { unwrapMoving } from './transfer.ts';

export interface HeavyWorkLimits {
  /** Tasks one user may have running or waiting at once. */
  perUser: number;
  /** Tasks of all users running or waiting at once. */
  maxPending: number;
}

/** `Task` names the tasks `runSized` may run on the calling thread (server/src/cpu-tasks.ts lists them). */
export interface HeavyWork<Task extends string = string> {
  /** Runs `task` for `userId` in the pool; throws DomainError 429/503 when over a limit. */
  run<T>(userId: number, task: string, input: unknown, transferList?: ArrayBuffer[]): Promise<T>;
  /**
   * Like `run`, for work on `bytes` bytes of input: under SMALL_WORK_BYTES it runs here and now,
   * uncounted (see there); from that size on, in the pool.
   */
  runSized<T>(userId: number, task: Task, input: unknown, bytes: number, transferList?: ArrayBuffer[]): Promise<T>;
  /** Tasks running or waiting now (diagnostics and tests). */
  readonly pending: number;
  readonly threads: number;
  close(): Promise<void>;
}

export const RETRY_AFTER_SECONDS = 5;

/**
 * Work on less than this many bytes (about 20,000 STL triangles: a few milliseconds) may stay on the
 * calling thread: the hop to the pool costs about as much, and a small task should not take a place
 * in the pool's queue.
 */
export const SMALL_WORK_BYTES = 1 << 20;

/** `tasks` are the same functions the pool's threads run, for small work done on the calling thread. */
export function createHeavyWork<Task extends string>(pool: CpuPool, limits: HeavyWorkLimits, tasks: Record<Task, CpuTask>): HeavyWork<Task> {
  const byUser = new Map<number, number>();
  let pending = 0;
  const heavy: HeavyWork<Task> = {
    get pending() {
      return pending;
    },
    threads: pool.threads,
    async runSized<T>(userId: number, task: Task, input: unknown, bytes: number, transferList?: ArrayBuffer[]): Promise<T> {
      if (bytes >= SMALL_WORK_BYTES) return heavy.run<T>(userId, task, input, transferList);
      return unwrapMoving(await (tasks[task] as (input: unknown) => unknown)(input)) as T;
    },
    async run<T>(userId: number, task: string, input: unknown, transferList?: ArrayBuffer[]): Promise<T> {
      const mine = byUser.get(userId) ?? 0;
      if (mine >= limits.perUser) {
        throw new DomainError(
          'too-many',
          { detail: `You already have ${mine} large files or images being processed; at most ${limits.perUser} at a time. Try again when one has finished.` },
          { retryAfterSeconds: RETRY_AFTER_SECONDS },
        );
      }
      if (pending >= limits.maxPending) {
        throw new DomainError(
          'unavailable',
          { detail: 'The server is busy processing other large files; try again in a few seconds.' },
          { retryAfterSeconds: RETRY_AFTER_SECONDS },
        );
      }
      byUser.set(userId, mine + 1);
      pending++;
      try {
        return await pool.run<T>(task, input, transferList);
      } finally {
        pending--;
        const left = (byUser.get(userId) ?? 1) - 1;
        if (left > 0) byUser.set(userId, left);
        else byUser.delete(userId);
      }
    },
    close: () => pool.close(),
  };
  return heavy;
}
