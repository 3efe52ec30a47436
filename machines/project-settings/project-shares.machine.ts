/**
 * The sender's side of a project's sharing (SPEC §1, §6 "Shares: create, update, delete";
 * `project-share/`, `user-invite/`): the project's shares with their status, sharing with a user by
 * e-mail address, re-sending a declined share, revoking one, and inviting someone who has no
 * account yet. The share form keeps the server's field errors; results show in the shared feedback
 * region (machines/shared/collection.ts): `successFlag` (3 s) or `errorFlag` (5 s).
 *
 *   projectShares (parallel)
 *   ├── list
 *   │   ├── loading            GET project-share/
 *   │   ├── ready
 *   │   └── failed             `shares.retry`
 *   ├── editor
 *   │   ├── idle
 *   │   ├── sharing            POST project-share/ {email, message, access_level}
 *   │   ├── inviting           POST user-invite/ {email}
 *   │   ├── resending          PATCH project-share/{id}/ {share_status: 'pending'}
 *   │   ├── confirmingRevoke   `revoke.confirm` or `cancel`
 *   │   └── revoking           DELETE project-share/{id}/
 *   └── feedback
 *       ├── quiet
 *       ├── succeeded          → quiet after `successFlag`
 *       └── failed             → quiet after `errorFlag`
 *
 * Owned by src/screens/project-settings/share-tab.tsx.
 */
import { assertEvent, assign, setup } from 'xstate';
import type { Invite, ProjectShare } from '@canopy/contract/sharing.ts';
import { asServerError, notProvided, type ServerError } from '@machines/shared/actors.ts';
import { COLLECTION_DELAYS, collectionActions, FEEDBACK_REGION, withReason, type CollectionContext, type FeedbackEvent } from '@machines/shared/collection.ts';

export interface ProjectSharesContext extends CollectionContext {
  projectId: number;
  shares: ProjectShare[];
  listError: ServerError | null;
  shareError: ServerError | null;
  inviteError: ServerError | null;
  /** The share being re-sent or revoked. */
  target: number | null;
}

export type ProjectSharesEvent =
  | { type: 'shares.retry' }
  /** `access`: what the share allows — view only, or view and edit; chosen when sharing. */
  | { type: 'share.create'; email: string; message: string; access: 'view' | 'edit' }
  | { type: 'invite.send'; email: string }
  | { type: 'share.resend'; shareId: number }
  | { type: 'share.revoke'; shareId: number }
  | { type: 'revoke.confirm' }
  | { type: 'cancel' }
  | FeedbackEvent;

const recipient = (context: ProjectSharesContext) => {
  const share = context.shares.find((s) => s.id === context.target);
  return share ? share.user.name || share.user.email : 'the user';
};

