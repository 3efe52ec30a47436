/**
 * The site on a map (project creation and the details tab; docs/site-map.md): where the site is,
 * place search, and whether the map's tiles can be reached at all.
 *
 *   siteMap (parallel)
 *   ├── settings  loading → ready | failed      GET /api/site/map-settings/
 *   ├── tiles     waiting → showing | unreachable
 *   │             the first tile loaded shows the map; a tile error, or no tile within
 *   │             TILE_WAIT_MS, before any loaded means the tile server cannot be reached, and
 *   │             the view falls back to the coordinate fields alone
 *   ├── search    idle ⇄ searching               GET /api/site/geocode/?q= (only when asked)
 *   └── surrounds none | loading → shown | missing  an existing project's footprints and radius
 *                                                 (GET /api/project/{id}/surrounds/), drawn on the map
 *
 * The site moves by a click on the map, by dragging the marker, by the arrow keys (NUDGE_M, or
 * NUDGE_FAR_M with Shift) or by choosing a search result; each of those emits `site.picked` for
 * the form that owns the coordinates. Coordinates typed in the form arrive as `position.typed`
 * and are not echoed back.
 */
import { assign, emit, setup } from 'xstate';
import type { GeocodeResult, GeocodeResults, MapSettings } from '@canopy/contract/site.ts';
import type { ProjectSurrounds, Surrounds } from '@canopy/contract/surrounds.ts';
import { asServerError, errorMessage, notProvided } from '@machines/shared/actors.ts';

export interface LatLon {
  latitude: number;
  longitude: number;
}

export type { GeocodeResult, MapSettings };

/** How long the map waits for its first tile before it says the tile server cannot be reached. */
export const TILE_WAIT_MS = 8000;
/** One arrow key press moves the site this far (metres); with Shift, NUDGE_FAR_M. */
export const NUDGE_M = 10;
export const NUDGE_FAR_M = 100;
const METRES_PER_DEGREE = 111_320;

export interface SiteMapContext {
  position: LatLon | null;
  settings: MapSettings | null;
  query: string;
  results: GeocodeResult[] | null;
  attribution: string;
  searchError: string | null;
  projectId: number | null;
  surrounds: Surrounds | null;
}

export type SiteMapEvent =
  | { type: 'position.typed'; position: LatLon | null }
  | { type: 'map.click'; position: LatLon }
  | { type: 'marker.drag'; position: LatLon }
  | { type: 'marker.nudge'; east: number; north: number }
  | { type: 'search.submit'; query: string }
  | { type: 'result.choose'; index: number }
  | { type: 'results.close' }
  | { type: 'tiles.loaded' }
  | { type: 'tiles.failed' };

export type SiteMapEmitted = { type: 'site.picked'; position: LatLon };

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;
const clampLatitude = (value: number) => Math.max(-89, Math.min(89, value));
/** Longitudes wrap round the date line into [−180, 180). */
const wrapLongitude = (value: number) => ((((value + 180) % 360) + 360) % 360) - 180;

export function normalised(position: LatLon): LatLon {
  return { latitude: round6(clampLatitude(position.latitude)), longitude: round6(wrapLongitude(position.longitude)) };
}

/** The site moved `east` and `north` metres (a local flat-earth step: exact enough for tens of metres). */
export function nudged(position: LatLon, east: number, north: number): LatLon {
  const latitude = position.latitude + north / METRES_PER_DEGREE;
  const longitude = position.longitude + east / (METRES_PER_DEGREE * Math.cos((position.latitude * Math.PI) / 180));
  return normalised({ latitude, longitude });
}

export const siteMapMachine = setup({
  types: {
    context: {} as SiteMapContext,
    events: {} as SiteMapEvent,
    emitted: {} as SiteMapEmitted,
    input: {} as { position: LatLon | null; projectId?: number | null },
  },
  actors: {
    loadSettings: notProvided<MapSettings, void>('loadSettings'),
    geocode: notProvided<GeocodeResults, { query: string }>('geocode'),
    loadSurrounds: notProvided<ProjectSurrounds, { projectId: number }>('loadSurrounds'),
  },
  actions: {
    place: assign((_, position: LatLon) => ({ position: normalised(position) })),
    announce: emit(({ context }) => ({ type: 'site.picked' as const, position: context.position! })),
  },
  guards: {
    hasPosition: ({ context }) => context.position !== null,
    forProject: ({ context }) => context.projectId !== null,
    validResult: ({ context, event }) => event.type === 'result.choose' && context.results !== null && context.results[event.index] !== undefined,
    searchable: ({ context, event }) => event.type === 'search.submit' && event.query.trim() !== '' && context.settings?.geocoder === true,
  },
}).createMachine({
  id: 'siteMap',
  type: 'parallel',
  context: ({ input }) => ({
    position: input.position ? normalised(input.position) : null,
    settings: null,
    query: '',
    results: null,
    attribution: '',
    searchError: null,
    projectId: input.projectId ?? null,
    surrounds: null,
  }),
  on: {
    'position.typed': { actions: assign(({ event }) => ({ position: event.position ? normalised(event.position) : null })) },
    'map.click': { actions: [{ type: 'place', params: ({ event }) => event.position }, 'announce'] },
    'marker.drag': { actions: [{ type: 'place', params: ({ event }) => event.position }, 'announce'] },
    'marker.nudge': {
      guard: 'hasPosition',
      actions: [{ type: 'place', params: ({ context, event }) => nudged(context.position!, event.east, event.north) }, 'announce'],
    },
  },
  states: {
    settings: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'loadSettings',
            onDone: { target: 'ready', actions: assign({ settings: ({ event }) => event.output }) },
            onError: 'failed',
          },
        },
        ready: {},
        failed: {},
      },
    },
    tiles: {
      initial: 'waiting',
      states: {
        waiting: {
          after: { [TILE_WAIT_MS]: 'unreachable' },
          on: { 'tiles.loaded': 'showing', 'tiles.failed': 'unreachable' },
        },
        showing: {},
        unreachable: {
          // A tile that arrives late after all (a slow first answer) brings the map back.
          on: { 'tiles.loaded': 'showing' },
        },
      },
    },
    surrounds: {
      initial: 'deciding',
      states: {
        deciding: { always: [{ guard: 'forProject', target: 'loading' }, { target: 'none' }] },
        none: {},
        loading: {
          invoke: {
            src: 'loadSurrounds',
            input: ({ context }) => ({ projectId: context.projectId! }),
            onDone: { target: 'shown', actions: assign({ surrounds: ({ event }) => event.output.surrounds }) },
            // The map is still useful without the buildings; the Resources page explains failures.
            onError: 'missing',
          },
        },
        shown: {},
        missing: {},
      },
    },
    search: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'search.submit': {
              guard: 'searchable',
              target: 'searching',
              actions: assign(({ event }) => ({ query: event.query.trim(), searchError: null })),
            },
            'result.choose': {
              guard: 'validResult',
              actions: [{ type: 'place', params: ({ context, event }) => context.results![event.index]! }, 'announce', assign({ results: null })],
            },
            'results.close': { actions: assign({ results: null }) },
          },
        },
        searching: {
          invoke: {
            src: 'geocode',
            input: ({ context }) => ({ query: context.query }),
            onDone: { target: 'idle', actions: assign(({ event }) => ({ results: event.output.results, attribution: event.output.attribution })) },
            onError: {
              target: 'idle',
              actions: assign(({ event }) => ({ results: null, searchError: errorMessage(asServerError(event.error)) ?? 'The place search failed.' })),
            },
          },
        },
      },
    },
  },
});
