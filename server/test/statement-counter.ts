/**
 * Counts the statements a request sends to the database, at the driver (the embedded database
 * thread's query and exec, or node-postgres's pool), so tests of statements per request involve no timing.
 */
import type { Database } from '../src/db/database.ts';

type DriverCall = (...args: unknown[]) => Promise<unknown>;

export interface StatementCounter {
  /** Runs `work`, counting the statements sent while it runs. */
  count<T>(work: () => Promise<T>): Promise<{ statements: number; result: T }>;
  /**
   * Once, right after the `at`-th statement counted by the next `count` has answered: `run`, given the
   * driver's own call (its statements are not counted).
   */
  afterStatement(at: number, run: (query: DriverCall) => Promise<unknown>): void;
}

export function countStatements(database: Database): StatementCounter {
  let statements = 0;
  let counting = false;
  let after: { at: number; run: (query: DriverCall) => Promise<unknown> } | undefined;
  const driver = (database.pgliteThread ?? database.pool) as unknown as Record<string, DriverCall>;
  for (const method of ['query', 'exec']) {
    const original = driver[method]?.bind(driver);
    if (!original) continue;
    driver[method] = async (...args: unknown[]) => {
      if (counting) statements++;
      const result = await original(...args);
      if (counting && after && statements === after.at) {
        const { run } = after;
        after = undefined;
        await run(original);
      }
      return result;
    };
  }
  return {
    async count(work) {
      statements = 0;
      counting = true;
      try {
        const result = await work();
        return { statements, result };
      } finally {
        counting = false;
      }
    },
    afterStatement(at, run) {
      after = { at, run };
    },
  };
}
