/**
 * Sun-lit hours over a year on the demo district: grouped BVH rays with shadow-edge refinement
 * (engine/solar/sunlit-hours.ts `sunlitByHour`) against the strongest fair alternative, one exact
 * ray per daylight hour through the same BVH (`sunlitMatrix` with every hour its own direction),
 * timed on a subset of 500 points and scaled to the full 10,000. Both pay the same sun directions
 * and BVH build. The earlier baseline, three.js `Raycaster` on a plain `Mesh` (every triangle
 * tested), is still timed on a few points and printed for information only.
 *
 * Targets: ≥ 2× faster than exact per-hour BVH rays (grouping the hours must pay for its
 * refinement rays), ≥ 99 % agreement, ≥ 150,000 rays per second on one thread.
 * Agreement is the share of (point, hour) decisions — lit or not — that match one exact ray per
 * hour; it is measured against the brute force on its subset and against exact BVH rays on the
 * 500-point subset. BENCH_BRUTE_POINTS sets the brute-force subset (default 8).
 */
import { performance } from 'node:perf_hooks';
import { DoubleSide, Mesh, MeshBasicMaterial, Raycaster, Vector3, BufferAttribute, BufferGeometry } from 'three';
import { generateDemoDistrict } from '@canopy/engine/demo/district.ts';
import { presentationPlane } from '@canopy/engine/demo/presentation-plane.ts';
import { DEFAULT_QUANTISATION_DEG, groupSunDirections, hourlySunDirections } from '@canopy/engine/solar/sun-directions.ts';
import { buildSceneBvh, sunlitMatrix } from '@canopy/engine/solar/sun-hours.ts';
import { sunlitByHour } from '@canopy/engine/solar/sunlit-hours.ts';
import { report } from './harness.ts';

const POINTS = 10_000;
const CHICAGO = { latitudeDeg: 41.98, longitudeDeg: -87.92, utcOffsetHours: -6 };

/** Exactly `count` points spread evenly over the presentation plane. */
function evenSubset(points: Float32Array, count: number): Float32Array {
  const available = points.length / 3;
  if (available < count) throw new Error(`presentation plane has only ${available} points`);
  const out = new Float32Array(count * 3);
  for (let i = 0; i < count; i++) {
    const source = Math.floor((i * available) / count);
    out.set(points.subarray(source * 3, source * 3 + 3), i * 3);
  }
  return out;
}

