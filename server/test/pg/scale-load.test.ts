/**
 * Load on the scale-out example, under `pg_virtualenv npm run test:pg`: the Procfile's
 * two API processes and its worker on PostgreSQL and Azurite, 200 signed-in users (each their own
 * account) for 60 s, each in a loop over a realistic mix — the project list, a project's detail, its
 * uploads, a viewer asset (a result GLB streamed from the store), an insight written every fifth
 * turn, and one scenario approval per user (a small solar scenario of its own, approved on its
 * second turn: one debit of its own subscription, one solar job for the worker) — spread over both
 * API processes. Every answer must be a success: 0 errors; every approval debits exactly once. Latencies are
 * printed (p50, p99 per kind) with their ratio to the health check's measured alongside; no timed
 * assertion. SCALE_LOAD_USERS and SCALE_LOAD_SECONDS shrink it for a quick run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../harness.ts';
import { accessToken, buildWorld, createUser, type World } from '../world.ts';
import { startAzurite, type Azurite } from '../azurite.ts';
import { readEnvFile, readProcfile, startProcess, type CanopyProcess } from '../processes.ts';
import { configurations, geometryValidations, insights, scenarioApprovals, simulations, subscriptions, subscriptionUsage } from '../../src/db/schema/index.ts';
import { CreateConfigurationSchema } from '@canopy/contract/scenarios.ts';
import { createScenario } from '../../src/contexts/scenarios/configurations.ts';
import { actingUser, solarScenarioBody } from '../world-scenarios.ts';
import { eq, inArray } from 'drizzle-orm';

const USERS = Number(process.env.SCALE_LOAD_USERS ?? 200);
const SECONDS = Number(process.env.SCALE_LOAD_SECONDS ?? 60);
const SECRET = 'test-secret-key-that-is-long-enough-for-hs256';

let azurite: Azurite;
let t: TestContext;
let w: World;
let dataDir: string;
const processes: CanopyProcess[] = [];

beforeAll(async () => {
  azurite = await startAzurite();
  t = await createTestContext(azurite.env());
  if (!t.databaseUrl) throw new Error('this test needs PostgreSQL: run `pg_virtualenv npm run test:pg`');
  w = await buildWorld(t.deps);
  dataDir = mkdtempSync(join(tmpdir(), 'canopy-scale-load-'));
  const env = {
    ...readEnvFile(),
    DATABASE_URL: t.databaseUrl,
    AZURE_STORAGE_CONNECTION_STRING: azurite.connectionString,
    AZURE_STORAGE_CONTAINER_PREFIX: t.config.AZURE_STORAGE_CONTAINER_PREFIX,
    SECRET_KEY: SECRET,
    PORT: '0',
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    ACCESS_TOKEN_LIFETIME: String(SECONDS + 600),
  };
  const procfile = readProcfile();
  for (const name of ['api1', 'api2', 'worker'])
    processes.push(
      await startProcess(
        procfile.find((e) => e.name === name)!,
        env,
      ),
    );
}, 240_000);

afterAll(async () => {
  await Promise.all(processes.map((p) => p.kill('SIGTERM')));
  await t?.close();
  await azurite?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

describe(`${USERS} users for ${SECONDS} s on two API processes and a worker`, () => {
  it('answers every request with a success', { timeout: SECONDS * 1000 + 180_000 }, async () => {
    const db = t.database.db;
    const tokens: string[] = [];
    // Each user: an account, a subscription of its own, and a small solar scenario (the world's STL
    // uploads) whose geometry passed validation — waiting for the user's approval.
    const scenarioIds: number[] = [];
    const subscriptionIds: number[] = [];
    for (let i = 0; i < USERS; i++) {
      const userId = await createUser(db, { username: `load${i}`, companyId: w.companyId, role: 'Org Admin' });
      tokens.push(await accessToken(t.deps, userId));
      const [sub] = await db
        .insert(subscriptions)
        .values({ companyId: w.companyId, plan: 'Load', creditType: 'CFD', creditsPerPeriod: 1000, userId })
        .returning({ id: subscriptions.id });
      subscriptionIds.push(sub!.id);
      const scenario = await createScenario(
        t.deps,
        db,
        await actingUser(t.deps, userId),
        w.projectId,
        CreateConfigurationSchema.parse(solarScenarioBody(`Load ${i}`, w.scenarios.uploads)),
      );
      await db.insert(geometryValidations).values({
        configurationId: scenario.id,
        simulationId: scenario.simulations[0]!.id,
        simulationType: 'solar',
        geometry: scenario.form.geometry,
        status: 'passed',
        createdBy: userId,
      });
      await db.update(configurations).set({ status: 'awaiting_approval' }).where(eq(configurations.id, scenario.id));
      await db.update(simulations).set({ status: 'awaiting_approval' }).where(eq(simulations.configurationId, scenario.id));
      scenarioIds.push(scenario.id);
    }
    const apis = processes.filter((p) => p.url).map((p) => p.url!);
    const [glbUpload] = [w.viewer.glbUploadId];
    const kinds = {
      list: () => `/api/project/`,
      detail: () => `/api/project/${w.projectId}/`,
      uploads: () => `/api/project/${w.projectId}/uploads/`,
      asset: () => `/api/project/${w.projectId}/uploads/${glbUpload}/download/`,
    };
    const latencies: Record<string, number[]> = { list: [], detail: [], uploads: [], asset: [], 'insight write': [], approval: [], health: [] };
    const errors: string[] = [];
    const insightsOfStudy = async () => (await db.select({ id: insights.id }).from(insights).where(eq(insights.studyId, w.studyId))).length;
    const before = await insightsOfStudy();
    const stopAt = Date.now() + SECONDS * 1000;
    let written = 0;

    const debits: number[] = [];

    async function timed(kind: string, base: string, path: string, init: RequestInit = {}): Promise<boolean> {
      const started = performance.now();
      let ok = false;
      try {
        const res = await fetch(`${base}${path}`, init);
        const body = await res.arrayBuffer();
        ok = res.ok;
        if (!ok) errors.push(`${kind} ${res.status}${kind === 'approval' ? ` ${Buffer.from(body).toString().slice(0, 200)}` : ''}`);
        if (ok && kind === 'approval') {
          const result = JSON.parse(Buffer.from(body).toString()) as { credits_debited: number; replayed: boolean };
          if (result.replayed) errors.push('approval replayed on its first call');
          debits.push(result.credits_debited);
        }
      } catch (error) {
        errors.push(`${kind}: ${(error as Error).message}`);
      }
      latencies[kind]!.push(performance.now() - started);
      return ok;
    }

    const users = tokens.map(async (token, u) => {
      const base = apis[u % apis.length]!;
      const headers = { authorization: `Bearer ${token}` };
      let approved = false;
      const approve = async () => {
        approved = true;
        await timed('approval', base, `/api/project/${w.projectId}/configuration/${scenarioIds[u]}/user-approval/`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ approved: true }),
        });
      };
      for (let turn = 0; Date.now() < stopAt; turn++) {
        for (const [kind, path] of Object.entries(kinds)) await timed(kind, base, path(), { headers });
        if (turn === 1) await approve();
        if (turn % 5 === 0) {
          if (
            await timed('insight write', base, `/api/project/${w.projectId}/study/${w.studyId}/insight/`, {
              method: 'POST',
              headers: { ...headers, 'content-type': 'application/json' },
              body: JSON.stringify({ title: `Load ${u}.${turn}`, text: 'Written under load.', insight_status: 'Draft' }),
            })
          )
            written++;
        }
      }
      // A user whose time ran out before its second turn still approves, once.
      if (!approved) await approve();
    });
    // The health check, sampled alongside on both processes.
    const health = (async () => {
      for (let i = 0; Date.now() < stopAt; i++) {
        await timed('health', apis[i % apis.length]!, '/api/health');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    await Promise.all([...users, health]);

    const healthP99 = percentile(
      [...latencies.health!].sort((a, b) => a - b),
      99,
    );
    const lines = Object.entries(latencies).map(([kind, values]) => {
      const sorted = [...values].sort((a, b) => a - b);
      const p99 = percentile(sorted, 99);
      return `${kind.padEnd(14)} ${String(values.length).padStart(7)} requests  p50 ${percentile(sorted, 50).toFixed(1).padStart(7)} ms  p99 ${p99.toFixed(1).padStart(7)} ms  p99/health p99 ${(p99 / healthP99).toFixed(1)}`;
    });
    const total = Object.values(latencies).reduce((n, v) => n + v.length, 0);
    const kindsOfError = new Map<string, number>();
    for (const error of errors) kindsOfError.set(error, (kindsOfError.get(error) ?? 0) + 1);
    console.log(
      `${USERS} users, ${SECONDS} s, ${apis.length} API processes + 1 worker on PostgreSQL and Azurite: ${total} requests (${(total / SECONDS).toFixed(0)}/s), ${errors.length} errors\n${lines.join('\n')}${kindsOfError.size ? `\nerrors: ${JSON.stringify(Object.fromEntries(kindsOfError))}` : ''}`,
    );
    expect(errors.slice(0, 20)).toEqual([]);
    // Every insight written is stored, once.
    expect(written).toBeGreaterThan(0);
    expect(await insightsOfStudy()).toBe(before + written);
    // One approval per user, each debited exactly once, from that user's own subscription.
    expect(debits).toHaveLength(USERS);
    expect(debits.every((credits) => credits > 0)).toBe(true);
    expect(await db.select({ id: scenarioApprovals.id }).from(scenarioApprovals).where(inArray(scenarioApprovals.configurationId, scenarioIds))).toHaveLength(
      USERS,
    );
    const usage = await db
      .select({ subscriptionId: subscriptionUsage.subscriptionId, configurationId: subscriptionUsage.configurationId, credits: subscriptionUsage.creditsUsed })
      .from(subscriptionUsage)
      .where(inArray(subscriptionUsage.subscriptionId, subscriptionIds));
    expect(usage).toHaveLength(USERS);
    expect(new Set(usage.map((row) => row.configurationId)).size).toBe(USERS);
    expect(new Set(usage.map((row) => row.subscriptionId)).size).toBe(USERS);
    expect(usage.map((row) => row.credits).sort()).toEqual([...debits].sort());
  });
});
