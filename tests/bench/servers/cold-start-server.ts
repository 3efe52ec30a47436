/**
 * A fresh embedded installation with the demo (and its CFD wind run), in its own process, for the
 * cold-start benchmark (cold-start-wind.bench.ts). It tells its parent its URL once it listens, then
 * what the demo's wind run estimated and took, read from its own database every few seconds: the
 * estimate's minutes for the directions, and the wall time from the first direction claimed to the
 * last one finished.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { startServer } from '../../../server/src/boot.ts';
import { configurations, jobs, simulations } from '../../../server/src/db/schema/index.ts';
import { DEMO_WIND_SCENARIO_NAME } from '../../../server/src/contexts/compute/demo/demo-wind.ts';
import type { CfdRunState } from '../../../server/src/contexts/compute/cfd/run-state.ts';

export type ColdStartMessage =
  | { kind: 'listening'; base: string }
  | { kind: 'wind'; status: string; estimateMin: number | null; directionsDone: number; total: number; wallS: number | null; percent: number | null };

const send = (message: ColdStartMessage) => process.send?.(message);
const dataDir = mkdtempSync(join(tmpdir(), 'canopy-bench-cold-'));
const server = await startServer({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_DEMO: 'true', DEMO_CFD: 'true' }, () => {});
send({ kind: 'listening', base: server.url.replace('localhost', '127.0.0.1') });
const db = server.deps.database.db;

const timer = setInterval(() => {
  void (async () => {
    const [sim] = await db
      .select({ status: simulations.status, parameters: simulations.cfdParameters })
      .from(simulations)
      .innerJoin(configurations, eq(configurations.id, simulations.configurationId))
      .where(eq(configurations.name, DEMO_WIND_SCENARIO_NAME));
    if (!sim) return;
    const state = sim.parameters as Partial<CfdRunState> | null;
    const [span] = await db
      .select({
        first: sql<string | null>`min(${jobs.startedAt})`,
        last: sql<string | null>`max(${jobs.finishedAt})`,
        done: sql<number>`count(*) filter (where ${jobs.status} = 'completed')`,
        total: sql<number>`count(*)`,
      })
      .from(jobs)
      .where(eq(jobs.type, 'cfd.direction'));
    const total = Number(span?.total ?? 0);
    const done = Number(span?.done ?? 0);
    const wallS = total > 0 && done === total && span?.first && span.last ? (Date.parse(span.last) - Date.parse(span.first)) / 1000 : null;
    send({
      kind: 'wind',
      status: sim.status,
      estimateMin: state?.estimate?.minutes_total ?? null,
      directionsDone: done,
      total,
      wallS,
      percent: state?.progress?.percent ?? null,
    });
  })().catch(() => {});
}, 5000);

const stop = async () => {
  clearInterval(timer);
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('disconnect', () => void stop());
