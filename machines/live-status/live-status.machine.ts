/**
 * Live scenario status (issue 9 "Live updates"; SPEC §8 'Failed websocket token: live updates will
 * not occur (logged)'): one WebSocket opened with the token of GET /socket/negotiate; while it is
 * down, the watched scenarios are polled through get-latest-status/ and the socket is reopened with
 * exponential backoff (each attempt negotiates a fresh token: they live 60 s).
 *
 *   liveStatus
 *   ├── negotiating        GET /socket/negotiate
 *   ├── unavailable        no token could be had: warned once in the console, no live updates (no failure)
 *   ├── online             the socket actor runs (opened with the token)
 *   │   ├── connecting     until `socket.open`
 *   │   └── connected      messages update the statuses; `socket.closed` → offline
 *   └── offline (parallel) the socket is down
 *       ├── poll           fetching ⇄ resting (every `pollInterval`), only while something is watched
 *       └── retry          waiting (`backoff`: 1 s, 2 s, 4 s … capped at 30 s) → renegotiating → online
 *
 * Emits `live.event` for every socket message and `live.status` for every change a poll finds, so a
 * screen (the wizard's validation, a list) can refresh. Owned by src/screens/scenario-wizard/live-status-provider.tsx.
 */
import { assign, emit, enqueueActions, fromCallback, setup, type EventObject } from 'xstate';
import { asServerError, notProvided } from '@machines/shared/actors.ts';
import type { LatestStatus, ScenarioEvent, ScenarioLive, SocketEvent, SocketGrant, Watched } from './live-status.types.ts';

export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_MAX_MS = 30_000;
export const POLL_INTERVAL_MS = 5000;
export const NO_TOKEN_WARNING = 'Live updates will not occur: the socket token could not be had.';

export interface LiveStatusContext {
  grant: SocketGrant | null;
  /** Failed reconnection attempts since the socket was last open. */
  attempt: number;
  watched: Watched[];
  scenarios: Record<number, ScenarioLive>;
}

export type LiveStatusEvent = SocketEvent | { type: 'watch'; scenario: Watched } | { type: 'unwatch'; configurationId: number } | { type: 'poll.now' };

export type LiveStatusEmitted = { type: 'live.event'; message: ScenarioEvent } | { type: 'live.status'; scenario: ScenarioLive };

/** The delay before reconnection attempt n (0-based): 1 s, 2 s, 4 s … at most 30 s. */
export function backoffMs(attempt: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.min(attempt, 16));
}

/** A poll knows only the percentage of a running job (no direction, phase or time left). */
function pollProgress(a: LatestStatus): ScenarioLive['simulations'][number]['progress'] {
  if (a.status !== 'running' || a.progress === null) return null;
  return { percent: a.progress, eta_s: a.eta_s ?? null, phase: a.job?.message ?? null, direction: null, updated_at: a.updated };
}

/** A poll's answers for one scenario, as its live status. */
function fromPoll(watched: Watched, answers: LatestStatus[]): ScenarioLive | null {
  const mine = answers.filter((a) => a.configuration_id === watched.configurationId);
  if (mine.length === 0) return null;
  return {
    configurationId: watched.configurationId,
    // Every answer carries the scenario's status; the newest wins.
    status: [...mine].sort((a, b) => a.updated.localeCompare(b.updated)).at(-1)!.configuration_status,
    simulations: mine.map((a) => ({ id: a.simulation_id, status: a.status, status_text: a.status_text, progress: pollProgress(a) })),
    source: 'poll',
  };
}

const sameLive = (a: ScenarioLive | undefined, b: ScenarioLive) => !!a && JSON.stringify({ ...a, source: 0 }) === JSON.stringify({ ...b, source: 0 });

