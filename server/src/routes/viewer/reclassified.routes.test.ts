/**
 * Saving a comfort map re-classified in the viewer, over HTTP on PGlite: the classes the
 * browser computed from the stored per-direction speed ratios under another criterion (a built-in
 * one, and a company's own table), season and weather file become a layer of the simulation, listed
 * with the others and stored as a result GLB with the criterion, period and provenance; classes
 * that do not fit the stored results, an unknown weather source or a malformed criterion are 400s
 * naming the field, with nothing stored; only those who may change the project may save.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { buildWorld, type World } from '../../../test/world.ts';
import { addSimulation, addSpeedRatios } from '../../../test/analysis-fixtures.ts';
import { assets } from '../../db/schema/index.ts';
import { readResultGlb } from '@canopy/engine/results/glb.ts';
import { parseEpw } from '@canopy/engine/weather/epw.ts';
import { getCriterion, type Criterion } from '@canopy/engine/wind/criteria.ts';
import { periodMask, pickRows, typicalYearRows } from '@canopy/engine/analyses/periods.ts';
import { windComfortChunk } from '@canopy/engine/analyses/wind-comfort.ts';
import { testScene } from '@canopy/engine/analyses/test-scene.ts';

const DIRECTIONS = [0, 90, 180, 270];
const ratio = (p: number, i: number) => 0.3 + ((p * 7 + i * 5) % 13) / 8;
const winter = { id: 'winter', name: 'Winter', months: [12, 1, 2] };
const daytime = { id: 'daytime', name: 'Daytime', window: '08:00-18:00' };

/** The classes as the viewer's worker computes them (engine/analyses/wind-comfort.ts), one byte per point. */
function browserClasses(criterion: Criterion): { bytes: Uint8Array; classes: Float32Array } {
  const epw = parseEpw(readFileSync(new URL('../../../../tests/fixtures/chicago.epw', import.meta.url), 'utf8'));
  const rows = typicalYearRows(epw);
  const points = testScene().plane.positions.length / 3;
  const speedRatios = Float32Array.from({ length: points * DIRECTIONS.length }, (_, k) => ratio(Math.floor(k / DIRECTIONS.length), k % DIRECTIONS.length));
  const out = windComfortChunk({
    speedRatios,
    directionsDeg: DIRECTIONS,
    windDirectionDeg: pickRows(epw.windDirectionDeg, rows),
    windSpeedMs: pickRows(epw.windSpeedMs, rows),
    masks: [periodMask({ season: winter, timeWindow: daytime })],
    criteria: [criterion],
    speedFactor: 1,
    safety: false,
  });
  const classes = out.criteria[0]!.classIndex[0]!;
  return { bytes: Uint8Array.from(classes, (c) => (Number.isNaN(c) ? 255 : c)), classes };
}

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

