/**
 * PVGIS's EPW as Canopy stores it, and the bounds on asking for it. PVGIS gives its hours in UTC
 * (TMY generator documentation, §2.1: "Date & time (UTC)"); EPW hours are local standard time, so
 * the reader moves each value by the zone offset the file states. The local server of
 * test/fake-pvgis.ts plays the service.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEpw } from '@canopy/engine/weather/epw.ts';
import { pvgisEpw, startFakePvgis, type FakePvgis } from '../../../../test/fake-pvgis.ts';
import { BadAnswerError, ProviderRefusedError, ProviderUnavailableError, getWithRetries } from './provider-http.ts';
import { pvgisProvider, readPvgisEpw } from './pvgis.ts';

let pvgis: FakePvgis;
beforeAll(async () => {
  pvgis = await startFakePvgis();
});
afterAll(() => pvgis.close());

const limits = { timeoutMs: 2000, retries: 1, maxBytes: 8 * 1024 * 1024, backoffMs: 10 };

describe('readPvgisEpw', () => {
  it('moves UTC hours to local standard time: Sydney (UTC+10) hour-ending 11 on 1 January is UTC hour-ending 1', () => {
    const text = pvgisEpw(-33.8688, 151.2093);
    const utc = parseEpw(text);
    const local = readPvgisEpw(text, -33.8688, 151.2093);
    expect(local.location.timeZoneHours).toBe(10);
    expect(local.dryBulbC[10]).toBe(utc.dryBulbC[0]);
    expect(local.windSpeedMs[10]).toBe(utc.windSpeedMs[0]);
    // The calendar stays: row 10 is still 1 January, hour-ending 11.
    expect([local.month[10], local.day[10], local.hour[10]]).toEqual([1, 1, 11]);
    // The year wraps: local 1 January 01:00 is UTC 31 December 15:00.
    expect(local.dryBulbC[0]).toBe(utc.dryBulbC[8760 - 10]);
  });

  it('rolls the other way west of Greenwich (São Paulo, UTC−3)', () => {
    const text = pvgisEpw(-23.5505, -46.6333);
    const utc = parseEpw(text);
    const local = readPvgisEpw(text, -23.5505, -46.6333);
    expect(local.location.timeZoneHours).toBe(-3);
    expect(local.globalHorizontalWhM2[0]).toBe(utc.globalHorizontalWhM2[3]);
  });

  it('names the data for the site and keeps the elevation PVGIS gives', () => {
    const epw = readPvgisEpw(pvgisEpw(64.1466, -21.9426), 64.1466, -21.9426);
    expect(epw.location).toMatchObject({ city: 'PVGIS typical year at 64.147° N, 21.943° W', source: 'PVGIS-ERA5', wmo: '', elevationM: 24 });
  });

  it('refuses what is not a whole EPW year', () => {
    expect(() => readPvgisEpw('<html><body>Service unavailable</body></html>', 0, 0)).toThrow(BadAnswerError);
    const lines = pvgisEpw(51.5, 0).split('\r\n');
    expect(() => readPvgisEpw(lines.slice(0, 100).join('\r\n'), 51.5, 0)).toThrow(/cut off or damaged/);
  });
});

describe('asking PVGIS', () => {
  it('sends the documented GET and stops reading past the size limit', async () => {
    const url = new URL(pvgis.tmyUrl);
    url.searchParams.set('lat', '51.5');
    url.searchParams.set('lon', '-0.12');
    url.searchParams.set('outputformat', 'epw');
    await expect(getWithRetries(url, 'PVGIS (EU JRC)', { ...limits, maxBytes: 100_000 }, (t) => t)).rejects.toThrow(
      new ProviderUnavailableError('PVGIS (EU JRC) sent more than the 0.1 MB allowed (WEATHER_PROVIDER_MAX_BYTES)'),
    );
  });

  it("reports PVGIS's own words for a point over the sea, and does not ask twice", async () => {
    pvgis.behave(() => 'sea');
    pvgis.requests.length = 0;
    const provider = pvgisProvider(pvgis.tmyUrl, limits);
    const [candidate] = await provider.candidates(10, -40, 1000);
    const failure = provider.load(candidate!.ref);
    await expect(failure).rejects.toThrow(ProviderRefusedError);
    await expect(failure).rejects.toThrow('PVGIS (EU JRC) has no data for this site: Location over the sea. Please, select another location');
    expect(pvgis.requests).toEqual([{ method: 'GET', lat: '10', lon: '-40', outputformat: 'epw' }]);
  });

  it('a server that is not there is unavailable, with where it was looked for', async () => {
    // A port that was free a moment ago: nothing listens there.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const provider = pvgisProvider(`http://127.0.0.1:${port}/api/v5_3/tmy`, { ...limits, retries: 0 });
    await expect(provider.load('51.5,0')).rejects.toThrow(
      new ProviderUnavailableError(`PVGIS (EU JRC) could not be reached at http://127.0.0.1:${port}: ECONNREFUSED; one attempt`),
    );
  });
});