export const projectSharesMachine = setup({
  types: {
    context: {} as ProjectSharesContext,
    events: {} as ProjectSharesEvent,
    input: {} as { projectId: number },
  },
  actors: {
    loadShares: notProvided<ProjectShare[], { projectId: number }>('loadShares'),
    createShare: notProvided<ProjectShare, { projectId: number; email: string; message: string; access: 'view' | 'edit' }>('createShare'),
    sendInvite: notProvided<Invite, { projectId: number; email: string }>('sendInvite'),
    resendShare: notProvided<ProjectShare, { projectId: number; shareId: number }>('resendShare'),
    revokeShare: notProvided<void, { projectId: number; shareId: number }>('revokeShare'),
  },
  actions: {
    ...collectionActions<ProjectSharesContext, ProjectSharesEvent>(),
    storeShares: assign((_, shares: ProjectShare[]) => ({ shares, listError: null })),
    storeListError: assign((_, params: { error: unknown }) => ({ listError: asServerError(params.error) })),
    storeShare: assign(({ context }, share: ProjectShare) => ({
      shares: context.shares.some((s) => s.id === share.id) ? context.shares.map((s) => (s.id === share.id ? share : s)) : [share, ...context.shares],
      shareError: null,
    })),
    clearErrors: assign({ shareError: null, inviteError: null }),
    storeShareError: assign((_, params: { error: unknown }) => ({ shareError: asServerError(params.error) })),
    storeInviteError: assign((_, params: { error: unknown }) => ({ inviteError: asServerError(params.error) })),
    holdTarget: assign(({ event }) => {
      assertEvent(event, ['share.resend', 'share.revoke']);
      return { target: event.shareId };
    }),
    dropRevoked: assign(({ context }) => ({ shares: context.shares.filter((s) => s.id !== context.target), target: null })),
    forgetTarget: assign({ target: null }),
  },
  delays: COLLECTION_DELAYS,
}).createMachine({
  id: 'projectShares',
  type: 'parallel',
  context: ({ input }) => ({
    projectId: input.projectId,
    shares: [],
    listError: null,
    shareError: null,
    inviteError: null,
    target: null,
    feedback: null,
  }),
  states: {
    list: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'loadShares',
            input: ({ context }) => ({ projectId: context.projectId }),
            onDone: { target: 'ready', actions: { type: 'storeShares', params: ({ event }) => event.output } },
            onError: { target: 'failed', actions: { type: 'storeListError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        ready: {},
        failed: { on: { 'shares.retry': 'loading' } },
      },
    },
    editor: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'share.create': { target: 'sharing', actions: 'clearErrors' },
            'invite.send': { target: 'inviting', actions: 'clearErrors' },
            'share.resend': { target: 'resending', actions: 'holdTarget' },
            'share.revoke': { target: 'confirmingRevoke', actions: 'holdTarget' },
          },
        },
        sharing: {
          invoke: {
            src: 'createShare',
            input: ({ context, event }) => {
              assertEvent(event, 'share.create');
              return { projectId: context.projectId, email: event.email.trim(), message: event.message, access: event.access };
            },
            onDone: {
              target: 'idle',
              actions: [
                { type: 'storeShare', params: ({ event }) => event.output },
                {
                  type: 'succeed',
                  params: ({ event }) => ({
                    message: `Shared with ${event.output.user.name || event.output.user.email} (${event.output.access_level === 'edit' ? 'view and edit' : 'view only'}). They will see it once they accept.`,
                  }),
                },
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                { type: 'storeShareError', params: ({ event }) => ({ error: event.error }) },
                { type: 'fail', params: ({ event }) => ({ message: withReason('The project could not be shared.', event.error), error: event.error }) },
              ],
            },
          },
        },
        inviting: {
          invoke: {
            src: 'sendInvite',
            input: ({ context, event }) => {
              assertEvent(event, 'invite.send');
              return { projectId: context.projectId, email: event.email.trim() };
            },
            onDone: { target: 'idle', actions: { type: 'succeed', params: ({ event }) => ({ message: `Invitation sent to ${event.output.email}.` }) } },
            onError: {
              target: 'idle',
              actions: [
                { type: 'storeInviteError', params: ({ event }) => ({ error: event.error }) },
                { type: 'fail', params: ({ event }) => ({ message: withReason('The invitation could not be sent.', event.error), error: event.error }) },
              ],
            },
          },
        },
        resending: {
          invoke: {
            src: 'resendShare',
            input: ({ context }) => ({ projectId: context.projectId, shareId: context.target! }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'storeShare', params: ({ event }) => event.output },
                { type: 'succeed', params: ({ context }) => ({ message: `Share sent again to ${recipient(context)}.` }) },
                'forgetTarget',
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                { type: 'fail', params: ({ event }) => ({ message: withReason('The share could not be sent again.', event.error), error: event.error }) },
                'forgetTarget',
              ],
            },
          },
        },
        confirmingRevoke: {
          on: { 'revoke.confirm': 'revoking', cancel: { target: 'idle', actions: 'forgetTarget' } },
        },
        revoking: {
          invoke: {
            src: 'revokeShare',
            input: ({ context }) => ({ projectId: context.projectId, shareId: context.target! }),
            onDone: {
              target: 'idle',
              actions: [{ type: 'succeed', params: ({ context }) => ({ message: `${recipient(context)} no longer has access.` }) }, 'dropRevoked'],
            },
            onError: {
              target: 'idle',
              actions: [
                { type: 'fail', params: ({ event }) => ({ message: withReason('The share could not be revoked.', event.error), error: event.error }) },
                'forgetTarget',
              ],
            },
          },
        },
      },
    },
    feedback: FEEDBACK_REGION,
  },
});
