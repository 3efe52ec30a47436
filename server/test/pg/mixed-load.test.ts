/**
 * ADR 17 and 24 under `pg_virtualenv npm run test:pg`: the project pages under a mixed load of
 * 50 connections for a bounded time — the project list (1,000 projects), a project's detail (5
 * studies, 20 scenarios, 50 insights) and a 580 KB result download, in turn on every connection —
 * against a whole server on PostgreSQL. Every answer must be a 200: no errors, no timeouts, no 5xx
 * (a pool exhausted, a prepared statement clashing between connections, a download cut short).
 * Speed is measured by `npm run bench project-pages`, not here.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../harness.ts';
import { startServer, type RunningServer } from '../../src/boot.ts';
import { DOWNLOAD_BYTES, seedProjectPages, type ProjectPagesServer } from '../../../tests/bench/servers/project-pages-server.ts';

const CONNECTIONS = 50;
const SECONDS = 8;

let server: RunningServer;
let info: ProjectPagesServer;
let dataDir: string;
let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  // This file's own migrated database (dropped when closed, so kept open until the end).
  database = await openTestDatabase();
  const url = database.url;
  if (!url) throw new Error('this test needs PostgreSQL: run `pg_virtualenv npm run test:pg`');
  dataDir = mkdtempSync(join(tmpdir(), 'canopy-mixed-load-'));
  server = await startServer(
    {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      ACCESS_TOKEN_LIFETIME: '3600',
      NODE_ENV: 'test',
    },
    () => {},
  );
  info = await seedProjectPages(server);
}, 120_000);

afterAll(async () => {
  await server?.close();
  await database?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('mixed load on PostgreSQL', () => {
  it(`answers every request of ${CONNECTIONS} connections for ${SECONDS} s with a 200`, async () => {
    const statuses = new Map<number, number>();
    let shortDownloads = 0;
    const result = await autocannon({
      url: new URL(info.listUrl).origin,
      connections: CONNECTIONS,
      duration: SECONDS,
      timeout: 30,
      headers: { authorization: `Bearer ${info.token}` },
      requests: [info.listUrl, info.detailUrl, info.downloadUrl].map((u) => ({ method: 'GET', path: new URL(u).pathname })),
      setupClient: (client) => {
        client.on('response', (status, bytes) => {
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          // The download's answer is the whole file (headers add a few hundred bytes).
          if (bytes > 100_000 && bytes < DOWNLOAD_BYTES) shortDownloads++;
        });
      },
    });
    console.log(
      `mixed load on PostgreSQL: ${result.requests.total} requests in ${SECONDS} s (${Math.round(result.requests.average)} req/s), p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect(result.errors).toBe(0);
    expect(result.timeouts).toBe(0);
    expect(result.non2xx).toBe(0);
    expect(shortDownloads).toBe(0);
    expect([...statuses.keys()]).toEqual([200]);
    // Every connection went round the three pages more than once.
    expect(result.requests.total).toBeGreaterThan(CONNECTIONS * 3);
    // And the server still answers correctly afterwards.
    const list = (await (await fetch(info.listUrl, { headers: { authorization: `Bearer ${info.token}` } })).json()) as { count: number };
    expect(list.count).toBe(1000);
  });
});
