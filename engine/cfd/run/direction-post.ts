/**
 * The post-processing of one CFD direction: what the averaged lattice statistics mean at the
 * pedestrian points, the probes and the field grid, in world axes and as ratios to the approach
 * flow. The comfort formulas themselves (σ from k, GEM, turbulence intensity) are engine/wind/gem.ts.
 */
import type { Hierarchy } from '../grid/build-hierarchy.ts';
import { toSolver, vectorToWorld, type Frame } from '../geometry/rotate.ts';
import { sampleMean, sampleSlab } from '../post/sample.ts';
import { maxMeanGemFromStdMs, turbulenceIntensity, turbulenceStdMs } from '../../wind/gem.ts';
import type { DirectionInput, DirectionResult, PedestrianResolution, PedestrianResult, ProbeResult } from './direction.ts';

/**
 * One pedestrian point's comfort reading from its mean speed and the speed's standard deviation σ
 * (m/s), as ratios to the reference speed: speed, turbulence intensity σ/U, and max(U, GEM).
 */
export function pedestrianReading(speedMs: number, sigmaMs: number, refSpeedMs: number) {
  return {
    speedRatio: speedMs / refSpeedMs,
    turbulenceIntensity: turbulenceIntensity(speedMs, sigmaMs),
    gemRatio: maxMeanGemFromStdMs(speedMs, sigmaMs) / refSpeedMs,
  };
}

/**
 * Reads a finished run's statistics: at the pedestrian points (speed ratio, turbulence intensity,
 * GEM ratio, mean direction), at the probes and on the coarse field grid, all turned back to world
 * axes and divided by the approach flow's speed at the reference height (`refSpeed`, m/s).
 */
export function postProcess(input: DirectionInput, h: Hierarchy, frame: Frame, samples: number, refSpeed: number): Omit<DirectionResult, 'manifest'> {
  const count = Math.floor(input.points.length / 3);
  const local = new Float64Array(3 * count);
  for (let p = 0; p < count; p++) {
    const [x, y] = toSolver(frame, input.points[3 * p], input.points[3 * p + 1]);
    local[3 * p] = x;
    local[3 * p + 1] = y;
    local[3 * p + 2] = input.points[3 * p + 2];
  }
  const lp = h.physics.latticePerMs;
  const shape = h.physics.profile.speedMs;
  const mean = sampleMean(h, lp, samples, local, shape);
  const slab = sampleSlab(h, lp, samples, local, shape);
  const ped: PedestrianResult = {
    speedRatio: new Float32Array(count),
    turbulenceIntensity: new Float32Array(count),
    gemRatio: new Float32Array(count),
    u: new Float32Array(count),
    v: new Float32Array(count),
    level: new Int8Array(count),
  };
  for (let p = 0; p < count; p++) {
    ped.level[p] = slab.level[p] >= 0 ? slab.level[p] : mean.level[p];
    if (ped.level[p] < 0) continue;
    const inSlab = slab.level[p] >= 0;
    const speed = inSlab ? slab.meanSpeed[p] : Math.hypot(mean.u[p], mean.v[p], mean.w[p]);
    // σ of the speed: resolved fluctuation plus the modelled part, σ² = (2/3)k (isotropic). Points
    // above the pedestrian slab (roof terraces, balconies) take it from the statistics every cell
    // keeps: (2/3) of the resolved and modelled k.
    const sigma = inSlab ? Math.sqrt(slab.speedStd[p] ** 2 + turbulenceStdMs(slab.modelledTke[p]) ** 2) : turbulenceStdMs(mean.k[p]);
    const reading = pedestrianReading(speed, sigma, refSpeed);
    ped.speedRatio[p] = reading.speedRatio;
    ped.turbulenceIntensity[p] = reading.turbulenceIntensity;
    ped.gemRatio[p] = reading.gemRatio;
    const [wu, wv] = vectorToWorld(frame, mean.u[p], mean.v[p]);
    ped.u[p] = wu / refSpeed;
    ped.v[p] = wv / refSpeed;
  }
  let probes: ProbeResult | null = null;
  if (input.probes) {
    const n = Math.floor(input.probes.length / 3);
    const pts = new Float64Array(3 * n);
    for (let p = 0; p < n; p++) {
      const [x, y] = toSolver(frame, input.probes[3 * p], input.probes[3 * p + 1]);
      pts.set([x, y, input.probes[3 * p + 2]], 3 * p);
    }
    const m = sampleMean(h, lp, samples, pts, shape);
    probes = { u: new Float64Array(n), v: new Float64Array(n), w: m.w, k: m.k, kResolved: m.kResolved, level: m.level };
    for (let p = 0; p < n; p++) [probes.u[p], probes.v[p]] = vectorToWorld(frame, m.u[p], m.v[p]);
  }
  let field: Float32Array | null = null;
  if (input.field) {
    const { originM, spacingM, dims } = input.field;
    const n = dims[0] * dims[1] * dims[2];
    const pts = new Float64Array(3 * n);
    let c = 0;
    for (let k = 0; k < dims[2]; k++)
      for (let j = 0; j < dims[1]; j++)
        for (let i = 0; i < dims[0]; i++, c++) {
          const [x, y] = toSolver(frame, originM[0] + i * spacingM, originM[1] + j * spacingM);
          pts[3 * c] = x;
          pts[3 * c + 1] = y;
          pts[3 * c + 2] = originM[2] + k * spacingM;
        }
    const m = sampleMean(h, lp, samples, pts, shape);
    field = new Float32Array(3 * n);
    for (let q = 0; q < n; q++) {
      if (m.level[q] < 0) continue;
      const [wu, wv] = vectorToWorld(frame, m.u[q], m.v[q]);
      field[3 * q] = wu / refSpeed;
      field[3 * q + 1] = wv / refSpeed;
      field[3 * q + 2] = m.w[q] / refSpeed;
    }
  }
  return { pedestrian: ped, probes, field };
}

/** How finely the pedestrian points were resolved, for the manifest (null when none was read). */
export function pedestrianResolution(h: Hierarchy, points: Float64Array, level: Int8Array): PedestrianResolution | null {
  const pointsPerLevel = h.levels.map(() => 0);
  let below = 0;
  for (let p = 0; p < level.length; p++) if (level[p] >= 0) pointsPerLevel[level[p]]++;
  if (pointsPerLevel.every((n) => n === 0)) return null;
  const main = pointsPerLevel.indexOf(Math.max(...pointsPerLevel));
  const cellM = h.levels[main].box.dxM;
  for (let p = 0; p < level.length; p++) if (level[p] === main && points[3 * p + 2] < cellM / 2) below++;
  return {
    cellM,
    firstCellCentreM: cellM / 2,
    pointsPerLevel,
    reading:
      below > 0
        ? `${below} of the ${pointsPerLevel[main]} points read from ${cellM} m cells lie below the first cell centre (${cellM / 2} m): read by the log-law wall function of the ground (the approach profile's shape, as the wall model assumes), not interpolated`
        : `interpolated between cell centres along the approach profile's shape`,
  };
}
