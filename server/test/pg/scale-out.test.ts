/**
 * Running at scale, as docs/scale-out/Procfile starts it: two `npm run serve` processes
 * and one `npm run worker` on one PostgreSQL database and one Azure store (Azurite), all real
 * processes on loopback. Any API process serves any request (an upload issued by one is recorded by
 * the other); a live update made on one reaches a WebSocket on the other (LISTEN/NOTIFY); the
 * worker runs the jobs the API processes never touch. Faults, each with nothing lost or duplicated:
 * an API process SIGKILLed in the middle of requests (clients retry on the other), the worker
 * SIGKILLed mid-job (another worker finishes it, once), every PostgreSQL connection dropped (the
 * processes reconnect). Run under `pg_virtualenv npm run test:pg`.
 */
import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import WebSocket from 'ws';
import pg from 'pg';
import { createTestContext, type TestContext } from '../harness.ts';
import { buildWorld, type World } from '../world.ts';
import { solarScenarioBody } from '../world-scenarios.ts';
import { addDistrictGeometry, createScenario } from '../analysis-fixtures.ts';
import { startAzurite, type Azurite } from '../azurite.ts';
import { readEnvFile, readProcfile, startProcess, waitFor, type CanopyProcess } from '../processes.ts';
import { assets, simulations } from '../../src/db/schema/index.ts';
import { getJob, type JobRow } from '../../src/jobs/queue.ts';
import { parseBlobKey } from '../../src/blobs/blob-io.ts';
import { wrapPool } from '../../src/db/database.ts';
import { ANALYSIS_JOB_TYPES } from '../../src/contexts/compute/analyses/settings.ts';
import type { UploadPage, UploadUrl } from '@canopy/contract/uploads.ts';

const SECRET = 'test-secret-key-that-is-long-enough-for-hs256';
const LEASE_MS = 3000;
const procfile = readProcfile();
const entry = (name: string) => procfile.find((e) => e.name === name)!;

let azurite: Azurite;
let t: TestContext;
let w: World;
let dataDir: string;
let env: Record<string, string>;
const running: CanopyProcess[] = [];
let api: CanopyProcess[] = [];
let worker: CanopyProcess;

const logs = () =>
  running
    .map((p) => p.output.join(''))
    .join('\n')
    .slice(-6000);

async function start(name: string): Promise<CanopyProcess> {
  const process = await startProcess(entry(name), env);
  running.push(process);
  return process;
}

beforeAll(async () => {
  azurite = await startAzurite();
  t = await createTestContext(azurite.env());
  if (!t.databaseUrl) throw new Error('this test needs PostgreSQL: run `pg_virtualenv npm run test:pg`');
  w = await buildWorld(t.deps);
  dataDir = mkdtempSync(join(tmpdir(), 'canopy-scale-out-'));
  env = {
    ...readEnvFile(),
    // This test's own database, Azurite and containers instead of the example's fixed ones.
    DATABASE_URL: t.databaseUrl,
    AZURE_STORAGE_CONNECTION_STRING: azurite.connectionString,
    AZURE_STORAGE_CONTAINER_PREFIX: t.config.AZURE_STORAGE_CONTAINER_PREFIX,
    SECRET_KEY: SECRET,
    PORT: '0',
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    JOB_LEASE_MS: String(LEASE_MS),
    WORKER_CONCURRENCY: '1',
  };
  api = [await start('api1'), await start('api2')];
  worker = await start('worker');
}, 180_000);

