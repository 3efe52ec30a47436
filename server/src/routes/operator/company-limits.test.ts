/**
 * A company's limits over HTTP on the real database: the operator reads and sets them (null is the
 * installation's default), and each is enforced where the resource is taken — jobs running at once
 * where the queue claims, the month's compute at approval (429), storage when an upload URL is
 * issued, while a body streams in, and before an import writes anything (413).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { accessToken, buildWorld, type World } from '../../../test/world.ts';
import { caller } from '../../../test/api.ts';
import { grantUpload } from '../../../test/world-uploads.ts';
import { errorCode, putBlob } from '../../../test/blob-helpers.ts';
import { solarScenarioBody } from '../../../test/world-scenarios.ts';
import { seedTransferProject } from '../../../test/project-transfer-fixtures.ts';
import { jobs, projects, subscriptions, uploads } from '../../db/schema/index.ts';
import { claimJob, enqueueJob } from '../../jobs/queue.ts';
import type { CompanyLimits } from '@canopy/contract/operator.ts';
import type { Configuration } from '@canopy/contract/scenarios.ts';

let t: TestContext;
let w: World;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestContext({ COMPANY_MAX_RUNNING_JOBS: '3', COMPANY_MONTHLY_COMPUTE_HOURS: '40', COMPANY_STORAGE_GB: '2' });
  w = await buildWorld(t.deps);
  call = caller(t);
});
afterAll(() => t.close());

const op = () => w.tokens.superuser;
const limitsPath = () => `/api/operator/companies/${w.companyId}/limits/`;
const setLimits = async (body: Record<string, unknown>) => {
  const res = await call<CompanyLimits>('PATCH', limitsPath(), op(), body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const MiB = 1024 * 1024;

describe('the operator', () => {
  it("reads a company's limits: the installation's defaults, and what it uses now", async () => {
    const { status, body } = await call<CompanyLimits>('GET', limitsPath(), op());
    expect(status).toBe(200);
    const [stored] = await t.database.db
      .select({ n: count() })
      .from(uploads)
      .innerJoin(projects, eq(projects.id, uploads.projectId))
      .where(eq(projects.companyId, w.companyId));
    expect(stored!.n).toBeGreaterThan(0);
    expect(body).toMatchObject({
      company_id: w.companyId,
      max_running_jobs: 3,
      max_running_jobs_is_default: true,
      monthly_compute_hours: 40,
      monthly_compute_hours_is_default: true,
      storage_bytes: 2 * 1024 ** 3,
      storage_bytes_is_default: true,
    });
    expect(body.stored_bytes).toBeGreaterThan(0);
  });

  it("sets the company's own limits, and null returns one to the default", async () => {
    expect(await setLimits({ max_running_jobs: 1, monthly_compute_hours: 12, storage_bytes: 5 * MiB })).toMatchObject({
      max_running_jobs: 1,
      max_running_jobs_is_default: false,
      monthly_compute_hours: 12,
      storage_bytes: 5 * MiB,
    });
    expect(await setLimits({ max_running_jobs: null, monthly_compute_hours: null, storage_bytes: null })).toMatchObject({
      max_running_jobs: 3,
      max_running_jobs_is_default: true,
      monthly_compute_hours: 40,
      storage_bytes: 2 * 1024 ** 3,
    });
  });

  it('gets a 400 naming the field for a bad limit, and nothing changes', async () => {
    const bad = await call<Record<string, string[]>>('PATCH', limitsPath(), op(), { max_running_jobs: 0, storage_bytes: 'lots' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['max_running_jobs', 'storage_bytes']);
    expect((await call('PATCH', limitsPath(), op(), {})).status).toBe(400);
    expect((await call<CompanyLimits>('GET', limitsPath(), op())).body.max_running_jobs_is_default).toBe(true);
  });

  it('is the only one who may: an Org Admin gets 403, and an unknown company 404', async () => {
    expect((await call('GET', limitsPath(), w.tokens.colleagueWithPermission)).status).toBe(403);
    expect((await call('PATCH', limitsPath(), w.tokens.colleagueWithPermission, { max_running_jobs: 99 })).status).toBe(403);
    expect((await call('GET', '/api/operator/companies/999999/limits/', op())).status).toBe(404);
  });
});

describe('jobs running at once', () => {
  it("passes over a company at its limit and takes the next company's job; a higher limit lets the next one run", async () => {
    const db = t.database.db;
    const [other] = await db.insert(projects).values({ name: 'Elsewhere tower', companyId: w.otherCompanyId }).returning({ id: projects.id });
    const type = 'test.limits';
    const a1 = await enqueueJob(db, type, { projectId: w.projectId });
    const a2 = await enqueueJob(db, type, { projectId: w.projectId });
    const b1 = await enqueueJob(db, type, { projectId: other!.id });
    await setLimits({ max_running_jobs: 1 });
    const claim = () => claimJob(db, 'limits-worker', [type], 60_000, [type], 3);
    expect((await claim())?.id).toBe(a1.id);
    // Company A has its one job running: B's job goes first although A's second is older.
    expect((await claim())?.id).toBe(b1.id);
    expect(await claim()).toBeNull();
    await setLimits({ max_running_jobs: 2 });
    expect((await claim())?.id).toBe(a2.id);
    await setLimits({ max_running_jobs: null });
    await db.update(jobs).set({ status: 'completed', finishedAt: new Date() }).where(eq(jobs.type, type));
  });

  it("uses the installation's default when the company has none", async () => {
    const db = t.database.db;
    const type = 'test.limits-default';
    for (let i = 0; i < 3; i++) await enqueueJob(db, type, { projectId: w.projectId });
    const claim = () => claimJob(db, 'limits-worker', [type], 60_000, [type], 2);
    expect(await claim()).not.toBeNull();
    expect(await claim()).not.toBeNull();
    expect(await claim()).toBeNull();
    await db.update(jobs).set({ status: 'completed', finishedAt: new Date() }).where(eq(jobs.type, type));
  });
});

describe("the month's compute", () => {
  it('refuses approval with 429 and the numbers once the month is used, and approves past it when the operator raises the limit', async () => {
    const db = t.database.db;
    const created = await call<Configuration>(
      'POST',
      `/api/project/${w.projectId}/configuration/`,
      w.tokens.projectAdmin,
      solarScenarioBody('Over the limit', w.scenarios.uploads),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const now = t.deps.clock.now();
    // Two hours of a job of the company this month.
    await db.insert(jobs).values({
      type: 'analysis.solar',
      input: { projectId: w.projectId },
      status: 'completed',
      startedAt: new Date(now.getTime() - 2 * 3600_000),
      finishedAt: now,
    });
    await setLimits({ monthly_compute_hours: 1 });
    const approve = () =>
      call<{ detail: string }>('POST', `/api/project/${w.projectId}/configuration/${created.body.id}/user-approval/`, w.tokens.projectAdmin, {
        approved: true,
      });
    const jobsBefore = (await db.select({ n: count() }).from(jobs))[0]!.n;
    const refused = await approve();
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toMatch(/^Your company has used 2(\.0)? h of its 1 h of analysis compute this month; /);
    expect((await db.select({ n: count() }).from(jobs))[0]!.n).toBe(jobsBefore);
    await setLimits({ monthly_compute_hours: 3 });
    // Past the limit's check: this scenario is then refused for its own reason (its geometry is not validated).
    const next = await approve();
    expect(next.status).toBe(400);
    expect((await call<CompanyLimits>('GET', limitsPath(), op())).body.compute_hours_this_month).toBeGreaterThanOrEqual(2);
    await setLimits({ monthly_compute_hours: null });
  });
});

describe('storage', () => {
  it('caps an upload at what is left (413 before a byte is read), then refuses new upload URLs once full', async () => {
    const before = (await call<CompanyLimits>('GET', limitsPath(), op())).body.stored_bytes;
    await setLimits({ storage_bytes: before + MiB });
    const grant = await grantUpload(t.deps, w.projectId, w.userIds.projectAdmin);
    const tooMuch = await putBlob(t, grant, 'big.csv', new Uint8Array(MiB + 1).fill(65));
    expect(tooMuch.status).toBe(413);
    expect(await errorCode(tooMuch)).toBe('RequestBodyTooLarge');
    expect((await putBlob(t, grant, 'fits.csv', new Uint8Array(MiB).fill(65))).status).toBe(201);
    const full = await call<{ detail: string; limit: string }>('GET', `/api/project/${w.projectId}/project-asset-upload-url/`, w.tokens.projectAdmin);
    expect(full.status).toBe(413);
    expect(full.body.detail).toMatch(/^Your company's storage is full: .* GB of .* GB used\. .*operator/);
    await setLimits({ storage_bytes: null });
    expect((await call('GET', `/api/project/${w.projectId}/project-asset-upload-url/`, w.tokens.projectAdmin)).status).toBe(200);
  });

  it('refuses an import whose files do not fit (413), and writes nothing', async () => {
    // A project whose records all have their blobs (the world's point at some it never stored).
    const seeded = await seedTransferProject(t.deps, w.ownerId, w.companyId, 'Limits harbour');
    // The importer holds a subscription (import needs one).
    await t.database.db.insert(subscriptions).values({ companyId: w.companyId, plan: 'Importer', creditType: 'AI', creditsPerPeriod: 10, userId: w.ownerId });
    const owner = await accessToken(t.deps, w.ownerId);
    const exported = await t.request(`/api/project/${seeded.projectId}/export/`, { token: owner });
    expect(exported.status).toBe(200);
    const archive = new Uint8Array(await exported.arrayBuffer());
    const stored = (await call<CompanyLimits>('GET', limitsPath(), op())).body.stored_bytes;
    await setLimits({ storage_bytes: Math.max(MiB, stored) });
    const projectsBefore = (await t.database.db.select({ n: count() }).from(projects))[0]!.n;
    const res = await t.request('/api/project-import/', {
      method: 'POST',
      token: owner,
      body: archive,
      headers: { 'content-type': 'application/zip' },
    });
    const body = (await res.json()) as { detail: string };
    expect(res.status, JSON.stringify(body)).toBe(413);
    expect(body.detail).toMatch(/^Your company's storage is full: .* This needs /);
    expect((await t.database.db.select({ n: count() }).from(projects))[0]!.n).toBe(projectsBefore);
    await setLimits({ storage_bytes: null });
  });
});
