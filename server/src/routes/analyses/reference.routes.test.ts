import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { accessToken, createUser } from '../../../test/world.ts';

let t: TestContext;
let token: string;
beforeAll(async () => {
  t = await createTestContext();
  token = await accessToken(t.deps, await createUser(t.database.db, { username: 'engineer', companyId: null, role: 'Engineer' }));
});
afterAll(() => t.close());

const get = (path: string) => t.request(path, { token });
const post = (path: string, json?: unknown) => t.request(path, { method: 'POST', token, ...(json !== undefined ? { json } : {}) });

describe('GET /api/criteria/', () => {
  it('serves the criteria as data', async () => {
    const res = await get('/api/criteria/');
    expect(res.status).toBe(200);
    const criteria = (await res.json()) as Array<{
      id: string;
      classes: Array<{ thresholdMs: number | null; allowedExceedance: number | null }>;
      safety: unknown[];
    }>;
    expect(criteria.map((c) => c.id)).toEqual(['lawson-lddc', 'lawson-2001', 'lawson-1978', 'davenport', 'nen-8100']);
    expect(criteria[0]!.classes.map((c) => c.thresholdMs)).toEqual([2.5, 4, 6, 8, null]);
    expect(criteria[3]!.classes[0]!.allowedExceedance).toBe(0.015);
  });

  it('needs a signed-in user', async () => {
    expect((await t.request('/api/criteria/')).status).toBe(401);
  });
});

describe('POST /api/criteria/{id}/get-recipe-defaults/', () => {
  it('gives the comfort defaults: seasons, windows, return periods and thresholds', async () => {
    const res = await post('/api/criteria/lawson-lddc/get-recipe-defaults/', { criteria_id: 'lawson-lddc', criteria_type: 'comfort' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      criteria_id: string;
      seasons: Array<{ id: string; months: number[] }>;
      thresholdsMs: number[];
      returnPeriods: Array<{ thresholdMs: number; years: number }>;
      timeWindows: unknown[];
    };
    expect(body.criteria_id).toBe('lawson-lddc');
    expect(body.seasons.map((s) => s.id)).toEqual(['annual', 'winter', 'spring', 'summer', 'autumn']);
    expect(body.thresholdsMs).toEqual([2.5, 4, 6, 8, 15]);
    expect(body.returnPeriods[0]!.thresholdMs).toBe(15);
    expect(body.returnPeriods[0]!.years).toBeCloseTo(1 / (0.00022 * 8760), 6);
    expect(body.timeWindows).toHaveLength(2);
  });

  it('accepts an empty request, the southern hemisphere and the safety type', async () => {
    expect((await post('/api/criteria/davenport/get-recipe-defaults/')).status).toBe(200);
    const south = (await (await post('/api/criteria/davenport/get-recipe-defaults', { hemisphere: 'south' })).json()) as {
      seasons: Array<{ id: string; months: number[] }>;
    };
    expect(south.seasons.find((s) => s.id === 'winter')!.months).toEqual([6, 7, 8]);
    const safety = (await (await post('/api/criteria/nen-8100/get-recipe-defaults/', { criteria_type: 'safety' })).json()) as {
      thresholdsMs: number[];
      seasons: unknown[];
    };
    expect(safety.thresholdsMs).toEqual([15, 15]);
    expect(safety.seasons).toHaveLength(1);
  });

  it('answers 400 for a mismatched id or type, 404 for an unknown criterion', async () => {
    const mismatch = await post('/api/criteria/lawson-lddc/get-recipe-defaults/', { criteria_id: 'davenport' });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.json()).toEqual({ criteria_id: ['Does not match the criterion in the path ("lawson-lddc").'] });
    const noSafety = await post('/api/criteria/lawson-1978/get-recipe-defaults/', { criteria_type: 'safety' });
    expect(noSafety.status).toBe(400);
    const badType = await post('/api/criteria/lawson-lddc/get-recipe-defaults/', { criteria_type: 'gusts' });
    expect(badType.status).toBe(400);
    expect(await badType.json()).toEqual({ criteria_type: ['"gusts" is not a valid choice.'] });
    expect((await post('/api/criteria/beaufort/get-recipe-defaults/', {})).status).toBe(404);
  });
});

describe('GET /api/color-legend/', () => {
  it('serves a legend by name and version, the latest by name alone', async () => {
    const res = await get('/api/color-legend/?name=pct-sunlit&version=1');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ name: 'pct-sunlit', version: '1', kind: 'continuous', units: '%', min: 0, max: 100 });
    const classes = (await (await get('/api/color-legend?name=wind-comfort-lawson-lddc')).json()) as { classes: Array<{ label: string; colour: string }> };
    expect(classes.classes.map((c) => c.label)).toEqual(['Frequent sitting', 'Occasional sitting', 'Standing', 'Walking', 'Uncomfortable']);
  });

  it('answers 404 for an unknown name or version', async () => {
    expect((await get('/api/color-legend/?name=rainbow')).status).toBe(404);
    expect((await get('/api/color-legend/?name=pct-sunlit&version=9')).status).toBe(404);
  });

  it('lists every legend the analyses refer to without a name', async () => {
    const legends = (await (await get('/api/color-legend/')).json()) as Array<{ name: string }>;
    const names = legends.map((l) => l.name);
    for (const name of [
      'pct-sunlit',
      'sun-hours',
      'utci-pct-comfortable',
      'utci-pct-hot',
      'utci-pct-cold',
      'spmv-pct-acceptable',
      'speed-ratio',
      'wind-speed',
      'exceedance',
      'wind-comfort-nen-8100',
      'wind-safety-lawson-2001',
    ]) {
      expect(names).toContain(name);
    }
  });
});
