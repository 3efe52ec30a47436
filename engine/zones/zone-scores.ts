/**
 * Zone scores of one result layer, from its points: the points inside each zone's outline (x, y of
 * the scene's metres, point-in-polygon) stand for the zone's area, each point counting equally (the
 * result planes are meshed evenly; a point is a share of the area). For a comfort-class layer:
 * the share meeting the zone's intended use (its class no windier than the use accepts), and the
 * share breaking the criterion's safety limits; for a safety layer that share alone; for a numeric
 * layer (hours of sun, % of time thermally comfortable, speed…) the mean, minimum and maximum, in
 * the layer's units. Points without a value (NaN) are left out of every figure.
 */
import type { Criterion } from '../wind/criterion-schema.ts';
import { exceedanceFieldName } from '../analyses/layers.ts';
import type { ScoredZone } from './zone-uses.ts';
import { pointInPolygon, ringBounds } from './point-in-polygon.ts';
import { classLimitForUse } from './zone-use-class.ts';

export type ScoreKind = 'comfort' | 'safety' | 'numeric';

export interface ScoredLayer {
  /** xyz per point, site metres. */
  positions: Float32Array;
  fields: Readonly<Record<string, Float32Array>>;
  kind: ScoreKind;
  /** The numeric layer's field (a comfort or safety layer reads its own fields). */
  field?: string;
  /** The table a comfort or safety layer was classified by. */
  criterion?: Criterion;
}

export interface ZoneScore {
  zoneId: number;
  /** Result points inside the outline (with a value). */
  points: number;
  /** Share (0–1) of the zone meeting its intended use's comfort class. */
  meets: number | null;
  /** Share (0–1) of the zone breaking a safety limit of the criterion. */
  unsafe: number | null;
  mean: number | null;
  min: number | null;
  max: number | null;
}

const empty = (zoneId: number): ZoneScore => ({ zoneId, points: 0, meets: null, unsafe: null, mean: null, min: null, max: null });

/** The layer's kind from its metric: comfort classes, safety levels, or numbers. */
export function scoreKindOf(metric: string | null | undefined): ScoreKind {
  return metric === 'comfort-class' ? 'comfort' : metric === 'safety' ? 'safety' : 'numeric';
}

function meetsAllowed(probability: number, allowed: number, comparison: Criterion['exceedanceComparison']): boolean {
  return comparison === 'lessThan' ? probability < allowed : probability <= allowed;
}

/** Per point: 1 when a safety limit is broken, 0 when none is, NaN when the layer cannot say. */
function unsafeOf(layer: ScoredLayer): ((i: number) => number) | null {
  const level = layer.fields.safetyLevel;
  if (level) return (i) => (Number.isNaN(level[i]!) ? NaN : level[i]! > 0 ? 1 : 0);
  const criterion = layer.criterion;
  if (!criterion?.safety.length) return null;
  const columns = criterion.safety.map((s) => ({ values: layer.fields[exceedanceFieldName(s.thresholdMs)], allowed: s.allowedExceedance }));
  if (columns.some((c) => !c.values)) return null;
  return (i) => {
    let broken = 0;
    for (const c of columns) {
      const p = c.values![i]!;
      if (Number.isNaN(p)) return NaN;
      if (!meetsAllowed(p, c.allowed, criterion.exceedanceComparison)) broken = 1;
    }
    return broken;
  };
}

export function scoreZone(zone: Pick<ScoredZone, 'id' | 'use' | 'polygon'>, layer: ScoredLayer): ZoneScore {
  const { positions } = layer;
  const box = ringBounds(zone.polygon);
  const classes = layer.kind === 'comfort' ? layer.fields.comfortClass : undefined;
  const limit = classes && layer.criterion ? classLimitForUse(layer.criterion, zone.use) : null;
  const unsafe = layer.kind === 'numeric' ? null : unsafeOf(layer);
  const numbers = layer.kind === 'numeric' && layer.field ? layer.fields[layer.field] : undefined;
  let points = 0;
  let meeting = 0;
  let classed = 0;
  let broken = 0;
  let judged = 0;
  let sum = 0;
  let counted = 0;
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0, n = positions.length / 3; i < n; i++) {
    const x = positions[3 * i]!;
    const y = positions[3 * i + 1]!;
    if (x < box.minX || x > box.maxX || y < box.minY || y > box.maxY || !pointInPolygon(x, y, zone.polygon)) continue;
    let valued = false;
    if (classes && limit !== null && !Number.isNaN(classes[i]!)) {
      classed++;
      valued = true;
      if (classes[i]! <= limit) meeting++;
    }
    const u = unsafe?.(i);
    if (u !== undefined && !Number.isNaN(u)) {
      judged++;
      valued = true;
      broken += u;
    }
    const v = numbers?.[i];
    if (v !== undefined && Number.isFinite(v)) {
      counted++;
      valued = true;
      sum += v;
      if (v < min) min = v;
      if (v > max) max = v;
    }
    if (valued) points++;
  }
  if (points === 0) return empty(zone.id);
  return {
    zoneId: zone.id,
    points,
    meets: classed ? meeting / classed : null,
    unsafe: judged ? broken / judged : null,
    mean: counted ? sum / counted : null,
    min: counted ? min : null,
    max: counted ? max : null,
  };
}

export function scoreZones(zones: ReadonlyArray<Pick<ScoredZone, 'id' | 'use' | 'polygon'>>, layer: ScoredLayer): ZoneScore[] {
  return zones.map((zone) => scoreZone(zone, layer));
}

const minus = (b: number | null, a: number | null) => (a === null || b === null ? null : b - a);

/** B − A of two scenarios' scores of one zone (the points are each scenario's own). */
export function scoreDifference(a: ZoneScore, b: ZoneScore): ZoneScore {
  return {
    zoneId: b.zoneId,
    points: b.points - a.points,
    meets: minus(b.meets, a.meets),
    unsafe: minus(b.unsafe, a.unsafe),
    mean: minus(b.mean, a.mean),
    min: minus(b.min, a.min),
    max: minus(b.max, a.max),
  };
}