export default async function sunHoursBench(): Promise<void> {
  const district = generateDemoDistrict();
  console.log(`demo district: ${district.triangleCount} triangles, ${district.buildings.length} buildings, ${district.trees.length / 2} trees`);
  const points = evenSubset(presentationPlane(district, { spacingM: 2 }).points, POINTS);

  // Grouped BVH path, timed end to end: sun directions, BVH build, grouping, rays, refinement.
  const started = performance.now();
  const { vectors } = hourlySunDirections(CHICAGO.latitudeDeg, CHICAGO.longitudeDeg, CHICAGO.utcOffsetHours);
  const bvhStarted = performance.now();
  const bvh = buildSceneBvh(district.triangles);
  const raysStarted = performance.now();
  const { lit: litByHour, rays: groupedRays } = sunlitByHour(points, undefined, vectors, bvh);
  const finished = performance.now();
  const groupedMs = finished - started;
  const raysPerSecond = groupedRays / ((finished - raysStarted) / 1000);
  const grouped = groupSunDirections(vectors, undefined, DEFAULT_QUANTISATION_DEG);
  const castable = grouped.directions.filter((d) => d.vector[2] > 0).length;

  // Exact hourly directions: the baseline's rays, and the reference for agreement.
  const exact = groupSunDirections(vectors, undefined, 0);
  const daylightHours = exact.directions.filter((d) => d.vector[2] > 0).length;

  // Brute force: three.js Raycaster against a Mesh without any acceleration structure.
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(district.triangles, 3));
  geometry.computeBoundingSphere();
  const mesh = new Mesh(geometry, new MeshBasicMaterial({ side: DoubleSide }));
  const raycaster = new Raycaster();
  const bruteCount = Number(process.env.BENCH_BRUTE_POINTS ?? 8);
  const brutePoints = evenSubset(points, bruteCount);
  const origin = new Vector3();
  const direction = new Vector3();
  const bruteLit = new Uint8Array(bruteCount * exact.directions.length);
  const bruteStarted = performance.now();
  for (let p = 0; p < bruteCount; p++) {
    origin.set(brutePoints[p * 3], brutePoints[p * 3 + 1], brutePoints[p * 3 + 2]);
    for (let d = 0; d < exact.directions.length; d++) {
      const v = exact.directions[d].vector;
      if (!(v[2] > 0)) continue;
      raycaster.set(origin, direction.set(v[0], v[1], v[2]));
      if (raycaster.intersectObject(mesh, false).length === 0) bruteLit[p * exact.directions.length + d] = 1;
    }
  }
  const bruteMs = performance.now() - bruteStarted;
  const bruteScaledMs = (bruteMs / bruteCount) * POINTS;

  // Agreement per daylight (point, hour): our answer vs the exact ray for that hour. Night hours
  // agree trivially and are left out so they do not flatter the figure.
  const agreement = (litExact: Uint8Array, ourPointIndex: (p: number) => number, count: number): number => {
    let same = 0;
    let total = 0;
    for (let p = 0; p < count; p++) {
      const ours = ourPointIndex(p);
      for (let h = 0; h < 8760; h++) {
        if (!(vectors[h * 3 + 2] > 0)) continue;
        total++;
        if (litExact[p * exact.directions.length + exact.groupOf[h]] === litByHour[ours * 8760 + h]) same++;
      }
    }
    return same / total;
  };
  const bruteIndex = (p: number): number => Math.floor((p * POINTS) / bruteCount);
  const agreementBrute = agreement(bruteLit, bruteIndex, bruteCount);

  const exactSubset = 500;
  const exactPoints = evenSubset(points, exactSubset);
  const exactStarted = performance.now();
  const litExactBvh = sunlitMatrix(exactPoints, undefined, exact.directions, bvh);
  const exactRaysMs = performance.now() - exactStarted;
  // The same directions and BVH as the grouped path, then one ray per point and daylight hour.
  const exactScaledMs = raysStarted - started + (exactRaysMs / exactSubset) * POINTS;
  const agreementExact = agreement(litExactBvh, (p) => Math.floor((p * POINTS) / exactSubset), exactSubset);
  // Brute force and exact BVH rays must give identical decisions on the brute-force subset.
  const bvhOnBrute = sunlitMatrix(brutePoints, undefined, exact.directions, bvh);
  let identical = 0;
  for (let i = 0; i < bvhOnBrute.length; i++) if (bvhOnBrute[i] === bruteLit[i]) identical++;

  const ratio = exactScaledMs / groupedMs;
  report({
    name: 'year sun-lit hours: grouped vs exact-hour BVH rays',
    ratio,
    target: '≥ 2×',
    pass: ratio >= 2,
    details: {
      points: POINTS,
      triangles: district.triangleCount,
      daylightHours,
      groupDirections: castable,
      raysPerPoint: Math.round(groupedRays / POINTS),
      groupedMs: Math.round(groupedMs),
      bvhBuildMs: Math.round(raysStarted - bvhStarted),
      exactSubsetPoints: exactSubset,
      exactScaledMs: Math.round(exactScaledMs),
    },
  });
  report({
    name: 'for information: grouped vs brute Raycaster',
    ratio: bruteScaledMs / groupedMs,
    details: { bruteSubsetPoints: bruteCount, bruteScaledMs: Math.round(bruteScaledMs) },
  });
  report({
    name: 'agreement with one exact ray per hour',
    ratio: Math.min(agreementBrute, agreementExact),
    target: '≥ 0.99',
    pass: Math.min(agreementBrute, agreementExact) >= 0.99,
    details: {
      vsBruteSubset: agreementBrute,
      vsExactBvh500: agreementExact,
      bvhEqualsBrute: identical / bvhOnBrute.length,
    },
  });
  report({
    name: 'rays per second, one thread',
    ratio: raysPerSecond / 150_000,
    target: '≥ 1 (150,000 rays/s)',
    pass: raysPerSecond >= 150_000,
    details: { raysPerSecond: Math.round(raysPerSecond), rays: groupedRays },
  });
}
