/**
 * The demo project's weather station: linked once from the bundled library (Chicago O'Hare for the
 * Chicago demo), left alone when the project has one, and a library without a station leaves the
 * demo without one and says why.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { seedDemo } from '../../../seed.ts';
import { projectMetSources, projects } from '../../../db/schema/index.ts';
import { seedDemoWeather } from './demo-weather.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('the demo project’s weather station', () => {
  it('is not looked for when there is no demo project', async () => {
    expect(await seedDemoWeather(t.deps)).toEqual({ linked: null, reason: 'no demo project' });
  });

  it('is linked once, from the bundled library', async () => {
    await seedDemo(t.database.db);
    const first = await seedDemoWeather(t.deps);
    expect(first.linked).toMatch(/Chicago/i);
    const [demo] = await t.database.db.select({ id: projects.id, metError: projects.metError }).from(projects).where(eq(projects.isDemo, true));
    const links = await t.database.db.select().from(projectMetSources).where(eq(projectMetSources.projectId, demo!.id));
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ origin: 'library', uploadId: null, addedBy: null });
    expect(links[0]!.distanceKm).toBeLessThan(5);
    expect(demo!.metError).toBeNull();
    expect(await seedDemoWeather(t.deps)).toEqual({ linked: null, reason: 'has a station' });
    expect(await t.database.db.select().from(projectMetSources).where(eq(projectMetSources.projectId, demo!.id))).toHaveLength(1);
  });
});

describe('with an empty weather library', () => {
  let empty: TestContext;
  beforeAll(async () => {
    empty = await createTestContext({ WEATHER_LIBRARY_DIR: mkdtempSync(join(tmpdir(), 'canopy-no-weather-')) });
    await seedDemo(empty.database.db);
  });
  afterAll(() => empty.close());

  it('leaves the demo without a station, and the project says why', async () => {
    const seed = await seedDemoWeather(empty.deps);
    expect(seed.linked).toBeNull();
    const [demo] = await empty.database.db.select({ id: projects.id, metError: projects.metError }).from(projects).where(eq(projects.isDemo, true));
    expect(demo!.metError).toMatch(/No suitable weather was found near this project's site/);
    expect(await empty.database.db.select().from(projectMetSources).where(eq(projectMetSources.projectId, demo!.id))).toEqual([]);
  });
});
