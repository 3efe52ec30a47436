/**
 * Job 'analysis.wind-comfort' (submit-postprocessing/): the simulation's per-direction speed-up
 * ratios + the scenario's weather → comfort class per criterion × season × window, safety levels and
 * directional layers (engine/analyses/wind-comfort.ts), in chunks of points on the CPU pool.
 */
import type { JobHandler } from '../../../jobs/worker.ts';
import { chunkRanges, concatChunks } from '@canopy/engine/analyses/layers.ts';
import { crossPeriods, periodMask, pickRows, typicalYearRows } from '@canopy/engine/analyses/periods.ts';
import { meanSpeedByDirection, windComfortLayers } from '@canopy/engine/analyses/wind-comfort.ts';
import { chunkSize, runChunks } from '../analyses/chunked.ts';
import { checkJobTarget } from './job-target.ts';
import { runAnalysisJob, type AnalysisServices } from '../analyses/job-run.ts';
import { windComfortJobInputSchema } from '../analyses/settings.ts';
import { loadWindResults, speedRatioAssets } from '../analyses/wind-results.ts';
import { jobCriteria } from '../../projects/index.ts';

export function windComfortHandler(services: AnalysisServices): JobHandler {
  return async (context) => {
    // What the job names must belong to the project that queued it (job-target.ts), before anything runs.
    await checkJobTarget(context, windComfortJobInputSchema.parse(context.job.input));
    return runAnalysisJob(context, services, { schema: windComfortJobInputSchema, label: 'Wind comfort' }, async (run) => {
      const { settings, simulationId } = run.input;
      await run.report(1, 'loading wind results and weather');
      const results = await loadWindResults(services.blobStore, await speedRatioAssets(run.db, [simulationId]));
      if (!results) throw new Error('the simulation has no speed-up ratio layers (assets with metadata.field "speedRatio" and a wind_direction)');
      const weather = await run.weather();
      const rows = typicalYearRows(weather.epw);
      const windDirectionDeg = pickRows(weather.epw.windDirectionDeg, rows);
      const windSpeedMs = pickRows(weather.epw.windSpeedMs, rows);
      const periods = crossPeriods(settings.seasons, settings.timeWindows);
      const masks = periods.map((period) => periodMask(period));
      // A directional-wind study has no criterion: only the directional layers and arrows.
      const criteria = settings.directionalOnly ? [] : await jobCriteria(run.db, run.input.projectId, settings);
      const directions = results.directionsDeg.length;
      const points = results.positions.length / 3;

      const inputs = chunkRanges(points, chunkSize(points, { max: 4096 })).map(([start, end]) => ({
        speedRatios: results.speedRatios.slice(start * directions, end * directions),
        ...(results.gemSpeedRatios ? { gemSpeedRatios: results.gemSpeedRatios.slice(start * directions, end * directions) } : {}),
        directionsDeg: results.directionsDeg,
        windDirectionDeg,
        windSpeedMs,
        masks,
        criteria,
        speedFactor: results.speedFactor,
      }));
      await run.report(5, 'exceedance probabilities');
      const outputs = criteria.length
        ? await runChunks(services.cpu, 'analysis.wind.chunk', inputs, {
            signal: run.signal,
            onChunkDone: (done, total) => run.report(5 + (88 * done) / total, `exceedance probabilities, ${done} of ${total} chunks`),
          })
        : [];
      const joined = outputs.length ? concatChunks(outputs) : { criteria: [] };
      return windComfortLayers({
        surface: { positions: results.positions, ...(results.indices ? { indices: results.indices } : {}) },
        periods,
        criteria,
        results: joined.criteria,
        speedRatios: results.speedRatios,
        directionsDeg: results.directionsDeg,
        meanMetSpeedByDirectionMs: meanSpeedByDirection(windDirectionDeg, windSpeedMs, results.directionsDeg),
        speedFactor: results.speedFactor,
        gemAvailable: Boolean(results.gemSpeedRatios),
        ...(results.vectors ? { vectors: results.vectors } : {}),
        provenance: run.provenance({
          windSource: results.source,
          ...(results.method !== undefined ? { windMethod: results.method } : {}),
          heightConvention: results.heightConvention,
          directionsDeg: results.directionsDeg,
          method: 'Method A, hourly counting (nearest simulated direction per hour; fast sorted-speed search)',
          criteria: criteria.map((c) => c.id),
        }),
      });
    });
  };
}
