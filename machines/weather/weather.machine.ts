/**
 * The weather data form (SPEC §2): the project's weather stations, where a new one comes from — an
 * EPW the user uploads with the shared uploader, or the nearest station fetched by the server — and
 * what went wrong. A fetch that finds nothing suitable near the site (the server's 422, a retry
 * cannot help) is "no weather near here" (`noWeather`): what was looked at and why each was passed
 * over, and what to do instead — not an error. A fetch that failed because a provider was down or
 * slow (503) shows SPEC §8's message as the server stored it on the project (`met_error`), with the
 * server's reason and what was passed over beneath.
 *
 *   weather
 *   ├── loading        listSources
 *   ├── loadFailed     `sources.reload` → loading
 *   └── ready
 *       ├── idle
 *       ├── importing  addMetSource (after `epw.uploaded` from the uploader's upload.done)
 *       └── fetching   fetchMetData (`met.fetch`)
 *
 * The newest source is selected after an import or fetch; `station.select` chooses another.
 * Owned by src/screens/project-resources/weather-data-form.tsx (through the resources screen).
 */
import { assertEvent, assign, setup } from 'xstate';
import { asServerError, errorMessage, notProvided } from '@machines/shared/actors.ts';
import type { FetchMetResult, FormFailure, MetSource, NoWeatherHere, PassedOver } from './weather.types.ts';

export interface WeatherContext {
  projectId: number;
  sources: MetSource[];
  selectedMetId: string | null;
  /** The last fetch's stations passed over, to explain the choice (or the failure). */
  passedOver: PassedOver[];
  failure: FormFailure | null;
  /** The last fetch found nothing suitable near the site (cleared by the next fetch or import). */
  noWeather: NoWeatherHere | null;
  /** The EPW being imported, for the busy message. */
  importing: string | null;
}

export type WeatherEvent =
  | { type: 'sources.reload' }
  | { type: 'epw.uploaded'; uploadId: number; fileName: string }
  | { type: 'met.fetch' }
  | { type: 'station.select'; metId: string }
  | { type: 'failure.dismiss' };

/** The failure of a call, with the server's reason when the body carries one (fetch-met-data's 503). */
export function failureOf(error: unknown, fallback: string): FormFailure {
  const server = asServerError(error);
  const body = server.body as { reason?: unknown } | null;
  return {
    message: errorMessage(server, fallback) ?? fallback,
    reason: body && typeof body.reason === 'string' ? body.reason : null,
  };
}

/** The server's "nothing suitable here" answer (422 with the stations passed over), or null for any other failure. */
export function noWeatherOf(error: unknown): NoWeatherHere | null {
  const server = asServerError(error);
  if (server.kind !== 'http' || server.status !== 422) return null;
  const body = server.body as { detail?: unknown; reason?: unknown; skipped?: unknown; online_provider?: unknown } | null;
  if (!body || typeof body.detail !== 'string' || !Array.isArray(body.skipped)) return null;
  return {
    message: body.detail,
    reason: typeof body.reason === 'string' ? body.reason : '',
    passedOver: body.skipped as PassedOver[],
    onlineProvider: typeof body.online_provider === 'string' ? body.online_provider : null,
  };
}

/** What a failed fetch looked at and passed over (the 503 carries them too), for the alert. */
export function passedOverOf(error: unknown): PassedOver[] {
  const body = asServerError(error).body as { skipped?: unknown } | null;
  return body && Array.isArray(body.skipped) ? (body.skipped as PassedOver[]) : [];
}

function withSource(sources: MetSource[], source: MetSource): MetSource[] {
  return sources.some((s) => s.id === source.id) ? sources.map((s) => (s.id === source.id ? source : s)) : [...sources, source];
}

