/**
 * `npm run worker`: a job worker process, for running analyses at scale beside any number of
 * `npm run serve` processes (with EMBEDDED_WORKERS=false) against one PostgreSQL.
 */
import { loadConfig, ConfigError } from './env.ts';
import { prepareDeps } from './boot.ts';
import { startJobRuntime } from './job-runtime.ts';

try {
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    console.error('npm run worker needs DATABASE_URL: the embedded database belongs to the server process, which runs jobs itself (EMBEDDED_WORKERS=true).');
    process.exit(1);
  }
  // A worker neither seeds the demo nor serves HTTP.
  const deps = await prepareDeps({ ...config, SEED_DEMO: false });
  // JOB_LEASE_MS: how long a claimed job stays this worker's without a heartbeat, i.e. how soon another
  // worker takes over the jobs of one that died (default 30 s; tests use a short lease).
  const leaseMs = process.env.JOB_LEASE_MS ? Number(process.env.JOB_LEASE_MS) : undefined;
  if (leaseMs !== undefined && !(Number.isInteger(leaseMs) && leaseMs >= 1000)) {
    console.error(`JOB_LEASE_MS: must be a whole number of milliseconds, at least 1000 (got "${process.env.JOB_LEASE_MS}")`);
    process.exit(1);
  }
  const runtime = startJobRuntime(deps, console.log, { concurrency: Number(process.env.WORKER_CONCURRENCY ?? 2), leaseMs });
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
