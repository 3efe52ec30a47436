/**
 * The compute context's job handlers, by job type: the analyses and Canopy's CFD wind. The entry
 * points gather every context's handlers (server/src/job-handlers.ts); a worker claims only the
 * types it has handlers for.
 */
import type { AppDeps } from '../../../deps.ts';
import type { CpuPool } from '../../../jobs/cpu-pool.ts';
import type { JobHandler } from '../../../jobs/worker.ts';
import { ANALYSIS_JOB_TYPES } from '../analyses/settings.ts';
import { createWeatherLibrary, weatherLibraryDir } from '../../projects/index.ts';
import { withScenarioEvents } from '../../scenarios/index.ts';
import { CFD_DIRECTION_JOB, CFD_WIND_JOB } from '../cfd/cfd-plan.ts';
import { solarHandler } from './solar.ts';
import { thermalComfortHandler } from './thermal-comfort.ts';
import { windComfortHandler } from './wind-comfort.ts';
import { cfdWindHandler } from './cfd-wind.ts';
import { cfdDirectionHandler } from './cfd-direction.ts';

export function computeJobHandlers(deps: AppDeps, cpu: CpuPool, log: (line: string) => void): Record<string, JobHandler> {
  // One weather library (and its parsed-file cache) per worker runtime.
  const analyses = { blobStore: deps.blobStore, cpu, weather: createWeatherLibrary(weatherLibraryDir(deps.config)), version: deps.version, log };
  const cfd = { blobStore: deps.blobStore, cpu, config: deps.config, version: deps.version, bus: deps.bus, log };
  return {
    // Wrapped so scenario status changes reach the WebSocket (scenarios/job-events.ts).
    [ANALYSIS_JOB_TYPES.solar]: withScenarioEvents(solarHandler(analyses), deps.bus),
    [ANALYSIS_JOB_TYPES.thermal]: withScenarioEvents(thermalComfortHandler(analyses), deps.bus),
    [ANALYSIS_JOB_TYPES.windComfort]: withScenarioEvents(windComfortHandler(analyses), deps.bus),
    // Canopy's CFD wind: a planning job per simulation, then one job per direction (which publishes
    // its own status: it must not mark a given-up run running again).
    [CFD_WIND_JOB]: withScenarioEvents(cfdWindHandler(cfd), deps.bus),
    [CFD_DIRECTION_JOB]: cfdDirectionHandler(cfd),
  };
}
