/**
 * How long GET /api/health waits while some work runs. Health is probed
 * back to back, a few milliseconds apart, for as long as the work lasts; each probe's latency is
 * counted from when it was due, so a frozen event loop shows as one long probe even when the
 * request itself, once started, answers at once — and as a late wake-up of the prober when the work
 * ends with the freeze and no probe follows it. Timings on a shared machine are noisy: tests
 * compare these numbers with a baseline from the same test, never with a fixed time.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { TestContext } from './harness.ts';
import { openHeavyWork } from '../src/inline-cpu-pool.ts';

export interface HealthDuring<T> {
  result: T;
  /** The slowest health answer while the work ran, ms. */
  maxHealthMs: number;
  probes: number;
  /** How long the work took, ms. */
  workMs: number;
}

export async function healthDuring<T>(t: TestContext, work: () => Promise<T>, intervalMs = 5): Promise<HealthDuring<T>> {
  let done = false;
  const started = performance.now();
  let finished = started;
  const running = work().finally(() => {
    done = true;
    finished = performance.now();
  });
  let maxHealthMs = 0;
  let probes = 0;
  let due = performance.now();
  while (!done) {
    const res = await t.request('/api/health');
    await res.text();
    if (res.status !== 200) throw new Error(`health answered ${res.status}`);
    const now = performance.now();
    maxHealthMs = Math.max(maxHealthMs, now - due);
    probes++;
    due = now + intervalMs;
    await sleep(intervalMs);
    // A freeze can end with the work itself: the probe loop then wakes to find the work done and
    // sends no probe. The probe due at `due` could not have been sent before now, so its wait counts.
    maxHealthMs = Math.max(maxHealthMs, performance.now() - due);
  }
  return { result: await running, maxHealthMs, probes, workMs: finished - started };
}

/**
 * The same work measured twice: with heavy work in the context's pool, then on the request thread
 * (HEAVY_WORK_THREADS=0) — the baseline of the off-loop tests. `work` is told which run it is (a test
 * may need a fresh target for each); the context's pool is put back however the second run ends.
 */
export async function healthOffAndOnTheLoop<T>(
  t: TestContext,
  work: (run: 'off' | 'on') => Promise<T>,
): Promise<{ offLoop: HealthDuring<T>; onLoop: HealthDuring<T>; ratio: number }> {
  const offLoop = await healthDuring(t, () => work('off'));
  const pooled = t.deps.heavy;
  const inline = openHeavyWork({ HEAVY_WORK_THREADS: 0, HEAVY_WORK_PER_USER: 2, HEAVY_WORK_QUEUE: 16 });
  t.deps.heavy = inline;
  try {
    const onLoop = await healthDuring(t, () => work('on'));
    return { offLoop, onLoop, ratio: offLoop.maxHealthMs / onLoop.maxHealthMs };
  } finally {
    t.deps.heavy = pooled;
    await inline.close();
  }
}

/** A flat binary STL of `triangles` triangles (a grid of squares in z = 0), made fast. */
export function gridStl(triangles: number): Uint8Array {
  const bytes = Buffer.alloc(84 + 50 * triangles);
  bytes.writeUInt32LE(triangles, 80);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const side = Math.ceil(Math.sqrt(triangles / 2));
  for (let i = 0; i < triangles; i++) {
    const o = 84 + 50 * i;
    const cell = i >> 1;
    const x = cell % side;
    const y = Math.floor(cell / side);
    const corners = i & 1 ? [x, y, x + 1, y + 1, x, y + 1] : [x, y, x + 1, y, x + 1, y + 1];
    view.setFloat32(o + 8, 1, true); // normal +z
    for (let k = 0; k < 3; k++) {
      view.setFloat32(o + 12 + 12 * k, corners[2 * k]!, true);
      view.setFloat32(o + 16 + 12 * k, corners[2 * k + 1]!, true);
    }
  }
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
