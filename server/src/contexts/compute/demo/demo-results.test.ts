import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { runHandlerDirectly, analysisServices } from '../../../../test/analysis-fixtures.ts';
import { seedDemo } from '../../../seed.ts';
import { assets, configurations, jobs, simulations } from '../../../db/schema/index.ts';
import { BACKGROUND_PRIORITY, getJob } from '../../../jobs/queue.ts';
import { solarHandler } from '../handlers/solar.ts';
import { thermalComfortHandler } from '../handlers/thermal-comfort.ts';
import { readResultGlb } from '@canopy/engine/results/glb.ts';
import { getBytes, parseBlobKey } from '../../../blobs/blob-io.ts';
import { DEMO_SCENARIO_NAME, seedDemoResults } from './demo-results.ts';

let t: TestContext;
// A coarse plane keeps the test quick; the product uses DEMO_PLANE_SPACING_M.
const spacingM = 16;
beforeAll(async () => {
  t = await createTestContext();
  await seedDemo(t.database.db);
});
afterAll(() => t.close());

describe('the demo scenario', () => {
  it('is created once with the district geometry, running simulations and deduplicated jobs', async () => {
    const first = await seedDemoResults(t.deps, { spacingM });
    expect(first.created).toBe(true);
    expect(first.jobIds).toHaveLength(2);
    const again = await seedDemoResults(t.deps, { spacingM });
    expect(again).toEqual({ created: false, jobIds: first.jobIds });
    // Background work: what people queue is claimed first (jobs/queue.ts).
    for (const id of first.jobIds) expect((await getJob(t.database.db, id))!.priority).toBe(BACKGROUND_PRIORITY);

    const scenarios = await t.database.db.select().from(configurations).where(eq(configurations.name, DEMO_SCENARIO_NAME));
    expect(scenarios).toHaveLength(1);
    const sims = await t.database.db.select().from(simulations).where(eq(simulations.configurationId, scenarios[0]!.id));
    expect(sims.map((s) => s.category).sort()).toEqual(['solar', 'thermal-comfort']);
    expect(sims.every((s) => s.status === 'running' && /Computing/.test(s.statusText))).toBe(true);
    for (const sim of sims) {
      const geometry = await t.database.db.select().from(assets).where(eq(assets.simulationId, sim.id));
      expect(geometry.map((g) => g.geometryType).sort()).toEqual(['ground', 'landscaping', 'presentation_plane', 'study', 'surrounds']);
      expect(geometry.every((g) => g.layerType === 'geometry')).toBe(true);
    }
    const plane = (await t.database.db.select().from(assets).where(eq(assets.geometryType, 'presentation_plane')))[0]!;
    const mesh = await readResultGlb(await getBytes(t.deps.blobStore, parseBlobKey(plane.blobKey!)));
    expect(mesh.positions.length / 3).toBeGreaterThan(100);
    const queued = await t.database.db.select().from(jobs);
    expect(queued.map((j) => j.dedupeKey).sort()).toEqual(sims.map((s) => `demo:${s.category}:simulation-${s.id}`).sort());
  });

  it('computes real solar and thermal-comfort results from those jobs', async () => {
    const services = analysisServices(t.deps);
    const [solarJob, thermalJob] = await Promise.all((await seedDemoResults(t.deps, { spacingM })).jobIds.map((id) => getJob(t.database.db, id)));
    const solar = await runHandlerDirectly(t.deps, solarHandler(services), solarJob!);
    expect(solar.result).toMatchObject({ assets: 8 });
    const thermal = await runHandlerDirectly(t.deps, thermalComfortHandler(services), thermalJob!);
    expect(thermal.result).toMatchObject({ assets: 20 });
    const rows = await t.database.db.select().from(assets).where(eq(assets.metric, 'sun-hours'));
    const june = rows.find((r) => r.singleDate === '2025-06-21')!;
    const hours = (await readResultGlb(await getBytes(t.deps.blobStore, parseBlobKey(june.blobKey!)))).fields.sunHours!;
    // Chicago's longest day is about 15.2 h from sunrise to sunset; the open plaza sees all of it.
    expect(Math.max(...hours)).toBeGreaterThan(14.5);
    expect(Math.max(...hours)).toBeLessThanOrEqual(15.5);
    expect(Math.min(...hours)).toBeLessThan(Math.max(...hours));
    const sims = await t.database.db.select().from(simulations);
    expect(sims.filter((s) => s.category !== 'wind-comfort').every((s) => s.status === 'completed')).toBe(true);
  });
});
