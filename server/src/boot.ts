/**
 * Start-up: configuration → database (locked, migrated, seeded) → app → HTTP server. Used by
 * main.ts and by tests that want a whole running server.
 */
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { loadConfig, type Config } from './env.ts';
import { openDatabase, type Database } from './db/database.ts';
import { seedDemo, seedEula, seedRoles, DEMO } from './seed.ts';
import { loadSecretKey } from './secret-key.ts';
import { createOutboxMailer, createSmtpMailer } from './mail/mailer.ts';
import { createApp } from './app.ts';
import { createNodeListener } from './http/node-listener.ts';
import { hstsHeader, contentSecurityPolicy } from './http/security-headers.ts';
import { attachLiveSocket, type LiveHub } from './realtime/live-socket.ts';
import { settleBackground } from './jobs/background.ts';
import { systemClock, type AppDeps } from './deps.ts';
import { VERSION } from './version.ts';
import { createJobQueue } from './jobs/job-queue.ts';
import { startJobRuntime } from './job-runtime.ts';
import { openBlobStore } from './blobs/open-blob-store.ts';
import { seedDemoResults } from './contexts/compute/demo/demo-results.ts';
import { seedDemoWind } from './contexts/compute/demo/demo-wind.ts';
import { seedDemoWeather } from './contexts/projects/weather/demo-weather.ts';
import { seedPriceTables } from './db/seed-catalogue.ts';
import { openBus } from './realtime/bus.ts';
import { connectBusToHub } from './contexts/projects/bus-delivery.ts';
import { openHeavyWork } from './inline-cpu-pool.ts';
import { cleanImportLeftovers } from './contexts/transfer/leftovers.ts';

export interface RunningServer {
  url: string;
  port: number;
  deps: AppDeps;
  /** The live-update WebSocket (/socket/live) of this server. */
  live: LiveHub;
  close(): Promise<void>;
}

export class PortInUseError extends Error {
  constructor(port: number) {
    super(`Port ${port} is already in use. Stop the other process or start Canopy with another port, e.g. PORT=8081 npm start.`);
    this.name = 'PortInUseError';
  }
}

export async function prepareDeps(config: Config, log: (line: string) => void = console.log): Promise<AppDeps> {
  const database: Database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    await database.migrate();
    await seedRoles(database.db);
    await seedEula(database.db);
    // Sample prices on every installation (missing rows only): without them nothing can be costed.
    await seedPriceTables(database.db);
    if (config.SEED_DEMO) {
      const { demoCreated } = await seedDemo(database.db);
      if (demoCreated) log(`Seeded the demo company, user and project.`);
    }
    const secretKey = await loadSecretKey(database.db, config.SECRET_KEY);
    const mailer = config.SMTP_URL
      ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM)
      : createOutboxMailer(join(config.dataDir, 'outbox'), config.MAIL_FROM, log);
    const blobStore = await openBlobStore(config, secretKey);
    const bus = await openBus(config, log);
    const deps: AppDeps = {
      config,
      database,
      mailer,
      clock: systemClock,
      secretKey,
      version: VERSION,
      jobs: createJobQueue(database.db),
      blobStore,
      bus,
      heavy: openHeavyWork(config),
    };
    if (config.SEED_DEMO) {
      // The demo scenario's geometry and its solar and thermal-comfort jobs (computed in the background).
      const demo = await seedDemoResults(deps);
      if (demo.created) log(`Seeded the demo scenario; its solar and thermal-comfort results are being computed in the background.`);
      const weather = await seedDemoWeather(deps);
      if (weather.linked) log(`Linked the demo project to the weather station ${weather.linked}.`);
      // And its CFD wind (8 directions, rapid tier), after those: minutes, not seconds (docs/cfd-wind.md).
      if (config.DEMO_CFD) {
        const wind = await seedDemoWind(deps);
        if (wind.created) log(`Seeded the demo CFD wind scenario; its directions are computed in the background.`);
      }
    }
    return deps;
  } catch (error) {
    await database.close();
    throw error;
  }
}

function listen(server: Server, port: number, hostname: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(port) : error);
    });
    server.listen(port, hostname, () => resolve(server));
  });
}

export async function startServer(env: Record<string, string | undefined> = process.env, log: (line: string) => void = console.log): Promise<RunningServer> {
  const config = loadConfig(env);
  const deps = await prepareDeps(config, log);
  // What project imports killed mid-way left: temporary folders, blobs never committed (contexts/transfer/leftovers.ts).
  await cleanImportLeftovers({ blobStore: deps.blobStore, db: deps.database.db }).then(
    (left) => {
      if (left.folders || left.blobs) log(`Removed what interrupted project imports left: ${left.folders} temporary folders, ${left.blobs} blobs.`);
    },
    (error: unknown) =>
      log(`Could not look for what interrupted project imports left: ${error instanceof Error ? error.message.slice(0, 300) : String(error)}`),
  );
  const app = createApp(deps);
  const server = createServer(createNodeListener(app, { hsts: hstsHeader(config), csp: contentSecurityPolicy(config.MAP_TILE_URL) }));
  try {
    await listen(server, config.PORT, config.HOST);
  } catch (error) {
    await deps.database.close();
    throw error;
  }
  const live = attachLiveSocket(server, deps);
  const unsubscribeBus = deps.bus ? connectBusToHub(deps.bus, deps.database.db, live, log) : undefined;
  // Embedded default: this process also runs the analysis jobs (EMBEDDED_WORKERS=false at scale).
  const jobRuntime = config.EMBEDDED_WORKERS ? startJobRuntime(deps, log) : undefined;
  const port = (server.address() as AddressInfo).port;
  const url = `http://localhost:${port}`;
  log(`Canopy ${VERSION} listening on ${url} (database: ${deps.database.kind})`);
  if (config.SEED_DEMO) log(`Sign in as "${DEMO.username}" with password "${DEMO.password}".`);
  let closed = false;
  return {
    url,
    port,
    deps,
    live,
    async close() {
      if (closed) return;
      closed = true;
      // Open sockets would keep server.close() waiting for ever.
      unsubscribeBus?.();
      await live.close();
      await jobRuntime?.stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      // Mails queued after a response (reset links, sign-in codes) still need the database.
      await settleBackground(deps);
      await deps.heavy.close();
      await deps.bus?.close();
      await deps.database.close();
    },
  };
}
