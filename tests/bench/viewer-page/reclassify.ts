/**
 * The browser half of the comfort re-classification benchmark (comfort-reclass.bench.ts): 100,000
 * points × 16 directions of speed ratios (and gust ratios) loaded into the viewer's
 * re-classification workers once, then the map re-computed under one criterion after another — what
 * a user switching criterion waits for. The weather year comes from the Node side
 * (window.reclassWeather), the Chicago TMY3 hours.
 */
import { getCriterion } from '@canopy/engine/wind/criteria.ts';
import { createReclassifier } from '../../../src/viewer/reclass/reclass-pool.ts';

declare global {
  interface Window {
    reclassWeather?: { windDirectionDeg: number[]; windSpeedMs: number[] };
  }
}

export const RECLASS_POINTS = 100_000;
export const RECLASS_DIRECTIONS = 16;

/** The same deterministic ratios as the Node side builds (linear congruential sequence, γ in 0–2). */
export function benchRatios(points = RECLASS_POINTS, directions = RECLASS_DIRECTIONS): Float32Array {
  let state = 20240607;
  return Float32Array.from({ length: points * directions }, () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return (state / 2147483648) * 2;
  });
}

export const RECLASS_CRITERIA = ['davenport', 'nen-8100', 'lawson-2001', 'lawson-lddc', 'davenport', 'nen-8100'];

export async function reclassify(): Promise<Record<string, number>> {
  const weather = window.reclassWeather;
  if (!weather) throw new Error('window.reclassWeather is not set');
  const speedRatios = benchRatios();
  const gemSpeedRatios = speedRatios.map((g) => g * 1.25);
  const directionsDeg = Array.from({ length: RECLASS_DIRECTIONS }, (_, i) => (i * 360) / RECLASS_DIRECTIONS);
  const loadStart = performance.now();
  const pool = await createReclassifier({ speedRatios, gemSpeedRatios, directionsDeg });
  const loadMs = performance.now() - loadStart;
  const request = (id: string) => ({
    criterion: getCriterion(id),
    season: { id: 'annual', name: 'Annual', months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] },
    timeWindow: { id: 'all-day', name: 'All day', window: '00:00-24:00' },
    windDirectionDeg: Float32Array.from(weather.windDirectionDeg),
    windSpeedMs: Float32Array.from(weather.windSpeedMs),
    speedFactor: 0.85,
  });
  try {
    // The stored map's criterion first (the workers warm up), then one switch after another.
    await pool.classify(request('lawson-lddc'));
    const samples: number[] = [];
    let classified = 0;
    for (const id of RECLASS_CRITERIA) {
      const { classIndex, ms } = await pool.classify(request(id));
      samples.push(ms);
      classified = classIndex.length;
    }
    const sorted = [...samples].sort((a, b) => a - b);
    return {
      medianMs: sorted[Math.floor(sorted.length / 2)]!,
      maxMs: sorted.at(-1)!,
      minMs: sorted[0]!,
      loadMs,
      workers: pool.workers,
      cores: navigator.hardwareConcurrency,
      points: classified,
      directions: RECLASS_DIRECTIONS,
      switches: samples.length,
    };
  } finally {
    pool.dispose();
  }
}
