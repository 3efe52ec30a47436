/** Builds the web app once before the browser tests (the server serves dist/). */
import { spawnSync } from 'node:child_process';

export default function setup() {
  const result = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('vite build failed');
}
