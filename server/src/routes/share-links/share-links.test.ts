/**
 * Share links over HTTP against the real database: an owner makes, lists and revokes
 * links; anyone with a live link reads its one insight or report and the files it references, and
 * nothing else; revoked and expired links, another company's token, another insight's files, a
 * wrong or missing password all answer without data; password guesses are throttled per link.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { buildShareWorld, renewShareTokens, type ShareWorld } from '../../../test/world-share-fixtures.ts';
import { insights, rateLimitCounters, shareLinks } from '../../db/schema/index.ts';
import { THROTTLE_RULES } from '../../contexts/accounts/auth/throttle.ts';
import type { SharedContent, SharedLinkInfo, ShareLink, ShareLinkCreated } from '@canopy/contract/share-links.ts';

let t: TestContext;
let w: ShareWorld;
const NOT_FOUND = { detail: 'Not found.' };
const inDays = (days: number) => new Date(t.clock.now().getTime() + days * 86_400_000).toISOString();
/** Moves the clock on, and signs the users' tokens anew (they would have expired). */
async function advance(ms: number) {
  t.clock.advance(ms);
  await renewShareTokens(t.deps, w);
}
const links = (projectId = w.a.projectId) => `/api/project/${projectId}/share-link`;

async function call<T>(method: string, path: string, init: { json?: unknown; token?: string | undefined } = {}, status = 200): Promise<T> {
  const res = await t.request(path, { method, ...(init.json !== undefined ? { json: init.json } : {}), ...(init.token ? { token: init.token } : {}) });
  expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBe(status);
  return (res.status === 204 ? undefined : res.headers.get('content-type')?.includes('json') ? await res.json() : new Uint8Array(await res.arrayBuffer())) as T;
}

async function makeLink(body: Record<string, unknown>, token = w.a.ownerToken, projectId = w.a.projectId): Promise<ShareLinkCreated> {
  return call<ShareLinkCreated>('POST', `${links(projectId)}/`, { json: { expires_at: inDays(7), ...body }, token }, 201);
}

/** Every public route of a link answers 404 `Not found.`, the same body as for a token never made. */
async function expectDead(token: string, ids: { imageId: number; assetId: number }) {
  for (const [method, path, json] of [
    ['GET', `/api/shared/${token}`, undefined],
    ['POST', `/api/shared/${token}/open`, {}],
    ['GET', `/api/shared/${token}/study-image/${ids.imageId}/file`, undefined],
    ['GET', `/api/shared/${token}/layer/${ids.assetId}/download`, undefined],
  ] as const) {
    expect(await call(method, path, { json }, 404), `${method} ${path}`).toEqual(NOT_FOUND);
  }
}

beforeAll(async () => {
  // TRUST_PROXY: the throttle test picks its client address through X-Forwarded-For.
  t = await createTestContext({ TRUST_PROXY: 'true' });
  w = await buildShareWorld(t.deps);
});
afterAll(() => t.close());

