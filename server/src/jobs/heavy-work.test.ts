/** The heavy-work limits (per user 429, overall 503), and real threads moving large arrays both ways. */
import { afterAll, describe, expect, it } from 'vitest';
import { DomainError } from '../kernel/domain-errors.ts';
import type { CpuPool } from './cpu-pool.ts';
import { createHeavyWork } from './heavy-work.ts';
import { openHeavyWork } from '../inline-cpu-pool.ts';
import { HEAVY_TASKS } from '../cpu-tasks.ts';
import { transferables } from './transfer.ts';
import { encodePng } from '../../test/world-insights.ts';
import type { PreparedImage } from '../contexts/results/pdf/png-xobject.ts';

/** A pool whose tasks finish only when the test says so. */
function gatedPool(): CpuPool & { release(): void; started: number } {
  const gates: Array<() => void> = [];
  const pool = {
    threads: 1,
    started: 0,
    run<T>(): Promise<T> {
      pool.started++;
      return new Promise<T>((resolve) => gates.push(() => resolve(undefined as T)));
    },
    release() {
      gates.splice(0).forEach((open) => open());
    },
    async close() {},
  };
  return pool;
}

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe('heavy-work limits', () => {
  it('refuses a user’s third task with 429 and Retry-After, while another user still gets in', async () => {
    const pool = gatedPool();
    const heavy = createHeavyWork(pool, { perUser: 2, maxPending: 10 }, HEAVY_TASKS);
    const running = [heavy.run(1, 't', {}), heavy.run(1, 't', {})];
    const third = await refusal(heavy.run(1, 't', {}));
    expect(third.kind).toBe('too-many');
    expect(third.options.retryAfterSeconds).toBe(5);
    expect(String(third.body.detail)).toMatch(/at most 2 at a time/);
    const other = heavy.run(2, 't', {});
    expect(pool.started).toBe(3);
    pool.release();
    await Promise.all([...running, other]);
    // slots come back when the work ends, failed or not
    expect(heavy.pending).toBe(0);
    const again = heavy.run(1, 't', {});
    pool.release();
    await again;
  });

  it('refuses anyone with 503 once the pool has its fill waiting', async () => {
    const pool = gatedPool();
    const heavy = createHeavyWork(pool, { perUser: 5, maxPending: 3 }, HEAVY_TASKS);
    const running = [heavy.run(1, 't', {}), heavy.run(2, 't', {}), heavy.run(3, 't', {})];
    const refused = await refusal(heavy.run(4, 't', {}));
    expect(refused.kind).toBe('unavailable');
    expect(refused.options.retryAfterSeconds).toBe(5);
    pool.release();
    await Promise.all(running);
  });

  it('frees the slot of a task that failed', async () => {
    const failing: CpuPool = { threads: 1, run: () => Promise.reject(new Error('boom')), close: async () => {} };
    const heavy = createHeavyWork(failing, { perUser: 1, maxPending: 1 }, HEAVY_TASKS);
    await expect(heavy.run(1, 't', {})).rejects.toThrow('boom');
    await expect(heavy.run(1, 't', {})).rejects.toThrow('boom');
    expect(heavy.pending).toBe(0);
  });
});

describe('the heavy-work pool in worker threads', () => {
  const heavy = openHeavyWork({ HEAVY_WORK_THREADS: 1, HEAVY_WORK_PER_USER: 2, HEAVY_WORK_QUEUE: 4 });
  afterAll(() => heavy.close());

  it('moves the image bytes to the thread and the encoded streams back', async () => {
    const png = encodePng(300, 200, (x, y) => [x % 256, y % 256, 7, 128], true);
    const bytes = new Uint8Array(png); // its own buffer, larger than the Buffer pool's slab
    expect(bytes.buffer.byteLength).toBeGreaterThan(Buffer.poolSize);
    const image = await heavy.run<PreparedImage>(1, 'pdf.preparePng', { bytes }, transferables([bytes]));
    expect(bytes.byteLength).toBe(0); // handed over, not copied
    expect(image).toMatchObject({ width: 300, height: 200 });
    expect(image.colour.dict.ColorSpace).toBe('DeviceRGB');
    expect(image.mask?.contents.byteLength).toBeGreaterThan(0);
  });
});
