import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import {
  addSpeedRatios,
  analysisServices,
  createScenario,
  enqueueAnalysis,
  runHandlerDirectly,
  type AnalysisScenario,
} from '../../../../test/analysis-fixtures.ts';
import { assets, simulations } from '../../../db/schema/index.ts';
import { readResultGlb } from '@canopy/engine/results/glb.ts';
import { getBytes, parseBlobKey } from '../../../blobs/blob-io.ts';
import { ANALYSIS_JOB_TYPES } from '../analyses/settings.ts';
import { windComfortHandler } from './wind-comfort.ts';

let t: TestContext;
let scenario: AnalysisScenario;
const directions = [0, 45, 90, 135, 180, 225, 270, 315];
const settings = {
  criteria: ['lawson-lddc', 'davenport'],
  seasons: [
    { id: 'annual', name: 'Annual', months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] },
    { id: 'summer', name: 'Summer', months: [6, 7, 8] },
  ],
  timeWindows: [{ id: 'all-day', name: 'All day', window: '00:00-24:00' }],
};

beforeAll(async () => {
  t = await createTestContext();
  scenario = await createScenario(t.deps, 'wind-comfort');
  // γ grows across the plane from 0.1 to 2.5: calm on one side, windy on the other.
  await addSpeedRatios(t.deps, scenario.simulationId, directions, (p) => 0.1 + (2.4 * p) / 80);
});
afterAll(() => t.close());

const derived = () =>
  t.database.db
    .select()
    .from(assets)
    .where(and(eq(assets.simulationId, scenario.simulationId), eq(assets.layerType, 'data')))
    .then((rows) => rows.filter((r) => (r.metadata as { job?: unknown }).job));

describe('the wind-comfort job', () => {
  it('classifies comfort per criterion and season, flags safety, writes directional layers — once', async () => {
    const job = await enqueueAnalysis(t.deps, ANALYSIS_JOB_TYPES.windComfort, { ...scenario, settings });
    const handler = windComfortHandler(analysisServices(t.deps));
    await runHandlerDirectly(t.deps, handler, job);
    await runHandlerDirectly(t.deps, handler, (await import('../../../jobs/queue.ts').then((q) => q.getJob(t.database.db, job.id)))!);
    const rows = await derived();
    // 2 criteria × 2 seasons + 2 safety layers + 8 directions.
    expect(rows).toHaveLength(4 + 2 + 8);
    // The ingested inputs are kept.
    const all = await t.database.db.select().from(assets).where(eq(assets.simulationId, scenario.simulationId));
    expect(all).toHaveLength(rows.length + directions.length);

    const comfort = rows.find((r) => r.filename === 'comfort.lawson-lddc.summer.all-day.glb')!;
    expect(comfort).toMatchObject({
      analysisType: 'wind-comfort',
      metric: 'comfort-class',
      season: { name: 'Summer' },
      qualifiers: { criterion: 'Lawson LDDC (City of London)' },
    });
    expect(comfort.metadata).toMatchObject({
      units: 'class',
      legend: { name: 'wind-comfort-lawson-lddc', version: '1' },
      criterion: { id: 'lawson-lddc' },
      provenance: {
        criterion: 'lawson-lddc',
        weatherSource: 'EPW: Chicago Ohare Intl Ap, IL, USA, TMY3, WMO 725300',
        years: 'TMY3 (typical months of 1977–2002)',
        heightConvention: 'γ = U_local / U_met(10 m, open country), C = 1',
        directionsDeg: directions,
      },
    });
    const glb = await readResultGlb(await getBytes(t.deps.blobStore, parseBlobKey(comfort.blobKey!)));
    const classes = glb.fields.comfortClass!;
    expect(classes[0]).toBe(0); // γ = 0.1: frequent sitting
    expect(classes[80]).toBeGreaterThan(2); // γ = 2.5 in Chicago: walking or worse
    for (let p = 1; p < classes.length; p++) expect(classes[p]).toBeGreaterThanOrEqual(classes[p - 1]!);
    expect(glb.metadata.criterion).toMatchObject({ classes: expect.any(Array) });

    const safety = rows.find((r) => r.filename === 'safety.lawson-lddc.glb')!;
    expect(safety).toMatchObject({ metric: 'safety', analysisType: 'wind-safety' });
    const east = rows.find((r) => r.windDirection === '90')!;
    expect(east).toMatchObject({ analysisType: 'wind-directional', metric: 'speed-ratio' });
    const [simulation] = await t.database.db.select().from(simulations).where(eq(simulations.id, scenario.simulationId));
    expect(simulation!.status).toBe('completed');
  });

  it('fails clearly without speed-up ratio layers', async () => {
    const bare = await createScenario(t.deps, 'wind-comfort');
    const job = await enqueueAnalysis(t.deps, ANALYSIS_JOB_TYPES.windComfort, { ...bare }, 1);
    await expect(runHandlerDirectly(t.deps, windComfortHandler(analysisServices(t.deps)), job)).rejects.toThrow(/no speed-up ratio layers/);
    const [simulation] = await t.database.db.select().from(simulations).where(eq(simulations.id, bare.simulationId));
    expect(simulation!.status).toBe('failed');
  });
});
