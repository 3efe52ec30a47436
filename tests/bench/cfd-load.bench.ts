/**
 * The server's answers while Canopy's CFD computes, against the same load with nothing computing
 * (the fair baseline: the same installation, the same requests, in the same run). Two fresh
 * embedded installations with the demo, each in its own process:
 * - quiet: no job worker (nothing computes);
 * - computing: the demo's CFD wind run mid-direction, with CFD_THREADS=2 so both cores of a 2-core
 *   machine step the solver (the worst case for the event loop: every core busy with solver work).
 * Each gets the same load, one part after another: GET /api/health at 50 connections for 10 s,
 * 10 sign-ins of the demo account one after another, and GET /api/project/ (the project list) at 50
 * connections for 10 s. Printed: each figure both ways and the goals (health p99 ≤ 50 ms, sign-in
 * p50 ≤ 1 s, project list p99 ≤ 100 ms while computing), with the ratio computing ÷ quiet.
 */
import autocannon from 'autocannon';
import { fork } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { report } from './harness.ts';
import type { CfdLoadServer } from './servers/cfd-load-server.ts';

const here = dirname(fileURLToPath(import.meta.url));
const SECONDS = 10;
const SIGN_INS = 10;

interface Started {
  info: CfdLoadServer;
  stop(): Promise<void>;
}

function startServer(env: Record<string, string>, waitForCfd: boolean): Promise<Started> {
  const child = fork(join(here, 'servers/cfd-load-server.ts'), [JSON.stringify({ env, waitForCfd })], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`bench server exited (${code}) before it was ready`)));
    child.once('message', (info) => {
      child.removeAllListeners('exit');
      resolve({
        info: info as CfdLoadServer,
        stop: () =>
          new Promise<void>((done) => {
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}

async function signIn(base: string, i: number): Promise<{ ms: number; access: string }> {
  const started = performance.now();
  const res = await fetch(`${base}/authjwt/create/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.1.0.${i + 1}` },
    body: JSON.stringify({ username: 'demo', password: 'canopy-demo' }),
  });
  const body = (await res.json()) as { access?: string };
  if (res.status !== 200 || !body.access) throw new Error(`sign-in answered ${res.status}`);
  return { ms: performance.now() - started, access: body.access };
}

interface Figures {
  healthP50: number;
  healthP99: number;
  healthRps: number;
  signInP50: number;
  listP50: number;
  listP99: number;
  listRps: number;
  errors: number;
}

async function measure(base: string): Promise<Figures> {
  const health = await autocannon({ url: `${base}/api/health`, connections: 50, duration: SECONDS });
  const signIns: number[] = [];
  let access = '';
  for (let i = 0; i < SIGN_INS; i++) {
    const s = await signIn(base, i);
    signIns.push(s.ms);
    access = s.access;
  }
  signIns.sort((a, b) => a - b);
  const list = await autocannon({
    url: `${base}/api/project/`,
    connections: 50,
    duration: SECONDS,
    headers: { authorization: `Bearer ${access}` },
  });
  return {
    healthP50: health.latency.p50,
    healthP99: health.latency.p99,
    healthRps: health.requests.average,
    signInP50: signIns[Math.floor(signIns.length / 2)]!,
    listP50: list.latency.p50,
    listP99: list.latency.p99,
    listRps: list.requests.average,
    errors: health.errors + health.non2xx + list.errors + list.non2xx,
  };
}

export default async function bench(): Promise<void> {
  const demo = { SEED_DEMO: 'true' };
  const quietServer = await startServer({ ...demo, EMBEDDED_WORKERS: 'false' }, false);
  let quiet: Figures;
  try {
    quiet = await measure(quietServer.info.base);
  } finally {
    await quietServer.stop();
  }
  const busyServer = await startServer({ ...demo, DEMO_CFD: 'true', CFD_THREADS: String(Math.max(1, availableParallelism())) }, true);
  let busy: Figures;
  try {
    busy = await measure(busyServer.info.base);
  } finally {
    await busyServer.stop();
  }
  const load = loadavg()[0]!.toFixed(2);
  const line = (name: string, q: number, b: number, goal: number, unit: string) =>
    report({
      name: `${name} while CFD computes ÷ quiet`,
      ratio: b / Math.max(q, 1),
      target: `computing ≤ ${goal} ${unit}`,
      pass: b <= goal,
      details: { quiet: Math.round(q), computing: Math.round(b), unit, loadAverage: load },
    });
  line('health p99 (50 connections)', quiet.healthP99, busy.healthP99, 50, 'ms');
  line('sign-in p50', quiet.signInP50, busy.signInP50, 1000, 'ms');
  line('project list p99 (50 connections)', quiet.listP99, busy.listP99, 100, 'ms');
  report({
    name: 'throughput while CFD computes ÷ quiet (health, list)',
    ratio: busy.healthRps / quiet.healthRps,
    details: {
      healthQuietRps: Math.round(quiet.healthRps),
      healthComputingRps: Math.round(busy.healthRps),
      healthP50QuietMs: quiet.healthP50,
      healthP50ComputingMs: busy.healthP50,
      listQuietRps: Math.round(quiet.listRps),
      listComputingRps: Math.round(busy.listRps),
      listP50QuietMs: quiet.listP50,
      listP50ComputingMs: busy.listP50,
      errors: quiet.errors + busy.errors,
    },
  });
}
