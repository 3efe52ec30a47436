/**
 * A project created with fetch_met gets its nearest station without a further request, and one
 * created with generateSurrounds turns its first uploaded map extract into surrounds.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { buildWorld, type World } from '../../../test/world.ts';
import { CHICAGO_EPW_PATH, SITE_OSM_PATH } from '../../../test/world-weather.ts';
import { grantUpload } from '../../../test/world-uploads.ts';
import { putBlob } from '../../../test/blob-helpers.ts';
import { settleBackground } from '../../jobs/background.ts';
import type { Project } from '@canopy/contract/projects.ts';
import type { ProjectSurrounds } from '@canopy/contract/surrounds.ts';

let t: TestContext;
let w: World;
let libraryDir: string;

beforeAll(async () => {
  libraryDir = mkdtempSync(join(tmpdir(), 'canopy-library-'));
  writeFileSync(join(libraryDir, 'chicago.epw'), readFileSync(CHICAGO_EPW_PATH));
  t = await createTestContext({ WEATHER_LIBRARY_DIR: libraryDir });
  w = await buildWorld(t.deps);
});
afterAll(async () => {
  await t.close();
  rmSync(libraryDir, { recursive: true, force: true });
});

async function create(body: Record<string, unknown>): Promise<Project> {
  const res = await t.request('/api/project/', { method: 'POST', token: w.tokens.colleagueWithPermission, json: body });
  expect(res.status).toBe(201);
  return (await res.json()) as Project;
}

async function detail(id: number): Promise<Project> {
  return (await (await t.request(`/api/project/${id}/`, { token: w.tokens.colleagueWithPermission })).json()) as Project;
}

async function surrounds(id: number): Promise<ProjectSurrounds> {
  return (await (await t.request(`/api/project/${id}/surrounds/`, { token: w.tokens.colleagueWithPermission })).json()) as ProjectSurrounds;
}

describe('creating a project with fetch_met', () => {
  it('links the nearest station once the background fetch is done, leaving no error', async () => {
    const project = await create({ name: 'Loop tower', latitude: 41.88, longitude: -87.63, fetch_met: true });
    await settleBackground(t.deps);
    const after = await detail(project.id);
    expect(after.met_sources.map((s) => s.wmo)).toEqual(['725300']);
    expect(after.met_sources[0]!.distance_km).toBeGreaterThan(0);
  });

  it('does nothing without fetch_met', async () => {
    const project = await create({ name: 'Quiet tower', latitude: 41.88, longitude: -87.63 });
    await settleBackground(t.deps);
    expect((await detail(project.id)).met_sources).toEqual([]);
  });
});

describe('creating a project with generateSurrounds', () => {
  const osm = readFileSync(SITE_OSM_PATH);

  it('builds the surrounds from the first map extract uploaded to it', async () => {
    const project = await create({ name: 'River site', latitude: 41.88, longitude: -87.63, generateSurrounds: true });
    expect((await surrounds(project.id)).surrounds).toBeNull();
    const grant = await grantUpload(t.deps, project.id, w.userIds.colleagueWithPermission!);
    expect((await putBlob(t, grant, 'site.osm', osm)).status).toBe(201);
    await settleBackground(t.deps);
    const built = (await surrounds(project.id)).surrounds;
    expect(built?.building_count).toBeGreaterThan(0);
  });

  it('leaves a project that did not ask for surrounds alone', async () => {
    const project = await create({ name: 'Plain site', latitude: 41.88, longitude: -87.63 });
    const grant = await grantUpload(t.deps, project.id, w.userIds.colleagueWithPermission!);
    expect((await putBlob(t, grant, 'site.osm', osm)).status).toBe(201);
    await settleBackground(t.deps);
    expect((await surrounds(project.id)).surrounds).toBeNull();
  });
});
