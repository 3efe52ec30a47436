import { describe, expect, it } from 'vitest';
import { createHealthProbe } from './health.ts';
import type { Database } from '../../db/database.ts';

function fakeClock(start = 0) {
  let t = start;
  return { now: () => new Date(t), advance: (ms: number) => (t += ms) };
}

describe('the health probe', () => {
  it('touches the database at most once a second, however many checks arrive', async () => {
    let pings = 0;
    const database = { kind: 'pglite', ping: async () => void pings++ } as unknown as Database;
    const clock = fakeClock();
    const probe = createHealthProbe(database, clock, '1.0.0');
    await Promise.all(Array.from({ length: 50 }, () => probe()));
    expect(pings).toBe(1);
    clock.advance(999);
    await probe();
    expect(pings).toBe(1);
    clock.advance(2);
    await probe();
    expect(pings).toBe(2);
  });

  it('reports unavailable when the database does not answer', async () => {
    const database = { kind: 'postgres', ping: async () => Promise.reject(new Error('down')) } as unknown as Database;
    expect(await createHealthProbe(database, fakeClock(), '1.0.0')()).toEqual({
      status: 'unavailable',
      database: 'postgres',
      version: '1.0.0',
    });
  });
});
