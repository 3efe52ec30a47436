/**
 * user-approval/ of a scenario without stored inputs (one made outside the wizard: appended results,
 * an older record): 400 naming what is missing, nothing debited, no job queued — never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { buildWorld, type World } from '../../../test/world.ts';
import { configurations, jobs, scenarioApprovals, simulations, subscriptionUsage } from '../../db/schema/index.ts';

let t: TestContext;
let w: World;

beforeAll(async () => {
  t = await createTestContext();
  w = await buildWorld(t.deps);
});
afterAll(async () => {
  await t.close();
});

async function approve(configurationId: number): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await t.request(`/api/project/${w.projectId}/configuration/${configurationId}/user-approval/`, {
    method: 'POST',
    token: w.tokens.projectAdmin,
    json: { approved: true },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('approving a scenario without stored inputs', () => {
  it('answers 400 naming the missing inputs, and writes nothing', async () => {
    const db = t.database.db;
    const [config] = await db
      .insert(configurations)
      .values({ projectId: w.projectId, studyId: w.studyId, name: 'Appended scheme' })
      .returning({ id: configurations.id });
    await db.insert(simulations).values({ configurationId: config!.id, category: 'solar' });
    const usageBefore = (await db.select().from(subscriptionUsage)).length;
    const jobsBefore = (await db.select().from(jobs)).length;

    const { status, body } = await approve(config!.id);
    expect(status).toBe(400);
    expect(body.missing).toEqual(expect.arrayContaining(['name', 'engine', 'analyses', 'geometry', 'seasons', 'times']));
    expect(body.detail).toMatch(/^The scenario "Appended scheme" has no complete inputs to approve: .*analyses.*geometry.* are missing or invalid\./);

    expect(await db.select().from(scenarioApprovals).where(eq(scenarioApprovals.configurationId, config!.id))).toEqual([]);
    expect((await db.select().from(subscriptionUsage)).length).toBe(usageBefore);
    expect((await db.select().from(jobs)).length).toBe(jobsBefore);
  });

  it('names only what is missing when part of the inputs is stored', async () => {
    const db = t.database.db;
    const [config] = await db
      .insert(configurations)
      .values({
        projectId: w.projectId,
        studyId: w.studyId,
        name: 'Half scheme',
        form: {
          name: 'Half scheme',
          engine: 'AI',
          analyses: [{ analysis_type: 'solar', metrics: ['sun_hours'] }],
          seasons: ['annual'],
          times: ['08:00-18:00'],
        },
      })
      .returning({ id: configurations.id });
    const { status, body } = await approve(config!.id);
    expect(status).toBe(400);
    expect(body.missing).toEqual(['geometry']);
    expect(body.detail).toContain('geometry is missing or invalid');
  });
});
