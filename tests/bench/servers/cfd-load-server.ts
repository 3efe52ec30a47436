/**
 * A Canopy server in its own process for the CFD-load benchmark (cfd-load.bench.ts): a fresh
 * embedded installation with the demo, started with the settings the parent passes in argv[2]
 * (JSON: environment variables). With `waitForCfd`, it tells its parent when a demo wind direction
 * is mid-run (read from the job rows), so the load is measured while the solver steps.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { startServer } from '../../../server/src/boot.ts';
import { jobs } from '../../../server/src/db/schema/index.ts';

export interface CfdLoadServer {
  base: string;
  pid: number;
}

const { env, waitForCfd } = JSON.parse(process.argv[2] ?? '{}') as { env: Record<string, string>; waitForCfd: boolean };
const dataDir = mkdtempSync(join(tmpdir(), 'canopy-bench-cfd-load-'));
const server = await startServer({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', TRUST_PROXY: 'true', ...env }, () => {});
const db = server.deps.database.db;
if (waitForCfd) {
  for (;;) {
    const [running] = await db
      .select({ id: jobs.id, message: jobs.progressMessage })
      .from(jobs)
      .where(and(eq(jobs.type, 'cfd.direction'), eq(jobs.status, 'running')));
    if (running && /step \d+ of/.test(running.message)) break;
    await new Promise((r) => setTimeout(r, 500));
  }
}
process.send?.({ base: server.url.replace('localhost', '127.0.0.1'), pid: process.pid } satisfies CfdLoadServer);
const stop = async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('disconnect', () => void stop());