export const liveStatusMachine = setup({
  types: {
    context: {} as LiveStatusContext,
    events: {} as LiveStatusEvent,
    emitted: {} as LiveStatusEmitted,
    input: {} as { watched?: Watched[] } | undefined,
  },
  actors: {
    negotiate: notProvided<SocketGrant, void>('negotiate'),
    /** Opens the socket with the grant and reports SocketEvents until stopped (then closes it). */
    socket: fromCallback<EventObject, SocketGrant>(() => {
      throw new Error('socket actor not provided');
    }),
    fetchStatuses: notProvided<LatestStatus[], { watched: Watched[] }>('fetchStatuses'),
    /** Where the warning goes (console.warn in the app). */
    warn: notProvided<void, { message: string; error: unknown }>('warn'),
  },
  delays: {
    backoff: ({ context }) => backoffMs(context.attempt),
    pollInterval: POLL_INTERVAL_MS,
  },
  guards: {
    watching: ({ context }) => context.watched.length > 0,
    /** A reconnection refused by the server (not a network failure) means no token is to be had. */
    tokenRefused: ({ event }) => {
      const error = asServerError((event as { error?: unknown }).error);
      return error.kind === 'http' && error.status !== null && error.status < 500;
    },
  },
  actions: {
    applyMessage: assign(({ context, event }) => {
      if (event.type !== 'socket.message' || event.message.type !== 'scenario.status') return {};
      const m = event.message;
      const live: ScenarioLive = { configurationId: m.configuration_id, status: m.status, simulations: m.simulations, source: 'socket' };
      return { scenarios: { ...context.scenarios, [m.configuration_id]: live } };
    }),
    emitMessage: emit(({ event }) => ({ type: 'live.event' as const, message: (event as Extract<LiveStatusEvent, { type: 'socket.message' }>).message })),
  },
}).createMachine({
  id: 'liveStatus',
  context: ({ input }) => ({ grant: null, attempt: 0, watched: input?.watched ?? [], scenarios: {} }),
  initial: 'negotiating',
  on: {
    watch: {
      actions: assign(({ context, event }) => ({
        watched: [...context.watched.filter((w) => w.configurationId !== event.scenario.configurationId), event.scenario],
      })),
    },
    unwatch: { actions: assign(({ context, event }) => ({ watched: context.watched.filter((w) => w.configurationId !== event.configurationId) })) },
  },
  states: {
    negotiating: {
      invoke: {
        id: 'negotiate',
        src: 'negotiate',
        onDone: { target: 'online', actions: assign({ grant: ({ event }) => event.output }) },
        onError: 'unavailable',
      },
    },
    unavailable: {
      invoke: { src: 'warn', input: ({ event }) => ({ message: NO_TOKEN_WARNING, error: (event as { error?: unknown }).error ?? null }) },
    },
    online: {
      invoke: { id: 'socket', src: 'socket', input: ({ context }) => context.grant! },
      initial: 'connecting',
      on: {
        'socket.closed': { target: 'offline' },
        'socket.message': { actions: ['applyMessage', 'emitMessage'] },
      },
      states: {
        connecting: { on: { 'socket.open': { target: 'connected', actions: assign({ attempt: 0 }) } } },
        connected: {},
      },
    },
    offline: {
      type: 'parallel',
      states: {
        poll: {
          initial: 'fetching',
          on: { 'poll.now': '.fetching' },
          states: {
            fetching: {
              always: { guard: ({ context }) => context.watched.length === 0, target: 'resting' },
              invoke: {
                id: 'fetchStatuses',
                src: 'fetchStatuses',
                input: ({ context }) => ({ watched: context.watched }),
                onDone: {
                  target: 'resting',
                  actions: enqueueActions(({ context, event, enqueue }) => {
                    const scenarios = { ...context.scenarios };
                    for (const w of context.watched) {
                      const live = fromPoll(w, event.output);
                      if (!live) continue;
                      // Announce only what changed, so a list does not refresh on every poll.
                      if (!sameLive(context.scenarios[w.configurationId], live)) enqueue.emit({ type: 'live.status', scenario: live });
                      scenarios[w.configurationId] = live;
                    }
                    enqueue.assign({ scenarios });
                  }),
                },
                // A failed poll is tried again at the next interval.
                onError: 'resting',
              },
            },
            resting: { after: { pollInterval: 'fetching' } },
          },
        },
        retry: {
          initial: 'waiting',
          states: {
            waiting: { after: { backoff: 'renegotiating' } },
            renegotiating: {
              invoke: {
                id: 'renegotiate',
                src: 'negotiate',
                onDone: { target: '#liveStatus.online', actions: assign(({ context, event }) => ({ grant: event.output, attempt: context.attempt + 1 })) },
                onError: [
                  { guard: 'tokenRefused', target: '#liveStatus.unavailable' },
                  { target: 'waiting', actions: assign(({ context }) => ({ attempt: context.attempt + 1 })) },
                ],
              },
            },
          },
        },
      },
    },
  },
});
