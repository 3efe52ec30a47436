/**
 * Browser end-to-end tests (`npm run test:e2e`): the built app on a random port with an empty data
 * folder, driven by playwright-core in Debian's Chromium (/usr/bin/chromium).
 */
import { defineConfig } from 'vitest/config';
import { aliases } from '../../vite.aliases.ts';

export default defineConfig({
  resolve: { alias: aliases },
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/e2e/**/*.e2e.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // One browser and one server per file; files run one after another on this 2-core machine.
    fileParallelism: false,
  },
});
