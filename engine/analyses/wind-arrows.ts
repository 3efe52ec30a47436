/**
 * Directional wind as arrows (docs/results-format.md "Arrows"): per simulated direction, the mean
 * horizontal wind at pedestrian points drawn as one arrow per point. The plane of a study holds
 * thousands to a hundred thousand points, far more arrows than anyone can read, so the arrows
 * stand on a thinned set: at most one point per square cell of a grid sized so that about
 * `maxArrows` cells hold points. Arrows point along the mean velocity (its ratio to the reference
 * speed, world axes) and are coloured by the mean pedestrian speed of that direction's hours.
 */
import { legendRef } from './legends.ts';
import type { AnalysisLayer, Provenance } from './layers.ts';

/**
 * About as many arrows as read at the viewer's fitted view: on an 800 × 600 view of a 300 m plane,
 * 1200 arrows stand about 9 px apart, so a flat arrow's shaft (0.35 of the spacing) is 3 px wide
 * and its head 7 px (src/viewer/scene/arrows.test.ts); at 4000 they stood under 5 px apart and
 * read as noise. Zooming in shows the same arrows larger.
 */
export const DEFAULT_MAX_ARROWS = 1200;

/**
 * Indices of the points arrows stand on: among points where `usable` holds, the one nearest the
 * centre of each occupied cell of a square grid whose cell is the larger of the points' own mean
 * spacing and the spacing that gives about `maxArrows` cells over their bounding box.
 */
export function arrowPointIndices(positions: Float32Array, usable: (p: number) => boolean, maxArrows = DEFAULT_MAX_ARROWS): Uint32Array {
  const count = positions.length / 3;
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity,
    n = 0;
  for (let p = 0; p < count; p++) {
    if (!usable(p)) continue;
    n++;
    minX = Math.min(minX, positions[3 * p]);
    maxX = Math.max(maxX, positions[3 * p]);
    minY = Math.min(minY, positions[3 * p + 1]);
    maxY = Math.max(maxY, positions[3 * p + 1]);
  }
  if (n === 0) return new Uint32Array(0);
  const area = Math.max(1e-6, (maxX - minX) * (maxY - minY));
  if (n <= maxArrows) return Uint32Array.from({ length: count }, (_, p) => p).filter(usable);
  const cell = Math.sqrt(area / maxArrows);
  const nx = Math.max(1, Math.ceil((maxX - minX) / cell + 1e-9));
  const best = new Map<number, { p: number; d: number }>();
  for (let p = 0; p < count; p++) {
    if (!usable(p)) continue;
    const fx = (positions[3 * p] - minX) / cell,
      fy = (positions[3 * p + 1] - minY) / cell;
    const i = Math.min(nx - 1, Math.floor(fx)),
      j = Math.floor(fy);
    const d = (fx - i - 0.5) ** 2 + (fy - j - 0.5) ** 2;
    const key = j * nx + i;
    const current = best.get(key);
    if (!current || d < current.d) best.set(key, { p, d });
  }
  return Uint32Array.from([...best.values()].map((b) => b.p)).sort();
}

export interface ArrowLayersInput {
  positions: Float32Array;
  directionsDeg: readonly number[];
  /** Mean velocity / reference speed, world axes (x east, y north): points × directions, row-major. */
  u: Float32Array;
  v: Float32Array;
  /** γ per point and direction (same layout): where it is not finite the point has no arrow. */
  speedRatios: Float32Array;
  /** Mean met speed of each direction's hours, m/s (NaN: no hours from there). */
  meanMetSpeedByDirectionMs: ArrayLike<number>;
  /** C: met station → the ratios' reference speed. */
  speedFactor: number;
  provenance: Provenance;
  maxArrows?: number;
}

const formatDirection = (deg: number) => String(Math.round(deg * 100) / 100);

export function windArrowLayers(input: ArrowLayersInput): AnalysisLayer[] {
  const directions = input.directionsDeg.length;
  const allFinite = (p: number) => {
    for (let i = 0; i < directions; i++) {
      const k = p * directions + i;
      if (!Number.isFinite(input.speedRatios[k]) || !Number.isFinite(input.u[k]) || !Number.isFinite(input.v[k])) return false;
    }
    return true;
  };
  const picked = arrowPointIndices(input.positions, allFinite, input.maxArrows);
  if (picked.length === 0) return [];
  const positions = new Float32Array(picked.length * 3);
  picked.forEach((p, a) => positions.set(input.positions.subarray(3 * p, 3 * p + 3), 3 * a));
  return input.directionsDeg.map((deg, i) => {
    const at = (values: Float32Array) => Float32Array.from(picked, (p) => values[p * directions + i]);
    const speed = at(input.speedRatios).map((g) => g * input.speedFactor * input.meanMetSpeedByDirectionMs[i]);
    return {
      key: `arrows.${formatDirection(deg).replace('.', 'p')}`,
      analysisType: 'wind-directional',
      metric: 'wind-speed',
      windDirection: formatDirection(deg),
      qualifiers: {},
      showByDefault: false,
      layerType: 'arrows',
      result: {
        positions,
        fields: { u: at(input.u), v: at(input.v), speed },
        metadata: {
          analysis: 'wind-directional',
          metric: 'wind-speed',
          units: 'm/s',
          legend: legendRef('wind-speed'),
          // The viewer colours an arrow layer by the first field named here.
          fields: ['speed'],
          windDirectionDeg: deg,
          fieldInfo: {
            u: { units: '', description: 'mean east velocity / reference speed (arrow direction)' },
            v: { units: '', description: 'mean north velocity / reference speed (arrow direction)' },
            speed: {
              units: 'm/s',
              metric: 'wind-speed',
              legend: legendRef('wind-speed'),
              description: 'γ·C × mean met speed of the hours from this direction',
            },
          },
          arrows: { points: picked.length, ofPoints: input.positions.length / 3 },
          provenance: input.provenance,
        },
      },
    } satisfies AnalysisLayer;
  });
}
