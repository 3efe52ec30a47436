/**
 * The surrounds geolocator (SPEC §2): the origin and radius of the project's surroundings, and
 * their generation from an OpenStreetMap extract or GeoJSON the user uploads with the shared
 * uploader (POST …/surrounds/generate-osm/). The origin starts at the surrounds' stored origin, else
 * the project's coordinates; the user moves it by typing or by clicking the site map, and
 * `surrounds.regenerate` rebuilds from the same upload with the new origin and radius;
 * `surrounds.fetchOsm` fetches them from OpenStreetMap's Overpass API instead (POST
 * …/surrounds/generate-overpass/, at most OSM_FETCH_MAX_RADIUS_M).
 *
 *   site
 *   ├── loading       loadSurrounds
 *   ├── loadFailed    `surrounds.reload` → loading
 *   └── ready
 *       ├── idle
 *       ├── generating  generateSurrounds (after `osm.uploaded` or `surrounds.regenerate`)
 *       └── fetching    fetchOsmSurrounds (after `surrounds.fetchOsm`)
 *
 * Owned by src/screens/project-resources/surrounds-geolocator.tsx (through the resources screen).
 */
import { assertEvent, assign, not, setup } from 'xstate';
import { notProvided } from '@machines/shared/actors.ts';
import { failureOf } from './weather.machine.ts';
import type { FormFailure, GenerateOsm, LatLon, ProjectSurrounds, Surrounds } from './weather.types.ts';

export const DEFAULT_RADIUS_M = 300;
export const MAX_RADIUS_M = 5000;

export interface SiteContext {
  projectId: number;
  projectOrigin: LatLon | null;
  /** The origin the next generation uses. */
  origin: LatLon | null;
  radiusM: number;
  surrounds: Surrounds | null;
  /** The map upload the current surrounds came from (regenerating reuses it). */
  sourceUploadId: number | null;
  generatingFrom: string | null;
  failure: FormFailure | null;
  /** Why the surroundings asked for at the project's creation could not be fetched (the server's words), until some are made. */
  creationFailure: string | null;
}

export type SiteEvent =
  | { type: 'surrounds.reload' }
  | { type: 'origin.set'; latitude: number; longitude: number }
  | { type: 'origin.reset' }
  | { type: 'radius.set'; radiusM: number }
  | { type: 'osm.uploaded'; uploadId: number; fileName: string }
  | { type: 'surrounds.regenerate' }
  | { type: 'surrounds.fetchOsm' }
  | { type: 'failure.dismiss' };

export type GenerateRequest = { projectId: number } & GenerateOsm;
/** Surroundings fetched from OpenStreetMap's Overpass API (POST …/surrounds/generate-overpass/). */
export interface FetchOsmRequest {
  projectId: number;
  radius_m: number;
  origin_latitude: number;
  origin_longitude: number;
}
/** The largest radius the server fetches from Overpass (contract OVERPASS_MAX_RADIUS_M). */
export const OSM_FETCH_MAX_RADIUS_M = 2000;

function originOf(answer: ProjectSurrounds): LatLon | null {
  if (answer.surrounds) return { latitude: answer.surrounds.origin_latitude, longitude: answer.surrounds.origin_longitude };
  return answer.project_latitude !== null && answer.project_longitude !== null
    ? { latitude: answer.project_latitude, longitude: answer.project_longitude }
    : null;
}

const validOrigin = (o: LatLon) => Number.isFinite(o.latitude) && Number.isFinite(o.longitude) && Math.abs(o.latitude) <= 89 && Math.abs(o.longitude) <= 180;

