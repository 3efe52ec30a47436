/**
 * A Canopy server in its own process for the project-pages benchmark (project-pages.bench.ts
 * forks it, so the load generator does not share the server's event loop). It seeds a company
 * with 1,000 projects, one of them with 5 studies, 20 scenarios, 50 insights and a 580 KB result
 * file, then sends the URLs and a token to its parent and serves until killed.
 * DATABASE_URL set: that PostgreSQL database (empty); otherwise the embedded PGlite.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { startServer, type RunningServer } from '../../../server/src/boot.ts';
import { signToken } from '../../../server/src/crypto/jwt.ts';
import { assets, companies, configurations, insights, projects, roles, simulations, studies, users } from '../../../server/src/db/schema/index.ts';
import { ASSETS_CONTAINER, formatBlobKey, putBytes } from '../../../server/src/blobs/blob-io.ts';

export interface ProjectPagesServer {
  database: string;
  healthUrl: string;
  listUrl: string;
  detailUrl: string;
  downloadUrl: string;
  token: string;
}

export const PROJECTS = 1000;
export const STUDIES = 5;
export const SCENARIOS = 20;
export const INSIGHTS = 50;
export const DOWNLOAD_BYTES = 580 * 1024;

/** Seeds the company, its projects and the detailed project on a running server; answers the URLs. */
export async function seedProjectPages(server: RunningServer): Promise<ProjectPagesServer> {
  const db = server.deps.database.db;
  const [company] = await db.insert(companies).values({ name: 'Bench Engineering' }).returning({ id: companies.id });
  const [viewer] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'Viewer'));
  const [user] = await db
    .insert(users)
    .values({ username: 'bench', email: 'bench@example.test', companyId: company!.id, roleId: viewer!.id })
    .returning({ id: users.id });
  const rows = await db
    .insert(projects)
    .values(
      Array.from({ length: PROJECTS }, (_, i) => ({
        name: `Project ${i}`,
        location: `Site ${i % 37}`,
        referenceId: `REF-${i}`,
        companyId: company!.id,
        createdBy: user!.id,
      })),
    )
    .returning({ id: projects.id });
  await db.insert(studies).values(rows.slice(1).map((r) => ({ projectId: r.id, name: 'Study 1' })));
  // The detailed project: the newest-but-not-first is fine; any of them is on some page.
  const projectId = rows[0]!.id;
  const studyRows = await db
    .insert(studies)
    .values(Array.from({ length: STUDIES }, (_, i) => ({ projectId, name: `Study ${i + 1}` })))
    .returning({ id: studies.id });
  const configRows = await db
    .insert(configurations)
    .values(
      Array.from({ length: SCENARIOS }, (_, i) => ({
        projectId,
        studyId: studyRows[i % STUDIES]!.id,
        name: `Scenario ${i + 1}`,
        status: 'completed',
        simulationType: 'solar',
      })),
    )
    .returning({ id: configurations.id });
  const simRows = await db
    .insert(simulations)
    .values(configRows.flatMap((c) => ['solar', 'thermal-comfort'].map((category) => ({ configurationId: c.id, category, status: 'completed' }))))
    .returning({ id: simulations.id, configurationId: simulations.configurationId });
  await db.insert(insights).values(
    Array.from({ length: INSIGHTS }, (_, i) => ({
      studyId: studyRows[i % STUDIES]!.id,
      sortOrder: i,
      title: `Insight ${i + 1}`,
      text: 'Wind at the entrance is comfortable for standing in summer.',
    })),
  );
  const sim = simRows[0]!;
  const key = { container: ASSETS_CONTAINER, name: `results/bench/simulation-${sim.id}/result.glb` };
  const bytes = new Uint8Array(DOWNLOAD_BYTES);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 2654435761) >>> 24;
  await putBytes(server.deps.blobStore, key, bytes);
  const [asset] = await db
    .insert(assets)
    .values({
      simulationId: sim.id,
      layerType: 'results',
      analysisType: 'solar',
      metric: 'sun-hours',
      filename: 'result.glb',
      blobKey: formatBlobKey(key),
      metadata: {},
    })
    .returning({ id: assets.id });
  const { token } = await signToken(server.deps.secretKey, 'access', user!.id, 3600, new Date());

  const base = server.url.replace('localhost', '127.0.0.1');
  const info: ProjectPagesServer = {
    database: server.deps.database.kind,
    healthUrl: `${base}/api/health`,
    listUrl: `${base}/api/project/`,
    detailUrl: `${base}/api/project/${projectId}/`,
    downloadUrl: `${base}/api/project/${projectId}/configuration/${sim.configurationId}/simulation/${sim.id}/simulation-asset/${asset!.id}/download/`,
    token,
  };
  return info;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'canopy-bench-pages-'));
  const server = await startServer(
    {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      ACCESS_TOKEN_LIFETIME: '3600',
      DATABASE_URL: process.env.DATABASE_URL,
    },
    () => {},
  );
  process.send?.(await seedProjectPages(server));
  const stop = async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('disconnect', () => void stop());
}

// Forked by the benchmark: serve. Imported (a test, a profile script): only the seeding.
if (process.send) await main();
