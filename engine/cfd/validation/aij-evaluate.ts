/**
 * Scores one AIJ Case A run against every measured set (datasets.ts) from a single list of probes:
 * the vertical stations (U and k), the two horizontal planes (horizontal speed), and the lines along
 * which the reattachment lengths are read. And the same grid without the building: how much of the
 * approach flow the refined levels lose near the ground.
 */
import { ablProfile } from '../bc/abl-inlet.ts';
import type { ProbeResult } from '../run/direction.ts';
import { approachInlet, B_M, U_H_MS, type Measured, type Probe } from './aij-case-a.ts';
import { fac2, hitRate, pearson, reattachmentLength, type HitRate } from './metrics.ts';

export interface AijData {
  profileCsv: string;
  /** The 30 given vertical-station points, the 36 others, the two 60-point planes. */
  given: Measured[];
  more: Measured[];
  plane: Measured[];
  plane125: Measured[];
}

/** Height of the wall-adjacent lines the reattachment lengths are read on: b/16 above the floor and the roof. */
const WALL_OFFSET_B = 1 / 16;
const LINE_STEP_B = 1 / 40;

export interface AijProbeLayout {
  probes: Probe[];
  given: [number, number];
  more: [number, number];
  plane: [number, number];
  plane125: [number, number];
  /** Behind the building along y = 0 (distance from the rear face, m). */
  floor: [number, number];
  floorDistanceM: number[];
  /** Over the roof along y = 0 (distance from the front roof edge, m). */
  roof: [number, number];
  roofDistanceM: number[];
}

export function aijProbeLayout(data: AijData): AijProbeLayout {
  const probes: Probe[] = [];
  const add = (list: Probe[]): [number, number] => {
    const start = probes.length;
    probes.push(...list.map((p) => ({ xOverB: p.xOverB, yOverB: p.yOverB, zOverB: p.zOverB })));
    return [start, probes.length];
  };
  const given = add(data.given),
    more = add(data.more),
    plane = add(data.plane),
    plane125 = add(data.plane125);
  const floorDistanceM: number[] = [],
    roofDistanceM: number[] = [];
  const floorStart = probes.length;
  for (let d = 0; d <= 5.5 + 1e-9; d += LINE_STEP_B) {
    probes.push({ xOverB: 0.5 + d, yOverB: 0, zOverB: WALL_OFFSET_B });
    floorDistanceM.push(d * B_M);
  }
  const roofStart = probes.length;
  for (let d = 0; d <= 1 + 1e-9; d += LINE_STEP_B) {
    probes.push({ xOverB: -0.5 + d, yOverB: 0, zOverB: 2 + WALL_OFFSET_B });
    roofDistanceM.push(d * B_M);
  }
  return {
    probes,
    given,
    more,
    plane,
    plane125,
    floor: [floorStart, roofStart],
    floorDistanceM,
    roof: [roofStart, probes.length],
    roofDistanceM,
  };
}

export interface SetScore {
  count: number;
  hitW010: HitRate;
  hitW006: HitRate;
  r: number;
  /** Vertical stations only. */
  kFac2: HitRate | null;
}

export interface PointRow {
  probe: Probe;
  measured: number;
  predicted: number;
  hit: boolean;
  kMeasured?: number;
  kPredicted?: number;
}

export interface AijEvaluation {
  given: SetScore;
  more: SetScore;
  vertical: SetScore;
  plane: SetScore;
  plane125: SetScore;
  /** Of the pedestrian points with a measured speed-up ≥ 1.1 (over the approach speed at z/b = 0.125), those within 15 %. */
  speedUps: HitRate;
  /** Predicted and measured ratio at the front-corner stream (x/b, y/b) = (−0.25, −0.625). */
  cornerStream: { predicted: number; measured: number };
  /** The largest speed-up ratio of the plane, predicted and measured. */
  largestSpeedUp: { predicted: number; measured: number };
  /** Resolved σ of U (m/s) at the plane's points 1.5b and more to the side, where the flow is undisturbed. */
  sideResolvedSigma: { mean: number; max: number };
  /**
   * The resolved part of the turbulence in the near wake (the vertical stations at x/b = 0.75–2,
   * below the roof): the mean resolved σ (√(2k_resolved/3), m/s) and the resolved share of k —
   * whether the wake sheds (in the JSON, not the report).
   */
  wakeResolved: { sigmaMs: number; share: number };
  /** k predicted / measured at pedestrian height behind the building, x/b = 1.25, 2.0, 3.25. */
  wakeK: Array<{ xOverB: number; ratio: number }>;
  xf: number | null;
  xr: number | null;
  /** Mean U (m/s) along the roof's line, b/16 above it on y = 0, every line step from the front edge: what X_R is read from (in the JSON, not the report). */
  roofLineU: number[];
  signs: boolean;
  stagnationU: number;
  reverseU: number;
  rows: { given: PointRow[]; more: PointRow[]; plane: PointRow[] };
}

