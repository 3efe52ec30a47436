/**
 * The viewer's wind-rose panel: the rose of the scenario's met source (the simulation's
 * met_source_id, else the project's first station) for a season. The stations are listed once; a
 * season or a simulation change only loads a rose, and a change while one loads restarts the load
 * (the stale answer goes with its invocation), so the rose always matches the season shown.
 *
 *   windRose
 *   ├── listing    invokes listStations(projectId); none → none, else loading
 *   ├── loading    invokes loadRose({projectId, metId, season})
 *   ├── ready
 *   ├── none       the project has no weather station
 *   └── failed     keeps the message; rose.retry → listing
 *   season.set applies anywhere and, once the stations are known, loads the rose again;
 *   station.want loads it again only when it picks another station
 *
 * Owned by src/screens/viewer/wind-rose-panel.tsx; bound in src/services/viewer-services.ts.
 */
import { assign, setup } from 'xstate';
import { asServerError, errorMessage, notProvided } from '@machines/shared/actors.ts';
import type { MetSource, WeatherSummary } from '@machines/weather/weather.types.ts';

export interface RoseRequest {
  projectId: number;
  metId: string;
  season: string;
}

export interface WindRoseContext {
  projectId: number;
  /** The station the simulation names, if any. */
  wantedId: number | null;
  season: string;
  stations: MetSource[] | null;
  summary: WeatherSummary | null;
  message: string | null;
}

export type WindRoseEvent = { type: 'season.set'; season: string } | { type: 'station.want'; metSourceId: number | null } | { type: 'rose.retry' };

/** The station the rose is drawn for: the wanted one, else the project's first. */
export function stationOf(context: Pick<WindRoseContext, 'stations' | 'wantedId'>): MetSource | null {
  const stations = context.stations ?? [];
  return stations.find((s) => s.id === context.wantedId) ?? stations[0] ?? null;
}

const FALLBACK = 'The wind rose could not be loaded.';

export const windRoseMachine = setup({
  types: {
    context: {} as WindRoseContext,
    events: {} as WindRoseEvent,
    input: {} as { projectId: number; metSourceId: number | null },
  },
  actors: {
    listStations: notProvided<MetSource[], { projectId: number }>('listStations'),
    loadRose: notProvided<WeatherSummary, RoseRequest>('loadRose'),
  },
  actions: {
    keepStations: assign((_, stations: MetSource[]) => ({ stations })),
    keepRose: assign((_, summary: WeatherSummary) => ({ summary, message: null })),
    fail: assign((_, params: { error: unknown }) => ({ message: errorMessage(asServerError(params.error), FALLBACK) })),
    setSeason: assign((_, season: string) => ({ season })),
    want: assign((_, wantedId: number | null) => ({ wantedId })),
  },
  guards: {
    hasStation: ({ context }) => stationOf(context) !== null,
    listed: ({ context }) => context.stations !== null,
    /** The stations are known and the wanted one is not the station drawn now. */
    picksAnother: ({ context, event }) =>
      event.type === 'station.want' && context.stations !== null && stationOf({ ...context, wantedId: event.metSourceId }) !== stationOf(context),
  },
}).createMachine({
  id: 'windRose',
  context: ({ input }) => ({ projectId: input.projectId, wantedId: input.metSourceId, season: 'all', stations: null, summary: null, message: null }),
  initial: 'listing',
  on: {
    'season.set': [
      { guard: 'listed', target: '.picking', actions: { type: 'setSeason', params: ({ event }) => event.season } },
      { actions: { type: 'setSeason', params: ({ event }) => event.season } },
    ],
    'station.want': [
      { guard: 'picksAnother', target: '.picking', actions: { type: 'want', params: ({ event }) => event.metSourceId } },
      { actions: { type: 'want', params: ({ event }) => event.metSourceId } },
    ],
  },
  states: {
    listing: {
      invoke: {
        src: 'listStations',
        input: ({ context }) => ({ projectId: context.projectId }),
        onDone: { target: 'picking', actions: { type: 'keepStations', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    picking: {
      always: [{ guard: 'hasStation', target: 'loading' }, { target: 'none' }],
    },
    loading: {
      invoke: {
        src: 'loadRose',
        input: ({ context }) => ({ projectId: context.projectId, metId: stationOf(context)!.met_id, season: context.season }),
        onDone: { target: 'ready', actions: { type: 'keepRose', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    ready: {},
    none: {},
    failed: { on: { 'rose.retry': 'listing' } },
  },
});
