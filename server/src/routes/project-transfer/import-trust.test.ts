/**
 * An imported archive is untrusted input (red team of the trust boundaries). Over HTTP against a real
 * database, with the real job handlers:
 * - an archive whose simulation carries a deferred job naming another company's project,
 *   configuration and simulation: imported, then a CFD run of the importer's scenario fails (which
 *   releases deferred jobs) — the other company's results, status and queue are untouched;
 * - the same deferred job planted in the database (not through an import) is refused when released;
 * - a job whose queue key names one simulation but whose input names another's is refused by the
 *   handler before it writes anything.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import yazl from 'yazl';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { accessToken, createUser } from '../../../test/world.ts';
import { chicagoEpw, seedTransferProject } from '../../../test/project-transfer-fixtures.ts';
import { stationValues } from '../../contexts/projects/weather/stations.ts';
import { addSimulation, addTestGeometry, analysisServices, createScenario, runHandlerDirectly } from '../../../test/analysis-fixtures.ts';
import { assets, companies, configurations, jobs, projects, simulations, subscriptions, weatherStations } from '../../db/schema/index.ts';
import type { ProjectImportResult } from '@canopy/contract/project-transfer.ts';
import { ANALYSIS_JOB_TYPES, type SolarJobInput } from '../../contexts/compute/analyses/settings.ts';
import { failPlanning } from '../../contexts/compute/cfd/run-state.ts';
import { simulationJobKey } from '../../contexts/scenarios/view.ts';
import { solarHandler } from '../../contexts/compute/handlers/solar.ts';
import { jobHandlers } from '../../job-handlers.ts';
import { createInlineCpuPool } from '../../inline-cpu-pool.ts';
import { enqueueJob, type JobRow } from '../../jobs/queue.ts';

let t: TestContext;
/** Company B's simulation with results: what the attacks aim at. */
let victim: { projectId: number; configurationId: number; simulationId: number };
let attacker: { id: number; token: string; companyId: number };

const solarSettings = {
  seasons: [{ id: 'summer', name: 'Summer', months: [6, 7, 8] }],
  timeWindows: [{ id: 'noon', name: 'PWNED by company A', window: '11:00-13:00' }],
  sunHours: [],
};

