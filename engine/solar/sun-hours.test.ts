import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { generateDemoDistrict } from '../demo/district.ts';
import { presentationPlane } from '../demo/presentation-plane.ts';
import { groupSunDirections, hourlySunDirections, sunDirectionsForWindow, WHOLE_YEAR, type SunDirection } from './sun-directions.ts';
import { buildSceneBvh, sunHoursOnDate, sunlitFraction, sunlitMatrix } from './sun-hours.ts';
import { sunPosition, sunVector } from './sun-position.ts';

const CHICAGO = { latitudeDeg: 41.98, longitudeDeg: -87.92, utcOffsetHours: -6 };

/** A 40 × 40 m roof at 4 m with a fascia hanging down to 1 m on all four sides. */
function pavilion(): Float32Array {
  const h = 20;
  const quads: number[][][] = [
    [
      [-h, -h, 4],
      [h, -h, 4],
      [h, h, 4],
      [-h, h, 4],
    ], // roof
    [
      [-h, -h, 1],
      [h, -h, 1],
      [h, -h, 4],
      [-h, -h, 4],
    ], // south fascia
    [
      [h, -h, 1],
      [h, h, 1],
      [h, h, 4],
      [h, -h, 4],
    ], // east
    [
      [h, h, 1],
      [-h, h, 1],
      [-h, h, 4],
      [h, h, 4],
    ], // north
    [
      [-h, h, 1],
      [-h, -h, 1],
      [-h, -h, 4],
      [-h, h, 4],
    ], // west
  ];
  return Float32Array.from(quads.flatMap(([a, b, c, d]) => [...a, ...b, ...c, ...a, ...c, ...d]));
}

/** One tiny triangle far below the site: a scene that shades nothing. */
const emptyScene = (): Float32Array => Float32Array.of(1000, 1000, -100, 1001, 1000, -100, 1000, 1001, -100);

