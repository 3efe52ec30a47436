/** The site map machine by its events and snapshots: placing the site, search, tiles, surroundings. */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { GeocodeResults, MapSettings } from '@canopy/contract/site.ts';
import type { ProjectSurrounds } from '@canopy/contract/surrounds.ts';
import { NUDGE_M, siteMapMachine, TILE_WAIT_MS, type LatLon } from './site-map.machine.ts';
import { selectCanSearch, selectMapAvailable, selectResults, selectSearchError, selectSurrounds, selectTilesUnreachable } from './site-map.selectors.ts';

const SETTINGS: MapSettings = {
  tile_url: 'http://127.0.0.1:1/{z}/{x}/{y}.png',
  tile_attribution: '© OpenStreetMap contributors',
  geocoder: true,
  overpass: true,
  overpass_max_radius_m: 2000,
};
const LONDON: GeocodeResults = {
  attribution: 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright',
  results: [
    { name: 'London, Greater London, England, United Kingdom', kind: 'boundary · administrative', latitude: 51.5074456, longitude: -0.1277653 },
    { name: 'London, Ontario, Canada', kind: 'boundary · administrative', latitude: 42.9836747, longitude: -81.2496068 },
  ],
};

function start(
  options: { position?: LatLon | null; projectId?: number; settings?: () => Promise<MapSettings>; geocode?: (q: string) => Promise<GeocodeResults> } = {},
) {
  const clock = new SimulatedClock();
  const queries: string[] = [];
  const actor = createActor(
    siteMapMachine.provide({
      actors: {
        loadSettings: fromPromise<MapSettings, void>(options.settings ?? (async () => SETTINGS)),
        geocode: fromPromise<GeocodeResults, { query: string }>(({ input }) => {
          queries.push(input.query);
          return (options.geocode ?? (async () => LONDON))(input.query);
        }),
        loadSurrounds: fromPromise<ProjectSurrounds, { projectId: number }>(async () => ({
          project_name: 'P',
          project_latitude: 51.5,
          project_longitude: -0.12,
          surrounds: { radius_m: 250, origin_latitude: 51.5, origin_longitude: -0.12, footprints: [] } as unknown as ProjectSurrounds['surrounds'],
          surrounds_error: null,
        })),
      },
    }),
    { input: { position: options.position ?? null, projectId: options.projectId ?? null }, clock },
  );
  const picked: LatLon[] = [];
  actor.on('site.picked', (event) => picked.push(event.position));
  actor.start();
  return { actor, clock, picked, queries };
}

describe('siteMap', () => {
  it('places the site by a click, a drag and the arrow keys, announcing each; typed coordinates are not echoed', async () => {
    const { actor, picked } = start({ position: { latitude: 51.5, longitude: -0.12 } });
    actor.send({ type: 'map.click', position: { latitude: 51.50123456, longitude: -0.1234567 } });
    expect(picked.at(-1)).toEqual({ latitude: 51.501235, longitude: -0.123457 });
    actor.send({ type: 'marker.drag', position: { latitude: 51.6, longitude: 179.9 + 0.2 } });
    // Longitudes wrap round the date line.
    expect(picked.at(-1)).toEqual({ latitude: 51.6, longitude: -179.9 });
    actor.send({ type: 'position.typed', position: { latitude: 0, longitude: 10 } });
    expect(picked).toHaveLength(2);
    actor.send({ type: 'marker.nudge', east: 0, north: NUDGE_M });
    expect(picked.at(-1)!.latitude).toBeCloseTo(NUDGE_M / 111_320, 6);
    actor.send({ type: 'marker.nudge', east: NUDGE_M, north: 0 });
    expect(picked.at(-1)!.longitude).toBeCloseTo(10 + NUDGE_M / 111_320, 6);
  });

  it('arrow keys do nothing before there is a site', () => {
    const { actor, picked } = start();
    actor.send({ type: 'marker.nudge', east: 10, north: 0 });
    expect(picked).toEqual([]);
    expect(actor.getSnapshot().context.position).toBeNull();
  });

  it('searches only when asked, and choosing a result sets the site', async () => {
    const { actor, picked, queries } = start();
    await waitFor(actor, (s) => selectCanSearch(s));
    actor.send({ type: 'search.submit', query: '   ' });
    expect(queries).toEqual([]);
    actor.send({ type: 'search.submit', query: ' London ' });
    await waitFor(actor, (s) => selectResults(s) !== null);
    expect(queries).toEqual(['London']);
    actor.send({ type: 'result.choose', index: 5 });
    expect(picked).toEqual([]);
    actor.send({ type: 'result.choose', index: 0 });
    expect(picked).toEqual([{ latitude: 51.507446, longitude: -0.127765 }]);
    expect(selectResults(actor.getSnapshot())).toBeNull();
  });

  it("a failing search says why, in the server's words", async () => {
    const { actor } = start({
      geocode: async () => {
        throw {
          kind: 'http',
          status: 502,
          detail: 'The place search (nominatim.example) could not be reached; type the coordinates instead.',
          fields: {},
          body: null,
        };
      },
    });
    await waitFor(actor, (s) => selectCanSearch(s));
    actor.send({ type: 'search.submit', query: 'London' });
    await waitFor(actor, (s) => selectSearchError(s) !== null);
    expect(selectSearchError(actor.getSnapshot())).toBe('The place search (nominatim.example) could not be reached; type the coordinates instead.');
  });

  it('the map shows once a tile loads; a tile error first, or no tile in time, leaves the coordinate fields', async () => {
    const loaded = start();
    await waitFor(loaded.actor, (s) => s.matches({ settings: 'ready' }));
    expect(selectMapAvailable(loaded.actor.getSnapshot())).toBe(true);
    loaded.actor.send({ type: 'tiles.loaded' });
    loaded.actor.send({ type: 'tiles.failed' });
    expect(selectTilesUnreachable(loaded.actor.getSnapshot())).toBe(false);

    const failing = start();
    await waitFor(failing.actor, (s) => s.matches({ settings: 'ready' }));
    failing.actor.send({ type: 'tiles.failed' });
    expect(selectTilesUnreachable(failing.actor.getSnapshot())).toBe(true);
    expect(selectMapAvailable(failing.actor.getSnapshot())).toBe(false);

    const silent = start();
    await waitFor(silent.actor, (s) => s.matches({ settings: 'ready' }));
    silent.clock.increment(TILE_WAIT_MS - 1);
    expect(selectTilesUnreachable(silent.actor.getSnapshot())).toBe(false);
    silent.clock.increment(1);
    expect(selectTilesUnreachable(silent.actor.getSnapshot())).toBe(true);
    silent.actor.send({ type: 'tiles.loaded' });
    expect(selectMapAvailable(silent.actor.getSnapshot())).toBe(true);
  });

  it('without the map settings there is no map and no search', async () => {
    const { actor } = start({
      settings: async () => {
        throw new Error('offline');
      },
    });
    await waitFor(actor, (s) => s.matches({ settings: 'failed' }));
    expect(selectMapAvailable(actor.getSnapshot())).toBe(false);
    expect(selectCanSearch(actor.getSnapshot())).toBe(false);
  });

  it("loads an existing project's surroundings to draw", async () => {
    const { actor } = start({ projectId: 7 });
    await waitFor(actor, (s) => s.matches({ surrounds: 'shown' }));
    expect(selectSurrounds(actor.getSnapshot())?.radius_m).toBe(250);
    expect(start().actor.getSnapshot().matches({ surrounds: 'none' })).toBe(true);
  });
});
