/**
 * GET /api/project/ (the first page of 25, with count and next link) for a user whose company has
 * 1,000 projects, on the embedded PGlite, under 50 concurrent connections — beside GET /api/health
 * on the same server in the same run. Printed: p50/p99 latency of both, and the throughput ratio
 * list ÷ health (health's p50 sits at autocannon's 1 ms resolution, so a latency ratio is coarse;
 * it is printed too). At 50 connections the p50 is mostly queueing: PGlite runs one statement at a
 * time, so latency ≈ connections ÷ throughput.
 */
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../server/src/boot.ts';
import { signToken } from '../../server/src/auth/jwt.ts';
import { companies, projects, roles, studies, users } from '../../server/src/db/schema/index.ts';
import { eq } from 'drizzle-orm';
import { report } from './harness.ts';

const PROJECTS = 1000;
const CONNECTIONS = 50;

function load(url: string, seconds: number, token?: string): Promise<autocannon.Result> {
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    pipelining: 1,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

export default async function bench(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'canopy-bench-projects-'));
  const server = await startServer(
    { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent', ACCESS_TOKEN_LIFETIME: '3600' },
    () => {},
  );
  try {
    const db = server.deps.database.db;
    const [company] = await db.insert(companies).values({ name: 'Bench Engineering' }).returning({ id: companies.id });
    const [viewer] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'Viewer'));
    const [user] = await db.insert(users).values({ username: 'bench', email: 'bench@example.test', companyId: company!.id, roleId: viewer!.id }).returning({ id: users.id });
    const rows = await db
      .insert(projects)
      .values(Array.from({ length: PROJECTS }, (_, i) => ({ name: `Project ${i}`, location: `Site ${i % 37}`, referenceId: `REF-${i}`, companyId: company!.id })))
      .returning({ id: projects.id });
    await db.insert(studies).values(rows.map((r) => ({ projectId: r.id, name: 'Study 1' })));
    const { token } = await signToken(server.deps.secretKey, 'access', user!.id, 3600, new Date());

    const listUrl = `${server.url}/api/project/`;
    const healthUrl = `${server.url}/api/health`;
    const check = (await (await fetch(listUrl, { headers: { authorization: `Bearer ${token}` } })).json()) as { count: number; results: unknown[] };
    if (check.count !== PROJECTS || check.results.length !== 25) throw new Error(`unexpected list: count ${check.count}, ${check.results.length} results`);

    await load(healthUrl, 1);
    await load(listUrl, 2, token);
    const health = await load(healthUrl, 5);
    const list = await load(listUrl, 10, token);
    if (list.non2xx > 0 || list.errors > 0) throw new Error(`project list answered ${list.non2xx} non-2xx and ${list.errors} errors`);
    report({
      name: `GET /api/project/ vs /api/health req/s (${PROJECTS} projects)`,
      ratio: list.requests.average / health.requests.average,
      details: {
        p50Ratio: list.latency.p50 / Math.max(health.latency.p50, 1),
        listP50ms: list.latency.p50,
        listP99ms: list.latency.p99,
        listReqPerS: Math.round(list.requests.average),
        healthP50ms: health.latency.p50,
        healthP99ms: health.latency.p99,
        healthReqPerS: Math.round(health.requests.average),
        connections: CONNECTIONS,
      },
    });
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
