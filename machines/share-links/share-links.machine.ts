/**
 * A project owner's share links for one Published insight or report: the live links with
 * their last use, making one (an expiry, an optional password), and revoking one after confirmation.
 * The sites that may embed a live link can be changed afterwards (its field errors stay on its form).
 * A new link's address is shown once — the server keeps only its token's hash — until dismissed.
 * Results show in the shared feedback region (machines/shared/collection.ts).
 *
 *   shareLinks (parallel)
 *   ├── list
 *   │   ├── loading             GET project/{id}/share-link/?insight_id= | report_id=
 *   │   ├── ready
 *   │   └── failed              `links.retry`
 *   ├── editor
 *   │   ├── idle
 *   │   ├── creating            POST project/{id}/share-link/ (field errors stay on the form)
 *   │   ├── editingSites        one link's embedding sites: `sites.save` or `cancel`
 *   │   ├── savingSites         PATCH project/{id}/share-link/{linkId}/ {frame_ancestors}
 *   │   ├── confirmingRevoke    `revoke.confirm` or `cancel`
 *   │   └── revoking            DELETE project/{id}/share-link/{linkId}/
 *   └── feedback
 *       ├── quiet
 *       ├── succeeded           → quiet after `successFlag`
 *       └── failed              → quiet after `errorFlag`
 *
 * Owned by src/screens/share-links/share-links-panel.tsx.
 */
import { assertEvent, assign, setup } from 'xstate';
import type { ShareLink, ShareLinkCreated } from '@canopy/contract/share-links.ts';
import { asServerError, notProvided, type ServerError } from '@machines/shared/actors.ts';
import { COLLECTION_DELAYS, collectionActions, FEEDBACK_REGION, withReason, type CollectionContext, type FeedbackEvent } from '@machines/shared/collection.ts';

export type { ShareLink, ShareLinkCreated };

/** What is shared: a Published insight or report of the project. */
export interface ShareTarget {
  projectId: number;
  kind: 'insight' | 'report';
  id: number;
}

/** The owner's choices for a new link; `expiresAt` is ISO 8601; `frameAncestors`: the sites that may embed it. */
export interface NewLink {
  expiresAt: string;
  password: string | null;
  frameAncestors: string[];
}

export interface ShareLinksContext extends CollectionContext {
  target: ShareTarget;
  links: ShareLink[];
  listError: ServerError | null;
  /** The link just made, with its address, until dismissed. */
  created: ShareLinkCreated | null;
  /** The last creation's field errors, shown on the form. */
  formError: ServerError | null;
  revoking: number | null;
  /** The link whose embedding sites are being changed. */
  editingSites: number | null;
  /** The last save of those sites' field errors (`frame_ancestors.N`), shown on its form. */
  sitesError: ServerError | null;
}

export type ShareLinksEvent =
  | { type: 'links.retry' }
  | { type: 'link.create'; link: NewLink }
  | { type: 'link.revoke'; linkId: number }
  | { type: 'sites.edit'; linkId: number }
  | { type: 'sites.save'; frameAncestors: string[] }
  | { type: 'revoke.confirm' }
  | { type: 'cancel' }
  | { type: 'created.dismiss' }
  | FeedbackEvent;

