/** The share-link machines by events: the owner's list, create and revoke; the public page's path to the content. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ServerError } from '@machines/shared/actors.ts';
import type { SharedContent, SharedLinkInfo, ShareLink, ShareLinkCreated } from '@canopy/contract/share-links.ts';
import type { Insight, SceneView } from '@canopy/contract/insights.ts';
import { shareLinksMachine, type NewLink, type ShareTarget } from './share-links.machine.ts';
import { sharedViewMachine } from './shared-view.machine.ts';
import * as sel from './share-links.selectors.ts';

const settle = () => vi.advanceTimersByTimeAsync(0);
const target: ShareTarget = { projectId: 7, kind: 'insight', id: 3 };
const serverError = (status: number, body: Partial<ServerError> = {}): ServerError => ({ kind: 'http', status, detail: null, fields: {}, body: null, ...body });

function link(id: number, extra: Partial<ShareLink> = {}): ShareLink {
  return {
    id,
    study_id: 1,
    insight_id: 3,
    report_id: null,
    expires_at: '2026-12-31T00:00:00.000Z',
    has_password: false,
    frame_ancestors: [],
    last_used_at: null,
    created_at: '2026-11-28T00:00:00.000Z',
    created_by: { id: 1, name: 'Olga' },
    ...extra,
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('share links (owner)', () => {
  function start(
    calls: {
      create?: (link: NewLink) => Promise<ShareLinkCreated>;
      revoke?: (id: number) => Promise<void>;
      load?: () => Promise<ShareLink[]>;
      sites?: (id: number, sites: string[]) => Promise<ShareLink>;
    } = {},
  ) {
    const seen: ShareTarget[] = [];
    const actor = createActor(
      shareLinksMachine.provide({
        actors: {
          loadLinks: fromPromise<ShareLink[], ShareTarget>(async ({ input }) => {
            seen.push(input);
            return calls.load ? calls.load() : [link(1)];
          }),
          createLink: fromPromise<ShareLinkCreated, { target: ShareTarget; link: NewLink }>(({ input }) =>
            calls.create ? calls.create(input.link) : Promise.resolve({ ...link(2), token: 't'.repeat(43), url: `/shared/${'t'.repeat(43)}` }),
          ),
          revokeLink: fromPromise<void, { target: ShareTarget; linkId: number }>(({ input }) =>
            calls.revoke ? calls.revoke(input.linkId) : Promise.resolve(),
          ),
          updateSites: fromPromise<ShareLink, { target: ShareTarget; linkId: number; frameAncestors: string[] }>(({ input }) =>
            calls.sites ? calls.sites(input.linkId, input.frameAncestors) : Promise.resolve(link(input.linkId, { frame_ancestors: input.frameAncestors })),
          ),
        },
      }),
      { input: { target } },
    ).start();
    return { actor, seen };
  }

  it('loads the live links of its insight', async () => {
    const { actor, seen } = start();
    expect(sel.selectLinksLoading(actor.getSnapshot())).toBe(true);
    await settle();
    expect(seen).toEqual([target]);
    expect(sel.selectLinks(actor.getSnapshot()).map((l) => l.id)).toEqual([1]);
  });

  it('shows a failed load and loads again on retry', async () => {
    let fail = true;
    const { actor } = start({
      load: async () => (fail ? Promise.reject(serverError(403, { detail: 'You do not have permission to perform this action.' })) : [link(1)]),
    });
    await settle();
    expect(sel.selectLinksError(actor.getSnapshot())).toBe('You do not have permission to perform this action.');
    fail = false;
    actor.send({ type: 'links.retry' });
    await settle();
    expect(sel.selectLinks(actor.getSnapshot())).toHaveLength(1);
  });

  it('makes a link, shows its address once, and puts it first in the list', async () => {
    const create = vi.fn(async () => ({ ...link(2, { has_password: true }), token: 'x'.repeat(43), url: `/shared/${'x'.repeat(43)}` }));
    const { actor } = start({ create });
    await settle();
    actor.send({ type: 'link.create', link: { expiresAt: '2026-12-05T00:00:00.000Z', password: 'plaza-is-windy', frameAncestors: [] } });
    expect(sel.selectCreating(actor.getSnapshot())).toBe(true);
    await settle();
    expect(create).toHaveBeenCalledWith({ expiresAt: '2026-12-05T00:00:00.000Z', password: 'plaza-is-windy', frameAncestors: [] });
    expect(sel.selectCreated(actor.getSnapshot())?.url).toBe(`/shared/${'x'.repeat(43)}`);
    expect(sel.selectLinks(actor.getSnapshot()).map((l) => l.id)).toEqual([2, 1]);
    expect(sel.selectLinks(actor.getSnapshot())[0]).not.toHaveProperty('token');
    expect(sel.selectLinksSuccess(actor.getSnapshot())).toBe('Share link created.');
    await vi.advanceTimersByTimeAsync(3000);
    expect(sel.selectLinksSuccess(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'created.dismiss' });
    expect(sel.selectCreated(actor.getSnapshot())).toBeNull();
  });

  it('keeps field errors on the form and other failures in the feedback flag', async () => {
    let error = serverError(400, { fields: { expires_at: ['Ensure this date is in the future.'] } });
    const { actor } = start({ create: async () => Promise.reject(error) });
    await settle();
    actor.send({ type: 'link.create', link: { expiresAt: '2020-01-01T00:00:00.000Z', password: null, frameAncestors: [] } });
    await settle();
    expect(sel.selectFormErrors(actor.getSnapshot())).toEqual({ expires_at: ['Ensure this date is in the future.'] });
    expect(sel.selectLinksFailure(actor.getSnapshot())).toBeNull();
    error = serverError(403, { detail: 'You do not have permission to perform this action.' });
    actor.send({ type: 'link.create', link: { expiresAt: '2026-12-05T00:00:00.000Z', password: null, frameAncestors: [] } });
    await settle();
    expect(sel.selectFormErrors(actor.getSnapshot())).toEqual({});
    expect(sel.selectLinksFailure(actor.getSnapshot())).toBe('The share link could not be created. You do not have permission to perform this action.');
    await vi.advanceTimersByTimeAsync(5000);
    expect(sel.selectLinksFailure(actor.getSnapshot())).toBeNull();
  });

  it('revokes a link only after confirmation', async () => {
    const revoke = vi.fn(async () => {});
    const { actor } = start({ revoke, load: async () => [link(1), link(4)] });
    await settle();
    actor.send({ type: 'link.revoke', linkId: 4 });
    expect(sel.selectRevokeConfirmation(actor.getSnapshot())?.id).toBe(4);
    actor.send({ type: 'cancel' });
    expect(sel.selectRevokeConfirmation(actor.getSnapshot())).toBeNull();
    expect(revoke).not.toHaveBeenCalled();
    actor.send({ type: 'link.revoke', linkId: 4 });
    actor.send({ type: 'revoke.confirm' });
    await settle();
    expect(revoke).toHaveBeenCalledWith(4);
    expect(sel.selectLinks(actor.getSnapshot()).map((l) => l.id)).toEqual([1]);
    expect(sel.selectLinksSuccess(actor.getSnapshot())).toBe('Share link revoked.');
  });

  it('keeps a link whose revocation failed', async () => {
    const { actor } = start({ revoke: async () => Promise.reject(serverError(404, { detail: 'Not found.' })) });
    await settle();
    actor.send({ type: 'link.revoke', linkId: 1 });
    actor.send({ type: 'revoke.confirm' });
    await settle();
    expect(sel.selectLinks(actor.getSnapshot()).map((l) => l.id)).toEqual([1]);
    expect(sel.selectLinksFailure(actor.getSnapshot())).toBe('The share link could not be revoked. Not found.');
  });
  it("changes a live link's embedding sites, keeping the server's field errors on its form until saved", async () => {
    const saved: Array<[number, string[]]> = [];
    const { actor } = start({
      sites: async (id, sites) => {
        saved.push([id, sites]);
        if (sites.some((s) => !s.startsWith('https://')))
          throw serverError(400, { fields: { 'frame_ancestors.0': ['Enter an origin such as https://example.com.'] } });
        return link(id, { frame_ancestors: sites });
      },
    });
    await settle();
    actor.send({ type: 'sites.edit', linkId: 1 });
    expect(sel.selectEditingSites(actor.getSnapshot())).toBe(1);
    actor.send({ type: 'sites.save', frameAncestors: ['client.example'] });
    expect(sel.selectSavingSites(actor.getSnapshot())).toBe(true);
    await settle();
    expect(sel.selectEditingSites(actor.getSnapshot())).toBe(1);
    expect(sel.selectSitesErrors(actor.getSnapshot())).toEqual(['Enter an origin such as https://example.com.']);
    actor.send({ type: 'sites.save', frameAncestors: ['https://client.example'] });
    await settle();
    expect(saved).toEqual([
      [1, ['client.example']],
      [1, ['https://client.example']],
    ]);
    expect(sel.selectEditingSites(actor.getSnapshot())).toBeNull();
    expect(sel.selectSitesErrors(actor.getSnapshot())).toEqual([]);
    expect(sel.selectLinks(actor.getSnapshot())[0]!.frame_ancestors).toEqual(['https://client.example']);
    expect(sel.selectLinksSuccess(actor.getSnapshot())).toBe('Embedding sites saved.');
  });

  it('leaves the sites unchanged on cancel, and says when a save fails for another reason', async () => {
    const { actor } = start({ sites: async () => Promise.reject(serverError(404, { detail: 'Not found.' })) });
    await settle();
    actor.send({ type: 'sites.edit', linkId: 1 });
    actor.send({ type: 'cancel' });
    expect(sel.selectEditingSites(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'sites.edit', linkId: 1 });
    actor.send({ type: 'sites.save', frameAncestors: [] });
    await settle();
    expect(sel.selectLinksFailure(actor.getSnapshot())).toMatch(/^The embedding sites could not be saved/);
    expect(sel.selectEditingSites(actor.getSnapshot())).toBe(1);
    expect(sel.selectLinks(actor.getSnapshot())[0]!.frame_ancestors).toEqual([]);
  });
});

describe('shared view (public page)', () => {
  const content: SharedContent = { kind: 'insight', expires_at: '2026-12-31T00:00:00.000Z', access: null, insights: [], report: null, layers: [] };
  function start(info: () => Promise<SharedLinkInfo>, open: (password: string | null) => Promise<SharedContent>) {
    const actor = createActor(
      sharedViewMachine.provide({
        actors: {
          loadInfo: fromPromise<SharedLinkInfo, { token: string }>(() => info()),
          openLink: fromPromise<SharedContent, { token: string; password: string | null }>(({ input }) => open(input.password)),
        },
      }),
      { input: { token: 'tok' } },
    ).start();
    return actor;
  }
  const plain = async (): Promise<SharedLinkInfo> => ({ kind: 'insight', requires_password: false, expires_at: content.expires_at });
  const locked = async (): Promise<SharedLinkInfo> => ({ kind: 'report', requires_password: true, expires_at: content.expires_at });

  it('opens a link without a password straight away', async () => {
    const open = vi.fn(async () => content);
    const actor = start(plain, open);
    await settle();
    expect(open).toHaveBeenCalledWith(null);
    expect(sel.selectSharedState(actor.getSnapshot())).toBe('showing');
    expect(sel.selectSharedContent(actor.getSnapshot())).toBe(content);
  });

  it('asks for the password, says when it is wrong, and opens with the right one', async () => {
    const actor = start(locked, async (password) =>
      password === 'right-password' ? content : Promise.reject(serverError(400, { fields: { password: ['The password is incorrect.'] } })),
    );
    await settle();
    expect(sel.selectSharedState(actor.getSnapshot())).toBe('locked');
    expect(sel.selectSharedInfo(actor.getSnapshot())?.kind).toBe('report');
    actor.send({ type: 'password.submit', password: 'guess' });
    await settle();
    expect(sel.selectSharedState(actor.getSnapshot())).toBe('locked');
    expect(sel.selectPasswordError(actor.getSnapshot())).toBe('The password is incorrect.');
    actor.send({ type: 'password.submit', password: 'right-password' });
    await settle();
    expect(sel.selectSharedState(actor.getSnapshot())).toBe('showing');
    expect(sel.selectPasswordError(actor.getSnapshot())).toBeNull();
  });

  it('is gone for a dead link, whether found dead at first or when opening', async () => {
    const dead = () => Promise.reject(serverError(404, { detail: 'Not found.' }));
    const deadAtFirst = start(dead, async () => content);
    await settle();
    expect(sel.selectSharedState(deadAtFirst.getSnapshot())).toBe('gone');
    const revokedMeanwhile = start(plain, dead);
    await settle();
    expect(sel.selectSharedState(revokedMeanwhile.getSnapshot())).toBe('gone');
  });

  it('shows other failures (throttled) and tries again on retry', async () => {
    let throttled = true;
    const actor = start(locked, async () =>
      throttled ? Promise.reject(serverError(429, { detail: 'Request was throttled. Expected available in 60 seconds.' })) : content,
    );
    await settle();
    actor.send({ type: 'password.submit', password: 'right-password' });
    await settle();
    expect(sel.selectSharedState(actor.getSnapshot())).toBe('failed');
    expect(sel.selectSharedFailure(actor.getSnapshot())).toBe('Request was throttled. Expected available in 60 seconds.');
    throttled = false;
    actor.send({ type: 'retry' });
    await settle();
    expect(sel.selectSharedState(actor.getSnapshot())).toBe('locked');
  });
  it('shows the first drawable scene view in 3D, notes its failed layers, and shows another when the visitor picks it; never one the link does not share', async () => {
    const scene = (id: number, saved: boolean) =>
      ({ id, name: `View ${id}`, camera: null, layer_selection: [], view_json: saved ? { version: 2 } : null }) as unknown as SceneView;
    const insight = (id: number, views: SceneView[]) => ({ id, title: `Insight ${id}`, sceneview_set: views }) as unknown as Insight;
    const shared: SharedContent = { ...content, insights: [insight(3, [scene(30, false), scene(31, true), scene(32, true)])] };
    const actor = start(plain, async () => shared);
    await settle();
    expect(sel.selectSharedSceneViewId(actor.getSnapshot())).toBe(31);
    actor.send({ type: 'scene.layerFailed', layerId: '101' });
    actor.send({ type: 'scene.layerFailed', layerId: '101' });
    expect(sel.selectSharedSceneFailures(actor.getSnapshot())).toEqual(['101']);
    actor.send({ type: 'scene.show', sceneViewId: 32 });
    expect(sel.selectSharedSceneViewId(actor.getSnapshot())).toBe(32);
    expect(sel.selectSharedSceneFailures(actor.getSnapshot())).toEqual([]);
    actor.send({ type: 'scene.show', sceneViewId: 99 });
    expect(sel.selectSharedSceneViewId(actor.getSnapshot())).toBe(32);
  });

  it('has no 3D view when no scene view can be drawn', async () => {
    const actor = start(plain, async () => content);
    await settle();
    expect(sel.selectSharedSceneViewId(actor.getSnapshot())).toBeNull();
  });
});
