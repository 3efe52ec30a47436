/**
 * Job 'analysis.thermal-comfort': hourly UTCI on the presentation plane → % comfortable / hot / cold
 * and SPMV* % acceptable per season × time window (engine/analyses/thermal-comfort.ts). Wind comes
 * from the scenario's wind results where it has some (speed-up ratios carried to the plane's points),
 * else from the met wind moved to the site.
 */
import type { JobHandler } from '../../../jobs/worker.ts';
import { chunkRanges, concatChunks } from '@canopy/engine/analyses/layers.ts';
import { crossPeriods, HOURS_PER_YEAR, periodMask, unionMask } from '@canopy/engine/analyses/periods.ts';
import { nearestPoints, pickPointRows } from '@canopy/engine/analyses/point-match.ts';
import { siteSun } from '@canopy/engine/analyses/solar.ts';
import { UTCI_10M_OVER_PEDESTRIAN, type SpeedRatioWind } from '@canopy/engine/analyses/site-wind.ts';
import { SPMV_AIR_SPEED_BINS_MS } from '@canopy/engine/analyses/spmv-bounds.ts';
import { thermalLayers } from '@canopy/engine/analyses/thermal-comfort.ts';
import { prepareThermalHours, thermalWeatherFromEpw } from '@canopy/engine/analyses/thermal-hours.ts';
import { chunkSize, runChunks } from '../analyses/chunked.ts';
import { checkJobTarget } from './job-target.ts';
import { runAnalysisJob, type AnalysisServices } from '../analyses/job-run.ts';
import { loadScene } from '../analyses/scene.ts';
import { thermalJobInputSchema } from '../analyses/settings.ts';
import { loadWindResults, scenarioSimulationIds, speedRatioAssets } from '../analyses/wind-results.ts';

/** Wind results farther than this from a plane point are not used for it (met wind instead). */
const WIND_MATCH_DISTANCE_M = 5;
const SPMV_HOUR_CHUNK = 730;

export function thermalComfortHandler(services: AnalysisServices): JobHandler {
  return async (context) => {
    // What the job names must belong to the project that queued it (job-target.ts), before anything runs.
    await checkJobTarget(context, thermalJobInputSchema.parse(context.job.input));
    return runAnalysisJob(context, services, { schema: thermalJobInputSchema, label: 'Thermal comfort' }, async (run) => {
      const { settings, simulationId } = run.input;
      await run.report(1, 'loading geometry and weather');
      const scene = await loadScene(run.db, services.blobStore, simulationId);
      const weather = await run.weather();
      const site = run.site(weather);
      const sun = siteSun(site);
      const person = {
        metabolicRateMet: settings.metabolicRateMet,
        clothingClo: settings.clothingClo,
        posture: 'standing' as const,
        groundReflectance: settings.groundReflectance,
        siteTerrain: settings.siteTerrain,
      };
      const hours = prepareThermalHours(thermalWeatherFromEpw(weather.epw), sun, person);
      const periods = crossPeriods(settings.seasons, settings.timeWindows);
      const masks = periods.map((period) => periodMask(period));
      const points = scene.surface.positions.length / 3;

      const windResults = await loadWindResults(services.blobStore, await speedRatioAssets(run.db, await scenarioSimulationIds(run.db, simulationId)));
      let wind: SpeedRatioWind | undefined;
      if (windResults) {
        const match = nearestPoints(windResults.positions, scene.surface.positions, WIND_MATCH_DISTANCE_M);
        wind = {
          speedRatios: pickPointRows(windResults.speedRatios, windResults.directionsDeg.length, match),
          directionsDeg: windResults.directionsDeg,
          speedFactor: windResults.speedFactor,
        };
      }

      await run.report(3, 'SPMV* comfort bands');
      const union = unionMask(masks);
      const airSpeed = wind ? { binsMs: SPMV_AIR_SPEED_BINS_MS } : { perHourMs: hours.wind10mMs.map((w) => w / UTCI_10M_OVER_PEDESTRIAN) };
      const spmvInputs = chunkRanges(HOURS_PER_YEAR, SPMV_HOUR_CHUNK).map(([start, end]) => ({
        hours: {
          airTemperatureC: hours.airTemperatureC,
          relativeHumidityPct: hours.relativeHumidityPct,
          pressurePa: hours.pressurePa,
          clothingClo: hours.clothingClo,
        },
        metabolicRateMet: settings.metabolicRateMet,
        posture: person.posture,
        start,
        end,
        hourMask: union,
        airSpeed,
      }));
      const spmvParts = await runChunks(services.cpu, 'analysis.thermal.spmv-bounds', spmvInputs, {
        signal: run.signal,
        onChunkDone: (done, total) => run.report(3 + (17 * done) / total, `SPMV* comfort bands, ${done} of ${total}`),
      });
      const spmv = { start: 0, bins: spmvParts[0]!.bins, bounds: concatChunks(spmvParts.map((part) => part.bounds)) };

      const directions = wind?.directionsDeg.length ?? 0;
      const inputs = chunkRanges(points, chunkSize(points)).map(([start, end]) => ({
        sceneKey: scene.sceneKey,
        triangles: scene.triangles,
        points: scene.surface.positions.slice(start * 3, end * 3),
        hourVectors: sun.vectors,
        hours,
        masks,
        spmv,
        ...(wind ? { wind: { ...wind, speedRatios: wind.speedRatios.slice(start * directions, end * directions) }, spmvBinsMs: SPMV_AIR_SPEED_BINS_MS } : {}),
        quantisationDeg: settings.quantisationDeg,
      }));
      const outputs = await runChunks(services.cpu, 'analysis.thermal.chunk', inputs, {
        signal: run.signal,
        onChunkDone: (done, total) => run.report(20 + (75 * done) / total, `UTCI and SPMV* on the plane, ${done} of ${total} chunks`),
      });
      const joined = concatChunks(outputs);
      return thermalLayers({
        surface: scene.surface,
        periods,
        values: { pctComfortable: joined.pctComfortable, pctHot: joined.pctHot, pctCold: joined.pctCold, spmvPctAcceptable: joined.spmvPctAcceptable },
        provenance: run.provenance({
          method:
            'UTCI: Bröde et al. 2012 polynomial; MRT: SolarCal (ASHRAE 55-2020 Appendix C, outdoor form) from per-hour shade (grouped sun rays) and sky view fraction; SPMV*: Gagge two-node model (ASHRAE 55 Appendix D), acceptable |SPMV*| ≤ 0.5',
          wind: wind
            ? `wind results from ${windResults!.source} (γ per direction, ${windResults!.heightConvention}); pedestrian speed × ${UTCI_10M_OVER_PEDESTRIAN} = UTCI 10 m wind`
            : `met wind (10 m, open country) moved to 10 m over ${settings.siteTerrain} terrain by the ASHRAE power law (UTCI 10 m convention)`,
          metabolicRateMet: settings.metabolicRateMet,
          clothing: settings.clothingClo !== undefined ? `${settings.clothingClo} clo` : 'dynamic (Schiavon & Lee 2013, 06:00 outdoor temperature)',
          points,
        }),
      });
    });
  };
}
