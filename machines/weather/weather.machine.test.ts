/** The weather data form machine with fake actors: loading, EPW import, fetch, SPEC §8 failure. */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ServerError } from '@machines/shared/actors.ts';
import { weatherMachine } from './weather.machine.ts';
import {
  selectFetching,
  selectFormBusy,
  selectImporting,
  selectNoWeather,
  selectSelectedMetId,
  selectSelectedSource,
  selectSkippedStations,
  selectSources,
  selectSourcesLoadFailed,
  selectWeatherFailure,
} from './weather.selectors.ts';
import { fetchResult, metSource, SPEC_MET_FAILURE } from './fixtures.ts';
import type { FetchMetResult, MetSource } from './weather.types.ts';

function httpError(status: number, body: Record<string, unknown>): ServerError {
  const fields = Object.fromEntries(Object.entries(body).filter(([, v]) => Array.isArray(v))) as Record<string, string[]>;
  return { kind: 'http', status, detail: typeof body.detail === 'string' ? body.detail : null, fields, body };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function start(options: { list?: () => Promise<MetSource[]>; add?: (uploadId: number) => Promise<MetSource>; fetch?: () => Promise<FetchMetResult> } = {}) {
  const calls: string[] = [];
  const actor = createActor(
    weatherMachine.provide({
      actors: {
        listSources: fromPromise<MetSource[], { projectId: number }>(async ({ input }) => {
          calls.push(`list ${input.projectId}`);
          return (options.list ?? (async () => [metSource(1)]))();
        }),
        addMetSource: fromPromise<MetSource, { projectId: number; uploadId: number }>(async ({ input }) => {
          calls.push(`add ${input.uploadId}`);
          return (options.add ?? (async () => metSource(2)))(input.uploadId);
        }),
        fetchMetData: fromPromise<FetchMetResult, { projectId: number }>(async ({ input }) => {
          calls.push(`fetch ${input.projectId}`);
          return (options.fetch ?? (async () => fetchResult(metSource(3, { origin: 'library', distance_km: 94.3 }))))();
        }),
      },
    }),
    { input: { projectId: 7 } },
  ).start();
  return { actor, calls };
}

describe('weather data form machine', () => {
  it('loads the sources and selects the newest', async () => {
    const { actor, calls } = start({ list: async () => [metSource(1), metSource(2)] });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(calls).toEqual(['list 7']);
    expect(selectSources(actor.getSnapshot()).map((s) => s.id)).toEqual([1, 2]);
    expect(selectSelectedMetId(actor.getSnapshot())).toBe(metSource(2).met_id);
    actor.send({ type: 'station.select', metId: metSource(1).met_id });
    expect(selectSelectedSource(actor.getSnapshot())?.id).toBe(1);
  });

  it('imports an uploaded EPW and selects it', async () => {
    const gate = deferred<MetSource>();
    const { actor, calls } = start({ add: () => gate.promise });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'epw.uploaded', uploadId: 44, fileName: 'chicago.epw' });
    expect(selectImporting(actor.getSnapshot())).toBe('chicago.epw');
    expect(selectFormBusy(actor.getSnapshot())).toBe(true);
    // A second press while busy is ignored (no double fetch).
    actor.send({ type: 'met.fetch' });
    gate.resolve(metSource(2));
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(calls).toEqual(['list 7', 'add 44']);
    expect(selectSelectedMetId(actor.getSnapshot())).toBe(metSource(2).met_id);
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
  });

  it('keeps the server message for a file that is not an EPW, naming line and field', async () => {
    const message = 'broken.epw is not a readable EPW weather file: line 13: expected 35 comma-separated fields, found 30';
    const { actor } = start({ add: async () => Promise.reject(httpError(400, { upload_id: [message], line: 13, field: 'row' })) });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'epw.uploaded', uploadId: 45, fileName: 'broken.epw' });
    await waitFor(actor, (s) => selectWeatherFailure(s) !== null);
    expect(selectWeatherFailure(actor.getSnapshot())).toEqual({ message, reason: null });
    actor.send({ type: 'failure.dismiss' });
    expect(selectWeatherFailure(actor.getSnapshot())).toBeNull();
  });

  it('fetches the nearest station and explains the stations passed over', async () => {
    const { actor } = start();
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'met.fetch' });
    expect(selectFetching(actor.getSnapshot())).toBe(true);
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(selectSelectedSource(actor.getSnapshot())).toMatchObject({ origin: 'library', distance_km: 94.3 });
    expect(selectSkippedStations(actor.getSnapshot())[0]?.reason).toContain('bad station');
  });

  it("shows SPEC §8's message and the server's reason when the fetch fails", async () => {
    const { actor } = start({
      fetch: async () => Promise.reject(httpError(503, { detail: SPEC_MET_FAILURE, reason: 'no suitable station within 1000 km', skipped: [] })),
    });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'met.fetch' });
    await waitFor(actor, (s) => selectWeatherFailure(s) !== null);
    expect(selectWeatherFailure(actor.getSnapshot())).toEqual({ message: SPEC_MET_FAILURE, reason: 'no suitable station within 1000 km' });
    // Pressing again clears the old message while the new attempt runs.
    actor.send({ type: 'met.fetch' });
    expect(selectWeatherFailure(actor.getSnapshot())).toBeNull();
  });

  it('a 503 (provider down) keeps what was passed over beside the failure', async () => {
    const skipped = [
      { name: 'PVGIS (EU JRC) typical year', wmo: '', distance_km: 0, reason: 'provider unavailable: PVGIS (EU JRC) did not answer within 30 s' },
    ];
    const { actor } = start({
      fetch: async () =>
        Promise.reject(
          httpError(503, {
            detail: SPEC_MET_FAILURE,
            reason: 'no suitable station within 1000 km',
            skipped,
            retryable: true,
            online_provider: 'PVGIS (EU JRC)',
          }),
        ),
    });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'met.fetch' });
    await waitFor(actor, (s) => selectWeatherFailure(s) !== null);
    expect(selectNoWeather(actor.getSnapshot())).toBeNull();
    expect(selectSkippedStations(actor.getSnapshot())).toEqual(skipped);
  });

  it('nothing suitable near the site (422) is "no weather near here", not a failure, until the next fetch or import', async () => {
    const skipped = [
      { name: 'Chicago Ohare Intl Ap, IL, USA', wmo: '725300', distance_km: 6420.5, reason: 'farther than the 1000 km a station may be from the site' },
      {
        name: 'PVGIS (EU JRC) typical year',
        wmo: '',
        distance_km: 0,
        reason: 'PVGIS (EU JRC) has no data for this site: Location over the sea. Please, select another location',
      },
    ];
    let answer: () => Promise<FetchMetResult> = async () =>
      Promise.reject(
        httpError(422, {
          detail: 'No suitable weather was found near this project.',
          reason: 'no suitable station within 1000 km',
          skipped,
          retryable: false,
          online_provider: 'PVGIS (EU JRC)',
        }),
      );
    const { actor } = start({ fetch: () => answer() });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'met.fetch' });
    await waitFor(actor, (s) => selectNoWeather(s) !== null);
    expect(selectWeatherFailure(actor.getSnapshot())).toBeNull();
    expect(selectNoWeather(actor.getSnapshot())).toEqual({
      message: 'No suitable weather was found near this project.',
      reason: 'no suitable station within 1000 km',
      passedOver: skipped,
      onlineProvider: 'PVGIS (EU JRC)',
    });
    // An uploaded EPW answers it.
    actor.send({ type: 'epw.uploaded', uploadId: 40, fileName: 'site.epw' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(selectNoWeather(actor.getSnapshot())).toBeNull();
    // So does a later fetch (after the site moved, say), which clears it while it runs.
    answer = async () => fetchResult(metSource(3, { origin: 'provider', distance_km: 0 }));
    actor.send({ type: 'met.fetch' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(selectNoWeather(actor.getSnapshot())).toBeNull();
    expect(selectSelectedSource(actor.getSnapshot())).toMatchObject({ origin: 'provider', distance_km: 0 });
  });

  it('reports a failed load and recovers on reload', async () => {
    let fail = true;
    const { actor } = start({ list: async () => (fail ? Promise.reject(httpError(500, { detail: 'A server error occurred.' })) : [metSource(1)]) });
    await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(selectSourcesLoadFailed(actor.getSnapshot())).toBe(true);
    expect(selectWeatherFailure(actor.getSnapshot())?.message).toBe('A server error occurred.');
    fail = false;
    actor.send({ type: 'sources.reload' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    // The reload lists the sources again, clears the failure and selects the newest.
    expect(selectSourcesLoadFailed(actor.getSnapshot())).toBe(false);
    expect(selectWeatherFailure(actor.getSnapshot())).toBeNull();
    expect(selectSources(actor.getSnapshot()).map((s) => s.id)).toEqual([1]);
    expect(selectSelectedMetId(actor.getSnapshot())).toBe(metSource(1).met_id);
    expect(selectFormBusy(actor.getSnapshot())).toBe(false);
  });
});