describe('saving a re-classified comfort map', () => {
  let t: TestContext;
  let w: World;
  let simulationId: number;
  let path: string;

  beforeAll(async () => {
    t = await createTestContext();
    w = await buildWorld(t.deps);
    simulationId = await addSimulation(t.deps, w.analyses.configurationId, 'pedestrian_wind_comfort');
    await addSpeedRatios(t.deps, simulationId, DIRECTIONS, ratio);
    path = `/api/project/${w.projectId}/configuration/${w.analyses.configurationId}/simulation/${simulationId}/reclassified-comfort/`;
  });
  afterAll(() => t?.close());

  const body = (criterion: Criterion, bytes: Uint8Array, extra: Record<string, unknown> = {}) => ({
    criterion,
    season: winter,
    time_window: daytime,
    met_id: w.weather.metId,
    wind_directions: DIRECTIONS,
    comfort_class: base64(bytes),
    computed_in_ms: 412,
    ...extra,
  });
  const rowCount = async () => (await t.database.db.select({ id: assets.id }).from(assets).where(eq(assets.simulationId, simulationId))).length;

  it('stores Davenport in winter daytime as a layer with the criterion, period and provenance', async () => {
    const davenport = getCriterion('davenport');
    const { bytes, classes } = browserClasses(davenport);
    const res = await t.request(path, { method: 'POST', json: body(davenport, bytes), token: w.tokens.projectAdmin });
    const asset = (await res.json()) as {
      id: number;
      analysis_type: string;
      metric: string;
      season_filter: string;
      time_filter: string;
      qualifier: string;
      metadata: Record<string, unknown>;
    };
    expect(res.status, JSON.stringify(asset)).toBe(201);
    expect(asset).toMatchObject({ analysis_type: 'wind-comfort', metric: 'comfort-class', season_filter: 'Winter', time_filter: 'Daytime' });
    expect(asset.qualifier).toContain('Davenport');
    expect(asset.metadata).toMatchObject({ legend: { name: 'wind-comfort-davenport' }, criterion: { id: 'davenport' }, fields: ['comfortClass'] });
    expect(asset.metadata.provenance).toMatchObject({
      engine: 'canopy-engine',
      computedIn: 'browser (Web Worker)',
      computedInMs: 412,
      directionsDeg: DIRECTIONS,
      metId: w.weather.metId,
    });
    expect(String((asset.metadata.provenance as { weatherSource: string }).weatherSource)).not.toBe('');

    // Listed with the simulation's layers, and its file is the classes on the ratios' plane.
    const list = await t.request(`/api/project/${w.projectId}/study/${w.studyId}/simulation/`, {
      token: w.tokens.colleagueWithPermission ?? w.tokens.projectAdmin,
    });
    const simulations = (await list.json()) as Array<{ id: number; assets: Array<{ id: number }> }>;
    expect(simulations.find((s) => s.id === simulationId)!.assets.map((a) => a.id)).toContain(asset.id);
    const file = await t.request(
      `/api/project/${w.projectId}/configuration/${w.analyses.configurationId}/simulation/${simulationId}/simulation-asset/${asset.id}/download/`,
      { token: w.tokens.projectAdmin },
    );
    expect(file.status).toBe(200);
    const glb = await readResultGlb(new Uint8Array(await file.arrayBuffer()));
    expect(glb.positions).toEqual(testScene().plane.positions);
    expect(glb.fields.comfortClass).toEqual(classes);
    expect(glb.metadata.criterion).toMatchObject({ id: 'davenport', classes: davenport.classes });
    expect(glb.metadata.season).toMatchObject({ name: 'Winter', months: [12, 1, 2] });
    expect(glb.metadata.timeWindow).toEqual({ name: 'Daytime', window: '08:00-18:00' });
    expect(glb.metadata.provenance).toMatchObject({ engine: 'canopy-engine', method: expect.stringMatching(/re-classified in the viewer/) });
  });

  it("stores a company's own criterion table, embedded (no built-in legend)", async () => {
    const own: Criterion = { ...getCriterion('lawson-lddc'), id: 'acme-comfort', name: 'Acme comfort', source: 'Acme Engineering standard 12' };
    const { bytes } = browserClasses(own);
    const res = await t.request(path, { method: 'POST', json: body(own, bytes), token: w.tokens.projectAdmin });
    const asset = (await res.json()) as { metadata: Record<string, unknown> };
    expect(res.status, JSON.stringify(asset)).toBe(201);
    expect(asset.metadata.criterion).toEqual({ id: 'acme-comfort', name: 'Acme comfort' });
    expect(asset.metadata.legend).toBeUndefined();
  });

  it('refuses classes that do not fit the stored results, naming the field, and stores nothing', async () => {
    const davenport = getCriterion('davenport');
    const { bytes } = browserClasses(davenport);
    const before = await rowCount();
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ wind_directions: [0, 90, 180] }, 'wind_directions', /for 0, 90, 180, 270°/],
      [{ comfort_class: base64(bytes.subarray(1)) }, 'comfort_class', /classes for the \d+ points/],
      [{ comfort_class: base64(Uint8Array.from(bytes, (b, i) => (i === 3 ? 7 : b))) }, 'comfort_class', /Point 3 has class 7/],
      [{ met_id: 'nowhere' }, 'met_id', /not a weather source of this project/],
      [{ time_window: { id: 'x', name: 'X', window: '18:00-88:00' } }, 'time_window.window', /./],
      [{ criterion: { ...davenport, classes: [...davenport.classes].reverse() } }, 'criterion.classes', /./],
    ];
    for (const [patch, field, message] of cases) {
      const res = await t.request(path, { method: 'POST', json: body(davenport, bytes, patch), token: w.tokens.projectAdmin });
      const answer = (await res.json()) as Record<string, string[]>;
      expect(res.status, `${field}: ${JSON.stringify(answer)}`).toBe(400);
      const key = Object.keys(answer).find((k) => k.startsWith(field));
      expect(key, `${field} in ${JSON.stringify(answer)}`).toBeDefined();
      expect(answer[key!]!.join(' ')).toMatch(message);
    }
    expect(await rowCount()).toBe(before);
  });

  it('lets only those who may change the project save', async () => {
    const davenport = getCriterion('davenport');
    const { bytes } = browserClasses(davenport);
    const before = await rowCount();
    expect((await t.request(path, { method: 'POST', json: body(davenport, bytes), token: w.tokens.colleague })).status).toBe(403);
    expect((await t.request(path, { method: 'POST', json: body(davenport, bytes), token: w.tokens.otherCompany })).status).toBe(404);
    expect((await t.request(path, { method: 'POST', json: body(davenport, bytes) })).status).toBe(401);
    expect(await rowCount()).toBe(before);
  });
});
