import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import {
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
import { ANALYSIS_JOB_TYPES, type SolarJobInput } from '../analyses/settings.ts';
import { solarHandler } from './solar.ts';
import { getJob, type JobRow } from '../../../jobs/queue.ts';

let t: TestContext;
let scenario: AnalysisScenario;
let firstJob: JobRow;
const handler = () => solarHandler(analysisServices(t.deps));
const scene = testScene();
const settings = {
  seasons: [{ id: 'summer', name: 'Summer', months: [6, 7, 8] }],
  timeWindows: [
    { id: 'noon', name: 'Noon', window: '11:00-13:00' },
    { id: 'daytime', name: 'Daytime', window: '08:00-18:00' },
  ],
  sunHours: [{ id: 'june-21', name: '21 June', date: '2025-06-21', window: '10:00-14:00', minuteInterval: 15 }],
};

beforeAll(async () => {
  t = await createTestContext();
  scenario = await createScenario(t.deps, 'solar');
  await addTestGeometry(t.deps, scenario.simulationId);
});
afterAll(() => t.close());

const dataAssets = () =>
  t.database.db
    .select()
    .from(assets)
    .where(and(eq(assets.simulationId, scenario.simulationId), eq(assets.layerType, 'data')));
const storedResultBlobs = async () => {
  const names: string[] = [];
  for await (const blob of t.deps.blobStore.list('assets', 'results/')) names.push(blob.name);
  return names.sort();
};

describe('the solar job', () => {
  const input = (): SolarJobInput => ({
    projectId: scenario.projectId,
    configurationId: scenario.configurationId,
    simulationId: scenario.simulationId,
    settings,
  });

  it('writes one GLB and one asset row per layer, with units, legend and provenance', async () => {
    const job = (firstJob = await enqueueAnalysis(t.deps, ANALYSIS_JOB_TYPES.solar, input()));
    const run = await runHandlerDirectly(t.deps, handler(), job);
    expect(run.result).toMatchObject({ assets: 3, replacedAssets: 0 });
    expect(run.progress.some((p) => p.percent > 0 && p.percent < 100)).toBe(true);

    const rows = await dataAssets();
    expect(rows.map((r) => r.filename).sort()).toEqual(['pct-sunlit.summer.daytime.glb', 'pct-sunlit.summer.noon.glb', 'sun-hours.june-21.glb']);
    const noon = rows.find((r) => r.filename === 'pct-sunlit.summer.noon.glb')!;
    expect(noon).toMatchObject({
      layerType: 'data',
      analysisType: 'solar-sunlit',
      metric: 'pct-sunlit',
      season: { name: 'Summer' },
      timeRange: { name: 'Noon', start_time: '11:00', end_time: '13:00' },
      showByDefault: true,
    });
    expect(noon.metadata).toMatchObject({
      units: '%',
      legend: { name: 'pct-sunlit', version: '1' },
      provenance: { engine: 'canopy', weatherSource: 'EPW: Chicago Ohare Intl Ap, IL, USA, TMY3, WMO 725300', sky: 'clear sky' },
      fields: ['pctSunlit'],
      job: { id: job.id, type: ANALYSIS_JOB_TYPES.solar },
    });
    const hours = rows.find((r) => r.metric === 'sun-hours')!;
    expect(hours).toMatchObject({ singleDate: '2025-06-21', analysisType: 'solar-sun-hours' });

    // The point under the roof never sees the sun; the open corner does at summer noon.
    const glb = await readResultGlb(await getBytes(t.deps.blobStore, parseBlobKey(noon.blobKey!)));
    expect(glb.fields.pctSunlit![scene.underRoof]).toBe(0);
    expect(glb.fields.pctSunlit![scene.open]).toBe(100);
    expect(glb.indices?.length).toBe(scene.plane.indices.length);
    const [simulation] = await t.database.db.select().from(simulations).where(eq(simulations.id, scenario.simulationId));
    expect(simulation).toMatchObject({ status: 'completed', statusText: '' });
  });

  it('writes ONE set of results when the same job runs again (after a crash, or a lost lease)', async () => {
    const before = await dataAssets();
    const again = await runHandlerDirectly(t.deps, handler(), (await getJob(t.database.db, firstJob.id))!);
    expect(again.result).toMatchObject({ assets: 3, replacedAssets: 3 });
    const after = await dataAssets();
    expect(after).toHaveLength(3);
    expect(after.map((r) => r.blobKey).sort()).toEqual(before.map((r) => r.blobKey).sort());
    expect(await storedResultBlobs()).toHaveLength(3);
  });

  it('replaces the results of an earlier solar job and removes its files', async () => {
    const job = await enqueueAnalysis(t.deps, ANALYSIS_JOB_TYPES.solar, { ...input(), settings: { ...settings, timeWindows: [settings.timeWindows[0]!] } });
    await runHandlerDirectly(t.deps, handler(), job);
    const rows = await dataAssets();
    expect(rows.map((r) => r.filename).sort()).toEqual(['pct-sunlit.summer.noon.glb', 'sun-hours.june-21.glb']);
    expect(rows.every((r) => (r.metadata as { job: { id: number } }).job.id === job.id)).toBe(true);
    expect(await storedResultBlobs()).toEqual(rows.map((r) => parseBlobKey(r.blobKey!).name).sort());
    // Geometry assets are untouched.
    const geometry = await t.database.db
      .select()
      .from(assets)
      .where(and(eq(assets.simulationId, scenario.simulationId), eq(assets.layerType, 'geometry')));
    expect(geometry).toHaveLength(3);
  });

  it('marks the simulation failed on its last attempt, naming the problem', async () => {
    const bare = await createScenario(t.deps, 'solar');
    const job = await enqueueAnalysis(
      t.deps,
      ANALYSIS_JOB_TYPES.solar,
      { projectId: bare.projectId, configurationId: bare.configurationId, simulationId: bare.simulationId },
      1,
    );
    await expect(runHandlerDirectly(t.deps, handler(), job)).rejects.toThrow(/no presentation plane/);
    const [simulation] = await t.database.db.select().from(simulations).where(eq(simulations.id, bare.simulationId));
    expect(simulation!.status).toBe('failed');
    expect(simulation!.statusText).toMatch(/Solar failed: the scenario has no presentation plane/);
  });

  it('skips a job whose simulation was deleted', async () => {
    const gone = await createScenario(t.deps, 'solar');
    const job = await enqueueAnalysis(t.deps, ANALYSIS_JOB_TYPES.solar, {
      projectId: gone.projectId,
      configurationId: gone.configurationId,
      simulationId: gone.simulationId,
    });
    await t.database.db.delete(simulations).where(eq(simulations.id, gone.simulationId));
    expect((await runHandlerDirectly(t.deps, handler(), job)).result).toEqual({ skipped: `simulation ${gone.simulationId} no longer exists` });
  });
});
