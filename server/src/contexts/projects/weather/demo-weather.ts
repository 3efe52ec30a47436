/**
 * The demo project's weather station. The demo is read-only to the people who open it, so they
 * cannot add a station themselves; without one its wind rose, and every wind-comfort reading that
 * needs the site's hours of wind, would only say "add one under Resources". On start with
 * SEED_DEMO the demo project is linked once to the nearest suitable station, the same way a new
 * project that asks for weather is (the operator's library first: Chicago O'Hare for the Chicago
 * demo). Its analyses already read that station's file from the library.
 */
import { asc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../../deps.ts';
import { projectMetSources, projects } from '../../../db/schema/index.ts';
import { fetchNearestStation, MetFetchError } from './fetch-met.ts';

/** The station linked now, or why none was. */
export type DemoWeatherSeed = { linked: string } | { linked: null; reason: string };

export async function seedDemoWeather(deps: AppDeps): Promise<DemoWeatherSeed> {
  const db = deps.database.db;
  const [demo] = await db.select({ id: projects.id }).from(projects).where(eq(projects.isDemo, true)).orderBy(asc(projects.id)).limit(1);
  if (!demo) return { linked: null, reason: 'no demo project' };
  const [linked] = await db.select({ id: projectMetSources.id }).from(projectMetSources).where(eq(projectMetSources.projectId, demo.id)).limit(1);
  if (linked) return { linked: null, reason: 'has a station' };
  try {
    const { metSource } = await fetchNearestStation(deps, db, demo.id, null);
    return { linked: metSource.name };
  } catch (error) {
    // The demo still opens: its wind-rose panel says what is missing, and the project's met_error
    // says why (fetchNearestStation stores it, and logs a failure it did not expect).
    return { linked: null, reason: error instanceof MetFetchError ? error.reason : String(error) };
  }
}
