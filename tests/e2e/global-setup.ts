/** Builds the web app once before the browser tests (the server serves dist/). */
import { spawnSync } from 'node:child_process';

export default function setup() {
  // NODE_ENV is 'test' inside vitest; inherited, it would make the build bundle React's development
  // runtime — the browser tests must run the production build users get.
  const result = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('vite build failed');
}
