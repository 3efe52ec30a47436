/**
 * The method section's weather lines with a real station (tests/fixtures/chicago.epw): the station,
 * its distance from the site and its source, and its wind rose as the share of its hours from each
 * of 16 directions plus calm, adding up to the whole year.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { parseEpw } from '@canopy/engine/weather/epw.ts';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { createScenario } from '../../../../test/analysis-fixtures.ts';
import { CHICAGO_EPW_PATH } from '../../../../test/world-weather.ts';
import { simulations } from '../../../db/schema/index.ts';
import { storeStation } from '../../projects/weather/stations.ts';
import { linkStation } from '../../projects/weather/met-sources.ts';
import { distanceKm, methodLines } from './method-section.ts';

let t: TestContext;
let simulationId: number;

beforeAll(async () => {
  t = await createTestContext();
  const db = t.database.db;
  const scenario = await createScenario(t.deps, 'solar-sunlit');
  simulationId = scenario.simulationId;
  const station = await storeStation(db, parseEpw(readFileSync(CHICAGO_EPW_PATH, 'utf8')), 'upload', 'chicago.epw');
  const met = await linkStation(db, scenario.projectId, station, { origin: 'upload', uploadId: null, distanceKm: null, addedBy: null });
  await db.update(simulations).set({ metSourceId: met.id }).where(eq(simulations.id, simulationId));
});
afterAll(() => t.close());

describe('the method section', () => {
  it('measures great-circle distances (haversine): one degree of latitude is 111.2 km', () => {
    expect(distanceKm(0, 0, 1, 0)).toBeCloseTo(111.19, 1);
    expect(distanceKm(41.8781, -87.6298, 41.98, -87.9)).toBeCloseTo(25.1, 1);
  });

  it("gives the station with its distance and source, and its wind rose over the year's hours", async () => {
    const method = await methodLines(t.database.db, simulationId);
    const lines = Object.fromEntries(method!.lines);
    expect(lines['Weather station']).toMatch(/ km from the site; source: .+ \(met_id .+\)$/);
    const rose = lines['Wind rose']!;
    const shares = [...rose.matchAll(/\b(N|NNE|NE|ENE|E|ESE|SE|SSE|S|SSW|SW|WSW|W|WNW|NW|NNW|calm) ([\d.]+) %/g)];
    expect(shares.map((m) => m[1])).toEqual(['N', 'NNE', 'NE', 'ENE', 'E', 'ESE', 'SE', 'SSE', 'S', 'SSW', 'SW', 'WSW', 'W', 'WNW', 'NW', 'NNW', 'calm']);
    const total = shares.reduce((sum, m) => sum + Number(m[2]), 0);
    expect(total).toBeGreaterThan(99.5);
    expect(total).toBeLessThan(100.5);
    expect(rose).toContain('of the 8760 hours');
    // The same rose drawn: sixteen shares and the calm hours make the whole year.
    const drawn = method!.rose!;
    expect(drawn.data.shares).toHaveLength(16);
    expect(drawn.data.shares.reduce((a, b) => a + b, drawn.data.calm)).toBeCloseTo(1, 9);
    expect(drawn.caption).toMatch(/^Wind rose of .+: the share of the 8760 hours the wind comes from each of 16 directions/);
  });
});
