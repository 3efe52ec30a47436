/**
 * The project pages under load: GET /api/project/ for a company with 1,000
 * projects, GET /api/project/{id}/ of a project with 5 studies, 20 scenarios and 50 insights, and a
 * mix of both with a 580 KB result download — each under 50 connections, beside GET /api/health
 * measured on the same server in the same run. Printed: req/s, p50 and p99 of each, and the ratios
 * to health (req/s health ÷ page, p99 page ÷ health).
 *
 * The server runs in its own process (servers/project-pages-server.ts), so autocannon does not
 * take the server's event loop. On the embedded PGlite always; on PostgreSQL too when one is
 * configured (DATABASE_URL, or PGHOST/PGPORT as `pg_virtualenv npm run bench project-pages` sets):
 * a throw-away database is created and dropped. Goals, on both databases: p99 ≤ 50 ms for the list
 * and the detail, cached and never cached, and ≤ 150 ms for the mix; a timeout fails a goal too.
 * The machine's load average is printed beside the figures, and the mix's p99 beside that of a bare
 * node:http server sending the same bytes (servers/bare-pages-server.ts) right after: what the load
 * generator and the loopback leave for the mix on this machine.
 * Nothing is written during the runs, so list and detail are answered from the page cache (ADR 24)
 * after their first read; the "never cached" runs ask a new URL each time, which is what every read
 * costs while something is being written (any commit makes the next read fresh).
 * BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there (node --cpu-prof).
 * Beside each row, the server's CPU per request by thread, from /proc (Linux): its main thread, its
 * busiest other thread (on PGlite the database's own thread, ADR 25) and the rest (V8's helpers).
 * On a busy machine these say more than the latencies, which follow the machine's load.
 */
