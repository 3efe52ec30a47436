import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { generateDemoDistrict } from '../demo/district.ts';
import { presentationPlane } from '../demo/presentation-plane.ts';
import { groupSunDirections, hourlySunDirections, windowHourMask } from './sun-directions.ts';
import { buildSceneBvh, sunlitMatrix } from './sun-hours.ts';
import { sunlitByHour, sunlitShare } from './sunlit-hours.ts';
import { sunVector } from './sun-position.ts';

const CHICAGO = { latitudeDeg: 41.98, longitudeDeg: -87.92, utcOffsetHours: -6 };
const year = hourlySunDirections(CHICAGO.latitudeDeg, CHICAGO.longitudeDeg, CHICAGO.utcOffsetHours);
const district = generateDemoDistrict();
const bvh = buildSceneBvh(district.triangles);
const plane = presentationPlane(district, { spacingM: 16 });

/** One exact ray per hour: the reference answer, points × 8760. */
function exactByHour(points: Float32Array): Uint8Array {
  const exact = groupSunDirections(year.vectors, undefined, 0);
  const matrix = sunlitMatrix(points, undefined, exact.directions, bvh);
  const count = points.length / 3;
  const out = new Uint8Array(count * 8760);
  for (let p = 0; p < count; p++) for (let h = 0; h < 8760; h++) out[p * 8760 + h] = matrix[p * exact.directions.length + exact.groupOf[h]];
  return out;
}

describe('sunlitByHour (grouped rays with edge refinement)', () => {
  const reference = exactByHour(plane.points);

  it('agrees with one exact ray per hour on ≥ 99.9 % of point-hours while casting far fewer rays', () => {
    const { lit, rays } = sunlitByHour(plane.points, undefined, year.vectors, bvh);
    let same = 0;
    for (let i = 0; i < lit.length; i++) if (lit[i] === reference[i]) same++;
    expect(same / lit.length).toBeGreaterThanOrEqual(0.999);
    const daylight = Array.from(year.elevationDeg).filter((e) => e > 0).length;
    expect(rays / (plane.points.length / 3)).toBeLessThan(daylight / 2.5);
  });

  it('without refinement gives exactly the plain grouped answer', () => {
    const { lit } = sunlitByHour(plane.points, undefined, year.vectors, bvh, { refineEdges: false });
    const grouped = groupSunDirections(year.vectors, undefined, 2);
    const matrix = sunlitMatrix(plane.points, undefined, grouped.directions, bvh);
    const count = plane.points.length / 3;
    let mismatches = 0;
    for (let p = 0; p < count; p++)
      for (let h = 0; h < 8760; h++) if (lit[p * 8760 + h] !== matrix[p * grouped.directions.length + grouped.groupOf[h]]) mismatches++;
    expect(mismatches).toBe(0);
  });

  it('never lights any point at night (property over random scenes and points)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.double({ min: 0, max: 360, noNaN: true }), fc.double({ min: -90, max: 90, noNaN: true })), { minLength: 1, maxLength: 40 }),
        fc.tuple(
          fc.double({ min: -100, max: 100, noNaN: true }),
          fc.double({ min: -100, max: 100, noNaN: true }),
          fc.double({ min: 0.5, max: 50, noNaN: true }),
        ),
        (suns, [x, y, z]) => {
          const vectors = Float32Array.from(suns.flatMap(([az, el]) => sunVector(az, el)));
          const { lit } = sunlitByHour(Float32Array.of(x, y, z), undefined, vectors, bvh);
          suns.forEach(([, el], h) => {
            if (vectors[h * 3 + 2] <= 0) expect(lit[h]).toBe(0);
            else if (el <= 0) expect(lit[h]).toBe(0);
          });
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('sunlitShare', () => {
  it('matches the exact share and honours a window mask', () => {
    const summerAfternoon = windowHourMask({ startMonth: 6, endMonth: 8, startHour: 12, endHour: 18 });
    const share = sunlitShare(plane.points, undefined, year.vectors, bvh, { hourWeights: summerAfternoon });
    const reference = exactByHour(plane.points);
    const windowHours = summerAfternoon.reduce((a, b) => a + b, 0);
    let worst = 0;
    let sum = 0;
    for (let p = 0; p < share.length; p++) {
      let lit = 0;
      for (let h = 0; h < 8760; h++) if (summerAfternoon[h] && reference[p * 8760 + h]) lit++;
      const difference = Math.abs(share[p] - lit / windowHours);
      worst = Math.max(worst, difference);
      sum += difference;
    }
    expect(sum / share.length).toBeLessThan(0.002);
    // The worst point looks through an 8 m gap between two slabs 45 m away: a slot narrower than
    // a 2° group, which group rays can miss for a few weeks of one clock hour (see module note).
    expect(worst).toBeLessThan(0.05);
    // Summer afternoons are all daylight in Chicago: open points are lit nearly all the time.
    expect(Math.max(...share)).toBe(1);
  });

  it('rejects a mask of the wrong length', () => {
    expect(() => sunlitShare(plane.points, undefined, year.vectors, bvh, { hourWeights: new Uint8Array(10) })).toThrow(/one value per hour/);
  });
});
