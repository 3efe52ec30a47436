/**
 * The embed page of a share link over real HTTP: its Content-Security-Policy allows
 * framing by exactly the origins the owner set (PATCH share-link/{id} frame_ancestors), with no
 * X-Frame-Options to contradict it; a link without origins, a revoked link and every other page
 * forbid framing.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { listenOnce } from '../../../test/socket-client.ts';
import { buildShareWorld, type ShareWorld } from '../../../test/world-share-fixtures.ts';
import type { ShareLink, ShareLinkCreated } from '@canopy/contract/share-links.ts';

let t: TestContext;
let w: ShareWorld;
let server: Awaited<ReturnType<typeof listenOnce>>;
beforeAll(async () => {
  t = await createTestContext();
  w = await buildShareWorld(t.deps);
  server = await listenOnce(t.app);
});
afterAll(async () => {
  await server.close();
  await t.close();
});

function headersOf(path: string): Promise<Record<string, string | string[] | undefined>> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, path }, (res) => {
      res.resume();
      resolve(res.headers);
    });
    req.on('error', reject);
    req.end();
  });
}

const frameAncestors = (headers: Record<string, unknown>) => /frame-ancestors ([^;]+)/.exec(String(headers['content-security-policy']))?.[1];
const links = () => `/api/project/${w.a.projectId}/share-link`;

async function makeLink(body: Record<string, unknown>): Promise<ShareLinkCreated> {
  const res = await t.request(`${links()}/`, {
    method: 'POST',
    token: w.a.ownerToken,
    json: { insight_id: w.a.insightId, expires_at: new Date(Date.now() + 86_400_000).toISOString(), ...body },
  });
  expect(res.status).toBe(201);
  return (await res.json()) as ShareLinkCreated;
}

describe('embed page', () => {
  it('may be framed by the origins the owner set, and by them only', async () => {
    const link = await makeLink({ frame_ancestors: ['https://client.example', 'https://*.partner.example:8443'] });
    const headers = await headersOf(`/embed/${link.token}`);
    expect(frameAncestors(headers)).toBe('https://client.example https://*.partner.example:8443');
    expect(headers['x-frame-options']).toBeUndefined();
    // the rest of the policy is the app's own
    expect(String(headers['content-security-policy'])).toContain("script-src 'self'");
  });

  it('follows a change of the origins, and forbids framing once they are cleared', async () => {
    const link = await makeLink({});
    expect(frameAncestors(await headersOf(`/embed/${link.token}`))).toBe("'none'");
    const patch = (frame_ancestors: unknown) => t.request(`${links()}/${link.id}/`, { method: 'PATCH', token: w.a.ownerToken, json: { frame_ancestors } });
    const res = await patch(['https://client.example']);
    expect(res.status).toBe(200);
    expect(((await res.json()) as ShareLink).frame_ancestors).toEqual(['https://client.example']);
    expect(frameAncestors(await headersOf(`/embed/${link.token}`))).toBe('https://client.example');
    expect(await (await patch(["https://evil.example; script-src 'unsafe-inline'"])).json()).toEqual({
      'frame_ancestors.0': ['Enter an origin such as https://example.com.'],
    });
    const colleague = await t.request(`${links()}/${link.id}/`, { method: 'PATCH', token: w.colleagueToken, json: { frame_ancestors: [] } });
    expect(colleague.status).toBe(403);
    expect((await patch([])).status).toBe(200);
    const headers = await headersOf(`/embed/${link.token}`);
    expect(frameAncestors(headers)).toBe("'none'");
    expect(headers['x-frame-options']).toBe('DENY');
  });

  it('forbids framing for a revoked link and for every other page', async () => {
    const link = await makeLink({ frame_ancestors: ['https://client.example'] });
    expect((await t.request(`${links()}/${link.id}/`, { method: 'DELETE', token: w.a.ownerToken })).status).toBe(204);
    expect(frameAncestors(await headersOf(`/embed/${link.token}`))).toBe("'none'");
    expect(frameAncestors(await headersOf('/embed/not-a-token'))).toBe("'none'");
    const other = await headersOf(`/shared/${link.token}`);
    expect(frameAncestors(other)).toBe("'none'");
    expect(other['x-frame-options']).toBe('DENY');
  });
});