export const shareLinksMachine = setup({
  types: {
    context: {} as ShareLinksContext,
    events: {} as ShareLinksEvent,
    input: {} as { target: ShareTarget },
  },
  actors: {
    loadLinks: notProvided<ShareLink[], ShareTarget>('loadLinks'),
    createLink: notProvided<ShareLinkCreated, { target: ShareTarget; link: NewLink }>('createLink'),
    revokeLink: notProvided<void, { target: ShareTarget; linkId: number }>('revokeLink'),
    updateSites: notProvided<ShareLink, { target: ShareTarget; linkId: number; frameAncestors: string[] }>('updateSites'),
  },
  actions: {
    ...collectionActions<ShareLinksContext, ShareLinksEvent>(),
    storeLinks: assign((_, links: ShareLink[]) => ({ links, listError: null })),
    storeListError: assign((_, params: { error: unknown }) => ({ listError: asServerError(params.error) })),
    storeCreated: assign(({ context }, created: ShareLinkCreated) => {
      const { token: _token, url: _url, ...link } = created;
      return { created, formError: null, links: [link, ...context.links.filter((l) => l.id !== link.id)] };
    }),
    storeFormError: assign((_, params: { error: unknown }) => ({ formError: asServerError(params.error) })),
    clearForm: assign({ formError: null }),
    holdRevoke: assign(({ event }) => {
      assertEvent(event, 'link.revoke');
      return { revoking: event.linkId };
    }),
    dropRevoked: assign(({ context }) => ({
      links: context.links.filter((l) => l.id !== context.revoking),
      created: context.created?.id === context.revoking ? null : context.created,
      revoking: null,
    })),
    forgetRevoke: assign({ revoking: null }),
    dismissCreated: assign({ created: null }),
    holdSites: assign(({ event }) => {
      assertEvent(event, 'sites.edit');
      return { editingSites: event.linkId, sitesError: null };
    }),
    storeSites: assign(({ context }, link: ShareLink) => ({
      links: context.links.map((l) => (l.id === link.id ? link : l)),
      editingSites: null,
      sitesError: null,
    })),
    storeSitesError: assign((_, params: { error: unknown }) => ({ sitesError: asServerError(params.error) })),
    forgetSites: assign({ editingSites: null, sitesError: null }),
  },
  guards: {
    /** A field error belongs on the form; anything else (403, network) is a failure flag. */
    hasFieldErrors: (_, params: { error: unknown }) => Object.keys(asServerError(params.error).fields).length > 0,
  },
  delays: COLLECTION_DELAYS,
}).createMachine({
  id: 'shareLinks',
  type: 'parallel',
  context: ({ input }) => ({
    target: input.target,
    links: [],
    listError: null,
    created: null,
    formError: null,
    revoking: null,
    editingSites: null,
    sitesError: null,
    feedback: null,
  }),
  on: { 'created.dismiss': { actions: 'dismissCreated' } },
  states: {
    list: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'loadLinks',
            input: ({ context }) => context.target,
            onDone: { target: 'ready', actions: { type: 'storeLinks', params: ({ event }) => event.output } },
            onError: { target: 'failed', actions: { type: 'storeListError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        ready: {},
        failed: { on: { 'links.retry': 'loading' } },
      },
    },
    editor: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'link.create': 'creating',
            'link.revoke': { target: 'confirmingRevoke', actions: 'holdRevoke' },
            'sites.edit': { target: 'editingSites', actions: 'holdSites' },
          },
        },
        editingSites: {
          on: {
            'sites.save': 'savingSites',
            'sites.edit': { target: 'editingSites', actions: 'holdSites', reenter: true },
            cancel: { target: 'idle', actions: 'forgetSites' },
          },
        },
        savingSites: {
          entry: assign({ sitesError: null }),
          invoke: {
            src: 'updateSites',
            input: ({ context, event }) => {
              assertEvent(event, 'sites.save');
              return { target: context.target, linkId: context.editingSites!, frameAncestors: event.frameAncestors };
            },
            onDone: {
              target: 'idle',
              actions: [
                { type: 'storeSites', params: ({ event }) => event.output },
                { type: 'succeed', params: { message: 'Embedding sites saved.' } },
              ],
            },
            onError: [
              {
                guard: { type: 'hasFieldErrors', params: ({ event }) => ({ error: event.error }) },
                target: 'editingSites',
                actions: { type: 'storeSitesError', params: ({ event }) => ({ error: event.error }) },
              },
              {
                target: 'editingSites',
                actions: {
                  type: 'fail',
                  params: ({ context, event }) => ({
                    message: withReason('The embedding sites could not be saved.', event.error),
                    error: event.error,
                    subjectId: context.editingSites,
                  }),
                },
              },
            ],
          },
        },
        creating: {
          entry: 'clearForm',
          invoke: {
            src: 'createLink',
            input: ({ context, event }) => {
              assertEvent(event, 'link.create');
              return { target: context.target, link: event.link };
            },
            onDone: {
              target: 'idle',
              actions: [
                { type: 'storeCreated', params: ({ event }) => event.output },
                { type: 'succeed', params: { message: 'Share link created.' } },
              ],
            },
            onError: [
              {
                guard: { type: 'hasFieldErrors', params: ({ event }) => ({ error: event.error }) },
                target: 'idle',
                actions: { type: 'storeFormError', params: ({ event }) => ({ error: event.error }) },
              },
              {
                target: 'idle',
                actions: {
                  type: 'fail',
                  params: ({ event }) => ({ message: withReason('The share link could not be created.', event.error), error: event.error }),
                },
              },
            ],
          },
        },
        confirmingRevoke: {
          on: { 'revoke.confirm': 'revoking', cancel: { target: 'idle', actions: 'forgetRevoke' } },
        },
        revoking: {
          invoke: {
            src: 'revokeLink',
            input: ({ context }) => ({ target: context.target, linkId: context.revoking! }),
            onDone: { target: 'idle', actions: [{ type: 'succeed', params: { message: 'Share link revoked.' } }, 'dropRevoked'] },
            onError: {
              target: 'idle',
              actions: [
                {
                  type: 'fail',
                  params: ({ context, event }) => ({
                    message: withReason('The share link could not be revoked.', event.error),
                    error: event.error,
                    subjectId: context.revoking,
                  }),
                },
                'forgetRevoke',
              ],
            },
          },
        },
      },
    },
    feedback: FEEDBACK_REGION,
  },
});
