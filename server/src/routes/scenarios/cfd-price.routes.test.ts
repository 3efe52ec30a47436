/**
 * Charge for what runs: Canopy's CFD solver runs once per wind direction whatever the seasons (the
 * seasons only weigh its fields by the weather), so neither the wizard's estimate nor the cost
 * breakdown multiplies its credits by the seasons; an analysis computed per season (solar) still is.
 * Over HTTP on the real (PGlite) database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { buildWorld, type World } from '../../../test/world.ts';
import { configurations, simulations } from '../../db/schema/index.ts';
import type { CfdEstimateResponse } from '@canopy/contract/cfd.ts';
import type { Configuration, CostBreakdown } from '@canopy/contract/scenarios.ts';

let t: TestContext;
let w: World;
beforeAll(async () => {
  t = await createTestContext({ STARTER_SUBSCRIPTION: 'false' });
  w = await buildWorld(t.deps);
});
afterAll(() => t.close());

const json = async <T>(res: Response, status: number): Promise<T> => {
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(status);
  return body as T;
};

describe('the price of a CFD wind run with several seasons', () => {
  it('estimates the same credits for four seasons as for one', async () => {
    const ask = (seasons: string[]) =>
      t.request(`/api/project/${w.projectId}/cfd-estimate/`, {
        method: 'POST',
        token: w.tokens.projectAdmin,
        json: {
          geometry: { study: [w.scenarios.uploads.study], presentation_planes: [w.scenarios.uploads.plane] },
          cfd_tier: 'rapid',
          wind_directions: 8,
          seasons,
        },
      });
    const one = await json<CfdEstimateResponse>(await ask(['annual']), 200);
    const four = await json<CfdEstimateResponse>(await ask(['winter', 'spring', 'summer', 'autumn']), 200);
    expect(four.seasons).toBe(4);
    expect(one.credits).not.toBeNull();
    expect(four.credits).toBe(one.credits);
    expect(four.credits).toBe(four.unit_credits! * four.compute_factor);
  });

  it('prices the CFD wind once in the breakdown, and solar per season', async () => {
    const created = await json<Configuration>(
      await t.request(`/api/project/${w.projectId}/configuration/`, {
        method: 'POST',
        token: w.tokens.projectAdmin,
        json: {
          name: 'Wind and sun over four seasons',
          engine: 'CFD',
          analyses: [
            { analysis_type: 'pedestrian_wind_comfort', metrics: ['lawson-lddc'] },
            { analysis_type: 'solar', metrics: ['sun_hours'] },
          ],
          geometry: { study: [w.scenarios.uploads.study], ground: [w.scenarios.uploads.ground], presentation_planes: [w.scenarios.uploads.plane] },
          seasons: ['winter', 'spring', 'summer', 'autumn'],
          times: ['06:00-22:00'],
          wind_directions: 8,
          cfd_tier: 'rapid',
          single_date: '2025-06-21',
          single_day_hours: '06:00-20:00',
          minutes_interval: 60,
          terms_accepted: true,
        },
      }),
      201,
    );
    // As the geometry validation leaves them: the grid's price units for this tier and direction count.
    const wind = created.simulations.find((s) => s.category === 'pedestrian_wind_comfort')!;
    await t.database.db
      .update(simulations)
      .set({ cfdParameters: { estimate: { tier: 'rapid', wind_directions: 8, compute_factor: 3 } } })
      .where(eq(simulations.id, wind.id));
    await t.database.db.update(configurations).set({ status: 'awaiting_approval' }).where(eq(configurations.id, created.id));
    const cost = await json<CostBreakdown>(
      await t.request(`/api/project/${w.projectId}/study/${w.studyId}/configuration/${created.id}/user-approval/cost-breakdown/`, {
        token: w.tokens.projectAdmin,
      }),
      200,
    );
    // Sample prices (db/seed-catalogue.ts): wind comfort 2 CFD credits a unit, solar 1 a season.
    expect(cost.lines.map((l) => [l.analysis_type, l.unit_credits, l.direction_factor, l.seasons, l.credits])).toEqual([
      ['pedestrian_wind_comfort', 2, 3, 1, 6],
      ['solar', 1, 1, 4, 4],
    ]);
    expect(cost.total_credits).toBe(10);
  });
});
