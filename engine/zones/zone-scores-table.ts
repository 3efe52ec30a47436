/**
 * The zone scores as a table of text: the panel's cells and the CSV export read the same strings,
 * so the file says what the screen says. Shares are percentages of the zone's result points.
 */
import type { ScoreColumn } from './score-column.ts';
import { scoreDifference, type ZoneScore } from './zone-scores.ts';
import { ZONE_USE_LABELS, type ScoredZone } from './zone-uses.ts';

const pct = (share: number | null, signed = false) =>
  share === null ? '–' : `${signed && share > 0 ? '+' : ''}${(Math.round(share * 1000) / 10).toFixed(1)} %`;
const num = (value: number | null, unit: string, signed = false) =>
  value === null ? '–' : `${signed && value > 0 ? '+' : ''}${Number(value.toPrecision(4))}${unit ? ` ${unit}` : ''}`;

/** The measures a column's kind has, with their headings. */
function measures(column: Pick<ScoreColumn, 'kind' | 'unit'>): Array<{ heading: string; cell(score: ZoneScore, signed: boolean): string }> {
  if (column.kind === 'comfort')
    return [
      { heading: 'Meets its use', cell: (s, signed) => pct(s.meets, signed) },
      { heading: 'Breaks a safety limit', cell: (s, signed) => pct(s.unsafe, signed) },
    ];
  if (column.kind === 'safety') return [{ heading: 'Breaks a safety limit', cell: (s, signed) => pct(s.unsafe, signed) }];
  return [
    { heading: 'Mean', cell: (s, signed) => num(s.mean, column.unit, signed) },
    { heading: 'Min', cell: (s, signed) => num(s.min, column.unit, signed) },
    { heading: 'Max', cell: (s, signed) => num(s.max, column.unit, signed) },
  ];
}

export interface ScoreTable {
  /** Column headings, "Zone" and "Intended use" first. */
  headings: string[];
  rows: string[][];
}

/**
 * One row per zone; per layer its measures; with two layers (scenarios A and B) a third group
 * B − A, in percentage points for shares and the unit for numbers.
 */
export function scoreTable(zones: ReadonlyArray<Pick<ScoredZone, 'name' | 'use'>>, columns: readonly ScoreColumn[]): ScoreTable {
  const groups = columns.map((column) => ({ column, measures: measures(column) }));
  const headings = ['Zone', 'Intended use'];
  // the panel names the layers above the table: one layer needs no prefix, two are A and B
  const prefix = (k: number) => (columns.length === 1 ? '' : columns.length === 2 ? `${k === 0 ? 'A' : 'B'}: ` : `${columns[k]!.label}: `);
  groups.forEach(({ measures: m }, k) => m.forEach((measure) => headings.push(`${prefix(k)}${measure.heading}`)));
  const [a, b] = columns;
  const diff = columns.length === 2 && a!.kind === b!.kind ? measures(b!) : [];
  for (const measure of diff) headings.push(`B − A: ${measure.heading}`);
  const rows = zones.map((zone, z) => {
    const row = [zone.name, ZONE_USE_LABELS[zone.use]];
    for (const { column, measures: m } of groups)
      for (const measure of m) row.push(column.scores[z]!.points ? measure.cell(column.scores[z]!, false) : 'no result points');
    if (diff.length) {
      const sa = a!.scores[z]!;
      const sb = b!.scores[z]!;
      for (const measure of diff) row.push(sa.points && sb.points ? measure.cell(scoreDifference(sa, sb), true).replace(' %', ' pp') : '–');
    }
    return row;
  });
  return { headings, rows };
}

const csvCell = (text: string) => (/[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

export function scoreTableCsv(table: ScoreTable): string {
  return [table.headings, ...table.rows].map((row) => row.map(csvCell).join(',')).join('\n') + '\n';
}
