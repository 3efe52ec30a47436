/**
 * Sign-in under load: GET /api/health at a steady 200 requests per second while
 * eight accounts sign in back to back (each from its own address, each keeping its device cookie,
 * as eight people's browsers would), against the same probe with nothing else running — in the
 * same run, alternated twice. Printed: health p50/p99 both ways, the ratio of the p99s (goal ≤ 2),
 * and how many sign-ins went through (200) or were asked to wait (429). Before sign-in's hashing left the
 * event loop, eight accounts signing in pushed health's p50 from 3 ms to 890 ms.
 *
 * The server runs in its own process (servers/signin-server.ts), so the probes and sign-in clients
 * do not share its event loop. BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there.
 */
import autocannon from 'autocannon';
import { fork } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve as resolvePath } from 'node:path';
import { fileURLToPath } from 'node:url';
import { report } from './harness.ts';
import type { SigninServer } from './servers/signin-server.ts';

const here = dirname(fileURLToPath(import.meta.url));
const PROBE_RATE = 200;
const SECONDS = 6;

/**
 * The server's threads as the Linux scheduler saw them (/proc/<pid>/task/<tid>/schedstat: ns on a
 * CPU, ns waiting for one): the event loop's thread (tid = pid) and all the others together
 * (hashing, PGlite's and libuv's threads). Undefined where /proc has no schedstat.
 */
interface Sched {
  loopCpuNs: number;
  loopWaitNs: number;
  otherCpuNs: number;
}
function schedOf(pid: number): Sched | undefined {
  try {
    const read = (tid: string) => readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ').map(Number);
    const [loopCpuNs, loopWaitNs] = read(String(pid));
    let otherCpuNs = 0;
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      if (tid === String(pid)) continue;
      try {
        otherCpuNs += read(tid)[0]!;
      } catch {
        // The thread ended meanwhile.
      }
    }
    return { loopCpuNs: loopCpuNs!, loopWaitNs: loopWaitNs!, otherCpuNs };
  } catch {
    return undefined;
  }
}

/** What `probe` cost the server's threads, ms per second of the probe. */
async function withSched<T>(pid: number, probe: () => Promise<T>): Promise<{ result: T; perS?: { loopCpu: number; loopWait: number; otherCpu: number } }> {
  const before = schedOf(pid);
  const started = performance.now();
  const result = await probe();
  const after = schedOf(pid);
  const seconds = (performance.now() - started) / 1000;
  if (!before || !after) return { result };
  const perS = (a: number, b: number) => (b - a) / 1e6 / seconds;
  return {
    result,
    perS: {
      loopCpu: perS(before.loopCpuNs, after.loopCpuNs),
      loopWait: perS(before.loopWaitNs, after.loopWaitNs),
      otherCpu: perS(before.otherCpuNs, after.otherCpuNs),
    },
  };
}

function startChild(): Promise<{ info: SigninServer; pid: number; stop(): Promise<void> }> {
  const profDir = process.env.BENCH_CPU_PROF;
  const child = fork(join(here, 'servers/signin-server.ts'), [], {
    execArgv: ['--import', 'tsx', ...(profDir ? ['--cpu-prof', `--cpu-prof-dir=${resolvePath(profDir)}`] : [])],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`bench server exited (${code}) before it was ready`)));
    child.once('message', (info) => {
      child.removeAllListeners('exit');
      resolve({
        info: info as SigninServer,
        pid: child.pid!,
        stop: () =>
          new Promise<void>((done) => {
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}

function probeHealth(url: string): Promise<autocannon.Result> {
  return autocannon({ url, connections: 4, overallRate: PROBE_RATE, duration: SECONDS });
}

/** Eight clients signing in back to back until `until`; answers the statuses seen. */
async function signInStorm(info: SigninServer, until: () => boolean): Promise<Map<number, number>> {
  const statuses = new Map<number, number>();
  await Promise.all(
    info.accounts.map(async (account, i) => {
      let cookie = '';
      while (!until()) {
        const res = await fetch(info.signInUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.0.0.${i + 1}`, ...(cookie ? { cookie } : {}) },
          body: JSON.stringify(account),
        });
        await res.arrayBuffer();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        const set = res.headers.get('set-cookie');
        if (set) cookie = set.split(';')[0]!;
        if (res.status === 429) await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after') ?? 1) * 1000));
      }
    }),
  );
  return statuses;
}

export default async function bench(): Promise<void> {
  const { info, pid, stop } = await startChild();
  try {
    await probeHealth(info.healthUrl); // warm-up
    const idle: autocannon.Result[] = [];
    const busy: autocannon.Result[] = [];
    const idleSched: Array<{ loopCpu: number; loopWait: number; otherCpu: number }> = [];
    const busySched: typeof idleSched = [];
    const statuses = new Map<number, number>();
    for (let round = 0; round < 2; round++) {
      const quiet = await withSched(pid, () => probeHealth(info.healthUrl));
      idle.push(quiet.result);
      if (quiet.perS) idleSched.push(quiet.perS);
      let done = false;
      const storm = signInStorm(info, () => done);
      await new Promise((r) => setTimeout(r, 500)); // the hashing pool is full
      const loaded = await withSched(pid, () => probeHealth(info.healthUrl));
      busy.push(loaded.result);
      if (loaded.perS) busySched.push(loaded.perS);
      done = true;
      for (const [status, n] of await storm) statuses.set(status, (statuses.get(status) ?? 0) + n);
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const idleP99 = mean(idle.map((r) => r.latency.p99));
    const busyP99 = mean(busy.map((r) => r.latency.p99));
    // autocannon's latencies are whole milliseconds: an idle p99 of 0–1 ms is counted as 1.
    const ratio = busyP99 / Math.max(idleP99, 1);
    report({
      name: 'health p99 during 8 sign-ins ÷ idle health p99',
      ratio,
      target: '≤ 2',
      pass: ratio <= 2,
      details: {
        idleP50ms: mean(idle.map((r) => r.latency.p50)),
        idleP99ms: idleP99,
        busyP50ms: mean(busy.map((r) => r.latency.p50)),
        busyP99ms: busyP99,
        probeRate: PROBE_RATE,
        signIns200: statuses.get(200) ?? 0,
        signIns429: statuses.get(429) ?? 0,
        other:
          [...statuses]
            .filter(([s]) => s !== 200 && s !== 429)
            .map(([s, n]) => `${s}×${n}`)
            .join(',') || 'none',
        // The event loop's thread: ms on a CPU and ms waiting for one (run queue), per second; the
        // server's other threads' CPU ms per second. A busy p99 far above idle while the loop's own
        // CPU barely grows is time the loop spent waiting for a core, not work on it.
        ...(idleSched.length && busySched.length
          ? {
              idleLoopCpuMsPerS: Math.round(mean(idleSched.map((x) => x.loopCpu))),
              idleLoopWaitMsPerS: Math.round(mean(idleSched.map((x) => x.loopWait))),
              busyLoopCpuMsPerS: Math.round(mean(busySched.map((x) => x.loopCpu))),
              busyLoopWaitMsPerS: Math.round(mean(busySched.map((x) => x.loopWait))),
              idleOtherThreadsCpuMsPerS: Math.round(mean(idleSched.map((x) => x.otherCpu))),
              busyOtherThreadsCpuMsPerS: Math.round(mean(busySched.map((x) => x.otherCpu))),
            }
          : {}),
      },
    });
  } finally {
    await stop();
  }
}
