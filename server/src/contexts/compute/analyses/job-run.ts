/**
 * What every analysis job does around its science: validate the job's input, find the simulation,
 * keep its status current ('running' with progress → 'completed' or 'failed'), resolve the weather
 * and the site, write the layers idempotently (results.ts), and stay quiet when the job was taken
 * over by another worker (then that worker owns the status).
 */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/database.ts';
import { configurations, projects, simulations } from '../../../db/schema/index.ts';
import type { BlobStore } from '../../../blobs/blob-store.ts';
import type { CpuPool } from '../../../jobs/cpu-pool.ts';
import type { JobContext } from '../../../jobs/worker.ts';
import type { AnalysisLayer, Provenance } from '@canopy/engine/analyses/layers.ts';
import type { SiteLocation } from '@canopy/engine/analyses/solar.ts';
import { loadStationWeather, type LoadedWeather, type WeatherLibrary } from '../../projects/index.ts';
import { JobAbortedError } from './chunked.ts';
import { writeAnalysisResults } from './results.ts';
import type { AnalysisTarget } from './settings.ts';

export interface AnalysisServices {
  blobStore: BlobStore;
  cpu: CpuPool;
  weather: WeatherLibrary;
  /** The product version, for provenance. */
  version: string;
  log: (line: string) => void;
}

export type SimulationStatus = 'queued' | 'running' | 'completed' | 'failed';

export async function setSimulationStatus(db: Db, simulationId: number, status: SimulationStatus, statusText: string): Promise<void> {
  await db
    .update(simulations)
    .set({ status, statusText: statusText.slice(0, 500) })
    .where(eq(simulations.id, simulationId));
}

export interface AnalysisRun<I> {
  input: I;
  db: Db;
  signal: AbortSignal;
  project: { id: number; latitude: number | null; longitude: number | null };
  /** Reports progress (0–100) on the job and in the simulation's status text. */
  report(percent: number, message: string): Promise<void>;
  /** The run's weather (the scenario's met source, else the input's library id, else the station nearest the project). */
  weather(): Promise<LoadedWeather>;
  /** The site for sun positions: the project's coordinates when set, else the weather station's; the station's time zone. */
  site(weather: LoadedWeather): SiteLocation;
  /** Provenance shared by every layer of the run. */
  provenance(extra?: Record<string, unknown>): Provenance;
}

export interface AnalysisJobResult {
  simulationId: number;
  assets: number;
  replacedAssets: number;
}

export async function runAnalysisJob<S extends z.ZodType<AnalysisTarget>>(
  context: JobContext,
  services: AnalysisServices,
  { schema, label }: { schema: S; label: string },
  compute: (run: AnalysisRun<z.output<S>>) => Promise<AnalysisLayer[]>,
): Promise<AnalysisJobResult | { skipped: string }> {
  const { job, db, signal } = context;
  const input = schema.parse(job.input);
  const [row] = await db
    .select({
      simulationId: simulations.id,
      configurationId: configurations.id,
      projectId: projects.id,
      latitude: projects.latitude,
      longitude: projects.longitude,
    })
    .from(simulations)
    .innerJoin(configurations, eq(configurations.id, simulations.configurationId))
    .innerJoin(projects, eq(projects.id, configurations.projectId))
    .where(eq(simulations.id, input.simulationId));
  // Deleted since it was submitted: nothing to compute or to show.
  if (!row || row.configurationId !== input.configurationId || row.projectId !== input.projectId)
    return { skipped: `simulation ${input.simulationId} no longer exists` };

  let lastPercent = -1;
  const report = async (percent: number, message: string) => {
    await context.progress(percent, message);
    const rounded = Math.floor(percent);
    if (rounded !== lastPercent) {
      lastPercent = rounded;
      await setSimulationStatus(db, input.simulationId, 'running', `${label}: ${message} (${rounded} %)`);
    }
  };
  const computedAt = new Date().toISOString();
  let weatherUsed: LoadedWeather | undefined;
  const run: AnalysisRun<z.output<S>> = {
    input,
    db,
    signal,
    project: { id: row.projectId, latitude: row.latitude, longitude: row.longitude },
    report,
    async weather() {
      if (input.stationId !== undefined) {
        weatherUsed = await loadStationWeather(db, input.stationId);
        return weatherUsed;
      }
      const id = input.weatherId ?? (await services.weather.nearest(row.latitude, row.longitude))?.id;
      if (!id) throw new Error(`the weather library (${services.weather.dir}) has no EPW file`);
      weatherUsed = await services.weather.load(id);
      return weatherUsed;
    },
    site(weather) {
      const l = weather.epw.location;
      const own = row.latitude !== null && row.longitude !== null;
      return {
        latitudeDeg: own ? row.latitude! : l.latitudeDeg,
        longitudeDeg: own ? row.longitude! : l.longitudeDeg,
        utcOffsetHours: l.timeZoneHours,
        elevationM: Number.isFinite(l.elevationM) ? l.elevationM : 0,
      };
    },
    provenance(extra = {}) {
      return {
        engine: 'canopy',
        version: services.version,
        computedAt,
        ...(weatherUsed ? { weatherSource: weatherUsed.source, years: weatherUsed.years, weatherFile: weatherUsed.info.fileName } : {}),
        ...extra,
      };
    },
  };

  try {
    await report(0, 'starting');
    const layers = await compute(run);
    if (signal.aborted) throw new JobAbortedError();
    await report(96, 'writing results');
    const written = await writeAnalysisResults(db, services.blobStore, { simulationId: input.simulationId, job: { id: job.id, type: job.type }, layers });
    await setSimulationStatus(db, input.simulationId, 'completed', '');
    return { simulationId: input.simulationId, assets: written.assetIds.length, replacedAssets: written.replacedAssets };
  } catch (error) {
    // Another worker holds the job now (or this one is stopping): it will set the status.
    if (signal.aborted) throw error;
    const message = error instanceof Error ? error.message : String(error);
    const final = job.attempts >= job.maxAttempts;
    await setSimulationStatus(
      db,
      input.simulationId,
      final ? 'failed' : 'running',
      final ? `${label} failed: ${message}` : `${label}: retrying after an error (${message})`,
    ).catch(() => {});
    throw error;
  }
}
