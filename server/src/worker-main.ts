/**
 * `npm run worker`: a job worker process, for running analyses at scale beside any number of
 * `npm run serve` processes (with EMBEDDED_WORKERS=false) against one PostgreSQL.
 */
import { loadConfig, ConfigError } from './env.ts';
import { prepareDeps } from './boot.ts';
import { startJobRuntime } from './jobs/runtime.ts';

try {
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    console.error(
      'npm run worker needs DATABASE_URL: the embedded database belongs to the server process, which runs jobs itself (EMBEDDED_WORKERS=true).',
    );
    process.exit(1);
  }
  // A worker neither seeds the demo nor serves HTTP.
  const deps = await prepareDeps({ ...config, SEED_DEMO: false });
  const runtime = startJobRuntime(deps, console.log, { concurrency: Number(process.env.WORKER_CONCURRENCY ?? 2) });
  console.log(`Canopy job worker ${runtime.worker.id} started (${runtime.cpu.threads} CPU threads).`);
  const shutdown = async (signal: string) => {
    console.log(`${signal}: finishing running jobs, then exiting.`);
    await runtime.stop();
    await deps.database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
