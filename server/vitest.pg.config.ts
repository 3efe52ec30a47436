/**
 * `npm run test:pg`: the server suite against a real PostgreSQL. Run it under `pg_virtualenv`
 * (which sets PGHOST/PGPORT/PGUSER/PGPASSWORD for a throwaway cluster); each test file gets its own
 * freshly migrated database (server/test/harness.ts).
 */
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { aliases } from '../vite.aliases.ts';

const { PGHOST, PGPORT = '5432', PGUSER = 'postgres', PGPASSWORD = '', PGDATABASE = 'postgres' } = process.env;
const url =
  process.env.TEST_DATABASE_URL ??
  (PGHOST || process.env.PGPORT
    ? `postgres://${encodeURIComponent(PGUSER)}:${encodeURIComponent(PGPASSWORD)}@${PGHOST ?? 'localhost'}:${PGPORT}/${PGDATABASE}`
    : undefined);
if (!url) throw new Error('test:pg needs PostgreSQL: run it as `pg_virtualenv npm run test:pg`, or set TEST_DATABASE_URL.');
process.env.TEST_DATABASE_URL = url;

export default defineConfig({
  resolve: { alias: aliases },
  test: {
    name: 'server-pg',
    environment: 'node',
    include: ['server/src/**/*.test.ts', 'server/test/pg/**/*.test.ts'],
    globalSetup: ['server/test/global-setup.ts'],
    setupFiles: ['server/test/setup.ts'],
    env: { TEST_DATABASE_URL: url },
    // As in vitest.config.ts: two files at a time (952 → 757 s here), and timeouts that allow for
    // password hashing at nice 10 beside a CPU-bound file (a 2 s sign-in test measured 44 s).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
