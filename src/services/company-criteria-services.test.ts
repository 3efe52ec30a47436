/**
 * A company's criterion table as GET /api/criteria/ sends it in the viewer's in-browser
 * re-classification: the function its workers run (src/viewer/reclass/reclass-compute.ts) takes the
 * table as it takes a built-in criterion, and its legend is built from the table.
 */
import { describe, expect, it } from 'vitest';
import { comfortLegend } from '@canopy/engine/analyses/legends.ts';
import type { Criterion } from '@canopy/engine/wind/criteria.ts';
import { classifyPoints } from '../viewer/reclass/reclass-compute.ts';

/** The JSON of GET /api/criteria/ for a company table (origin and description ride along). */
const fromApi = JSON.parse(
  JSON.stringify({
    id: 'company-7',
    origin: 'company',
    name: 'Podium terraces',
    description: 'Our terraces',
    speedType: 'hourlyMean',
    exceedanceComparison: 'atMost',
    classes: [
      { label: 'Terrace dining', thresholdMs: 3, allowedExceedance: 0.04, colour: '#2c7bb6' },
      { label: 'Strolling', thresholdMs: 6, allowedExceedance: 0.05, colour: '#ffffbf' },
      { label: 'Too windy', thresholdMs: null, allowedExceedance: null, colour: '#d7191c' },
    ],
    safety: [{ label: 'Unsafe', thresholdMs: 15, allowedExceedance: 0.0003, colour: '#2d004b' }],
  }),
) as Criterion;

/**
 * A typical year from the north: in every 100 hours 95 at 2 m/s, 4 at 5 m/s, 1 at 16 m/s (87 whole
 * cycles and 60 calm-ish hours at 2 m/s). For γ = 1: P(U > 3) = 435 / 8760 = 5.0 % > 4 %, P(U > 6) =
 * 87 / 8760 = 1.0 % ≤ 5 % → Strolling; γ = 0.5: P(U > 3) = 1.0 % → Terrace dining; γ = 4: every
 * hour above 6 m/s → Too windy.
 */
const hours = 8760;
const windSpeedMs = Float32Array.from({ length: hours }, (_, h) => (h >= 8700 || h % 100 < 95 ? 2 : h % 100 < 99 ? 5 : 16));
const windDirectionDeg = new Float32Array(hours);

describe('a company table in the viewer’s re-classification', () => {
  it('classifies the stored speed-up ratios as the engine does', () => {
    const classes = classifyPoints(
      { speedRatios: Float32Array.from([0.5, 1, 4]), directionsDeg: [0] },
      {
        criterion: fromApi,
        season: { id: 'annual', name: 'Annual', months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] },
        timeWindow: { id: 'all-day', name: 'All day', window: '00:00-24:00' },
        windDirectionDeg,
        windSpeedMs,
        speedFactor: 1,
      },
    );
    expect(Array.from(classes, (c) => fromApi.classes[c]!.label)).toEqual(['Terrace dining', 'Strolling', 'Too windy']);
  });

  it('draws its classes with the table’s own labels and colours', () => {
    const legend = comfortLegend(fromApi);
    expect(legend.name).toBe('wind-comfort-company-7');
    expect(legend.classes).toEqual([
      { value: 0, label: 'Terrace dining', colour: '#2c7bb6' },
      { value: 1, label: 'Strolling', colour: '#ffffbf' },
      { value: 2, label: 'Too windy', colour: '#d7191c' },
    ]);
  });
});
