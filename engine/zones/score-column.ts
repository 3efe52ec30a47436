/**
 * One layer's zone scores as a column of the table: the layer's decoded points scored per zone
 * (zone-scores.ts) with what the table prints beside them: the layer's kind, units and the name of
 * the criterion a comfort or safety layer was classified by (the table it carries in its metadata,
 * which also decides what each use accepts). The viewer's Zones panel and the exported PDF both
 * score through this function, so they print the same numbers.
 */
import type { Criterion } from '../wind/criterion-schema.ts';
import { scoreKindOf, scoreZones, type ScoreKind, type ZoneScore } from './zone-scores.ts';
import type { ScoredZone } from './zone-uses.ts';

/** What is scored: the layer's name in the table, its metric, the numeric field to summarise and its units. */
export interface LayerToScore {
  label: string;
  metric: string | null;
  /** The numeric field to summarise (a comfort or safety layer reads its own fields). */
  field?: string;
  unit: string;
}

/** One column's scores, a row per zone (in the zones' order); the numbers' kind names which apply. */
export interface ScoreColumn {
  label: string;
  kind: ScoreKind;
  unit: string;
  /** The criterion a comfort or safety layer was classified by (its name). */
  criterion: string | null;
  scores: ZoneScore[];
}

/** A decoded result layer: its points (xyz, site metres), fields and metadata. */
export interface DecodedPoints {
  positions: Float32Array;
  fields: Readonly<Record<string, Float32Array>>;
  metadata?: unknown;
}

export function scoreColumn(zones: ReadonlyArray<Pick<ScoredZone, 'id' | 'use' | 'polygon'>>, layer: DecodedPoints, source: LayerToScore): ScoreColumn {
  const criterion = (layer.metadata as { criterion?: Criterion } | undefined)?.criterion;
  const kind = scoreKindOf(source.metric);
  // the named field when the layer has it, else its first
  const field = source.field && layer.fields[source.field] ? source.field : Object.keys(layer.fields)[0];
  const scores = scoreZones(zones, {
    positions: layer.positions,
    fields: layer.fields,
    kind,
    ...(field ? { field } : {}),
    ...(criterion ? { criterion } : {}),
  });
  return { label: source.label, kind, unit: source.unit, criterion: criterion?.name ?? null, scores };
}