async function zipOf(entries: Array<[string, Buffer]>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, bytes] of entries) zip.addBuffer(bytes, name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function entriesOf(zipBytes: Buffer): Promise<Array<[string, Buffer]>> {
  const yauzl = await import('yauzl');
  const zip = await yauzl.fromBufferPromise(zipBytes, { lazyEntries: true });
  const out: Array<[string, Buffer]> = [];
  for await (const entry of zip.eachEntry()) {
    const chunks: Buffer[] = [];
    for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
    out.push([entry.fileName, Buffer.concat(chunks)]);
  }
  zip.close();
  return out;
}

/** Rewrites records/{table}.json of an archive (and the manifest's count of it). */
async function rewrite(archive: Buffer, table: string, change: (rows: Array<Record<string, unknown>>) => Array<Record<string, unknown>>): Promise<Buffer> {
  const entries = await entriesOf(archive);
  const rows = change(JSON.parse(entries.find(([n]) => n === `records/${table}.json`)![1].toString()) as Array<Record<string, unknown>>);
  return zipOf(
    entries.map(([name, bytes]): [string, Buffer] => {
      if (name === `records/${table}.json`) return [name, Buffer.from(JSON.stringify(rows))];
      if (name !== 'manifest.json') return [name, bytes];
      const manifest = JSON.parse(bytes.toString()) as { counts: Record<string, number> };
      return [name, Buffer.from(JSON.stringify({ ...manifest, counts: { ...manifest.counts, [table]: rows.length } }))];
    }),
  );
}

/** What company B would notice: its simulation's row, its result rows, and any job aimed at it. */
async function victimState() {
  const db = t.database.db;
  const [sim] = await db
    .select({ status: simulations.status, statusText: simulations.statusText, cfdParameters: simulations.cfdParameters })
    .from(simulations)
    .where(eq(simulations.id, victim.simulationId));
  const rows = await db
    .select({ id: assets.id, filename: assets.filename, blobKey: assets.blobKey, timeRange: assets.timeRange })
    .from(assets)
    .where(eq(assets.simulationId, victim.simulationId))
    .orderBy(asc(assets.id));
  const aimed = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(sql`${jobs.input} ->> 'simulationId' = ${String(victim.simulationId)}`);
  return { sim, rows, jobs: aimed.length };
}

/** Runs every queued job once with the real handlers (as a worker would), errors and all. */
async function drainQueue(): Promise<void> {
  const handlers = jobHandlers({ deps: t.deps, cpu: createInlineCpuPool(), log: () => {} });
  for (;;) {
    const queued: JobRow[] = await t.database.db.select().from(jobs).where(eq(jobs.status, 'queued')).orderBy(asc(jobs.id));
    if (queued.length === 0) return;
    for (const job of queued) {
      await runHandlerDirectly(t.deps, handlers[job.type]!, job).catch(() => undefined);
      await t.database.db.update(jobs).set({ status: 'completed' }).where(eq(jobs.id, job.id));
    }
  }
}

beforeAll(async () => {
  t = await createTestContext();
  const db = t.database.db;
  const [a] = await db.insert(companies).values({ name: 'Company A (attacker)' }).returning({ id: companies.id });
  const [b] = await db.insert(companies).values({ name: 'Company B' }).returning({ id: companies.id });
  const attackerId = await createUser(db, { username: 'mallory', companyId: a!.id, role: 'Org Admin' });
  await db.insert(subscriptions).values({ companyId: a!.id, plan: 'CFD Plus', creditType: 'CFD', creditsPerPeriod: 400, userId: attackerId });
  attacker = { id: attackerId, token: await accessToken(t.deps, attackerId), companyId: a!.id };
  // B's project with a solar simulation and its three result layers, computed by the real handler.
  const [project] = await db.insert(projects).values({ name: 'B tower', latitude: 41.98, longitude: -87.92, companyId: b!.id }).returning({ id: projects.id });
  const scenario = await createScenario(t.deps, 'solar', project!.id);
  await addTestGeometry(t.deps, scenario.simulationId);
  victim = { projectId: scenario.projectId, configurationId: scenario.configurationId, simulationId: scenario.simulationId };
  const input: SolarJobInput = {
    ...victim,
    settings: {
      seasons: [{ id: 'summer', name: 'Summer', months: [6, 7, 8] }],
      timeWindows: [
        { id: 'noon', name: 'Noon', window: '11:00-13:00' },
        { id: 'daytime', name: 'Daytime', window: '08:00-18:00' },
      ],
      sunHours: [{ id: 'june-21', name: '21 June', date: '2025-06-21', window: '10:00-14:00', minuteInterval: 30 }],
    },
  };
  const job = await enqueueJob(db, ANALYSIS_JOB_TYPES.solar, input, { dedupeKey: simulationJobKey(victim.simulationId) });
  await runHandlerDirectly(t.deps, solarHandler(analysisServices(t.deps)), job);
  await db.update(jobs).set({ status: 'completed' }).where(eq(jobs.id, job.id));
}, 120_000);
afterAll(() => t?.close());

describe('an imported deferred job naming another company’s simulation', () => {
  it('is not carried: a CFD run of the importer’s scenario fails, and B’s results, status and queue are untouched', async () => {
    const before = await victimState();
    expect(before.rows.filter((r) => r.filename.endsWith('.glb') && r.blobKey?.includes('results/'))).toHaveLength(3);
    expect(before.jobs).toBe(1);

    // A exports a project of its own and adds a simulation whose deferred job names B's ids.
    const own = await seedTransferProject(t.deps, attacker.id, attacker.companyId, 'A base');
    const exported = await t.request(`/api/project/${own.projectId}/export/`, { token: attacker.token });
    expect(exported.status).toBe(200);
    const forged = await rewrite(Buffer.from(await exported.arrayBuffer()), 'simulations', (rows) => [
      ...rows,
      {
        ...rows[0],
        id: 424_242,
        category: 'thermal_comfort',
        status: 'queued',
        cfd_parameters: {
          deferred_job: {
            type: ANALYSIS_JOB_TYPES.solar,
            input: { ...victim, settings: solarSettings },
            dedupe_key: `pwned:${victim.simulationId}`,
          },
        },
      },
    ]);
    const res = await t.request('/api/project-import/', {
      method: 'POST',
      token: attacker.token,
      body: new Uint8Array(forged),
      headers: { 'content-type': 'application/zip' },
    });
    expect(res.status).toBe(201);
    const imported = (await res.json()) as ProjectImportResult;
    const db = t.database.db;
    const [config] = await db.select({ id: configurations.id }).from(configurations).where(eq(configurations.projectId, imported.id));
    const sims = await db
      .select({ id: simulations.id, cfdParameters: simulations.cfdParameters })
      .from(simulations)
      .where(eq(simulations.configurationId, config!.id))
      .orderBy(asc(simulations.id));
    expect(sims).toHaveLength(2);
    // Nothing of the job specification was stored.
    for (const sim of sims) expect(JSON.stringify(sim.cfdParameters)).not.toMatch(/deferred_job|pwned/);

    // A CFD run of that scenario fails (what the CFD jobs call): jobs deferred in it are released.
    await failPlanning(db, { simulationId: sims[0]!.id, runId: 'attack', reason: 'test', statusText: 'Wind (CFD) failed before it started: test' });
    await drainQueue();
    expect(await victimState()).toEqual(before);
  });
});

describe('server state an archive claims', () => {
  it('is the import’s to say: a scenario awaiting approval is a draft again, a queued one failed, a CFD run only described', async () => {
    const own = await seedTransferProject(t.deps, attacker.id, attacker.companyId, 'A claims');
    const exported = Buffer.from(await (await t.request(`/api/project/${own.projectId}/export/`, { token: attacker.token })).arrayBuffer());
    const awaiting = await rewrite(exported, 'configurations', (rows) => rows.map((r) => ({ ...r, status: 'awaiting_approval' })));
    const run = {
      engine: 'canopy-cfd',
      run_id: '77',
      tier: 'rapid',
      estimate: {
        tier: 'rapid',
        tier_label: 'Rapid',
        cells: 1000,
        memory_bytes: 1e6,
        compute_factor: 0.0001,
        levels: [{ dx_m: 4, nx: 10, ny: 10, nz: 10 }],
        region: { centre: [0, 0], radius_m: 50, context_radius_m: 100 },
      },
      post: { type: ANALYSIS_JOB_TYPES.windComfort, input: { ...victim }, dedupe_key: `cfd-post:${victim.simulationId}:77` },
      done: {
        '0': {
          direction_deg: 0,
          job_id: 5,
          rows: [{ simulationId: victim.simulationId, layerType: 'data', filename: 'x.glb' }],
          manifest_key: 'k',
          warnings: [],
          mlups: 1,
          wall_time_s: 2,
          threads: 1,
          resumed_from_step: null,
        },
      },
      progress: { percent: 50 },
      failed: null,
    };
    const forged = await rewrite(awaiting, 'simulations', (rows) => rows.map((r) => ({ ...r, status: 'queued', status_text: 'Queued', cfd_parameters: run })));
    const res = await t.request('/api/project-import/', {
      method: 'POST',
      token: attacker.token,
      body: new Uint8Array(forged),
      headers: { 'content-type': 'application/zip' },
    });
    expect(res.status).toBe(201);
    const imported = (await res.json()) as ProjectImportResult;
    const db = t.database.db;
    const [config] = await db.select().from(configurations).where(eq(configurations.projectId, imported.id));
    expect(config!.status).toBe('draft');
    const [sim] = await db.select().from(simulations).where(eq(simulations.configurationId, config!.id));
    expect(sim).toMatchObject({ status: 'failed', statusText: expect.stringMatching(/^Imported while it was queued or running/) });
    const kept = sim!.cfdParameters as Record<string, unknown>;
    expect(kept).toMatchObject({ engine: 'canopy-cfd', run_id: 'imported', tier: 'rapid', progress: null, done: { '0': { direction_deg: 0, mlups: 1 } } });
    expect(kept).not.toHaveProperty('post');
    expect(kept.estimate).not.toHaveProperty('compute_factor');
    expect((kept.done as Record<string, object>)['0']).not.toHaveProperty('rows');
    expect(JSON.stringify(kept)).not.toContain(`${victim.simulationId}:77`);
  });
});

describe('a deferred job planted without an import', () => {
  it('is refused when released: nothing is queued for another project, and the carrier says why', async () => {
    const before = await victimState();
    const db = t.database.db;
    const own = await createScenario(t.deps, 'pedestrian_wind_comfort');
    await db.update(projects).set({ companyId: attacker.companyId }).where(eq(projects.id, own.projectId));
    const carrier = await addSimulation(t.deps, own.configurationId, 'thermal_comfort');
    await db
      .update(simulations)
      .set({
        status: 'queued',
        cfdParameters: { deferred_job: { type: ANALYSIS_JOB_TYPES.thermal, input: { ...victim }, dedupe_key: simulationJobKey(victim.simulationId) } },
      })
      .where(eq(simulations.id, carrier));
    await failPlanning(db, { simulationId: own.simulationId, runId: 'attack-2', reason: 'test', statusText: 'failed' });
    await drainQueue();
    expect(await victimState()).toEqual(before);
    const [after] = await db.select().from(simulations).where(eq(simulations.id, carrier));
    expect(after).toMatchObject({ status: 'failed', statusText: expect.stringMatching(/belongs to another simulation/) });
    expect(after!.cfdParameters).not.toHaveProperty('deferred_job');
  });
});

describe('a job whose queue key and input disagree', () => {
  it('is refused by the handler before it writes anything', async () => {
    const before = await victimState();
    const own = await createScenario(t.deps, 'solar');
    const job = await enqueueJob(
      t.database.db,
      ANALYSIS_JOB_TYPES.solar,
      { ...victim, settings: solarSettings },
      { dedupeKey: simulationJobKey(own.simulationId) },
    );
    await expect(runHandlerDirectly(t.deps, solarHandler(analysisServices(t.deps)), job)).rejects.toMatchObject({
      name: 'PermanentJobError',
      message: expect.stringMatching(new RegExp(`queued for simulation ${own.simulationId}`)),
    });
    const after = await victimState();
    expect({ ...after, jobs: after.jobs - 1 }).toEqual(before);
  });

  it('refuses weather of a station private to another project', async () => {
    const own = await createScenario(t.deps, 'solar');
    await addTestGeometry(t.deps, own.simulationId);
    const [theirs] = await t.database.db
      .insert(weatherStations)
      .values({ ...stationValues(chicagoEpw(), 'upload', 'b.epw'), metId: 'b-private', projectId: victim.projectId })
      .returning({ id: weatherStations.id });
    const job = await enqueueJob(
      t.database.db,
      ANALYSIS_JOB_TYPES.solar,
      { ...own, stationId: theirs!.id, settings: solarSettings },
      { dedupeKey: simulationJobKey(own.simulationId) },
    );
    await expect(runHandlerDirectly(t.deps, solarHandler(analysisServices(t.deps)), job)).rejects.toMatchObject({
      name: 'PermanentJobError',
      message: expect.stringMatching(new RegExp(`weather station ${theirs!.id} is not a met source of project ${own.projectId}`)),
    });
    expect(await t.database.db.select().from(assets).where(eq(assets.simulationId, own.simulationId))).toHaveLength(3);
  });
});
