/**
 * The share-link calls behind one interface, so view tests pass fakes, and the machines
 * bound to them. `shareLinksServicesOver` takes the API client, so tests can run the real calls
 * against a recording fake.
 */
import { createContext } from 'react';
import { fromPromise } from 'xstate';
import type { SharedContent, SharedLinkInfo, ShareLink, ShareLinkCreated } from '@canopy/contract/share-links.ts';
import { shareLinksMachine, type NewLink, type ShareTarget } from '@machines/share-links/share-links.machine.ts';
import { sharedViewMachine } from '@machines/share-links/shared-view.machine.ts';
import { api as appApi, type ApiClient } from '../api/client.ts';
import * as calls from '../api/share-links.ts';
import { asServerCall as call } from '../api/errors.ts';

export interface ShareLinksServices {
  list(target: ShareTarget): Promise<ShareLink[]>;
  create(target: ShareTarget, link: NewLink): Promise<ShareLinkCreated>;
  revoke(target: ShareTarget, linkId: number): Promise<void>;
  /** Replaces the sites that may embed a live link ([] forbids embedding). */
  updateSites(target: ShareTarget, linkId: number, frameAncestors: string[]): Promise<ShareLink>;
  info(token: string): Promise<SharedLinkInfo>;
  open(token: string, password: string | null): Promise<SharedContent>;
}

const filterOf = (target: ShareTarget) => (target.kind === 'insight' ? { insight_id: target.id } : { report_id: target.id });

function shareLinksServicesOver(api: ApiClient): ShareLinksServices {
  return {
    list: (target) => calls.listShareLinks(api, target.projectId, filterOf(target)),
    create: (target, link) =>
      calls.createShareLink(api, target.projectId, {
        ...filterOf(target),
        expires_at: link.expiresAt,
        ...(link.password ? { password: link.password } : {}),
        ...(link.frameAncestors.length ? { frame_ancestors: link.frameAncestors } : {}),
      }),
    revoke: (target, linkId) => calls.revokeShareLink(api, target.projectId, linkId),
    updateSites: (target, linkId, frameAncestors) => calls.updateShareLink(api, target.projectId, linkId, { frame_ancestors: frameAncestors }),
    info: (token) => calls.sharedLinkInfo(api, token),
    open: (token, password) => calls.openSharedLink(api, token, password),
  };
}

/** The address of an image a link shows (an <img> loads it: public, with `access` for a password link). */
export const sharedImageUrl = calls.sharedImageUrl;
/** The address of a layer a link's scene view shows (the 3D viewer reads it without signing in). */
export const sharedLayerUrl = calls.sharedLayerUrl;

export const ShareLinksServicesContext = createContext<ShareLinksServices>(shareLinksServicesOver(appApi));

/** The owner's share-link machine with its actors bound to `services` (live, or a test's fakes). */
export function bindShareLinks(services: ShareLinksServices) {
  return shareLinksMachine.provide({
    actors: {
      loadLinks: fromPromise<ShareLink[], ShareTarget>(({ input }) => call(() => services.list(input))),
      createLink: fromPromise<ShareLinkCreated, { target: ShareTarget; link: NewLink }>(({ input }) => call(() => services.create(input.target, input.link))),
      revokeLink: fromPromise<void, { target: ShareTarget; linkId: number }>(({ input }) => call(() => services.revoke(input.target, input.linkId))),
      updateSites: fromPromise<ShareLink, { target: ShareTarget; linkId: number; frameAncestors: string[] }>(({ input }) =>
        call(() => services.updateSites(input.target, input.linkId, input.frameAncestors)),
      ),
    },
  });
}

/** The public page's machine with its actors bound to `services`. */
export function bindSharedView(services: ShareLinksServices) {
  return sharedViewMachine.provide({
    actors: {
      loadInfo: fromPromise<SharedLinkInfo, { token: string }>(({ input }) => call(() => services.info(input.token))),
      openLink: fromPromise<SharedContent, { token: string; password: string | null }>(({ input }) => call(() => services.open(input.token, input.password))),
    },
  });
}
