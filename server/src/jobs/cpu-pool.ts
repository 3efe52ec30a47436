/**
 * The worker-thread pool (piscina) for CPU-heavy analysis steps, so they never run on the request
 * thread. Threads load TypeScript through tsx, as the main process does.
 */
import { Piscina } from 'piscina';
import { availableParallelism } from 'node:os';

/** One task a pool's thread runs: a pure function of structured-cloneable input. */
export type CpuTask = (input: never) => unknown | Promise<unknown>;

export interface CpuPool {
  run<T>(task: string, input: unknown, transferList?: Transferable[]): Promise<T>;
  close(): Promise<void>;
  readonly threads: number;
}

export interface CpuPoolOptions {
  /**
   * Niceness each thread sets itself to (thread-priority.ts): the job runtime's pool runs at the
   * jobs' lowest priority, the request-side heavy work's at the event loop's (0).
   */
  nice?: number;
}

export function createCpuPool(maxThreads = Math.max(1, availableParallelism() - 1), options: CpuPoolOptions = {}): CpuPool {
  const pool = new Piscina({
    // The thread's entry is the server's list of every context's tasks (server/src/cpu-worker.ts),
    // named by URL so that this layer imports no context.
    filename: new URL('../cpu-worker.ts', import.meta.url).href,
    workerData: { nice: options.nice ?? 0 },
    // Worker threads do not inherit a loader registered by a test runner; name tsx explicitly.
    execArgv: ['--import', 'tsx'],
    minThreads: 0,
    maxThreads,
    idleTimeout: 30_000,
  });
  return {
    threads: maxThreads,
    run: <T>(task: string, input: unknown, transferList?: Transferable[]) =>
      pool.run({ task, input }, transferList ? { transferList: transferList as never } : undefined) as Promise<T>,
    close: () => pool.destroy(),
  };
}