describe('sunlitFraction and sunlitMatrix', () => {
  const year = hourlySunDirections(CHICAGO.latitudeDeg, CHICAGO.longitudeDeg, CHICAGO.utcOffsetHours);
  const everyHour = groupSunDirections(year.vectors, undefined, 0).directions;

  it('never lights a point under a roof, in any hour of the year', () => {
    const bvh = buildSceneBvh(pavilion());
    const points = Float32Array.of(0, 0, 1.5, 10, -10, 1.5, -18, 18, 1.5);
    const fraction = sunlitFraction(points, undefined, everyHour, bvh);
    expect(Array.from(fraction)).toEqual([0, 0, 0]);
  });

  it('lights an open point in the demo plaza at noon on the summer solstice', () => {
    const district = generateDemoDistrict();
    const bvh = buildSceneBvh(district.triangles);
    const noon = sunPosition(new Date(Date.UTC(2023, 5, 21, 18)), CHICAGO.latitudeDeg, CHICAGO.longitudeDeg); // 12:00 CST
    expect(noon.elevationDeg).toBeGreaterThan(70);
    const direction: SunDirection = { vector: sunVector(noon.azimuthDeg, noon.elevationDeg), weight: 1 };
    expect(sunlitFraction(Float32Array.of(0, 0, 1.5), undefined, [direction], bvh)[0]).toBe(1);
    // …and the same point is shaded at that moment when a roof is added above it.
    const roofed = new Float32Array(district.triangles.length + 9);
    roofed.set(district.triangles);
    roofed.set([-5, -5, 4, 5, -5, 4, 0, 5, 4], district.triangles.length);
    expect(sunlitFraction(Float32Array.of(0, 0, 1.5), undefined, [direction], buildSceneBvh(roofed))[0]).toBe(0);
  });

  it('never lights a point when the sun is below the horizon (property)', () => {
    const bvh = buildSceneBvh(emptyScene());
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.double({ min: 0, max: 360, noNaN: true }), fc.double({ min: -90, max: 0, noNaN: true }), fc.double({ min: 0.1, max: 5, noNaN: true })),
          { minLength: 1, maxLength: 20 },
        ),
        fc.tuple(fc.double({ min: -50, max: 50, noNaN: true }), fc.double({ min: -50, max: 50, noNaN: true }), fc.double({ min: 0, max: 30, noNaN: true })),
        fc.boolean(),
        (suns, [x, y, z], withNormal) => {
          const directions = suns.map(([az, el, weight]) => ({ vector: sunVector(az, el), weight }));
          const normals = withNormal ? Float32Array.of(0, 0, 1) : undefined;
          expect(sunlitFraction(Float32Array.of(x, y, z), normals, directions, bvh)[0]).toBe(0);
          expect(sunlitMatrix(Float32Array.of(x, y, z), normals, directions, bvh).every((v) => v === 0)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('counts below-horizon weight in the total: an unobstructed point is lit for the daylight share', () => {
    const bvh = buildSceneBvh(emptyScene());
    const fraction = sunlitFraction(Float32Array.of(0, 0, 1.5), undefined, everyHour, bvh)[0];
    const daylight = Array.from(year.elevationDeg).filter((e) => e > 0).length / 8760;
    expect(fraction).toBeCloseTo(daylight, 5);
    expect(daylight).toBeGreaterThan(0.49);
    expect(daylight).toBeLessThan(0.52);
  });

  it('self-shades a surface facing away from the sun', () => {
    const bvh = buildSceneBvh(emptyScene());
    const southSun: SunDirection = { vector: sunVector(180, 30), weight: 1 };
    const northFacing = Float32Array.of(0, 1, 0);
    const southFacing = Float32Array.of(0, -1, 0);
    expect(sunlitFraction(Float32Array.of(0, 0, 5), northFacing, [southSun], bvh)[0]).toBe(0);
    expect(sunlitFraction(Float32Array.of(0, 0, 5), southFacing, [southSun], bvh)[0]).toBe(1);
  });

  it('offsets ray origins so a point on a roof is not shaded by that roof', () => {
    const bvh = buildSceneBvh(pavilion());
    const onRoof = Float32Array.of(0, 0, 4);
    const up = Float32Array.of(0, 0, 1);
    expect(sunlitFraction(onRoof, up, [{ vector: sunVector(180, 45), weight: 1 }], bvh)[0]).toBe(1);
  });
});

describe('sunHoursOnDate', () => {
  it('gives the astronomical day length on open ground (Chicago, 21 June ≈ 15 h 14 min)', () => {
    const bvh = buildSceneBvh(emptyScene());
    const hours = sunHoursOnDate(Float32Array.of(0, 0, 1.5), undefined, bvh, { ...CHICAGO, year: 2023, month: 6, day: 21, minuteInterval: 10 });
    expect(hours[0]).toBeGreaterThan(15);
    expect(hours[0]).toBeLessThan(15.5);
  });

  it('respects the time window and the minute interval', () => {
    const bvh = buildSceneBvh(emptyScene());
    const options = { ...CHICAGO, year: 2023, month: 6, day: 21, startHour: 9, endHour: 15 };
    expect(sunHoursOnDate(Float32Array.of(0, 0, 1.5), undefined, bvh, { ...options, minuteInterval: 30 })[0]).toBe(6);
    expect(sunHoursOnDate(Float32Array.of(0, 0, 1.5), undefined, bvh, { ...options, minuteInterval: 60 })[0]).toBe(6);
    expect(sunHoursOnDate(Float32Array.of(0, 0, 1.5), undefined, buildSceneBvh(pavilion()), { ...options, minuteInterval: 30 })[0]).toBe(0);
  });

  it('gives fewer sun hours between towers than in the open plaza in winter', () => {
    const district = generateDemoDistrict();
    const bvh = buildSceneBvh(district.triangles);
    const plane = presentationPlane(district, { spacingM: 8 });
    const hours = sunHoursOnDate(plane.points, plane.normals, bvh, { ...CHICAGO, year: 2023, month: 12, day: 21, minuteInterval: 30 });
    const values = Array.from(hours);
    expect(Math.max(...values)).toBeGreaterThan(8); // day length ≈ 9 h 8 min
    expect(Math.min(...values)).toBe(0);
  });
});

describe('grouped sun directions', () => {
  it('turns the year into hundreds of directions whose weights add up to the window', () => {
    const directions = sunDirectionsForWindow(CHICAGO.latitudeDeg, CHICAGO.longitudeDeg, CHICAGO.utcOffsetHours, WHOLE_YEAR);
    const total = directions.reduce((sum, d) => sum + d.weight, 0);
    expect(total).toBe(8760);
    const above = directions.filter((d) => d.vector[2] > 0);
    expect(above.length).toBeGreaterThan(300);
    expect(above.length).toBeLessThan(1200);
  });

  it('keeps every hour within the grouping tolerance of its group direction', () => {
    const { vectors } = hourlySunDirections(CHICAGO.latitudeDeg, CHICAGO.longitudeDeg, CHICAGO.utcOffsetHours);
    const quantisationDeg = 2;
    const { directions, groupOf } = groupSunDirections(vectors, undefined, quantisationDeg);
    let worstDeg = 0;
    let sumDeg = 0;
    let daylight = 0;
    for (let h = 0; h < 8760; h++) {
      const v = directions[groupOf[h]].vector;
      if (v[2] < 0) {
        expect(vectors[h * 3 + 2]).toBeLessThanOrEqual(0);
        continue;
      }
      const chord = Math.hypot(vectors[h * 3] - v[0], vectors[h * 3 + 1] - v[1], vectors[h * 3 + 2] - v[2]);
      const deviationDeg = (2 * Math.asin(chord / 2) * 180) / Math.PI;
      worstDeg = Math.max(worstDeg, deviationDeg);
      sumDeg += deviationDeg;
      daylight++;
    }
    // A member can sit anywhere in its cell: never farther than the cell diagonal from the mean,
    // and on average well under half a cell.
    expect(worstDeg).toBeLessThan(Math.sqrt(3) * quantisationDeg);
    expect(sumDeg / daylight).toBeLessThan(quantisationDeg / 2);
  });

  it('agrees with one ray per hour on ≥ 99 % of point-hours in the demo district', () => {
    const district = generateDemoDistrict();
    const bvh = buildSceneBvh(district.triangles);
    const plane = presentationPlane(district, { spacingM: 16 });
    const { vectors } = hourlySunDirections(CHICAGO.latitudeDeg, CHICAGO.longitudeDeg, CHICAGO.utcOffsetHours);
    const exact = groupSunDirections(vectors, undefined, 0);
    const grouped = groupSunDirections(vectors, undefined, 2);
    const litExact = sunlitMatrix(plane.points, undefined, exact.directions, bvh);
    const litGrouped = sunlitMatrix(plane.points, undefined, grouped.directions, bvh);
    const count = plane.points.length / 3;
    let same = 0;
    for (let p = 0; p < count; p++)
      for (let h = 0; h < 8760; h++)
        if (litExact[p * exact.directions.length + exact.groupOf[h]] === litGrouped[p * grouped.directions.length + grouped.groupOf[h]]) same++;
    expect(same / (count * 8760)).toBeGreaterThanOrEqual(0.99);
  });
});
