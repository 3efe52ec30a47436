/**
 * End to end over a real socket: a scenario created over HTTP is pushed as a `scenario.status`
 * event through the bus to the WebSocket of a colleague who may see the project, and not to a
 * member of another company who is connected too (the same wiring as boot.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { buildWorld, type World } from '../../test/world.ts';
import { solarScenarioBody } from '../../test/world-scenarios.ts';
import { createNodeListener } from '../http/node-listener.ts';
import { attachLiveSocket, type LiveHub } from './live-socket.ts';
import { createInProcessBus } from './bus.ts';
import { connectBusToHub } from '../contexts/projects/bus-delivery.ts';

let t: TestContext;
let w: World;
let server: Server;
let hub: LiveHub;
let base: string;

beforeAll(async () => {
  t = await createTestContext();
  t.deps.bus = createInProcessBus();
  w = await buildWorld(t.deps);
  server = createServer(createNodeListener(t.app));
  hub = attachLiveSocket(server, t.deps);
  connectBusToHub(t.deps.bus, t.database.db, hub, () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await hub.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.deps.bus?.close();
  await t.close();
});

async function open(token: string): Promise<{ ws: WebSocket; messages: Array<Record<string, unknown>> }> {
  const res = await fetch(`http://${base}/socket/negotiate`, { headers: { authorization: `Bearer ${token}` } });
  const { accessToken } = (await res.json()) as { accessToken: string };
  const ws = new WebSocket(`ws://${base}/socket/live?access_token=${accessToken}`);
  const messages: Array<Record<string, unknown>> = [];
  await new Promise<void>((resolve, reject) => {
    ws.once('error', reject);
    ws.on('message', (data) => {
      messages.push(JSON.parse(String(data)) as Record<string, unknown>);
      if (messages.length === 1) resolve();
    });
  });
  return { ws, messages };
}

describe('scenario events on the live socket', () => {
  it('reach the users who may see the project, and nobody else', async () => {
    const colleague = await open(w.tokens.colleague!);
    const stranger = await open(w.tokens.otherCompany!);
    const res = await fetch(`http://${base}/api/project/${w.projectId}/configuration/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${w.tokens.projectAdmin}`, 'content-type': 'application/json' },
      body: JSON.stringify(solarScenarioBody('Live option', w.scenarios.uploads)),
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    const deadline = Date.now() + 5000;
    while (!colleague.messages.some((m) => m.configuration_id === id) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 200));
    const event = colleague.messages.find((m) => m.configuration_id === id);
    expect(event).toMatchObject({ type: 'scenario.status', project_id: w.projectId, configuration_id: id, status: 'draft' });
    expect(stranger.messages.filter((m) => m.type !== 'hello')).toEqual([]);
    colleague.ws.close();
    stranger.ws.close();
  });
});