export const weatherMachine = setup({
  types: {
    context: {} as WeatherContext,
    events: {} as WeatherEvent,
    input: {} as { projectId: number },
  },
  actors: {
    listSources: notProvided<MetSource[], { projectId: number }>('listSources'),
    addMetSource: notProvided<MetSource, { projectId: number; uploadId: number }>('addMetSource'),
    fetchMetData: notProvided<FetchMetResult, { projectId: number }>('fetchMetData'),
  },
  actions: {
    storeSources: assign(({ context }, sources: MetSource[]) => ({
      sources,
      selectedMetId: sources.some((s) => s.met_id === context.selectedMetId) ? context.selectedMetId : (sources.at(-1)?.met_id ?? null),
    })),
    storeSource: assign(({ context }, source: MetSource) => ({ sources: withSource(context.sources, source), selectedMetId: source.met_id })),
    storeFetch: assign((_, result: FetchMetResult) => ({ passedOver: result.skipped, noWeather: null })),
    noteImport: assign(({ event }) => {
      assertEvent(event, 'epw.uploaded');
      return { importing: event.fileName, failure: null };
    }),
    clearImport: assign({ importing: null }),
    clearFailure: assign({ failure: null }),
    storeFailure: assign((_, failure: FormFailure) => ({ failure })),
    clearNoWeather: assign({ noWeather: null }),
    /** A failed fetch: "no weather near here" when nothing suitable was found, otherwise a failure with what was passed over. */
    storeFetchFailure: assign((_, { error }: { error: unknown }) => {
      const noWeather = noWeatherOf(error);
      if (noWeather) return { noWeather, failure: null, passedOver: noWeather.passedOver };
      return { failure: failureOf(error, 'The weather station could not be fetched.'), passedOver: passedOverOf(error) };
    }),
    select: assign(({ event }) => {
      assertEvent(event, 'station.select');
      return { selectedMetId: event.metId };
    }),
  },
}).createMachine({
  id: 'weather',
  initial: 'loading',
  context: ({ input }) => ({ projectId: input.projectId, sources: [], selectedMetId: null, passedOver: [], failure: null, noWeather: null, importing: null }),
  states: {
    loading: {
      invoke: {
        src: 'listSources',
        input: ({ context }) => ({ projectId: context.projectId }),
        onDone: { target: 'ready', actions: { type: 'storeSources', params: ({ event }) => event.output } },
        onError: {
          target: 'loadFailed',
          actions: { type: 'storeFailure', params: ({ event }) => failureOf(event.error, 'The weather stations could not be loaded.') },
        },
      },
    },
    loadFailed: {
      on: { 'sources.reload': { target: 'loading', actions: 'clearFailure' } },
    },
    ready: {
      initial: 'idle',
      on: {
        'station.select': { actions: 'select' },
        'failure.dismiss': { actions: 'clearFailure' },
      },
      states: {
        idle: {
          on: {
            'epw.uploaded': { target: 'importing', actions: 'noteImport' },
            'met.fetch': { target: 'fetching', actions: ['clearFailure', 'clearNoWeather'] },
            'sources.reload': '#weather.loading',
          },
        },
        importing: {
          invoke: {
            src: 'addMetSource',
            input: ({ context, event }) => {
              assertEvent(event, 'epw.uploaded');
              return { projectId: context.projectId, uploadId: event.uploadId };
            },
            onDone: { target: 'idle', actions: ['clearImport', 'clearNoWeather', { type: 'storeSource', params: ({ event }) => event.output }] },
            onError: {
              target: 'idle',
              actions: ['clearImport', { type: 'storeFailure', params: ({ event }) => failureOf(event.error, 'The EPW file could not be imported.') }],
            },
          },
        },
        fetching: {
          invoke: {
            src: 'fetchMetData',
            input: ({ context }) => ({ projectId: context.projectId }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'storeSource', params: ({ event }) => event.output.met_source },
                { type: 'storeFetch', params: ({ event }) => event.output },
              ],
            },
            onError: { target: 'idle', actions: { type: 'storeFetchFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
  },
});
