/**
 * Instant re-classification: a comfort map of 100,000 points × 16 directions re-computed
 * under another criterion in the viewer's Web Workers, in a real Chromium page (the viewer bench
 * page) — against the server's post-processing of the same: the wind-comfort job's classification
 * step (the same engine function over 4,096-point chunks on the server's worker-thread pool, with
 * the safety pass it always computes), for the same points, directions, weather year and criterion.
 * Goal: the browser within a second. The ratio is browser / server (below 1: the browser is faster).
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseEpw } from '@canopy/engine/weather/epw.ts';
import { getCriterion } from '@canopy/engine/wind/criteria.ts';
import { chunkRanges } from '@canopy/engine/analyses/layers.ts';
import { periodMask, pickRows, typicalYearRows } from '@canopy/engine/analyses/periods.ts';
import { createCpuPool } from '../../server/src/jobs/cpu-pool.ts';
import { chunkSize, runChunks } from '../../server/src/contexts/compute/analyses/chunked.ts';
import { report } from './harness.ts';
import { openBenchPage } from './viewer-page/page.ts';
import { benchRatios, RECLASS_CRITERIA, RECLASS_DIRECTIONS, RECLASS_POINTS } from './viewer-page/reclassify.ts';

export default async function bench(): Promise<void> {
  const epw = parseEpw(readFileSync(new URL('../fixtures/chicago.epw', import.meta.url), 'utf8'));
  const rows = typicalYearRows(epw);
  const windDirectionDeg = pickRows(epw.windDirectionDeg, rows);
  const windSpeedMs = pickRows(epw.windSpeedMs, rows);

  // Browser: the viewer's workers in Chromium.
  const page = await openBenchPage();
  let browser: Record<string, number>;
  try {
    await page.page.evaluate((w) => (window.reclassWeather = w), { windDirectionDeg: Array.from(windDirectionDeg), windSpeedMs: Array.from(windSpeedMs) });
    browser = await page.run('reclassify');
  } finally {
    await page.close();
  }

  // Server: the wind-comfort job's classification step on its CPU pool, same input.
  const speedRatios = benchRatios();
  const gemSpeedRatios = speedRatios.map((g) => g * 1.25);
  const directionsDeg = Array.from({ length: RECLASS_DIRECTIONS }, (_, i) => (i * 360) / RECLASS_DIRECTIONS);
  const masks = [
    periodMask({
      season: { id: 'annual', name: 'Annual', months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] },
      timeWindow: { id: 'all-day', name: 'All day', window: '00:00-24:00' },
    }),
  ];
  const cpu = createCpuPool();
  const serverMs: number[] = [];
  try {
    const size = chunkSize(RECLASS_POINTS, { max: 4096 });
    const inputsFor = (id: string) =>
      chunkRanges(RECLASS_POINTS, size).map(([start, end]) => ({
        speedRatios: speedRatios.slice(start * RECLASS_DIRECTIONS, end * RECLASS_DIRECTIONS),
        gemSpeedRatios: gemSpeedRatios.slice(start * RECLASS_DIRECTIONS, end * RECLASS_DIRECTIONS),
        directionsDeg,
        windDirectionDeg,
        windSpeedMs,
        masks,
        criteria: [getCriterion(id)],
        speedFactor: 0.85,
      }));
    const signal = new AbortController().signal;
    await runChunks(cpu, 'analysis.wind.chunk', inputsFor('lawson-lddc'), { signal }); // threads start, modules load
    for (const id of RECLASS_CRITERIA.slice(0, 3)) {
      const start = performance.now();
      await runChunks(cpu, 'analysis.wind.chunk', inputsFor(id), { signal });
      serverMs.push(performance.now() - start);
    }
  } finally {
    await cpu.close();
  }
  const server = [...serverMs].sort((a, b) => a - b)[Math.floor(serverMs.length / 2)]!;
  const ratio = browser.medianMs! / server;
  report({
    name: `comfort re-classification ${RECLASS_POINTS} pts × ${RECLASS_DIRECTIONS} dirs, browser / server`,
    ratio,
    target: 'browser ≤ 1000 ms',
    pass: browser.medianMs! <= 1000,
    details: {
      browserMedianMs: browser.medianMs!,
      browserMaxMs: browser.maxMs!,
      browserMinMs: browser.minMs!,
      browserWorkers: browser.workers!,
      browserCores: browser.cores!,
      loadIntoWorkersMs: browser.loadMs!,
      serverMedianMs: server,
      serverThreads: cpu.threads,
      switches: browser.switches!,
    },
  });
}
