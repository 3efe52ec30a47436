/**
 * The whole unit/integration suite (`npm test`): four projects, one per layer, each at its
 * natural boundary, and the repository's own checks (docs and citations). Browser end-to-end tests and the PostgreSQL run have their own configs.
 */
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { aliases } from './vite.aliases.ts';

const HANG_GUARD_MS = 120_000;
/** Each project's guards (projects do not inherit the root's test options). expect.poll waits for a
 * state, and on a busy machine the state can take longer than its 1 s default to arrive. */
const busyMachine = { testTimeout: HANG_GUARD_MS, expect: { poll: { timeout: 30_000 } } };

export default defineConfig({
  resolve: { alias: aliases },
  test: {
    // Two test files at a time even on two cores (vitest's default there is one): a server file
    // spends much of its time waiting on its database, its worker threads or child processes. On
    // this machine the whole suite took 575 s this way against 1,050 s one file at a time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // testTimeout in each project is a guard against hangs, not a speed check: CPU-heavy tests (solar
    // rays over the demo district, the sign-up form's full render) take 5–8 s on a shared two-core
    // machine under load, and beside `npm run burn` on both cores the solar test took 71 s (a file
    // gets a fraction of a core there), so every project allows two minutes before calling it a hang.
    projects: [
      {
        resolve: { alias: aliases },
        test: { name: 'engine', environment: 'node', include: ['engine/**/*.test.ts'], ...busyMachine },
      },
      {
        resolve: { alias: aliases },
        test: { name: 'machines', environment: 'node', include: ['machines/**/*.test.ts'], ...busyMachine },
      },
      {
        plugins: [vanillaExtractPlugin(), react()],
        resolve: { alias: aliases },
        test: {
          name: 'client',
          environment: 'jsdom',
          ...busyMachine,
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup/client.ts'],
        },
      },
      {
        resolve: { alias: aliases },
        test: { name: 'repository', environment: 'node', include: ['tests/docs/**/*.test.ts'], ...busyMachine },
      },
      {
        resolve: { alias: aliases },
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/src/**/*.test.ts', 'server/test/authz/**/*.test.ts'],
          globalSetup: ['server/test/global-setup.ts'],
          setupFiles: ['server/test/setup.ts'],
          // Password hashing runs on threads at nice 10 (crypto/hash-threads.ts), so beside a
          // CPU-bound file in the other worker a sign-in test can take many times its idle time.
          ...busyMachine,
          hookTimeout: HANG_GUARD_MS,
        },
      },
    ],
  },
});
