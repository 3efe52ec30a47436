/**
 * The whole unit/integration suite (`npm test`): four projects, one per layer, each at its
 * natural boundary, and the repository's own checks (docs and citations). Browser end-to-end tests and the PostgreSQL run have their own configs.
 */
import { defineConfig } from 'vitest/config';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { aliases } from './vite.aliases.ts';

export default defineConfig({
  resolve: { alias: aliases },
  test: {
    projects: [
      {
        resolve: { alias: aliases },
        test: { name: 'engine', environment: 'node', include: ['engine/**/*.test.ts'] },
      },
      {
        resolve: { alias: aliases },
        test: { name: 'machines', environment: 'node', include: ['machines/**/*.test.ts'] },
      },
      {
        plugins: [vanillaExtractPlugin(), react()],
        resolve: { alias: aliases },
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup/client.ts'],
        },
      },
      {
        resolve: { alias: aliases },
        test: { name: 'repository', environment: 'node', include: ['tests/docs/**/*.test.ts'] },
      },
      {
        resolve: { alias: aliases },
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/src/**/*.test.ts'],
          globalSetup: ['server/test/global-setup.ts'],
          setupFiles: ['server/test/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
