/**
 * The job handlers, by job type. Each analysis registers its handler here; a worker claims only the
 * types it has handlers for.
 */
import type { AppDeps } from '../../deps.ts';
import type { CpuPool } from '../cpu-pool.ts';
import type { JobHandler } from '../worker.ts';
import { ANALYSIS_JOB_TYPES } from '../../services/analyses/settings.ts';
import { createWeatherLibrary, weatherLibraryDir } from '../../services/weather/library.ts';
import { solarHandler } from './solar.ts';
import { thermalComfortHandler } from './thermal-comfort.ts';
import { windComfortHandler } from './wind-comfort.ts';
import { geometryValidationHandler } from './geometry-validation.ts';
import { GEOMETRY_VALIDATE_JOB } from '../../services/scenarios/validation.ts';
import { withScenarioEvents } from '../../services/scenarios/job-events.ts';

export interface HandlerServices {
  deps: AppDeps;
  cpu: CpuPool;
  log: (line: string) => void;
}

export function jobHandlers({ deps, cpu, log }: HandlerServices): Record<string, JobHandler> {
  // One weather library (and its parsed-file cache) per worker runtime.
  const analyses = { blobStore: deps.blobStore, cpu, weather: createWeatherLibrary(weatherLibraryDir(deps.config)), version: deps.version, log };
  return {
    // Wrapped so scenario status changes reach the WebSocket (services/scenarios/job-events.ts).
    [ANALYSIS_JOB_TYPES.solar]: withScenarioEvents(solarHandler(analyses), deps.bus),
    [ANALYSIS_JOB_TYPES.thermal]: withScenarioEvents(thermalComfortHandler(analyses), deps.bus),
    [ANALYSIS_JOB_TYPES.windComfort]: withScenarioEvents(windComfortHandler(analyses), deps.bus),
    [GEOMETRY_VALIDATE_JOB]: geometryValidationHandler(deps),
  };
}
