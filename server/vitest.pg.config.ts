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

/**
 * Files that must have the PostgreSQL server to themselves run after the rest, one after another
 * (vitest runs projects of one groupOrder side by side, and a project's files two at a time):
 * - the page cache's hits (ADR 24: the project pages, where a download's file is) need an
 *   unchanged snapshot, and transaction ids belong to the whole server, so another file's commits
 *   in its own database change this file's snapshot too;
 * - the scale-out faults restart the server (pg_ctlcluster), which ends every other file's
 *   connections and queries (a CFD test beside it failed with 57P01, "terminating connection due
 *   to administrator command").
 */
const alone = ['server/src/routes/projects/project-pages-cache.test.ts', 'server/src/routes/viewer/download-kept.test.ts', 'server/test/pg/scale-out.test.ts'];

const shared = {
  environment: 'node' as const,
  globalSetup: ['server/test/global-setup.ts'],
  setupFiles: ['server/test/setup.ts'],
  env: { TEST_DATABASE_URL: url },
  // As in vitest.config.ts: two files at a time (952 → 757 s here), and timeouts that allow for
  // password hashing at nice 10 beside a CPU-bound file (a 2 s sign-in test measured 44 s).
  testTimeout: 180_000,
  hookTimeout: 180_000,
};

export default defineConfig({
  resolve: { alias: aliases },
  test: {
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        resolve: { alias: aliases },
        test: {
          ...shared,
          name: 'server-pg',
          include: ['server/src/**/*.test.ts', 'server/test/authz/**/*.test.ts', 'server/test/pg/**/*.test.ts'],
          exclude: alone,
          sequence: { groupOrder: 0 },
        },
      },
      ...alone.map((file, i) => ({
        resolve: { alias: aliases },
        test: { ...shared, name: `server-pg-alone-${i + 1}`, include: [file], sequence: { groupOrder: i + 1 } },
      })),
    ],
  },
});
