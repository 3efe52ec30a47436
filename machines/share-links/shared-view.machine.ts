/**
 * The public page of a share link: asks what the link is, asks for its password when it
 * has one, opens it and shows the insight or report read-only. A dead link (revoked, expired,
 * unknown) is `gone` — the server tells nothing more, and neither does the page.
 *
 *   sharedView
 *   ├── loading     GET /api/shared/{token}
 *   ├── locked      the password form; `password.submit`
 *   ├── opening     POST /api/shared/{token}/open {password?}
 *   ├── showing     the content; `scene.show` picks the scene view the 3D viewer shows
 *   ├── gone        404: revoked, expired or never made
 *   └── failed      anything else (network, throttled); `retry`
 *
 * Owned by src/screens/share-links/shared-page.tsx.
 */
import { assertEvent, assign, setup } from 'xstate';
import type { SharedContent, SharedLinkInfo } from '@canopy/contract/share-links.ts';
import { asServerError, notProvided, type ServerError } from '@machines/shared/actors.ts';

export type { SharedContent, SharedLinkInfo };

export interface SharedViewContext {
  token: string;
  info: SharedLinkInfo | null;
  content: SharedContent | null;
  /**
   * The scene view the page's read-only 3D viewer shows: the first one that saved a view, until the
   * visitor picks another. One at a time — each 3D view is a WebGL canvas, drawn in software here.
   */
  sceneViewId: number | null;
  /** Layers of the shown scene view that could not be read or drawn (the page says so). */
  sceneFailures: string[];
  /** The password's field error ("The password is incorrect."), shown on the form. */
  passwordError: string | null;
  error: ServerError | null;
}

export type SharedViewEvent =
  | { type: 'password.submit'; password: string }
  | { type: 'retry' }
  | { type: 'scene.show'; sceneViewId: number }
  | { type: 'scene.layerFailed'; layerId: string };

/**
 * The content's scene views the 3D viewer can draw (a saved view, or at least a camera and layers),
 * in reading order: the report's insights in its order, else the one insight's.
 */
export function drawableSceneViews(content: SharedContent) {
  const order = content.report ? content.report.report_views.map((v) => v.insight.id) : content.insights.map((i) => i.id);
  const insights = [...new Set(order)].map((id) => content.insights.find((i) => i.id === id)).filter((i) => i !== undefined);
  return insights.flatMap((insight) => insight.sceneview_set).filter((v) => v.view_json !== null || (v.camera !== null && v.layer_selection.length > 0));
}

const status = (error: unknown) => asServerError(error).status;

export const sharedViewMachine = setup({
  types: {
    context: {} as SharedViewContext,
    events: {} as SharedViewEvent,
    input: {} as { token: string },
  },
  actors: {
    loadInfo: notProvided<SharedLinkInfo, { token: string }>('loadInfo'),
    openLink: notProvided<SharedContent, { token: string; password: string | null }>('openLink'),
  },
  actions: {
    storeInfo: assign((_, info: SharedLinkInfo) => ({ info, error: null })),
    storeContent: assign((_, content: SharedContent) => ({
      content,
      sceneViewId: drawableSceneViews(content)[0]?.id ?? null,
      sceneFailures: [],
      passwordError: null,
      error: null,
    })),
    showScene: assign(({ context, event }) => {
      assertEvent(event, 'scene.show');
      // Only a scene view of what the link shares.
      const known = context.content ? drawableSceneViews(context.content).some((v) => v.id === event.sceneViewId) : false;
      return known ? { sceneViewId: event.sceneViewId, sceneFailures: [] } : {};
    }),
    noteLayerFailure: assign(({ context, event }) => {
      assertEvent(event, 'scene.layerFailed');
      return context.sceneFailures.includes(event.layerId) ? {} : { sceneFailures: [...context.sceneFailures, event.layerId] };
    }),
    storePasswordError: assign((_, params: { error: unknown }) => ({ passwordError: asServerError(params.error).fields.password?.join(' ') ?? null })),
    storeError: assign((_, params: { error: unknown }) => ({ error: asServerError(params.error) })),
  },
  guards: {
    needsPassword: (_, info: SharedLinkInfo) => info.requires_password,
    isGone: (_, params: { error: unknown }) => status(params.error) === 404,
    isPasswordError: (_, params: { error: unknown }) => Boolean(asServerError(params.error).fields.password),
  },
}).createMachine({
  id: 'sharedView',
  context: ({ input }) => ({ token: input.token, info: null, content: null, sceneViewId: null, sceneFailures: [], passwordError: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadInfo',
        input: ({ context }) => ({ token: context.token }),
        onDone: [
          {
            guard: { type: 'needsPassword', params: ({ event }) => event.output },
            target: 'locked',
            actions: { type: 'storeInfo', params: ({ event }) => event.output },
          },
          { target: 'opening', actions: { type: 'storeInfo', params: ({ event }) => event.output } },
        ],
        onError: [
          { guard: { type: 'isGone', params: ({ event }) => ({ error: event.error }) }, target: 'gone' },
          { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    locked: {
      on: { 'password.submit': 'opening' },
    },
    opening: {
      invoke: {
        src: 'openLink',
        input: ({ context, event }) => ({
          token: context.token,
          password: event.type === 'password.submit' ? (assertEvent(event, 'password.submit'), event.password) : null,
        }),
        onDone: { target: 'showing', actions: { type: 'storeContent', params: ({ event }) => event.output } },
        onError: [
          { guard: { type: 'isGone', params: ({ event }) => ({ error: event.error }) }, target: 'gone' },
          {
            guard: { type: 'isPasswordError', params: ({ event }) => ({ error: event.error }) },
            target: 'locked',
            actions: { type: 'storePasswordError', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    showing: {
      on: { 'scene.show': { actions: 'showScene' }, 'scene.layerFailed': { actions: 'noteLayerFailure' } },
    },
    gone: {},
    failed: {
      on: { retry: 'loading' },
    },
  },
});
