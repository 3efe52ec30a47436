import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { placesMachine, type Place } from './places.machine.ts';
import { selectCountries, selectCountriesFailed, selectProvinces, selectProvincesLoading } from './places.selectors.ts';

const COUNTRIES: Place[] = [
  { code: 'CA', name: 'Canada' },
  { code: 'FR', name: 'France' },
];

function start(
  loadCountries = vi.fn(async () => COUNTRIES),
  loadProvinces = vi.fn(async ({ country }: { country: string }) => (country === 'CA' ? [{ code: 'CA-ON', name: 'Ontario' }] : [])),
) {
  const machine = placesMachine.provide({
    actors: {
      loadCountries: fromPromise<Place[], void>(() => loadCountries()),
      loadProvinces: fromPromise<Place[], { country: string }>(({ input }) => loadProvinces(input)),
    },
  });
  return { actor: createActor(machine).start(), loadCountries, loadProvinces };
}

describe('countries and provinces', () => {
  it('loads countries, then the provinces of the chosen country', async () => {
    const { actor, loadProvinces } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(selectCountries(actor.getSnapshot())).toEqual(COUNTRIES);
    actor.send({ type: 'country.select', country: 'CA' });
    expect(selectProvincesLoading(actor.getSnapshot())).toBe(true);
    await waitFor(actor, (s) => s.matches({ ready: 'provincesLoaded' }));
    expect(selectProvinces(actor.getSnapshot())).toEqual([{ code: 'CA-ON', name: 'Ontario' }]);
    expect(loadProvinces).toHaveBeenCalledWith({ country: 'CA' });
  });

  it('a new choice replaces the provinces; no choice clears them', async () => {
    const { actor } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'country.select', country: 'CA' });
    actor.send({ type: 'country.select', country: 'FR' });
    await waitFor(actor, (s) => s.matches({ ready: 'provincesLoaded' }));
    expect(actor.getSnapshot().context.country).toBe('FR');
    expect(selectProvinces(actor.getSnapshot())).toEqual([]);
    actor.send({ type: 'country.select', country: '' });
    expect(actor.getSnapshot().matches({ ready: 'noCountry' })).toBe(true);
  });

  it('a failed country list can be retried', async () => {
    const loadCountries = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(COUNTRIES);
    const { actor } = start(loadCountries);
    await waitFor(actor, (s) => s.matches('countriesFailed'));
    expect(selectCountriesFailed(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'places.retry' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(loadCountries).toHaveBeenCalledTimes(2);
  });
});
