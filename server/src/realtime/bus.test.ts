/**
 * The in-process bus and delivery to the WebSocket hub: a message reaches only the connected users
 * who may see its project (decided when it arrives), once, with the project id. The PostgreSQL
 * transport is tested under test:pg (contexts/scenarios/bus.pg.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { buildWorld, ROLES_OF_MATRIX, type World } from '../../test/world.ts';
import { projectShares, users } from '../db/schema/index.ts';
import { createInProcessBus, decodeBusMessage, encodeBusMessage, type EventBus } from './bus.ts';
import { connectBusToHub } from '../contexts/projects/bus-delivery.ts';

let t: TestContext;
let w: World;
let bus: EventBus;
const received: Array<{ userId: number; event: Record<string, unknown> }> = [];
const connected = new Set<number>();
const hub = {
  connectedUsers: () => [...connected],
  publish: (userId: number, event: { type: string } & Record<string, unknown>) => (received.push({ userId, event }), 1),
};

beforeAll(async () => {
  t = await createTestContext();
  w = await buildWorld(t.deps);
  bus = createInProcessBus();
  connectBusToHub(bus, t.database.db, hub, () => {});
  for (const role of ROLES_OF_MATRIX) if (role !== 'anonymous') connected.add(w.userIds[role]);
});
afterAll(async () => {
  await bus.close();
  await t.close();
});

const settle = async (count: number) => {
  const deadline = Date.now() + 5000;
  while (received.length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  await new Promise((r) => setTimeout(r, 50));
};

describe('bus → WebSocket hub', () => {
  it('delivers to the connected users who may see the project, once each', async () => {
    received.length = 0;
    await bus.publish({ projectId: w.projectId, event: { type: 'scenario.status', configuration_id: 1, status: 'queued' } });
    await settle(5);
    const users = received.map((r) => r.userId).sort((a, b) => a - b);
    const expected = ['colleague', 'colleagueWithPermission', 'projectAdmin', 'acceptedShare', 'viewShare', 'superuser']
      .map((r) => w.userIds[r as keyof World['userIds']])
      .sort((a, b) => a - b);
    expect(users).toEqual(expected);
    expect(received[0]!.event).toEqual({ type: 'scenario.status', configuration_id: 1, status: 'queued', project_id: w.projectId });
  });

  it('decides access when the message arrives: a share revoked now receives nothing more', async () => {
    await t.database.db.delete(projectShares).where(eq(projectShares.userId, w.userIds.acceptedShare));
    received.length = 0;
    await bus.publish({ projectId: w.projectId, event: { type: 'notification', message: 'hello' } });
    await settle(4);
    expect(received.map((r) => r.userId)).not.toContain(w.userIds.acceptedShare);
    expect(received).toHaveLength(5);
  });

  it('refuses a message too large for a NOTIFY, and ignores malformed payloads', async () => {
    await expect(bus.publish({ projectId: 1, event: { type: 'x', blob: 'a'.repeat(9000) } })).rejects.toThrow(/too large/);
    expect(decodeBusMessage('not json')).toBeNull();
    expect(decodeBusMessage('{"p":"1","e":{"type":"x"}}')).toBeNull();
    expect(decodeBusMessage(encodeBusMessage({ projectId: 3, event: { type: 'x', a: 1 } }))).toEqual({ projectId: 3, event: { type: 'x', a: 1 } });
  });
});

describe('inbox events', () => {
  it('a share made over HTTP reaches its recipient live, though a pending recipient cannot see the project; no one else', async () => {
    t.deps.bus = bus;
    received.length = 0;
    const recipient = w.userIds.otherCompany;
    const [row] = await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, recipient));
    const res = await t.request(`/api/project/${w.projectId}/project-share/`, { method: 'POST', token: w.tokens.projectAdmin, json: { email: row!.email } });
    expect(res.status).toBe(201);
    const share = (await res.json()) as { id: number };
    await settle(1);
    expect(received).toEqual([{ userId: recipient, event: { type: 'inbox.changed', reason: 'shared', project_id: w.projectId } }]);

    // Their answer reaches the sharer's inbox the same way.
    received.length = 0;
    const answered = await t.request(`/api/user/project-shares/${share.id}/`, {
      method: 'POST',
      token: w.tokens.otherCompany,
      json: { share_status: 'declined' },
    });
    expect(answered.status).toBe(200);
    await settle(1);
    expect(received).toEqual([{ userId: w.userIds.projectAdmin, event: { type: 'inbox.changed', reason: 'answered', project_id: w.projectId } }]);
  });

  it('keeps the addressees through the bus encoding', () => {
    const message = decodeBusMessage(encodeBusMessage({ projectId: 3, userIds: [5, 8], event: { type: 'inbox.changed', reason: 'revoked' } }));
    expect(message).toEqual({ projectId: 3, userIds: [5, 8], event: { type: 'inbox.changed', reason: 'revoked' } });
  });
});
