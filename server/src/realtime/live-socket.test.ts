/** The live-update WebSocket: opens with a socket token, refuses a missing, expired or wrong-type one. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { accessToken, createUser } from '../../test/world.ts';
import { createNodeListener } from '../http/node-listener.ts';
import { attachLiveSocket, type LiveHub } from './live-socket.ts';
import { liveSocketUrl } from './socket-token.ts';

let t: TestContext;
let server: Server;
let hub: LiveHub;
let base: string;
let userToken: string;
let userId: number;

beforeAll(async () => {
  t = await createTestContext();
  userId = await createUser(t.database.db, { username: 'lena', companyId: null });
  userToken = await accessToken(t.deps, userId);
  server = createServer(createNodeListener(t.app));
  hub = attachLiveSocket(server, t.deps);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await hub.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
});

async function negotiation(): Promise<{ url: string; accessToken: string }> {
  const res = await fetch(`http://${base}/socket/negotiate`, { headers: { authorization: `Bearer ${userToken}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as { url: string; accessToken: string };
}

async function negotiate(): Promise<string> {
  return (await negotiation()).accessToken;
}

/** Resolves with the first message, or rejects with the HTTP status the upgrade was refused with. */
function connect(query: string): Promise<{ ws: WebSocket; first: { type: string; user_id?: number } }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://${base}/socket/live${query}`);
    ws.once('message', (data) => resolve({ ws, first: JSON.parse(String(data)) as { type: string } }));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

describe('the live socket', () => {
  it('opens with a fresh socket token and delivers events published to the user', async () => {
    const { ws, first } = await connect(`?access_token=${await negotiate()}`);
    expect(first).toEqual({ type: 'hello', user_id: userId });
    const next = new Promise<unknown>((resolve) => ws.once('message', (data) => resolve(JSON.parse(String(data)))));
    expect(hub.publish(userId, { type: 'job.progress', percent: 40 })).toBe(1);
    expect(await next).toEqual({ type: 'job.progress', percent: 40 });
    ws.close();
  });

  it('negotiates, without PUBLIC_URL, the socket at the request origin (not under the negotiate path), and that URL opens', async () => {
    const { url, accessToken } = await negotiation();
    expect(url).toBe(`ws://${base}/socket/live`);
    const ws = new WebSocket(`${url}?access_token=${accessToken}`);
    const first = await new Promise<unknown>((resolve, reject) => {
      ws.once('message', (data) => resolve(JSON.parse(String(data))));
      ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
      ws.once('error', reject);
    });
    expect(first).toEqual({ type: 'hello', user_id: userId });
    ws.close();
  });

  it('keeps the path prefix of PUBLIC_URL', () => {
    const behind = (PUBLIC_URL: string) => liveSocketUrl({ ...t.deps, config: { ...t.deps.config, PUBLIC_URL } }, `http://${base}/socket/negotiate`);
    expect(behind('https://canopy.test/tools/')).toBe('wss://canopy.test/tools/socket/live');
    expect(behind('http://canopy.test')).toBe('ws://canopy.test/socket/live');
  });

  it('refuses a missing token, an expired one and an access token with 401', async () => {
    await expect(connect('')).rejects.toThrow('HTTP 401');
    await expect(connect(`?access_token=${userToken}`)).rejects.toThrow('HTTP 401');
    const token = await negotiate();
    t.clock.advance(61_000);
    try {
      await expect(connect(`?access_token=${token}`)).rejects.toThrow('HTTP 401');
    } finally {
      t.clock.advance(-61_000);
    }
  });

  it('answers another path with 404', async () => {
    await expect(
      new Promise((resolve, reject) => {
        const ws = new WebSocket(`ws://${base}/socket/elsewhere`);
        ws.once('open', resolve);
        ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
        ws.once('error', reject);
      }),
    ).rejects.toThrow('HTTP 404');
  });
});
