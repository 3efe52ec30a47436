/**
 * The weather panels' data (wind rose, monthly summaries, coverage) for one station and a season ×
 * time-of-day filter. A filter change while a summary loads restarts the load (the stale answer is
 * dropped with its invocation), so the pictures always match the filters shown.
 *
 *   weatherSummary
 *   ├── empty     no station chosen
 *   ├── loading   loadSummary
 *   ├── ready
 *   └── failed    `summary.retry` → loading
 *
 * Owned by src/screens/project-resources/weather-panels.tsx.
 */
import { assertEvent, assign, setup } from 'xstate';
import { notProvided } from '@machines/shared/actors.ts';
import { failureOf } from './weather.machine.ts';
import type { FormFailure, WeatherSummary } from './weather.types.ts';

export interface SummaryRequest {
  projectId: number;
  metId: string;
  season: string;
  time: string;
}

export interface WeatherSummaryContext {
  projectId: number;
  metId: string | null;
  season: string;
  time: string;
  summary: WeatherSummary | null;
  failure: FormFailure | null;
}

export type WeatherSummaryEvent =
  { type: 'station.set'; metId: string | null } | { type: 'filter.season'; season: string } | { type: 'filter.time'; time: string } | { type: 'summary.retry' };

export const DEFAULT_SEASON = 'all';
export const DEFAULT_TIME = '00:00-24:00';

export const weatherSummaryMachine = setup({
  types: {
    context: {} as WeatherSummaryContext,
    events: {} as WeatherSummaryEvent,
    input: {} as { projectId: number; metId?: string | null },
  },
  actors: {
    loadSummary: notProvided<WeatherSummary, SummaryRequest>('loadSummary'),
  },
  actions: {
    setStation: assign(({ event }) => {
      assertEvent(event, 'station.set');
      return { metId: event.metId, summary: null };
    }),
    setSeason: assign(({ event }) => {
      assertEvent(event, 'filter.season');
      return { season: event.season };
    }),
    setTime: assign(({ event }) => {
      assertEvent(event, 'filter.time');
      return { time: event.time };
    }),
    storeSummary: assign((_, summary: WeatherSummary) => ({ summary, failure: null })),
    storeFailure: assign((_, failure: FormFailure) => ({ failure })),
  },
  guards: {
    hasStation: ({ context }) => context.metId !== null,
    stationGiven: ({ event }) => event.type === 'station.set' && event.metId !== null,
    sameStation: ({ context, event }) => event.type === 'station.set' && event.metId === context.metId,
  },
}).createMachine({
  id: 'weatherSummary',
  context: ({ input }) => ({
    projectId: input.projectId,
    metId: input.metId ?? null,
    season: DEFAULT_SEASON,
    time: DEFAULT_TIME,
    summary: null,
    failure: null,
  }),
  initial: 'choosing',
  on: {
    'station.set': [
      { guard: 'sameStation' },
      { guard: 'stationGiven', target: '.loading', reenter: true, actions: 'setStation' },
      { target: '.empty', actions: 'setStation' },
    ],
    // reenter: a filter change during a load restarts it, so a stale answer never lands.
    'filter.season': [{ guard: 'hasStation', target: '.loading', reenter: true, actions: 'setSeason' }, { actions: 'setSeason' }],
    'filter.time': [{ guard: 'hasStation', target: '.loading', reenter: true, actions: 'setTime' }, { actions: 'setTime' }],
  },
  states: {
    choosing: {
      always: [{ guard: 'hasStation', target: 'loading' }, { target: 'empty' }],
    },
    empty: {},
    loading: {
      invoke: {
        src: 'loadSummary',
        input: ({ context }) => ({ projectId: context.projectId, metId: context.metId!, season: context.season, time: context.time }),
        onDone: { target: 'ready', actions: { type: 'storeSummary', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: { type: 'storeFailure', params: ({ event }) => failureOf(event.error, 'The weather summary could not be loaded.') },
        },
      },
    },
    ready: {},
    failed: {
      on: { 'summary.retry': 'loading' },
    },
  },
});
