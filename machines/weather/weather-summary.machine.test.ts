/** The weather panels' machine: station and filters drive loads; a filter change restarts a load. */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { weatherSummaryMachine, type SummaryRequest } from './weather-summary.machine.ts';
import { selectSeason, selectSummary, selectSummaryEmpty, selectSummaryFailure, selectSummaryLoading, selectTimeWindow } from './weather.selectors.ts';
import { summary } from './fixtures.ts';
import type { WeatherSummary } from './weather.types.ts';

function start(load: (request: SummaryRequest) => Promise<WeatherSummary>, metId: string | null = null) {
  const requests: SummaryRequest[] = [];
  const actor = createActor(
    weatherSummaryMachine.provide({
      actors: {
        loadSummary: fromPromise<WeatherSummary, SummaryRequest>(({ input }) => {
          requests.push(input);
          return load(input);
        }),
      },
    }),
    { input: { projectId: 7, metId } },
  ).start();
  return { actor, requests };
}

describe('weather summary machine', () => {
  it('waits for a station, then loads it with the default filters', async () => {
    const { actor, requests } = start(async (r) => summary(r.metId, r.season, r.time));
    expect(selectSummaryEmpty(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'station.set', metId: 'A' });
    expect(selectSummaryLoading(actor.getSnapshot())).toBe(true);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(requests).toEqual([{ projectId: 7, metId: 'A', season: 'all', time: '00:00-24:00' }]);
    expect(selectSummary(actor.getSnapshot())?.met_id).toBe('A');
  });

  it('reloads for each filter change; a change during a load restarts it and the stale answer is dropped', async () => {
    const resolvers: Array<() => void> = [];
    const { actor, requests } = start((r) => new Promise<WeatherSummary>((resolve) => resolvers.push(() => resolve(summary(r.metId, r.season, r.time)))), 'A');
    expect(requests).toHaveLength(1);
    actor.send({ type: 'filter.season', season: 'winter' });
    actor.send({ type: 'filter.time', time: '07:00-19:00' });
    expect(requests.map((r) => [r.season, r.time])).toEqual([
      ['all', '00:00-24:00'],
      ['winter', '00:00-24:00'],
      ['winter', '07:00-19:00'],
    ]);
    // The first answers arrive late: they belong to cancelled loads and change nothing.
    resolvers[0]!();
    resolvers[1]!();
    await Promise.resolve();
    expect(selectSummaryLoading(actor.getSnapshot())).toBe(true);
    resolvers[2]!();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(selectSummary(actor.getSnapshot())?.filter).toMatchObject({ season: 'winter', time: '07:00-19:00' });
    expect([selectSeason(actor.getSnapshot()), selectTimeWindow(actor.getSnapshot())]).toEqual(['winter', '07:00-19:00']);
  });

  it('keeps filters chosen before a station exists, and retries after a failure', async () => {
    let fail = true;
    const { actor, requests } = start(async (r) => (fail ? Promise.reject(new Error('offline')) : summary(r.metId, r.season, r.time)));
    actor.send({ type: 'filter.season', season: 'summer' });
    expect(requests).toHaveLength(0);
    actor.send({ type: 'station.set', metId: 'B' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(selectSummaryFailure(actor.getSnapshot())?.message).toBe('offline');
    fail = false;
    actor.send({ type: 'summary.retry' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(requests.map((r) => r.season)).toEqual(['summer', 'summer']);
  });

  it('ignores the same station again and empties when the station goes away', async () => {
    const { actor, requests } = start(async (r) => summary(r.metId), 'A');
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'station.set', metId: 'A' });
    expect(requests).toHaveLength(1);
    actor.send({ type: 'station.set', metId: null });
    expect(actor.getSnapshot().value).toBe('empty');
  });
});