import autocannon from 'autocannon';
import { fork as forkProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { report } from './harness.ts';
import type { ProjectPagesServer } from './servers/project-pages-server.ts';
import type { BarePagesServer, BarePagesSource } from './servers/bare-pages-server.ts';

const CONNECTIONS = 50;
/** Goals, on either database: every page p99 ≤ 50 ms, cached or not; the mix with a download ≤ 150 ms. */
const PAGE_P99_GOAL_MS = 50;
const MIXED_P99_GOAL_MS = 150;

/** The machine's 1, 5 and 15 minute load averages: figures from a busy machine are not a quiet one's. */
function loadAverage(values: number[]): string {
  return values.map((v) => v.toFixed(2)).join(' ');
}
const here = dirname(fileURLToPath(import.meta.url));

interface Child<T> {
  info: T;
  pid: number | undefined;
  stop(): Promise<void>;
}

/** Forks `file` (servers/*.ts), sends it `message` when given, and waits for what it answers when ready. */
function fork<T>(file: string, options: { env?: NodeJS.ProcessEnv; execArgv?: string[]; message?: unknown } = {}): Promise<Child<T>> {
  const child = forkProcess(join(here, file), [], {
    execArgv: ['--import', 'tsx', ...(options.execArgv ?? [])],
    env: options.env ?? process.env,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  if (options.message !== undefined) child.send(options.message as object);
  return new Promise((resolveChild, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`bench server ${file} exited (${code}) before it was ready`)));
    child.once('message', (info) => {
      child.removeAllListeners('exit');
      resolveChild({
        info: info as T,
        pid: child.pid,
        stop: () =>
          new Promise<void>((done) => {
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}

function startChild(databaseUrl: string | undefined): Promise<Child<ProjectPagesServer>> {
  const profDir = process.env.BENCH_CPU_PROF;
  return fork<ProjectPagesServer>('servers/project-pages-server.ts', {
    execArgv: profDir ? ['--cpu-prof', `--cpu-prof-dir=${resolve(profDir)}`] : [],
    env: { ...process.env, DATABASE_URL: databaseUrl ?? '' },
  });
}

/** CPU time (ms) each thread of `pid` has used so far, by thread id; empty where /proc is not there. */
function threadCpu(pid: number | undefined): Map<string, number> {
  const times = new Map<string, number>();
  if (pid === undefined) return times;
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      // utime and stime, the 14th and 15th fields, after the command name in parentheses.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      times.set(tid, ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS);
    }
  } catch {
    // Not Linux, or the process is gone: no figures.
  }
  return times;
}
const CLOCK_TICKS = 100;

/** The server's CPU per request (ms) during one load: main thread, busiest other thread, the rest (per-request figures, so rounded to µs). */
function cpuPerRequest(pid: number | undefined, before: Map<string, number>, after: Map<string, number>, requests: number) {
  if (after.size === 0 || requests === 0) return undefined;
  const used = [...after].map(([tid, ms]) => ({ tid, ms: ms - (before.get(tid) ?? 0) }));
  const main = used.find((u) => u.tid === String(pid))?.ms ?? 0;
  const others = used.filter((u) => u.tid !== String(pid)).sort((a, b) => b.ms - a.ms);
  const busiest = others[0]?.ms ?? 0;
  const rest = others.slice(1).reduce((sum, u) => sum + u.ms, 0);
  const round = (ms: number) => Math.round((ms / requests) * 1000) / 1000;
  return { cpuMsMain: round(main), cpuMsBusiestOther: round(busiest), cpuMsRest: round(rest) };
}

let uniqueRequests = 0;

/**
 * `fresh`: every request at a URL never asked before (an extra `fresh=<n>` parameter the routes
 * ignore), so the page cache (ADR 24) never holds its answer: what every read costs while something
 * is being written somewhere in the database.
 */
function load(urls: string[], seconds: number, token?: string, fresh = false): Promise<autocannon.Result> {
  const headers = token ? { authorization: `Bearer ${token}` } : {};
  const first = new URL(urls[0]!);
  return autocannon({
    url: first.origin,
    connections: CONNECTIONS,
    duration: seconds,
    pipelining: 1,
    headers,
    requests: urls.map((u): autocannon.Request => {
      const path = new URL(u).pathname + new URL(u).search;
      if (!fresh) return { method: 'GET', path };
      return {
        method: 'GET',
        path,
        setupRequest: (request) => ({ ...request, path: `${path}${path.includes('?') ? '&' : '?'}fresh=${++uniqueRequests}` }),
      };
    }),
  });
}

function checked(name: string, result: autocannon.Result): autocannon.Result {
  // A timeout (no answer within autocannon's 10 s) is reported with the figures; a wrong answer is a failure.
  if (result.non2xx > 0) throw new Error(`${name}: ${result.non2xx} non-2xx answers`);
  return result;
}

/** A throw-away database on the configured PostgreSQL, or undefined when none is configured. */
async function postgresDatabase(): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const { PGHOST, PGPORT = '5432', PGUSER = 'postgres', PGPASSWORD = '', PGDATABASE = 'postgres' } = process.env;
  const adminUrl =
    process.env.DATABASE_URL ||
    (PGHOST || process.env.PGPORT
      ? `postgres://${encodeURIComponent(PGUSER)}:${encodeURIComponent(PGPASSWORD)}@${PGHOST ?? 'localhost'}:${PGPORT}/${PGDATABASE}`
      : undefined);
  if (!adminUrl) return undefined;
  const name = `canopy_bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}

async function measure(label: string, databaseUrl: string | undefined): Promise<void> {
  const child = await startChild(databaseUrl);
  const { info } = child;
  try {
    const auth = { headers: { authorization: `Bearer ${info.token}` } };
    const list = (await (await fetch(info.listUrl, auth)).json()) as { count: number; results: unknown[] };
    if (list.count !== 1000 || list.results.length !== 25) throw new Error(`unexpected list: count ${list.count}, ${list.results.length} results`);
    const detail = (await (await fetch(info.detailUrl, auth)).json()) as { studies: Array<{ simulation_labels: unknown[] }> };
    if (detail.studies.length !== 5 || detail.studies.flatMap((s) => s.simulation_labels).length !== 40) throw new Error('unexpected detail');
    const download = await fetch(info.downloadUrl, auth);
    if (download.status !== 200 || (await download.arrayBuffer()).byteLength !== 580 * 1024) throw new Error(`download answered ${download.status}`);

    // Warm-up, then each load alone; health last in between so it sees the same machine state.
    const before = loadavg();
    await load([info.healthUrl], 1);
    await load([info.listUrl, info.detailUrl], 2, info.token);
    const health = checked('health', await load([info.healthUrl], 5));
    const cpu = new Map<string, ReturnType<typeof cpuPerRequest>>();
    const measured = async (name: string, run: () => Promise<autocannon.Result>): Promise<[string, autocannon.Result]> => {
      const before = threadCpu(child.pid);
      const result = checked(name, await run());
      cpu.set(name, cpuPerRequest(child.pid, before, threadCpu(child.pid), result.requests.total));
      return [name, result];
    };
    const runs: Array<[string, autocannon.Result]> = [
      await measured('list (1,000 projects)', () => load([info.listUrl], 10, info.token)),
      await measured('detail (5 studies, 20 scenarios, 50 insights)', () => load([info.detailUrl], 10, info.token)),
      await measured('list, never cached', () => load([info.listUrl], 10, info.token, true)),
      await measured('detail, never cached', () => load([info.detailUrl], 10, info.token, true)),
      await measured('mixed (list, detail, 580 KB download)', () => load([info.listUrl, info.detailUrl, info.downloadUrl], 10, info.token)),
    ];
    // The mix again from a bare node:http server sending the same bytes, right after, in its own process.
    const bare = await fork<BarePagesServer>('servers/bare-pages-server.ts', {
      message: { listUrl: info.listUrl, detailUrl: info.detailUrl, downloadUrl: info.downloadUrl, token: info.token } satisfies BarePagesSource,
    });
    let bareMix: autocannon.Result;
    try {
      bareMix = checked('bare mix', await load([bare.info.listUrl, bare.info.detailUrl, bare.info.downloadUrl], 10));
    } finally {
      await bare.stop();
    }
    console.log(
      `${label}: health ${Math.round(health.requests.average)} req/s, p50 ${health.latency.p50} ms, p99 ${health.latency.p99} ms (${CONNECTIONS} connections); load average ${loadAverage(before)} before, ${loadAverage(loadavg())} after`,
    );
    for (const [name, r] of runs) {
      const goal = name.startsWith('mixed') ? MIXED_P99_GOAL_MS : PAGE_P99_GOAL_MS;
      report({
        name: `${label} ${name}: health req/s ÷ page req/s`,
        ratio: health.requests.average / r.requests.average,
        target: `p99 ≤ ${goal} ms`,
        pass: r.latency.p99 <= goal && r.timeouts === 0,
        details: {
          reqPerS: Math.round(r.requests.average),
          p50ms: r.latency.p50,
          p99ms: r.latency.p99,
          p99RatioToHealth: r.latency.p99 / Math.max(health.latency.p99, 1),
          requests: r.requests.total,
          ...cpu.get(name),
          ...(r.errors || r.timeouts ? { errors: r.errors, timeouts: r.timeouts } : {}),
        },
      });
    }
    const mixed = runs.at(-1)![1];
    report({
      name: `${label} mixed: p99 ÷ bare node:http p99 (same bytes)`,
      ratio: mixed.latency.p99 / Math.max(bareMix.latency.p99, 1),
      details: {
        bareReqPerS: Math.round(bareMix.requests.average),
        bareP50ms: bareMix.latency.p50,
        bareP99ms: bareMix.latency.p99,
        reqPerSRatio: mixed.requests.average / bareMix.requests.average,
      },
    });
  } finally {
    // Answers still in flight when autocannon stops would meet a closed database.
    await new Promise((resolveWait) => setTimeout(resolveWait, 1000));
    await child.stop();
  }
}

export default async function bench(): Promise<void> {
  await measure('PGlite', undefined);
  const postgres = await postgresDatabase();
  if (!postgres) {
    console.log('PostgreSQL: not configured (run under pg_virtualenv, or set DATABASE_URL, to measure it too)');
    return;
  }
  try {
    await measure('PostgreSQL', postgres.url);
  } finally {
    await postgres.drop();
  }
}
