/**
 * Live scenario status (SPEC §8 'Failed websocket token: live updates will
 * not occur (logged)'): one WebSocket opened with the token of GET /socket/negotiate; while it is
 * down, the watched scenarios are polled (their record, and get-latest-status/ for a running job:
 * polled-scenario.ts) and the socket is reopened with exponential backoff (each attempt negotiates
 * a fresh token: they live 60 s). Every screen reads one status per scenario from here, so a card,
 * the wizard and the viewer agree. Each view that shows a scenario watches it while on screen: the
 * watches are counted, so one view leaving does not stop another's.
 *
 *   liveStatus
 *   ├── negotiating        GET /socket/negotiate
 *   ├── unavailable        no token could be had: warned once in the console, no live updates (no failure)
 *   ├── online             the socket actor runs (opened with the token)
 *   │   ├── connecting     until `socket.open`
 *   │   └── connected      messages update the statuses; the watched ones are read once on connecting
 *   │                      (what changed before the socket was open), and again when a scenario not
 *   │                      yet known is watched; `socket.closed` → offline
 *   └── offline (parallel) the socket is down
 *       ├── poll           fetching ⇄ resting (every `pollInterval`), only while something is watched
 *       └── retry          waiting (`backoff`: 1 s, 2 s, 4 s … capped at 30 s) → renegotiating → online
 *
 * Emits `live.event` for every socket message and `live.status` for every change a poll finds, so a
 * screen (the wizard's validation, a list) can refresh. Owned by src/screens/scenario-wizard/live-status-provider.tsx.
 */
import { assign, emit, enqueueActions, fromCallback, setup, type EventObject } from 'xstate';
import { asServerError, notProvided } from '@machines/shared/actors.ts';
import type { ScenarioEvent, ScenarioLive, SocketEvent, SocketGrant, Watched } from './live-status.types.ts';

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
  /** Scenarios the socket spoke of since it opened: the catch-up read (older by then) leaves them alone. */
  heard: number[];
}

export type LiveStatusEvent = SocketEvent | { type: 'watch'; scenario: Watched } | { type: 'unwatch'; configurationId: number } | { type: 'poll.now' };

export type LiveStatusEmitted = { type: 'live.event'; message: ScenarioEvent } | { type: 'live.status'; scenario: ScenarioLive };

/** The delay before reconnection attempt n (0-based): 1 s, 2 s, 4 s … at most 30 s. */
export function backoffMs(attempt: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.min(attempt, 16));
}

/** The watched scenarios once each (several views may watch one), with every simulation any of them named. */
export function uniqueWatched(watched: readonly Watched[]): Watched[] {
  const byId = new Map<number, Watched>();
  for (const w of watched) {
    const seen = byId.get(w.configurationId);
    byId.set(w.configurationId, seen ? { ...seen, simulationIds: [...new Set([...seen.simulationIds, ...w.simulationIds])] } : w);
  }
  return [...byId.values()];
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
    /** Reads the watched scenarios' statuses (polled-scenario.ts); one that cannot be read is left out. */
    fetchStatuses: notProvided<ScenarioLive[], { watched: Watched[] }>('fetchStatuses'),
    /** Where the warning goes (console.warn in the app). */
    warn: notProvided<void, { message: string; error: unknown }>('warn'),
  },
  delays: {
    backoff: ({ context }) => backoffMs(context.attempt),
    pollInterval: POLL_INTERVAL_MS,
  },
  guards: {
    watching: ({ context }) => context.watched.length > 0,
    /** A scenario this machine has not read nor heard of yet. */
    unknownScenario: ({ context, event }) => event.type === 'watch' && !context.scenarios[event.scenario.configurationId],
    /** A reconnection refused by the server (not a network failure) means no token is to be had. */
    tokenRefused: ({ event }) => {
      const error = asServerError((event as { error?: unknown }).error);
      return error.kind === 'http' && error.status !== null && error.status < 500;
    },
  },
  actions: {
    addWatch: assign(({ context, event }) => (event.type === 'watch' ? { watched: [...context.watched, event.scenario] } : {})),
    applyMessage: assign(({ context, event }) => {
      if (event.type !== 'socket.message' || event.message.type !== 'scenario.status') return {};
      const m = event.message;
      const live: ScenarioLive = { configurationId: m.configuration_id, status: m.status, simulations: m.simulations, source: 'socket' };
      return { scenarios: { ...context.scenarios, [m.configuration_id]: live }, heard: [...context.heard, m.configuration_id] };
    }),
    emitMessage: emit(({ event }) => ({ type: 'live.event' as const, message: (event as Extract<LiveStatusEvent, { type: 'socket.message' }>).message })),
    /** A read's statuses replace the known ones; only what changed is announced, so a list does not refresh on every poll. */
    applyRead: enqueueActions(({ context, enqueue }, { read, catchUp = false }: { read: ScenarioLive[]; catchUp?: boolean }) => {
      const scenarios = { ...context.scenarios };
      for (const live of read) {
        if (!context.watched.some((w) => w.configurationId === live.configurationId)) continue;
        if (catchUp && context.heard.includes(live.configurationId)) continue;
        if (!sameLive(context.scenarios[live.configurationId], live)) enqueue.emit({ type: 'live.status', scenario: live });
        scenarios[live.configurationId] = live;
      }
      enqueue.assign({ scenarios });
    }),
  },
}).createMachine({
  id: 'liveStatus',
  context: ({ input }) => ({ grant: null, attempt: 0, watched: input?.watched ?? [], scenarios: {}, heard: [] }),
  initial: 'negotiating',
  on: {
    // Counted: each view watching adds one entry, and leaving removes one.
    watch: { actions: 'addWatch' },
    unwatch: {
      actions: assign(({ context, event }) => {
        const i = context.watched.findIndex((w) => w.configurationId === event.configurationId);
        return { watched: i < 0 ? context.watched : context.watched.toSpliced(i, 1) };
      }),
    },
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
        connecting: { on: { 'socket.open': { target: 'connected', actions: assign({ attempt: 0, heard: [] }) } } },
        connected: {
          // A view that starts watching a scenario while the socket is up would otherwise wait for
          // its next message (a run queued behind another job sends none for minutes): reading
          // again reads it. A burst of watches (a page of cards) restarts the read, so ends in one.
          on: { watch: { guard: 'unknownScenario', target: 'connected', reenter: true, actions: 'addWatch' } },
          // What changed before the socket was open (or while it was down) is read once.
          invoke: {
            id: 'catchUp',
            src: 'fetchStatuses',
            input: ({ context }) => ({ watched: uniqueWatched(context.watched) }),
            onDone: { actions: { type: 'applyRead', params: ({ event }) => ({ read: event.output, catchUp: true }) } },
            // A failed catch-up leaves the statuses as the lists read them; the socket's messages follow.
            onError: {},
          },
        },
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
                input: ({ context }) => ({ watched: uniqueWatched(context.watched) }),
                onDone: { target: 'resting', actions: { type: 'applyRead', params: ({ event }) => ({ read: event.output }) } },
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