export function evaluateAij(data: AijData, layout: AijProbeLayout, result: ProbeResult): AijEvaluation {
  const profile = ablProfile(approachInlet(data.profileCsv));
  const w006 = (p: Probe) => 0.06 * profile.speedMs(p.zOverB * B_M);
  const at = ([start]: [number, number], i: number) => start + i;
  const vertical = (set: Measured[], range: [number, number]) => {
    const predicted = set.map((_, i) => result.u[at(range, i)]);
    const kPredicted = set.map((_, i) => result.k[at(range, i)]);
    return { predicted, observed: set.map((m) => m.U), kPredicted, kObserved: set.map((m) => m.k) };
  };
  const scoreOf = (predicted: number[], observed: number[], probes: Probe[], k: { p: number[]; o: number[] } | null): SetScore => ({
    count: observed.length,
    hitW010: hitRate(predicted, observed, 0.1 * U_H_MS),
    hitW006: hitRate(predicted, observed, (i) => w006(probes[i])),
    r: pearson(predicted, observed),
    kFac2: k ? fac2(k.p, k.o) : null,
  });
  const g = vertical(data.given, layout.given),
    m = vertical(data.more, layout.more);
  const given = scoreOf(g.predicted, g.observed, data.given, { p: g.kPredicted, o: g.kObserved });
  const more = scoreOf(m.predicted, m.observed, data.more, { p: m.kPredicted, o: m.kObserved });
  const all = [...data.given, ...data.more];
  const verticalScore = scoreOf([...g.predicted, ...m.predicted], [...g.observed, ...m.observed], all, {
    p: [...g.kPredicted, ...m.kPredicted],
    o: [...g.kObserved, ...m.kObserved],
  });
  const horizontal = (set: Measured[], range: [number, number]) => ({
    predicted: set.map((_, i) => Math.hypot(result.u[at(range, i)], result.v[at(range, i)])),
    observed: set.map((p) => Math.hypot(p.U, p.V)),
  });
  const ped = horizontal(data.plane, layout.plane);
  const p125 = horizontal(data.plane125, layout.plane125);
  const plane = scoreOf(ped.predicted, ped.observed, data.plane, null);
  const plane125 = scoreOf(p125.predicted, p125.observed, data.plane125, null);

  const uRef = profile.speedMs(0.125 * B_M);
  let speedUpHits = 0,
    speedUpCount = 0,
    corner = { predicted: NaN, measured: NaN };
  const largest = { predicted: 0, measured: 0 };
  const side: number[] = [];
  data.plane.forEach((p, i) => {
    const o = ped.observed[i] / uRef,
      q = ped.predicted[i] / uRef;
    if (o >= 1.1) {
      speedUpCount++;
      if (Math.abs(q - o) <= 0.15 * o) speedUpHits++;
    }
    if (p.xOverB === -0.25 && p.yOverB === -0.625) corner = { predicted: q, measured: o };
    largest.predicted = Math.max(largest.predicted, q);
    largest.measured = Math.max(largest.measured, o);
    if (Math.abs(p.yOverB) >= 1.5) side.push(Math.sqrt(Math.max(0, (2 / 3) * result.kResolved[at(layout.plane, i)])));
  });

  let wakeSigma = 0,
    wakeRes = 0,
    wakeAll = 0,
    wakeCount = 0;
  all.forEach((p, i) => {
    if (p.xOverB < 0.75 || p.xOverB > 2 || p.zOverB > 2) return;
    const o = i < data.given.length ? at(layout.given, i) : at(layout.more, i - data.given.length);
    wakeSigma += Math.sqrt(Math.max(0, (2 / 3) * result.kResolved[o]));
    wakeRes += result.kResolved[o];
    wakeAll += result.k[o];
    wakeCount++;
  });
  const wakeResolved = { sigmaMs: wakeSigma / wakeCount, share: wakeRes / wakeAll };

  const wakeK = [1.25, 2, 3.25].map((x) => {
    const i = all.findIndex((p) => p.xOverB === x && p.zOverB === 0.125);
    const predicted = i < data.given.length ? g.kPredicted[i] : m.kPredicted[i - data.given.length];
    return { xOverB: x, ratio: predicted / all[i].k };
  });

  const line = (range: [number, number]) => Array.from({ length: range[1] - range[0] }, (_, i) => result.u[range[0] + i]);
  const xf = reattachmentLength(layout.floorDistanceM, line(layout.floor));
  const xr = reattachmentLength(layout.roofDistanceM, line(layout.roof));
  const uAt = (x: number, z: number) => g.predicted[data.given.findIndex((p) => p.xOverB === x && p.zOverB === z)];
  const stagnationU = uAt(-0.75, 0.125),
    reverseU = uAt(0.75, 0.125);
  const rows = (set: Measured[], p: ReturnType<typeof vertical>): PointRow[] =>
    set.map((probe, i) => {
      const d = Math.abs(p.predicted[i] - p.observed[i]);
      return {
        probe,
        measured: p.observed[i],
        predicted: p.predicted[i],
        hit: d <= 0.25 * Math.abs(p.observed[i]) || d <= 0.1 * U_H_MS,
        kMeasured: p.kObserved[i],
        kPredicted: p.kPredicted[i],
      };
    });
  return {
    given,
    more,
    vertical: verticalScore,
    plane,
    plane125,
    speedUps: { rate: speedUpCount ? speedUpHits / speedUpCount : NaN, hits: speedUpHits, count: speedUpCount },
    cornerStream: corner,
    largestSpeedUp: largest,
    wakeResolved,
    sideResolvedSigma: { mean: side.reduce((a, s) => a + s, 0) / Math.max(1, side.length), max: Math.max(0, ...side) },
    wakeK,
    xf: xf === null ? null : xf / B_M,
    xr: xr === null ? null : xr / B_M,
    roofLineU: line(layout.roof),
    signs: reverseU < 0 && Math.abs(stagnationU) < 0.1 * U_H_MS + 0.25 * 0.21,
    stagnationU,
    reverseU,
    rows: {
      given: rows(data.given, g),
      more: rows(data.more, m),
      plane: data.plane.map((probe, i) => {
        const d = Math.abs(ped.predicted[i] - ped.observed[i]);
        return { probe, measured: ped.observed[i], predicted: ped.predicted[i], hit: d <= 0.25 * ped.observed[i] || d <= 0.1 * U_H_MS };
      }),
    },
  };
}

