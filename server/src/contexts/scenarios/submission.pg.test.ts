/**
 * A submitted scenario survives its worker process being killed: the scenario is created
 * over HTTP from STL uploads, validated, approved (one debit), and its solar job is taken by a
 * separate worker process (`node --import tsx server/src/worker-main.ts`, as `npm run worker`) that
 * is killed with SIGKILL mid-run. A second worker takes the job over after the lease: the
 * submission completes with one result set and one debit, and the worker's status changes reach
 * this process through the PostgreSQL LISTEN/NOTIFY bus. Runs under `pg_virtualenv npm run test:pg`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { exited, waitForValue as waitFor, workerProcesses } from '../../../test/processes.ts';
import { validateHere } from '../../../test/validate-here.ts';
import { buildWorld, type World } from '../../../test/world.ts';
import { uploadFile } from '../../../test/world-scenarios.ts';
import { assets, jobs, subscriptions, subscriptionUsage } from '../../db/schema/index.ts';
import { getJob, type JobRow } from '../../jobs/queue.ts';
import { createPgBus } from '../../realtime/bus-pg.ts';
import type { BusMessage, EventBus } from '../../realtime/bus.ts';
import type { Configuration, UserApprovalResult } from '@canopy/contract/scenarios.ts';
import { generateDemoDistrict } from '@canopy/engine/demo/district.ts';
import { toTriangleSoup } from '@canopy/engine/demo/mesh-builders.ts';
import { presentationPlane } from '@canopy/engine/demo/presentation-plane.ts';
import { concatSoups } from '@canopy/engine/geometry/mesh/test-meshes.ts';
import { writeBinaryStl } from '@canopy/engine/geometry/index.ts';
import { simulationJobKey } from './view.ts';

const LEASE_MS = 3000;
const pgOnly = !process.env.TEST_DATABASE_URL;

describe.skipIf(pgOnly)('a submitted scenario whose worker process is killed mid-run', () => {
  let t: TestContext;
  let w: World;
  let bus: EventBus;
  const events: BusMessage[] = [];
  const workers = workerProcesses(LEASE_MS);
  const startWorker = (name: string) => workers.start(t, name);

  beforeAll(async () => {
    t = await createTestContext();
    w = await buildWorld(t.deps);
    bus = await createPgBus(t.databaseUrl!);
    bus.subscribe((m) => events.push(m));
  });
  afterAll(async () => {
    await workers.killAll();
    await bus?.close();
    await t?.close();
  });

  it('completes after a restart with one result set and one debit', async () => {
    // The demo district as the user would upload it: study, surrounds, ground, and a plane every 8 m.
    const d = generateDemoDistrict();
    const soup = (role: string) => concatSoups(...[...d.buildings, ...d.trees].filter((o) => o.role === role).map((o) => toTriangleSoup(o.mesh)));
    const ground = concatSoups(toTriangleSoup(d.ground.streets), toTriangleSoup(d.ground.plaza), toTriangleSoup(d.ground.blocks));
    const plane = presentationPlane(d, { spacingM: 8 });
    const planeSoup = toTriangleSoup({ positions: plane.points, indices: plane.triangles });
    const up = (name: string, positions: Float32Array) => uploadFile(t.deps, w.projectId, w.ownerId, name, writeBinaryStl(positions));
    const files = {
      study: [await up('study.stl', soup('study'))],
      surrounds: [await up('surrounds.stl', soup('surrounds'))],
      ground: [await up('ground.stl', ground)],
      presentation_planes: [await up('plane.stl', planeSoup)],
    };

    const token = w.tokens.projectAdmin;
    const created = await t.request(`/api/project/${w.projectId}/configuration/`, {
      method: 'POST',
      token,
      json: {
        name: 'District solar',
        engine: 'CFD',
        analyses: [{ analysis_type: 'solar', metrics: ['sun_hours'] }],
        geometry: files,
        seasons: ['annual', 'summer'],
        times: ['08:00-18:00'],
        single_date: '2025-06-21',
        single_day_hours: '00:00-23:59',
        minutes_interval: 15,
        terms_accepted: true,
      },
    });
    const scenario = (await created.json()) as Configuration;
    expect(created.status, JSON.stringify(scenario)).toBe(201);
    const url = `/api/project/${w.projectId}/configuration/${scenario.id}`;
    const simulationId = scenario.simulations[0]!.id;

    // Validation in this process (the workers under test only ever see the solar job).
    const validation = await validateHere(t, url, token, { scenario_id: scenario.id, simulation_id: simulationId, simulation_type: 'solar' });
    expect(validation.status, JSON.stringify(validation.findings.filter((f) => f.severity === 'error'))).toBe('passed');

    await t.database.db
      .insert(subscriptions)
      .values({ companyId: w.companyId, plan: 'Starter', creditType: 'CFD', creditsPerPeriod: 100, userId: w.userIds.projectAdmin });
    const approved = (await (await t.request(`${url}/user-approval/`, { method: 'POST', token, json: { approved: true } })).json()) as UserApprovalResult;
    expect(approved).toMatchObject({ credits_debited: 2, replayed: false });
    const [queued] = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, simulationJobKey(simulationId)));
    // One exact ray per hour (no sun-direction grouping): seconds of work, so the kill lands mid-job.
    await t.database.db.execute(sql`update jobs set input = jsonb_set(input, '{settings,quantisationDeg}', '0') where id = ${queued!.id}`);

    const first = startWorker('worker-1');
    let job: JobRow | null = null;
    await waitFor(
      'the first worker to report progress',
      async () => (job = await getJob(t.database.db, queued!.id)),
      (j) => j?.status === 'running' && j.progress > 3,
      90_000,
      first.output,
    );
    expect(job!.progress).toBeLessThan(90);
    first.child.kill('SIGKILL');
    await exited(first.child);
    const dataRows = () =>
      t.database.db
        .select()
        .from(assets)
        .where(and(eq(assets.simulationId, simulationId), eq(assets.layerType, 'data')));
    expect(await dataRows()).toHaveLength(0);

    const second = startWorker('worker-2');
    job = await waitFor(
      'the job on the second worker',
      () => getJob(t.database.db, queued!.id),
      (j) => j?.status === 'completed' || j?.status === 'failed',
      180_000,
      second.output,
    );
    expect(job).toMatchObject({ status: 'completed', attempts: 2, error: null });

    // One result set: one row per layer, distinct files; one debit, also after a retried approval.
    const rows = await dataRows();
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.filename)).size).toBe(rows.length);
    expect(new Set(rows.map((r) => r.blobKey)).size).toBe(rows.length);
    const retry = (await (await t.request(`${url}/user-approval/`, { method: 'POST', token, json: { approved: true } })).json()) as UserApprovalResult;
    expect(retry.replayed).toBe(true);
    expect(await t.database.db.select().from(subscriptionUsage).where(eq(subscriptionUsage.configurationId, scenario.id))).toHaveLength(1);
    expect(
      await t.database.db
        .select()
        .from(jobs)
        .where(eq(jobs.dedupeKey, simulationJobKey(simulationId))),
    ).toHaveLength(1);

    const final = (await (await t.request(`${url}/`, { token })).json()) as Configuration;
    expect(final.status).toBe('completed');
    // The worker processes published the status changes through NOTIFY; this process heard them.
    await waitFor(
      'the completed status on the bus',
      async () => events.filter((e) => e.event.type === 'scenario.status' && e.event.configuration_id === scenario.id).map((e) => e.event.status),
      (s) => s.includes('completed'),
      10_000,
    );
    const heard = events.filter((e) => e.event.type === 'scenario.status' && e.event.configuration_id === scenario.id).map((e) => e.event.status);
    expect(heard).toContain('running');

    second.child.kill('SIGTERM');
    await exited(second.child);
  });
});