afterAll(async () => {
  await Promise.all(running.map((p) => p.kill('SIGKILL')));
  await t?.close();
  await azurite?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function call(base: string, path: string, init: RequestInit & { token?: string; json?: unknown } = {}): Promise<Response> {
  const { token, json, headers, ...rest } = init;
  const h = new Headers(headers);
  if (token) h.set('authorization', `Bearer ${token}`);
  if (json !== undefined) h.set('content-type', 'application/json');
  return fetch(`${base}${path}`, { ...rest, headers: h, body: json !== undefined ? JSON.stringify(json) : rest.body });
}

/** A scenario created through api1 reaches a colleague's WebSocket on api2 as a scenario.status event. */
async function liveUpdateAcross(name: string): Promise<void> {
  const base = api[1]!.url!;
  const negotiate = (await (await call(base, '/socket/negotiate', { token: w.tokens.colleague })).json()) as { accessToken: string };
  const ws = new WebSocket(`${base.replace('http', 'ws')}/socket/live?access_token=${negotiate.accessToken}`);
  const messages: Array<Record<string, unknown>> = [];
  await new Promise<void>((resolve, reject) => {
    ws.once('error', reject);
    ws.on('message', (data) => {
      messages.push(JSON.parse(String(data)) as Record<string, unknown>);
      resolve();
    });
  });
  try {
    const res = await call(api[0]!.url!, `/api/project/${w.projectId}/configuration/`, {
      method: 'POST',
      token: w.tokens.projectAdmin,
      json: solarScenarioBody(name, w.scenarios.uploads),
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    await waitFor('the event on api2', () => messages.some((m) => m.configuration_id === id), 10_000, logs);
    expect(messages.find((m) => m.configuration_id === id)).toMatchObject({ type: 'scenario.status', project_id: w.projectId, status: 'draft' });
  } finally {
    ws.close();
  }
}

describe('the example', () => {
  it('lets processes starting together migrate a fresh database, one at a time', async () => {
    const adminUrl = new URL(t.databaseUrl!);
    const name = `canopy_fresh_${process.pid}`;
    const admin = new pg.Client({ connectionString: t.databaseUrl });
    await admin.connect();
    await admin.query(`create database ${name} template template0`);
    adminUrl.pathname = `/${name}`;
    const pools = Array.from({ length: 3 }, () => new pg.Pool({ connectionString: adminUrl.toString(), max: 2 }));
    try {
      await Promise.all(pools.map((pool) => wrapPool(pool).migrate()));
      const fresh = new pg.Client({ connectionString: adminUrl.toString() });
      await fresh.connect();
      const applied = await fresh.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      await fresh.end();
      expect(applied.rows[0].n).toBeGreaterThan(0);
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });

  it('starts two API processes and a worker, sharing the settings of scale-out.env', () => {
    expect(procfile.map((e) => e.name).sort()).toEqual(['api1', 'api2', 'azurite', 'postgres', 'worker']);
    expect(readEnvFile()).toMatchObject({ BLOB_STORE: 'azure', EMBEDDED_WORKERS: 'false' });
    expect(api.every((p) => p.url)).toBe(true);
  });

  it('serves from either API process: an upload issued by one is recorded by the other and downloads from the first', async () => {
    for (const p of api) expect((await call(p.url!, '/api/health')).status).toBe(200);
    const token = w.tokens.projectAdmin!;
    const url = (await (await call(api[0]!.url!, `/api/project/${w.projectId}/project-asset-upload-url/`, { token })).json()) as UploadUrl;
    const put = await fetch(`${url.container_url}/${url.uuid}/site.csv?${url.sas_token}`, {
      method: 'PUT',
      body: 'a,b\n1,2\n',
      headers: { 'x-ms-blob-type': 'BlockBlob' },
    });
    expect(put.status).toBe(201);
    const page = (await (await call(api[1]!.url!, `/api/project/${w.projectId}/uploads/?uuid=${url.uuid}`, { token })).json()) as UploadPage;
    expect(page.results.map((u) => u.filename)).toEqual(['site.csv']);
    const download = await call(api[0]!.url!, page.results[0]!.download_url, { token: w.tokens.colleague });
    expect(await download.text()).toBe('a,b\n1,2\n');
  });

  it('fans a live update made on one API process out to a WebSocket on the other (LISTEN/NOTIFY)', async () => {
    await liveUpdateAcross('Made on api1');
  });

  it('shows a project changed through one API process at once in the other’s project pages, which it may have kept (ADR 24)', async () => {
    const token = w.tokens.projectAdmin!;
    const [one, two] = [api[0]!.url!, api[1]!.url!];
    const name = async (path: string) => {
      const res = await call(two, path, { token });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { name?: string; results?: Array<{ id: number; name: string }> };
      return body.name ?? body.results!.find((p) => p.id === w.projectId)!.name;
    };
    for (const round of [1, 2]) {
      // Read twice on api2 (the second read may be its kept answer), change on api1, read on api2.
      for (const path of [`/api/project/${w.projectId}/`, '/api/project/?page_size=999']) {
        const before = await name(path);
        expect(await name(path)).toBe(before);
      }
      const renamed = `Harbour Towers, round ${round}`;
      const patched = await call(one, `/api/project/${w.projectId}/`, { method: 'PATCH', token, json: { name: renamed } });
      expect(patched.status).toBe(200);
      expect(await name(`/api/project/${w.projectId}/`)).toBe(renamed);
      expect(await name('/api/project/?page_size=999')).toBe(renamed);
    }
  });
});

describe('faults', () => {
  it('an API process SIGKILLed in the middle of requests: clients retry on the other, none fails', async () => {
    const token = w.tokens.colleague!;
    const targets = () => api.filter((p) => p.child.exitCode === null && p.child.signalCode === null);
    let answered = 0;
    let retried = 0;
    const failures: string[] = [];
    async function request(i: number): Promise<void> {
      const order = [api[i % 2]!, api[(i + 1) % 2]!];
      for (const target of order) {
        try {
          const res = await call(target.url!, i % 3 === 0 ? `/api/project/${w.projectId}/uploads/` : `/api/project/${w.projectId}/`, { token });
          if (res.status !== 200) failures.push(`${target.name}: ${res.status}`);
          await res.arrayBuffer();
          answered++;
          return;
        } catch {
          // Connection refused or reset: the process is gone; the next one answers.
          retried++;
        }
      }
      failures.push(`request ${i}: no process answered`);
    }
    const clients = Array.from({ length: 8 }, async (_, c) => {
      for (let i = c; i < 400; i += 8) await request(i);
    });
    await waitFor('some requests', () => answered > 60, 30_000);
    await api[0]!.kill('SIGKILL');
    await Promise.all(clients);
    expect(failures).toEqual([]);
    expect(answered).toBe(400);
    expect(targets().map((p) => p.name)).toEqual(['api2']);
    console.log(`API process killed mid-run: 400 requests answered, ${retried} retried on the other process`);
    // A replacement joins: the processes are stateless.
    api[0] = await start('api1');
    expect((await call(api[0].url!, `/api/project/${w.projectId}/`, { token })).status).toBe(200);
  });

  it('the worker SIGKILLed mid-job: a new worker finishes it once, results in the Azure store', async () => {
    const scenario = await createScenario(t.deps, 'solar');
    await addDistrictGeometry(t.deps, scenario.simulationId, 8);
    const settings = {
      seasons: [
        { id: 'annual', name: 'Annual', months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] },
        { id: 'summer', name: 'Summer', months: [6, 7, 8] },
      ],
      timeWindows: [{ id: 'daytime', name: 'Daytime', window: '08:00-18:00' }],
      sunHours: [{ id: 'june-21', name: '21 June', date: '2025-06-21', window: '00:00-24:00', minuteInterval: 15 }],
      quantisationDeg: 0,
    };
    const layers = 3;
    const queued = await t.deps.jobs.enqueue(ANALYSIS_JOB_TYPES.solar, { ...scenario, settings });
    let job: JobRow | null = null;
    await waitFor(
      'the worker to report progress',
      async () => {
        job = await getJob(t.database.db, queued.id);
        return job?.status === 'running' && job.progress > 0;
      },
      60_000,
      logs,
    );
    await worker.kill('SIGKILL');
    const dataRows = () =>
      t.database.db
        .select()
        .from(assets)
        .where(and(eq(assets.simulationId, scenario.simulationId), eq(assets.layerType, 'data')));
    expect(await dataRows()).toHaveLength(0);
    worker = await start('worker');
    await waitFor(
      'the job to finish on the new worker',
      async () => {
        job = await getJob(t.database.db, queued.id);
        return job?.status === 'completed' || job?.status === 'failed';
      },
      120_000,
      logs,
    );
    expect(job).toMatchObject({ status: 'completed', attempts: 2, error: null });
    const rows = await dataRows();
    expect(rows).toHaveLength(layers);
    const stored: string[] = [];
    for await (const blob of t.deps.blobStore.list('assets', `results/simulation-${scenario.simulationId}/`)) stored.push(blob.name);
    expect(stored.sort()).toEqual(rows.map((r) => parseBlobKey(r.blobKey!).name).sort());
    const [simulation] = await t.database.db.select().from(simulations).where(eq(simulations.id, scenario.simulationId));
    expect(simulation!.status).toBe('completed');
  });

  it('PostgreSQL restarted (or, without a way to restart it, every connection dropped): the processes reconnect, keep serving, and the job in flight finishes once', async () => {
    // Open connections in every API process's pool (idle ones are what a restart drops silently).
    for (const p of api)
      await Promise.all(
        Array.from({ length: 4 }, async () => (await call(p.url!, `/api/project/${w.projectId}/`, { token: w.tokens.colleague })).arrayBuffer()),
      );
    // A job in flight on the worker when the database goes away.
    const scenario = await createScenario(t.deps, 'solar');
    await addDistrictGeometry(t.deps, scenario.simulationId, 8);
    const settings = {
      seasons: [
        { id: 'annual', name: 'Annual', months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] },
        { id: 'summer', name: 'Summer', months: [6, 7, 8] },
      ],
      timeWindows: [{ id: 'daytime', name: 'Daytime', window: '08:00-18:00' }],
      sunHours: [{ id: 'june-21', name: '21 June', date: '2025-06-21', window: '00:00-24:00', minuteInterval: 15 }],
      quantisationDeg: 0,
    };
    const queued = await t.deps.jobs.enqueue(ANALYSIS_JOB_TYPES.solar, { ...scenario, settings });
    await waitFor(
      'the job to be under way',
      async () => {
        const job = await getJob(t.database.db, queued.id);
        return job?.status === 'running' && job.progress > 0;
      },
      60_000,
      logs,
    );
    // Under pg_virtualenv the cluster is "regress" of PGVERSION; TEST_PG_RESTART names another command.
    const restart = process.env.TEST_PG_RESTART ?? (process.env.PGVERSION ? `pg_ctlcluster ${process.env.PGVERSION} regress restart -m fast` : null);
    if (restart) {
      execSync(restart, { stdio: 'ignore' });
      console.log(`PostgreSQL restarted: ${restart}`);
    } else {
      const admin = new pg.Client({ connectionString: t.databaseUrl });
      await admin.connect();
      const name = new URL(t.databaseUrl!).pathname.slice(1);
      const { rowCount } = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
      await admin.end();
      expect(rowCount).toBeGreaterThan(0);
    }
    // The test's own pool lost its connections too; it reconnects on the next query.
    await waitFor(
      'the database',
      async () =>
        t.database.db.execute(sql`select 1`).then(
          () => true,
          () => false,
        ),
      30_000,
    );
    // No process died of it.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(running.filter((p) => [api[0], api[1], worker].includes(p)).every((p) => p.child.exitCode === null && p.child.signalCode === null)).toBe(true);
    // Both API processes answer again (a request on a dropped connection may fail once: retried).
    for (const p of api) {
      await waitFor(
        `${p.name} to answer`,
        async () => (await call(p.url!, `/api/project/${w.projectId}/`, { token: w.tokens.colleague })).status === 200,
        15_000,
        logs,
      );
    }
    // The job in flight finishes (on its attempt, or on a retry after the lease), with one result set.
    let job: JobRow | null = null;
    await waitFor(
      'the job in flight to finish',
      async () => {
        job = await getJob(t.database.db, queued.id).catch(() => null);
        return job?.status === 'completed' || job?.status === 'failed';
      },
      120_000,
      logs,
    );
    expect(job).toMatchObject({ status: 'completed', error: null });
    console.log(`job in flight across the restart: completed after ${job!.attempts} attempt(s)`);
    const rows = await t.database.db
      .select()
      .from(assets)
      .where(and(eq(assets.simulationId, scenario.simulationId), eq(assets.layerType, 'data')));
    expect(rows).toHaveLength(3);
    const stored: string[] = [];
    for await (const blob of t.deps.blobStore.list('assets', `results/simulation-${scenario.simulationId}/`)) stored.push(blob.name);
    expect(stored.sort()).toEqual(rows.map((r) => parseBlobKey(r.blobKey!).name).sort());
    // And live updates flow again between the API processes (the bus's listening connection reopened).
    await waitFor(
      'the bus to listen again',
      async () => {
        try {
          await liveUpdateAcross(`After the reconnect ${Date.now()}`);
          return true;
        } catch {
          return false;
        }
      },
      30_000,
      logs,
    );
  });
});
