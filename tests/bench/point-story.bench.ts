/**
 * A point's hourly story: a year of hours (Chicago TMY3, 8,760) replayed at one clicked point of a
 * 100,489-point wind result, in the viewer's story worker in a real Chromium page (the viewer bench
 * page) — from the click to the answer — against the same computation on the page's main thread
 * (the same engine function without the worker: the fair baseline, measured in the same run), for
 * 4, 16, 36 and 72 simulated directions. Goal: ≤ 1 s per point at every size. The ratio is
 * worker / main thread at 16 directions (above 1: the worker's messaging costs that much; the
 * worker keeps the page responsive while it computes).
 */
import { readFileSync } from 'node:fs';
import { parseEpw } from '@canopy/engine/weather/epw.ts';
import { pickRows, typicalYearRows } from '@canopy/engine/analyses/periods.ts';
import { report } from './harness.ts';
import { openBenchPage } from './viewer-page/page.ts';
import { STORY_DIRECTIONS } from './viewer-page/point-story.ts';

const GOAL_MS = 1000;

export default async function bench(): Promise<void> {
  const epw = parseEpw(readFileSync(new URL('../fixtures/chicago.epw', import.meta.url), 'utf8'));
  const rows = typicalYearRows(epw);
  const weather = {
    windDirectionDeg: Array.from(pickRows(epw.windDirectionDeg, rows)),
    windSpeedMs: Array.from(pickRows(epw.windSpeedMs, rows)),
    airTemperatureC: Array.from(pickRows(epw.dryBulbC, rows)),
    relativeHumidityPct: Array.from(pickRows(epw.relativeHumidityPct, rows)),
    directNormalWm2: Array.from(pickRows(epw.directNormalWhM2, rows)),
  };
  const page = await openBenchPage();
  let m: Record<string, number>;
  try {
    await page.page.evaluate((w) => (window.storyWeather = w), weather);
    m = await page.run('pointStories');
  } finally {
    await page.close();
  }
  for (const d of STORY_DIRECTIONS) {
    const worker = m[`worker${d}Ms`]!;
    report({
      name: `point story ${d} dirs × ${m.hours} h, worker / main thread`,
      ratio: worker / m[`main${d}Ms`]!,
      target: `≤ ${GOAL_MS} ms per point`,
      pass: m[`workerMax${d}Ms`]! <= GOAL_MS,
      details: {
        size: d * m.hours!,
        workerMedianMs: worker,
        workerMaxMs: m[`workerMax${d}Ms`]!,
        mainThreadMedianMs: m[`main${d}Ms`]!,
        resultPoints: m.points!,
        periods: m.periods!,
      },
    });
  }
}