export const siteMachine = setup({
  types: {
    context: {} as SiteContext,
    events: {} as SiteEvent,
    input: {} as { projectId: number },
  },
  actors: {
    loadSurrounds: notProvided<ProjectSurrounds, { projectId: number }>('loadSurrounds'),
    generateSurrounds: notProvided<Surrounds, GenerateRequest>('generateSurrounds'),
    fetchOsmSurrounds: notProvided<Surrounds, FetchOsmRequest>('fetchOsmSurrounds'),
  },
  actions: {
    storeLoaded: assign((_, answer: ProjectSurrounds) => ({
      projectOrigin:
        answer.project_latitude !== null && answer.project_longitude !== null
          ? { latitude: answer.project_latitude, longitude: answer.project_longitude }
          : null,
      origin: originOf(answer),
      radiusM: answer.surrounds?.radius_m ?? DEFAULT_RADIUS_M,
      surrounds: answer.surrounds,
      sourceUploadId: answer.surrounds?.source_upload_id ?? null,
      creationFailure: answer.surrounds ? null : answer.surrounds_error,
    })),
    storeSurrounds: assign((_, surrounds: Surrounds) => ({
      surrounds,
      creationFailure: null,
      sourceUploadId: surrounds.source_upload_id,
      origin: { latitude: surrounds.origin_latitude, longitude: surrounds.origin_longitude },
      radiusM: surrounds.radius_m,
      generatingFrom: null,
    })),
    setOrigin: assign(({ event }) => {
      assertEvent(event, 'origin.set');
      return { origin: { latitude: event.latitude, longitude: event.longitude } };
    }),
    resetOrigin: assign(({ context }) => ({ origin: context.projectOrigin })),
    setRadius: assign(({ event }) => {
      assertEvent(event, 'radius.set');
      return { radiusM: Math.min(MAX_RADIUS_M, Math.max(10, event.radiusM)) };
    }),
    noteUpload: assign(({ event }) => {
      assertEvent(event, 'osm.uploaded');
      return { sourceUploadId: event.uploadId, generatingFrom: event.fileName, failure: null };
    }),
    noteRegenerate: assign({ generatingFrom: 'the same map file', failure: null }),
    noteFetch: assign({ generatingFrom: 'OpenStreetMap', failure: null }),
    radiusTooLarge: assign({
      failure: {
        message: `At most ${OSM_FETCH_MAX_RADIUS_M} m is fetched from OpenStreetMap at once; choose a smaller radius, or upload an .osm extract of the larger area.`,
        reason: null,
      },
    }),
    clearGenerating: assign({ generatingFrom: null }),
    needOrigin: assign({ failure: { message: 'Set the project origin (latitude and longitude) before generating the surroundings.', reason: null } }),
    storeFailure: assign((_, failure: FormFailure) => ({ failure })),
    clearFailure: assign({ failure: null }),
  },
  guards: {
    originKnown: ({ context }) => context.origin !== null && validOrigin(context.origin),
    validOriginEvent: ({ event }) => event.type === 'origin.set' && validOrigin(event),
    radiusFetchable: ({ context }) => context.radiusM <= OSM_FETCH_MAX_RADIUS_M,
    canRegenerate: ({ context }) => context.sourceUploadId !== null && context.origin !== null && validOrigin(context.origin),
  },
}).createMachine({
  id: 'site',
  initial: 'loading',
  context: ({ input }) => ({
    projectId: input.projectId,
    projectOrigin: null,
    origin: null,
    radiusM: DEFAULT_RADIUS_M,
    surrounds: null,
    creationFailure: null,
    sourceUploadId: null,
    generatingFrom: null,
    failure: null,
  }),
  states: {
    loading: {
      invoke: {
        src: 'loadSurrounds',
        input: ({ context }) => ({ projectId: context.projectId }),
        onDone: { target: 'ready', actions: { type: 'storeLoaded', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: { type: 'storeFailure', params: ({ event }) => failureOf(event.error, 'The site could not be loaded.') } },
      },
    },
    loadFailed: {
      on: { 'surrounds.reload': { target: 'loading', actions: 'clearFailure' } },
    },
    ready: {
      initial: 'idle',
      on: { 'failure.dismiss': { actions: 'clearFailure' } },
      states: {
        idle: {
          on: {
            'origin.set': { guard: 'validOriginEvent', actions: 'setOrigin' },
            'origin.reset': { actions: 'resetOrigin' },
            'radius.set': { actions: 'setRadius' },
            'osm.uploaded': [{ guard: 'originKnown', target: 'generating', actions: 'noteUpload' }, { actions: 'needOrigin' }],
            'surrounds.regenerate': { guard: 'canRegenerate', target: 'generating', actions: 'noteRegenerate' },
            'surrounds.fetchOsm': [
              { guard: not('originKnown'), actions: 'needOrigin' },
              { guard: not('radiusFetchable'), actions: 'radiusTooLarge' },
              { target: 'fetching', actions: 'noteFetch' },
            ],
            'surrounds.reload': '#site.loading',
          },
        },
        fetching: {
          invoke: {
            src: 'fetchOsmSurrounds',
            input: ({ context }) => ({
              projectId: context.projectId,
              origin_latitude: context.origin!.latitude,
              origin_longitude: context.origin!.longitude,
              radius_m: context.radiusM,
            }),
            onDone: { target: 'idle', actions: { type: 'storeSurrounds', params: ({ event }) => event.output } },
            onError: {
              target: 'idle',
              actions: ['clearGenerating', { type: 'storeFailure', params: ({ event }) => failureOf(event.error, 'The surroundings could not be fetched.') }],
            },
          },
        },
        generating: {
          invoke: {
            src: 'generateSurrounds',
            input: ({ context }) => ({
              projectId: context.projectId,
              upload_id: context.sourceUploadId!,
              origin_latitude: context.origin!.latitude,
              origin_longitude: context.origin!.longitude,
              radius_m: context.radiusM,
            }),
            onDone: { target: 'idle', actions: { type: 'storeSurrounds', params: ({ event }) => event.output } },
            onError: {
              target: 'idle',
              actions: ['clearGenerating', { type: 'storeFailure', params: ({ event }) => failureOf(event.error, 'The surroundings could not be generated.') }],
            },
          },
        },
      },
    },
  },
});
