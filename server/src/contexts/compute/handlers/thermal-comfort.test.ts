import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import {
  addSimulation,
  addSpeedRatios,
  addTestGeometry,
  analysisServices,
  createScenario,
  enqueueAnalysis,
  runHandlerDirectly,
  type AnalysisScenario,
} from '../../../../test/analysis-fixtures.ts';
import { assets, simulations } from '../../../db/schema/index.ts';
import { readResultGlb } from '@canopy/engine/results/glb.ts';
import { testScene } from '@canopy/engine/analyses/test-scene.ts';
import { getBytes, parseBlobKey } from '../../../blobs/blob-io.ts';
import { ANALYSIS_JOB_TYPES } from '../analyses/settings.ts';
import { thermalComfortHandler } from './thermal-comfort.ts';

let t: TestContext;
let scenario: AnalysisScenario;
const scene = testScene();
const settings = {
  seasons: [{ id: 'july', name: 'July', months: [7] }],
  timeWindows: [{ id: 'midday', name: 'Midday', window: '11:00-15:00' }],
  siteTerrain: 'city' as const,
};

beforeAll(async () => {
  t = await createTestContext();
  scenario = await createScenario(t.deps, 'thermal-comfort');
  await addTestGeometry(t.deps, scenario.simulationId);
});
afterAll(() => t.close());

const dataAssets = (simulationId: number) =>
  t.database.db
    .select()
    .from(assets)
    .where(and(eq(assets.simulationId, simulationId), eq(assets.layerType, 'data')));
const field = async (row: { blobKey: string | null }, name: string) =>
  (await readResultGlb(await getBytes(t.deps.blobStore, parseBlobKey(row.blobKey!)))).fields[name]!;

describe('the thermal-comfort job', () => {
  it('writes % comfortable, hot, cold and SPMV* acceptable per period, once even when run twice', async () => {
    const job = await enqueueAnalysis(t.deps, ANALYSIS_JOB_TYPES.thermal, { ...scenario, settings });
    const handler = thermalComfortHandler(analysisServices(t.deps));
    const first = await runHandlerDirectly(t.deps, handler, job);
    expect(first.result).toMatchObject({ assets: 4 });
    const second = await runHandlerDirectly(t.deps, handler, first.job);
    expect(second.result).toMatchObject({ assets: 4, replacedAssets: 4 });

    const rows = await dataAssets(scenario.simulationId);
    expect(rows.map((r) => r.metric).sort()).toEqual(['spmv-pct-acceptable', 'utci-pct-cold', 'utci-pct-comfortable', 'utci-pct-hot']);
    for (const row of rows) {
      expect(row).toMatchObject({
        analysisType: 'thermal-comfort',
        season: { name: 'July' },
        timeRange: { name: 'Midday', start_time: '11:00', end_time: '15:00' },
      });
      expect(row.metadata).toMatchObject({
        units: '%',
        legend: { name: row.metric, version: '1' },
        provenance: { engine: 'canopy', years: 'TMY3 (typical months of 1977–2002)' },
      });
      expect((row.metadata as { provenance: { wind: string } }).provenance.wind).toMatch(/met wind .* city terrain/);
    }
    const hot = await field(
      rows.find((r) => r.metric === 'utci-pct-hot')!,
      'pctHot',
    );
    const comfortable = await field(
      rows.find((r) => r.metric === 'utci-pct-comfortable')!,
      'pctComfortable',
    );
    const cold = await field(
      rows.find((r) => r.metric === 'utci-pct-cold')!,
      'pctCold',
    );
    for (let p = 0; p < hot.length; p++) expect(hot[p]! + comfortable[p]! + cold[p]!).toBeCloseTo(100, 3);
    // July middays: more heat stress in the sun than under the canopy.
    expect(hot[scene.open]).toBeGreaterThan(hot[scene.underRoof]!);
    const [simulation] = await t.database.db.select().from(simulations).where(eq(simulations.id, scenario.simulationId));
    expect(simulation!.status).toBe('completed');
  });

  it('uses the scenario’s wind results where they exist', async () => {
    // Sheltered everywhere (γ = 0.2) in a sibling wind simulation of the same scenario.
    const wind = await addSimulation(t.deps, scenario.configurationId, 'wind-comfort');
    await addSpeedRatios(t.deps, wind, [0, 90, 180, 270], () => 0.2);
    const job = await enqueueAnalysis(t.deps, ANALYSIS_JOB_TYPES.thermal, { ...scenario, settings });
    await runHandlerDirectly(t.deps, thermalComfortHandler(analysisServices(t.deps)), job);
    const rows = await dataAssets(scenario.simulationId);
    expect(rows).toHaveLength(4);
    const provenance = (rows[0]!.metadata as { provenance: { wind: string } }).provenance;
    expect(provenance.wind).toMatch(/wind results/);
    // Less wind than the city-terrain met wind → no colder, typically hotter in July sun.
    const hot = await field(
      rows.find((r) => r.metric === 'utci-pct-hot')!,
      'pctHot',
    );
    expect(hot[scene.open]).toBeGreaterThan(0);
  });
});
