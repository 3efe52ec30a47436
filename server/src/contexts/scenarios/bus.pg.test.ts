/**
 * The PostgreSQL LISTEN/NOTIFY bus with two bus instances (as two server processes would hold):
 * a message published on either reaches the subscribers of both, exactly once, in order. Runs under
 * `pg_virtualenv npm run test:pg`; skipped on the embedded database (no NOTIFY between processes).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { createPgBus } from '../../realtime/bus-pg.ts';
import type { BusMessage, EventBus } from '../../realtime/bus.ts';

const pgOnly = !process.env.TEST_DATABASE_URL;

describe.skipIf(pgOnly)('the LISTEN/NOTIFY bus', () => {
  let t: TestContext;
  let a: EventBus;
  let b: EventBus;
  const channel = `canopy_test_${process.pid}`;
  beforeAll(async () => {
    t = await createTestContext();
    a = await createPgBus(t.databaseUrl!, { channel });
    b = await createPgBus(t.databaseUrl!, { channel });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await t?.close();
  });

  it('delivers what either instance publishes to the subscribers of both, once and in order', async () => {
    const gotA: BusMessage[] = [];
    const gotB: BusMessage[] = [];
    a.subscribe((m) => gotA.push(m));
    b.subscribe((m) => gotB.push(m));
    await a.publish({ projectId: 7, event: { type: 'scenario.status', configuration_id: 1, status: 'queued' } });
    await b.publish({ projectId: 7, event: { type: 'scenario.status', configuration_id: 1, status: 'running' } });
    await a.publish({ projectId: 8, event: { type: 'notification', message: 'done' } });
    const deadline = Date.now() + 5000;
    while ((gotA.length < 3 || gotB.length < 3) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 200));
    const summary = (list: BusMessage[]) => list.map((m) => `${m.projectId}:${m.event.type}:${String(m.event.status ?? m.event.message)}`);
    expect(summary(gotA)).toEqual(['7:scenario.status:queued', '7:scenario.status:running', '8:notification:done']);
    expect(summary(gotB)).toEqual(summary(gotA));
    expect(a.kind).toBe('postgres');
  });

  it('keeps working for the others when one instance closes', async () => {
    const got: BusMessage[] = [];
    b.subscribe((m) => got.push(m));
    await a.close();
    await b.publish({ projectId: 9, event: { type: 'notification', message: 'still here' } });
    const deadline = Date.now() + 5000;
    while (got.length < 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(got.map((m) => m.projectId)).toEqual([9]);
  });
});
