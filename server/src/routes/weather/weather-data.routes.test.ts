/**
 * Reading weather back: the CSV download round trip (SPEC §7, §9), the panels' summary (DOMAIN.md
 * §1 wind rose rules at route level), wind profiles (DOMAIN.md §2 / ASHRAE numbers) and the
 * bad-station list.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { buildWorld, type World } from '../../../test/world.ts';
import { CHICAGO_EPW_PATH } from '../../../test/world-weather.ts';
import { parseEpw } from '@canopy/engine/weather/epw.ts';
import { parseWeatherCsv } from '@canopy/engine/weather/weather-csv.ts';
import type { BadStation, WeatherSummary, WindProfile } from '@canopy/contract/weather.ts';
import { seasonMonths } from '../../contexts/projects/weather/summary.ts';

let t: TestContext;
let w: World;
const epw = parseEpw(readFileSync(CHICAGO_EPW_PATH, 'utf8'));

beforeAll(async () => {
  t = await createTestContext();
  w = await buildWorld(t.deps);
});
afterAll(() => t.close());

const summary = async (query: string, token = w.tokens.acceptedShare) => {
  const res = await t.request(`/api/project/${w.projectId}/weather-summary/?met_id=${w.weather.metId}${query}`, { token });
  return { status: res.status, body: (await res.json()) as WeatherSummary & Record<string, string[]> };
};

describe('POST /api/project/{id}/download-weather-data/', () => {
  it('is a CSV attachment named weather_data_<met_id>.csv that parses back to the same 8760 hours', async () => {
    const res = await t.request(`/api/project/${w.projectId}/download-weather-data/`, {
      method: 'POST',
      token: w.tokens.colleague,
      json: { met_id: w.weather.metId },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="weather_data_${w.weather.metId}.csv"`);
    const text = await res.text();
    expect(text.split('\n')[0]).toBe(
      'timestamp,dry_bulb_C,relative_humidity_pct,wind_direction_deg,wind_speed_m_s,global_horizontal_Wh_m2,direct_normal_Wh_m2,diffuse_horizontal_Wh_m2',
    );
    const back = parseWeatherCsv(text);
    expect(back.hours).toBe(8760);
    expect(back.timeZoneHours).toBe(-6);
    // DOMAIN.md §1: the first row is −12.2 °C, 73 %, wind from 270° at 2.6 m/s.
    expect([back.dryBulbC[0], back.relativeHumidityPct[0], back.windDirectionDeg[0], back.windSpeedMs[0]]).toEqual([-12.2, 73, 270, 2.6]);
    for (const key of [
      'dryBulbC',
      'relativeHumidityPct',
      'windDirectionDeg',
      'windSpeedMs',
      'globalHorizontalWhM2',
      'directNormalWhM2',
      'diffuseHorizontalWhM2',
    ] as const) {
      expect(Array.from(back[key]), key).toEqual(Array.from(epw[key]));
    }
    expect(Array.from(back.month)).toEqual(Array.from(epw.month));
    expect(Array.from(back.day)).toEqual(Array.from(epw.day));
    expect(Array.from(back.hour)).toEqual(Array.from(epw.hour));
  });

  it('is 404 for a met_id the project does not use, and 400 without one', async () => {
    const path = `/api/project/${w.projectId}/download-weather-data/`;
    expect((await t.request(path, { method: 'POST', token: w.tokens.colleague, json: { met_id: 'nope-00000000' } })).status).toBe(404);
    const missing = await t.request(path, { method: 'POST', token: w.tokens.colleague, json: {} });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ met_id: ['This field is required.'] });
  });
});

describe('GET /api/project/{id}/weather-summary/', () => {
  it('draws a 16-sector wind rose over every hour: sectors centred on north, calm hours apart, counts adding up', async () => {
    const { status, body } = await summary('');
    expect(status).toBe(200);
    const rose = body.wind_rose;
    expect(rose.sectors).toBe(16);
    expect(rose.sector_width_deg).toBe(22.5);
    expect(rose.sector_centres_deg.slice(0, 3)).toEqual([0, 22.5, 45]);
    expect(rose.counts).toHaveLength(16);
    expect(rose.counts[0]).toHaveLength(rose.speed_bins_ms.length + 1);
    const inSectors = rose.counts.flat().reduce((a, b) => a + b, 0);
    expect(inSectors + rose.calm_count).toBe(rose.total_count);
    expect(rose.total_count + rose.missing_count).toBe(8760);
    expect(body.filter.hours_selected).toBe(8760);
    // Recount the file: calm = speed exactly 0; a wind from 270° (the first hour) is in the W sector (index 12).
    let calm = 0;
    let west = 0;
    for (let h = 0; h < epw.hours; h++) {
      if (epw.windSpeedMs[h] === 0) calm++;
      else if (epw.windDirectionDeg[h]! >= 258.75 && epw.windDirectionDeg[h]! < 281.25) west++;
    }
    expect(rose.calm_count).toBe(calm);
    expect(rose.sector_counts[12]).toBe(west);
    expect(rose.calm_share).toBeCloseTo(calm / rose.total_count, 4);
  });

  it('filters by season and time of day', async () => {
    const { body } = await summary('&season=winter&time=07:00-19:00');
    expect(body.filter).toEqual({ season: 'winter', months: [1, 2, 12], time: '07:00-19:00', hours_selected: (31 + 28 + 31) * 12 });
    expect(body.wind_rose.total_count + body.wind_rose.missing_count).toBe(90 * 12);
    const months = (await summary('&season=6,7')).body.filter;
    expect(months.months).toEqual([6, 7]);
    expect(months.hours_selected).toBe(61 * 24);
  });

  it('answers field errors for a bad season, time or speed bins', async () => {
    expect((await summary('&season=monsoon')).body.season?.[0]).toContain('is not a season');
    expect((await summary('&time=25:00-26:00')).status).toBe(400);
    // The viewer's wind rose once sent time=all: refused, naming the field.
    const all = await summary('&time=all');
    expect(all.status).toBe(400);
    expect(Object.keys(all.body)).toEqual(['time']);
  });

  it('reads the whole-day window the web app sends for the wind rose (00:00-24:00) as every hour', async () => {
    const { status, body } = await summary('&season=winter&time=00:00-24:00');
    expect(status).toBe(200);
    expect(body.filter.hours_selected).toBe((31 + 28 + 31) * 24);
    expect((await summary('&speed_bins=5,2')).body.speed_bins).toBeDefined();
  });

  it('summarises every month: temperature band ordered min ≤ daily min ≤ mean ≤ daily max ≤ max, wind means', async () => {
    const { body } = await summary('');
    expect(body.monthly).toHaveLength(12);
    expect(body.monthly.reduce((a, m) => a + m.hours, 0)).toBe(8760);
    for (const m of body.monthly) {
      const t = m.temperature_c;
      expect(t.min! <= t.mean_daily_min! && t.mean_daily_min! <= t.mean! && t.mean! <= t.mean_daily_max! && t.mean_daily_max! <= t.max!).toBe(true);
      expect(m.wind.mean_speed_ms!).toBeGreaterThan(0);
    }
    // Chicago: January is colder than July.
    expect(body.monthly[0]!.temperature_c.mean!).toBeLessThan(body.monthly[6]!.temperature_c.mean! - 20);
    const januaryMean = Array.from(epw.dryBulbC.subarray(0, 744)).reduce((a, b) => a + b, 0) / 744;
    expect(body.monthly[0]!.temperature_c.mean).toBeCloseTo(januaryMean, 2);
  });

  it('reports coverage: 365 days of 24 hours, nothing missing in this file', async () => {
    const { body } = await summary('');
    expect(body.coverage.hours).toBe(8760);
    expect(body.coverage.expected_hours).toBe(8760);
    expect(body.coverage.missing_by_day).toHaveLength(365);
    expect(body.coverage.complete_share).toBe(1);
  });

  it('flips the named seasons south of the equator', () => {
    expect(seasonMonths('winter', 45)).toEqual([1, 2, 12]);
    expect(seasonMonths('winter', -33.9)).toEqual([6, 7, 8]);
    expect(seasonMonths('12,1,2', -33.9)).toEqual([1, 2, 12]);
  });
});

describe('GET /api/wind-profiles/', () => {
  const profiles = async (query = '') => {
    const res = await t.request(`/api/wind-profiles/${query}`, { token: w.tokens.otherCompany });
    return { status: res.status, body: (await res.json()) as { count: number; results: WindProfile[] } & Record<string, string[]> };
  };

  it('lists the four ASHRAE terrains with roughness, exponent and boundary-layer height', async () => {
    const { body } = await profiles();
    expect(body.count).toBe(4);
    expect(body.results.map((p) => [p.id, p.exponent, p.boundary_layer_height_m])).toEqual([
      ['city', 0.33, 460],
      ['suburban', 0.22, 370],
      ['country', 0.14, 270],
      ['water', 0.1, 210],
    ]);
  });

  it('draws curves relative to the met station: 1 at 10 m in open country, the gradient speed at δ', async () => {
    const { body } = await profiles();
    const country = body.results.find((p) => p.id === 'country')!;
    expect(country.curve.find((c) => c.height_m === 10)!.speed_ratio).toBe(1);
    // ASHRAE eq. 4: above δ the wind is the gradient wind, (270/10)^0.14 = 1.586 times the met speed.
    const city = body.results.find((p) => p.id === 'city')!;
    expect(city.curve.find((c) => c.height_m === 500)!.speed_ratio).toBeCloseTo(Math.pow(270 / 10, 0.14), 3);
    // City at 10 m: 1.586·(10/460)^0.33 ≈ 0.447.
    expect(city.curve.find((c) => c.height_m === 10)!.speed_ratio).toBeCloseTo(Math.pow(27, 0.14) * Math.pow(10 / 460, 0.33), 3);
    // Log law in open country, z0 = 0.03 m: U(100)/U(10) = ln(100/0.03)/ln(10/0.03) ≈ 1.3964.
    expect(country.curve.find((c) => c.height_m === 100)!.log_law_ratio).toBeCloseTo(1.3964, 3);
    // Below z0 the log law says nothing.
    expect(city.curve.find((c) => c.height_m === 1.5)!.log_law_ratio).toBeNull();
  });

  it('narrows the heights to the study type and refuses an unknown one', async () => {
    const pedestrian = await profiles('?study_type=pedestrian-wind-comfort');
    expect(Math.max(...pedestrian.body.results[0]!.curve.map((c) => c.height_m))).toBe(100);
    const structural = await profiles('?study_type=structural-loading');
    expect(Math.max(...structural.body.results[0]!.curve.map((c) => c.height_m))).toBe(500);
    const bad = await profiles('?study_type=underwater');
    expect(bad.status).toBe(400);
    expect(bad.body.study_type).toEqual(['"underwater" is not a valid choice.']);
  });
});

describe('/api/bad-stations/', () => {
  it('superusers list stations with a reason; a second listing of the same WMO is a field error', async () => {
    const post = (token: string | undefined) =>
      t.request('/api/bad-stations/', {
        method: 'POST',
        token,
        json: { wmo: '722950', name: 'Los Angeles Intl', reason: 'Sea breeze sensor fault 2018–2020' },
      });
    const created = await post(w.tokens.superuser);
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ wmo: '722950', reason: 'Sea breeze sensor fault 2018–2020', created_by: w.userIds.superuser });
    const again = await post(w.tokens.superuser);
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ wmo: ['A bad station with this WMO number already exists.'] });
    expect((await post(w.tokens.colleagueWithPermission)).status).toBe(403);
    const page = (await (await t.request('/api/bad-stations/?page_size=999', { token: w.tokens.colleague })).json()) as { results: BadStation[] };
    expect(page.results.find((s) => s.wmo === '722950')?.name).toBe('Los Angeles Intl');
  });
});
