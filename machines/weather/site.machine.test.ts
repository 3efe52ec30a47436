/** The surrounds geolocator machine: origin and radius, generation from an upload, failures. */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ServerError } from '@machines/shared/actors.ts';
import { siteMachine, type FetchOsmRequest, type GenerateRequest } from './site.machine.ts';
import {
  selectCanRegenerate,
  selectGenerating,
  selectOrigin,
  selectRadius,
  selectSiteChanged,
  selectSiteFailure,
  selectSurrounds,
} from './weather.selectors.ts';
import { projectSurrounds, surrounds } from './fixtures.ts';
import type { ProjectSurrounds, Surrounds } from './weather.types.ts';

function start(
  loaded: ProjectSurrounds,
  generate: (r: GenerateRequest) => Promise<Surrounds> = async (r) =>
    surrounds({ origin_latitude: r.origin_latitude!, origin_longitude: r.origin_longitude!, radius_m: r.radius_m!, source_upload_id: r.upload_id }),
) {
  const requests: GenerateRequest[] = [];
  const actor = createActor(
    siteMachine.provide({
      actors: {
        loadSurrounds: fromPromise<ProjectSurrounds, { projectId: number }>(async () => loaded),
        generateSurrounds: fromPromise<Surrounds, GenerateRequest>(({ input }) => {
          requests.push(input);
          return generate(input);
        }),
      },
    }),
    { input: { projectId: 7 } },
  ).start();
  return { actor, requests };
}

describe('site machine', () => {
  it("starts from the project's coordinates when there are no surrounds yet", async () => {
    const { actor } = start(projectSurrounds(null, [43.64, -79.38]));
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(selectOrigin(actor.getSnapshot())).toEqual({ latitude: 43.64, longitude: -79.38 });
    expect(selectRadius(actor.getSnapshot())).toBe(300);
    expect(selectCanRegenerate(actor.getSnapshot())).toBe(false);
  });

  it('generates from an uploaded extract with the chosen origin and radius', async () => {
    const { actor, requests } = start(projectSurrounds(null));
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'origin.set', latitude: 41.881, longitude: -87.631 });
    actor.send({ type: 'radius.set', radiusM: 150 });
    actor.send({ type: 'osm.uploaded', uploadId: 9, fileName: 'site.osm' });
    expect(selectGenerating(actor.getSnapshot())).toBe('site.osm');
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(requests).toEqual([{ projectId: 7, upload_id: 9, origin_latitude: 41.881, origin_longitude: -87.631, radius_m: 150 }]);
    expect(selectSurrounds(actor.getSnapshot())?.radius_m).toBe(150);
    expect(selectSiteChanged(actor.getSnapshot())).toBe(false);
  });

  it('regenerates from the same upload after the origin moves', async () => {
    const { actor, requests } = start(projectSurrounds(surrounds()));
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(selectOrigin(actor.getSnapshot())).toEqual({ latitude: 41.88, longitude: -87.63 });
    actor.send({ type: 'origin.set', latitude: 41.8805, longitude: -87.63 });
    expect(selectSiteChanged(actor.getSnapshot())).toBe(true);
    expect(selectCanRegenerate(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'surrounds.regenerate' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(requests[0]).toMatchObject({ upload_id: 5, origin_latitude: 41.8805 });
  });

  it('refuses an impossible origin and asks for one before generating', async () => {
    const { actor, requests } = start(projectSurrounds(null, null));
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'origin.set', latitude: 123, longitude: 0 });
    expect(selectOrigin(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'osm.uploaded', uploadId: 9, fileName: 'site.osm' });
    expect(requests).toHaveLength(0);
    expect(selectSiteFailure(actor.getSnapshot())?.message).toContain('Set the project origin');
  });

  it("keeps the server's message for malformed XML", async () => {
    const message = 'broken.osm: The OSM file is not well-formed XML: malformed XML at line 3, column 5: the end tag </wya> does not match the open <way>';
    const error: ServerError = { kind: 'http', status: 400, detail: null, fields: { upload_id: [message] }, body: { upload_id: [message] } };
    const { actor } = start(projectSurrounds(null), async () => Promise.reject(error));
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'osm.uploaded', uploadId: 9, fileName: 'broken.osm' });
    await waitFor(actor, (s) => selectSiteFailure(s) !== null);
    expect(selectSiteFailure(actor.getSnapshot())).toEqual({ message, reason: null });
    expect(selectSurrounds(actor.getSnapshot())).toBeNull();
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
  });
});

describe('site machine: surroundings from OpenStreetMap', () => {
  function startFetching(loaded: ProjectSurrounds) {
    const requests: FetchOsmRequest[] = [];
    const actor = createActor(
      siteMachine.provide({
        actors: {
          loadSurrounds: fromPromise<ProjectSurrounds, { projectId: number }>(async () => loaded),
          fetchOsmSurrounds: fromPromise<Surrounds, FetchOsmRequest>(async ({ input }) => {
            requests.push(input);
            return surrounds({ source_upload_id: null, source_format: 'overpass', radius_m: input.radius_m });
          }),
        },
      }),
      { input: { projectId: 7 } },
    ).start();
    return { actor, requests };
  }

  it('fetches for the origin and radius shown, saying where from while it works', async () => {
    const { actor, requests } = startFetching(projectSurrounds(null, [51.5074, -0.1278]));
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'radius.set', radiusM: 500 });
    actor.send({ type: 'surrounds.fetchOsm' });
    expect(selectGenerating(actor.getSnapshot())).toBe('OpenStreetMap');
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(requests).toEqual([{ projectId: 7, origin_latitude: 51.5074, origin_longitude: -0.1278, radius_m: 500 }]);
    expect(selectSurrounds(actor.getSnapshot())?.source_format).toBe('overpass');
  });

  it('refuses a radius past 2 km, and a site without coordinates, in words and without a request', async () => {
    const { actor, requests } = startFetching(projectSurrounds(null, [51.5074, -0.1278]));
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'radius.set', radiusM: 3000 });
    actor.send({ type: 'surrounds.fetchOsm' });
    expect(selectSiteFailure(actor.getSnapshot())?.message).toMatch(/^At most 2000 m is fetched from OpenStreetMap at once/);
    const none = startFetching(projectSurrounds(null, null));
    await waitFor(none.actor, (s) => s.matches({ ready: 'idle' }));
    none.actor.send({ type: 'surrounds.fetchOsm' });
    expect(selectSiteFailure(none.actor.getSnapshot())?.message).toBe('Set the project origin (latitude and longitude) before generating the surroundings.');
    expect([...requests, ...none.requests]).toEqual([]);
  });
});