describe('making, listing and revoking links', () => {
  it('makes a link whose token is shown once and stored only as its hash', async () => {
    const link = await makeLink({ insight_id: w.a.insightId });
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link).toMatchObject({ url: `/shared/${link.token}`, insight_id: w.a.insightId, report_id: null, has_password: false, last_used_at: null });
    const [row] = await t.database.db.select().from(shareLinks).where(eq(shareLinks.id, link.id));
    expect(row!.tokenHash).toBe(createHash('sha256').update(link.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(link.token);
    const list = await call<{ results: ShareLink[] }>('GET', `${links()}?insight_id=${w.a.insightId}`, { token: w.a.ownerToken });
    expect(list.results.map((l) => l.id)).toContain(link.id);
    expect(list.results.find((l) => l.id === link.id)).not.toHaveProperty('token');
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const post = (json: unknown) => call<Record<string, string[]>>('POST', `${links()}/`, { json, token: w.a.ownerToken }, 400);
    expect(Object.keys(await post({ insight_id: w.a.insightId }))).toEqual(['expires_at']);
    expect(Object.keys(await post({ insight_id: w.a.insightId, expires_at: 'next week' }))).toEqual(['expires_at']);
    expect(await post({ insight_id: w.a.insightId, expires_at: inDays(-1) })).toEqual({ expires_at: ['Ensure this date is in the future.'] });
    expect(await post({ insight_id: w.a.insightId, expires_at: inDays(400) })).toEqual({ expires_at: ['Ensure this date is at most 365 days ahead.'] });
    expect(await post({ expires_at: inDays(1) })).toEqual({ insight_id: ['Give either insight_id or report_id.'] });
    expect(await post({ insight_id: w.a.insightId, report_id: w.a.reportId, expires_at: inDays(1) })).toEqual({
      insight_id: ['Give either insight_id or report_id.'],
    });
    expect(Object.keys(await post({ insight_id: w.a.insightId, expires_at: inDays(1), password: 'short' }))).toEqual(['password']);
    expect(Object.keys(await post({ insight_id: w.a.insightId, expires_at: inDays(1), frame_ancestors: ['javascript:alert(1)'] }))).toEqual([
      'frame_ancestors.0',
    ]);
    expect(await post({ insight_id: w.a.draftInsightId, expires_at: inDays(1) })).toEqual({ insight_id: ['Only a published insight can be shared.'] });
    // another company's insight is not an insight of this project
    expect(await post({ insight_id: w.b.insightId, expires_at: inDays(1) })).toEqual({
      insight_id: [`Invalid pk "${w.b.insightId}" - object does not exist.`],
    });
    expect(await call('GET', `${links()}?report_id=abc`, { token: w.a.ownerToken }, 400)).toEqual({ report_id: ['A valid integer is required.'] });
  });

  it('lets only owners manage links: 403 for a colleague who may not, 404 for another company, 401 signed out', async () => {
    const body = { insight_id: w.a.insightId, expires_at: inDays(1) };
    await call('POST', `${links()}/`, { json: body, token: w.colleagueToken }, 403);
    await call('GET', `${links()}/`, { token: w.colleagueToken }, 403);
    await call('POST', `${links()}/`, { json: body, token: w.b.ownerToken }, 404);
    await call('GET', `${links()}/`, { token: w.b.ownerToken }, 404);
    await call('GET', `${links()}/`, {}, 401);
    const link = await makeLink({ insight_id: w.a.insightId });
    expect(await call('DELETE', `${links(w.b.projectId)}/${link.id}/`, { token: w.b.ownerToken }, 404)).toEqual(NOT_FOUND);
    await call('DELETE', `${links()}/${link.id}/`, { token: w.colleagueToken }, 403);
    await call('GET', `/api/shared/${link.token}`);
  });
});

describe('opening a link', () => {
  it('shows its insight read-only, without its author, with its layer, and records the use', async () => {
    const link = await makeLink({ insight_id: w.a.insightId });
    expect(await call<SharedLinkInfo>('GET', `/api/shared/${link.token}`)).toEqual({ kind: 'insight', requires_password: false, expires_at: link.expires_at });
    await advance(60_000);
    const content = await call<SharedContent>('POST', `/api/shared/${link.token}/open`, { json: {} });
    expect(content.kind).toBe('insight');
    expect(content.access).toBeNull();
    expect(content.report).toBeNull();
    expect(content.insights.map((i) => [i.id, i.title, i.created_by])).toEqual([[w.a.insightId, 'Acme plaza', null]]);
    expect(content.layers.map((l) => l.id)).toEqual([w.a.assetId]);
    const list = await call<{ results: ShareLink[] }>('GET', `${links()}/`, { token: w.a.ownerToken });
    const used = list.results.find((l) => l.id === link.id)!.last_used_at;
    expect(Date.parse(used!)).toBeGreaterThan(Date.parse(link.created_at) + 59_000);
    // its image and its layer, and nothing else
    const image = await call<Uint8Array>('GET', `/api/shared/${link.token}/study-image/${w.a.imageId}/file`);
    expect([...image.slice(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
    expect(new TextDecoder().decode(await call<Uint8Array>('GET', `/api/shared/${link.token}/layer/${w.a.assetId}/download`))).toBe('glTF Acme plaza');
    expect(await call('GET', `/api/shared/${link.token}/study-image/${w.a.otherImageId}/file`, {}, 404)).toEqual(NOT_FOUND);
    expect(await call('GET', `/api/shared/${link.token}/layer/${w.a.otherAssetId}/download`, {}, 404)).toEqual(NOT_FOUND);
  });

  it("opens nothing of another insight or another company's project with a valid token", async () => {
    const link = await makeLink({ insight_id: w.a.insightId });
    const other = await makeLink({ insight_id: w.b.insightId }, w.b.ownerToken, w.b.projectId);
    for (const [token, imageId, assetId] of [
      [link.token, w.b.imageId, w.b.assetId],
      [other.token, w.a.imageId, w.a.assetId],
      [link.token, w.a.otherImageId, w.a.otherAssetId],
    ] as const) {
      expect(await call('GET', `/api/shared/${token}/study-image/${imageId}/file`, {}, 404)).toEqual(NOT_FOUND);
      expect(await call('GET', `/api/shared/${token}/layer/${assetId}/download`, {}, 404)).toEqual(NOT_FOUND);
    }
    // a link token is no bearer token: the project's own routes refuse it
    const res = await t.request(`/api/project/${w.a.projectId}/study/${w.a.studyId}/insight/${w.a.otherInsightId}/`, { token: link.token });
    expect(res.status).toBe(401);
    expect(await res.text()).not.toContain('Acme');
    // and the other company's link shows its own insight only
    const content = await call<SharedContent>('POST', `/api/shared/${other.token}/open`, { json: {} });
    expect(content.insights.map((i) => i.title)).toEqual(['Beta plaza']);
  });

  it('shows a report with the insights of its views and their images', async () => {
    const link = await makeLink({ report_id: w.a.reportId });
    const content = await call<SharedContent>('POST', `/api/shared/${link.token}/open`, { json: {} });
    expect(content.kind).toBe('report');
    expect(content.report?.title).toBe('Acme report');
    expect(content.report?.report_views.map((v) => v.caption)).toEqual(['Plaza']);
    expect(content.insights.map((i) => i.id)).toEqual([w.a.insightId]);
    await call('GET', `/api/shared/${link.token}/study-image/${w.a.imageId}/file`);
    await call('GET', `/api/shared/${link.token}/study-image/${w.a.otherImageId}/file`, {}, 404);
  });

  it('answers an unknown or malformed token like a dead one', async () => {
    await expectDead('A'.repeat(43), w.a);
    await expectDead('not-a-token', w.a);
  });
});

describe('dead links', () => {
  it('refuses a revoked link everywhere, drops it from the list, and cannot revoke it twice', async () => {
    const link = await makeLink({ insight_id: w.a.insightId });
    await call('POST', `/api/shared/${link.token}/open`, { json: {} });
    await call('DELETE', `${links()}/${link.id}/`, { token: w.a.ownerToken }, 204);
    await expectDead(link.token, w.a);
    const list = await call<{ results: ShareLink[] }>('GET', `${links()}/`, { token: w.a.ownerToken });
    expect(list.results.map((l) => l.id)).not.toContain(link.id);
    expect(await call('DELETE', `${links()}/${link.id}/`, { token: w.a.ownerToken }, 404)).toEqual(NOT_FOUND);
  });

  it('refuses a link once it has expired, and drops it from the list', async () => {
    const link = await makeLink({ insight_id: w.a.insightId, expires_at: new Date(t.clock.now().getTime() + 3_600_000).toISOString() });
    await call('GET', `/api/shared/${link.token}/study-image/${w.a.imageId}/file`);
    await advance(3_600_000 + 1000);
    await expectDead(link.token, w.a);
    const list = await call<{ results: ShareLink[] }>('GET', `${links()}/`, { token: w.a.ownerToken });
    expect(list.results.map((l) => l.id)).not.toContain(link.id);
  });

  it('refuses a link whose insight is no longer Published', async () => {
    const link = await makeLink({ insight_id: w.a.otherInsightId });
    await call('GET', `/api/shared/${link.token}`);
    await t.database.db.update(insights).set({ status: 'Draft' }).where(eq(insights.id, w.a.otherInsightId));
    await expectDead(link.token, { imageId: w.a.otherImageId, assetId: w.a.otherAssetId });
    await t.database.db.update(insights).set({ status: 'Published' }).where(eq(insights.id, w.a.otherInsightId));
  });
});

describe('password links', () => {
  it('needs the password to open, and the access it gives for files', async () => {
    const link = await makeLink({ insight_id: w.a.insightId, password: 'plaza-is-windy' });
    expect(link.has_password).toBe(true);
    const [row] = await t.database.db.select().from(shareLinks).where(eq(shareLinks.id, link.id));
    expect(row!.passwordHash).toMatch(/^scrypt\$/);
    expect(await call<SharedLinkInfo>('GET', `/api/shared/${link.token}`)).toMatchObject({ requires_password: true });
    expect(await call('POST', `/api/shared/${link.token}/open`, { json: {} }, 400)).toEqual({ password: ['This field is required.'] });
    const wrong = await call<Record<string, unknown>>('POST', `/api/shared/${link.token}/open`, { json: { password: 'plaza-is-calm' } }, 400);
    expect(wrong).toEqual({ password: ['The password is incorrect.'] });
    // files need the access of an opening
    await call('GET', `/api/shared/${link.token}/study-image/${w.a.imageId}/file`, {}, 404);
    const content = await call<SharedContent>('POST', `/api/shared/${link.token}/open`, { json: { password: 'plaza-is-windy' } });
    expect(content.insights.map((i) => i.id)).toEqual([w.a.insightId]);
    expect(content.access).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
    await call('GET', `/api/shared/${link.token}/study-image/${w.a.imageId}/file?access=${content.access}`);
    await call('GET', `/api/shared/${link.token}/layer/${w.a.assetId}/download?access=${content.access}`);
    const [expires] = content.access!.split('.');
    await call('GET', `/api/shared/${link.token}/study-image/${w.a.imageId}/file?access=${Number(expires) + 3600}.${content.access!.split('.')[1]}`, {}, 404);
    // another link's access opens nothing here
    const other = await makeLink({ insight_id: w.a.insightId, password: 'another-password' });
    await call('GET', `/api/shared/${other.token}/study-image/${w.a.imageId}/file?access=${content.access}`, {}, 404);
    // and the access ends after an hour
    await advance(3600_000 + 1000);
    await call('GET', `/api/shared/${link.token}/study-image/${w.a.imageId}/file?access=${content.access}`, {}, 404);
  });

  it('throttles guesses per link, from any address, and leaves other links alone', async () => {
    const link = await makeLink({ insight_id: w.a.insightId, password: 'plaza-is-windy' });
    const other = await makeLink({ insight_id: w.a.insightId, password: 'plaza-is-windy' });
    const { limit, windowSeconds } = THROTTLE_RULES.sharePassword.account;
    const open = (token: string, password: string, address: string) =>
      t.request(`/api/shared/${token}/open`, { method: 'POST', json: { password }, headers: { 'x-forwarded-for': address } });
    expect((await open(link.token, 'guess-number-1', '198.51.100.7')).status).toBe(400);
    const [counter] = await t.database.db
      .select()
      .from(rateLimitCounters)
      .where(eq(rateLimitCounters.key, `sharePassword:account:share-link:${link.id}`));
    expect(counter?.hits).toBe(1);
    // as if the rest of the allowance had been guessed away
    await t.database.db
      .update(rateLimitCounters)
      .set({ hits: limit })
      .where(eq(rateLimitCounters.key, `sharePassword:account:share-link:${link.id}`));
    const refused = await open(link.token, 'plaza-is-windy', '198.51.100.8');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(windowSeconds);
    expect((await open(other.token, 'plaza-is-windy', '198.51.100.8')).status).toBe(200);
    await advance(windowSeconds * 1000 + 1000);
    expect((await open(link.token, 'plaza-is-windy', '198.51.100.8')).status).toBe(200);
  });
});
