/**
 * The viewer's wind-rose panel by its events: the simulation's station, else the project's first;
 * stations listed once however often the season changes; a season picked while a rose loads wins
 * over the stale answer; a station change that picks the same station loads nothing; a project
 * without stations says so; a failure keeps the server's words and a retry starts over.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { metSource, summary } from '@machines/weather/fixtures.ts';
import type { MetSource, WeatherSummary } from '@machines/weather/weather.types.ts';
import { stationOf, windRoseMachine, type RoseRequest } from './wind-rose.machine.ts';

interface Pending {
  request: RoseRequest;
  answer: (s: WeatherSummary) => void;
}

function start(stations: () => Promise<MetSource[]>, metSourceId: number | null = null) {
  const listings: number[] = [];
  const roses: Pending[] = [];
  const actor = createActor(
    windRoseMachine.provide({
      actors: {
        listStations: fromPromise<MetSource[], { projectId: number }>(({ input }) => {
          listings.push(input.projectId);
          return stations();
        }),
        loadRose: fromPromise<WeatherSummary, RoseRequest>(({ input }) => new Promise((answer) => roses.push({ request: input, answer }))),
      },
    }),
    { input: { projectId: 7, metSourceId } },
  ).start();
  return { actor, listings, roses };
}

const two = async () => [metSource(1), metSource(2)];

describe('windRoseMachine', () => {
  it('draws the station the simulation names, for the whole year first', async () => {
    const { actor, roses } = start(two, 2);
    await waitFor(actor, (s) => s.matches('loading'));
    expect(roses.map((r) => r.request)).toEqual([{ projectId: 7, metId: metSource(2).met_id, season: 'all' }]);
    roses[0]!.answer(summary(metSource(2).met_id));
    await waitFor(actor, (s) => s.matches('ready'));
    expect(stationOf(actor.getSnapshot().context)?.name).toBe('Station 2');
  });

  it('falls back to the project’s first station when the simulation names none it has', async () => {
    const { actor, roses } = start(two, 99);
    await waitFor(actor, (s) => s.matches('loading'));
    expect(roses[0]!.request.metId).toBe(metSource(1).met_id);
  });

  it('lists the stations once, and a season picked while a rose loads wins over the stale answer', async () => {
    const { actor, listings, roses } = start(two);
    await waitFor(actor, (s) => s.matches('loading'));
    actor.send({ type: 'season.set', season: 'winter' });
    expect(roses.map((r) => r.request.season)).toEqual(['all', 'winter']);
    roses[0]!.answer(summary(metSource(1).met_id, 'all'));
    // every promise callback queued by that answer runs before a macrotask
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    roses[1]!.answer(summary(metSource(1).met_id, 'winter'));
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.summary?.filter.season).toBe('winter');
    expect(listings).toEqual([7]);
  });

  it('keeps a season picked before the stations are known', async () => {
    let list: (s: MetSource[]) => void = () => {};
    const { actor, roses } = start(() => new Promise((resolve) => (list = resolve)));
    actor.send({ type: 'season.set', season: 'summer' });
    expect(actor.getSnapshot().matches('listing')).toBe(true);
    list([metSource(1)]);
    await waitFor(actor, (s) => s.matches('loading'));
    expect(roses.map((r) => r.request.season)).toEqual(['summer']);
  });

  it('loads again for another simulation only when it names another station', async () => {
    const { actor, roses } = start(two, 1);
    await waitFor(actor, (s) => s.matches('loading'));
    roses[0]!.answer(summary(metSource(1).met_id));
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'station.want', metSourceId: null });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    actor.send({ type: 'station.want', metSourceId: 2 });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    expect(roses.map((r) => r.request.metId)).toEqual([metSource(1).met_id, metSource(2).met_id]);
  });

  it('says so when the project has no station, and loads no rose', async () => {
    const { actor, roses } = start(async () => []);
    await waitFor(actor, (s) => s.matches('none'));
    actor.send({ type: 'season.set', season: 'winter' });
    expect(actor.getSnapshot().matches('none')).toBe(true);
    expect(roses).toEqual([]);
  });

  it('keeps the server’s words on a failure, and a retry lists the stations again', async () => {
    let fail = true;
    const { actor, listings } = start(async () => {
      if (fail) throw { kind: 'http', status: 503, detail: 'Service unavailable.', fields: {}, body: null };
      return [metSource(1)];
    });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.message).toBe('Service unavailable.');
    fail = false;
    actor.send({ type: 'rose.retry' });
    await waitFor(actor, (s) => s.matches('loading'));
    expect(listings).toEqual([7, 7]);
  });
});
