/**
 * Job 'analysis.solar': % sun-lit per season × time window and clear-sky sun hours on chosen dates,
 * on the scenario's presentation plane, ray cast against all its geometry (engine/analyses/solar.ts)
 * in chunks of points on the CPU pool.
 */
import type { JobHandler } from '../../../jobs/worker.ts';
import { concatChunks, chunkRanges } from '@canopy/engine/analyses/layers.ts';
import { crossPeriods, periodMask } from '@canopy/engine/analyses/periods.ts';
import { siteSun, solarLayers } from '@canopy/engine/analyses/solar.ts';
import { chunkSize, runChunks } from '../analyses/chunked.ts';
import { checkJobTarget } from './job-target.ts';
import { runAnalysisJob, type AnalysisServices } from '../analyses/job-run.ts';
import { loadScene } from '../analyses/scene.ts';
import { solarJobInputSchema } from '../analyses/settings.ts';

export function solarHandler(services: AnalysisServices): JobHandler {
  return async (context) => {
    // What the job names must belong to the project that queued it (job-target.ts), before anything runs.
    await checkJobTarget(context, solarJobInputSchema.parse(context.job.input));
    return runAnalysisJob(context, services, { schema: solarJobInputSchema, label: 'Solar' }, async (run) => {
      const { settings, simulationId } = run.input;
      await run.report(1, 'loading geometry');
      const scene = await loadScene(run.db, services.blobStore, simulationId);
      // Solar needs no weather values, only the site's standard time zone, which the EPW header gives.
      const weather = await run.weather();
      const site = run.site(weather);
      const sun = siteSun(site);
      const periods = crossPeriods(settings.seasons, settings.timeWindows);
      const masks = periods.map((period) => periodMask(period));
      const points = scene.surface.positions.length / 3;
      const inputs = chunkRanges(points, chunkSize(points)).map(([start, end]) => ({
        sceneKey: scene.sceneKey,
        triangles: scene.triangles,
        points: scene.surface.positions.slice(start * 3, end * 3),
        hourVectors: sun.vectors,
        masks,
        site,
        sunHours: settings.sunHours,
        quantisationDeg: settings.quantisationDeg,
      }));
      await run.report(3, 'ray casting');
      const outputs = await runChunks(services.cpu, 'analysis.solar.chunk', inputs, {
        signal: run.signal,
        onChunkDone: (done, total) => run.report(3 + (92 * done) / total, `ray casting, ${done} of ${total} chunks`),
      });
      const joined = concatChunks(outputs);
      return solarLayers({
        surface: scene.surface,
        periods,
        sunHoursRequests: settings.sunHours,
        pctSunlit: joined.pctSunlit,
        sunHours: joined.sunHours,
        site,
        provenance: run.provenance({
          method:
            'clear-sky direct sun by ray casting (three-mesh-bvh) against all scenario geometry, rays grouped by sun direction with shadow-edge refinement; sun positions by NREL SPA',
          points,
          triangles: scene.triangles.length / 9,
        }),
      });
    });
  };
}