/** Heights (z/b) at which the empty AIJ grid's loss is read. */
export const AIJ_EMPTY_HEIGHTS_B = [0.0625, 0.125, 0.25, 0.5, 1, 2] as const;
/** Streamwise positions (x/b): level 0 just upstream of the refined boxes (they start at x = −45 m), then the building's position. */
const AIJ_EMPTY_UPSTREAM_B = -5;
const AIJ_EMPTY_LINE_B = [-4.5, -4, -3, -2, -1.5, -1, -0.5, 0];

export function aijEmptyProbes(): Probe[] {
  const out: Probe[] = [];
  for (const z of AIJ_EMPTY_HEIGHTS_B) for (const x of [AIJ_EMPTY_UPSTREAM_B, ...AIJ_EMPTY_LINE_B]) out.push({ xOverB: x, yOverB: 0, zOverB: z });
  return out;
}

export interface AijEmptyRow {
  zOverB: number;
  /** U at the building's position / the measured inflow at that height. */
  ofInflow: number;
  /** U at the building's position / U in level 0 just upstream of the refined boxes. */
  throughInterfaces: number;
  /** Largest |U / U upstream − 1| along the refined stretch. */
  worstThroughInterfaces: number;
  /**
   * Largest resolved σ (√(2k_resolved/3), m/s) along the line: with nothing in the way and no
   * turbulence in the inflow, whatever fluctuates is the numerics.
   */
  resolvedSigmaMs: number;
}

export function evaluateAijEmpty(profileCsv: string, result: ProbeResult): AijEmptyRow[] {
  const profile = ablProfile(approachInlet(profileCsv));
  const perZ = 1 + AIJ_EMPTY_LINE_B.length;
  return AIJ_EMPTY_HEIGHTS_B.map((z, row) => {
    const o = row * perZ;
    const upstream = result.u[o];
    let worst = 0,
      sigma = 0;
    for (let i = 1; i < perZ; i++) worst = Math.max(worst, Math.abs(result.u[o + i] / upstream - 1));
    for (let i = 0; i < perZ; i++) sigma = Math.max(sigma, Math.sqrt(Math.max(0, (2 / 3) * result.kResolved[o + i])));
    const atBuilding = result.u[o + perZ - 1];
    return {
      zOverB: z,
      ofInflow: atBuilding / profile.speedMs(z * B_M),
      throughInterfaces: atBuilding / upstream,
      worstThroughInterfaces: worst,
      resolvedSigmaMs: sigma,
    };
  });
}
