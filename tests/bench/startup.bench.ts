/**
 * Cold `npm start` (fresh .data: initdb, migrations, seed) to the first healthy response, and a warm
 * restart on the same folder. The web app is built beforehand so the figure is the server's own.
 * The ratio printed is warm / cold.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createServer } from 'node:net';
import { report } from './harness.ts';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

async function timeToHealthy(dataDir: string): Promise<number> {
  const port = await freePort();
  const start = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: 'ignore',
    detached: true,
  });
  try {
    for (;;) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (res.ok) return performance.now() - start;
      } catch {
        // not up yet
      }
      if (performance.now() - start > 120_000) throw new Error('server did not become healthy in 120 s');
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

export default async function bench(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'canopy-start-'));
  try {
    const cold = await timeToHealthy(dataDir);
    const warm = await timeToHealthy(dataDir);
    report({
      name: 'npm start → healthy: warm restart / cold start',
      ratio: warm / cold,
      details: { coldMs: Math.round(cold), warmMs: Math.round(warm) },
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
