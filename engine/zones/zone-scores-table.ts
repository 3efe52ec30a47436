/**
 * The zone scores as a table of text: the panel's cells, the CSV export and the PDF read the same
 * strings, so the file says what the screen says. Shares are percentages of the zone's result
 * points; headings name the criterion and the units.
 */
import type { ScoreColumn } from './score-column.ts';
import { scoreDifference, type ZoneScore } from './zone-scores.ts';
import { ZONE_USE_LABELS, type ScoredZone } from './zone-uses.ts';

const pct = (share: number | null, signed = false) =>
  share === null ? '–' : `${signed && share > 0 ? '+' : ''}${(Math.round(share * 1000) / 10).toFixed(1)} %`;
const num = (value: number | null, unit: string, signed = false) =>
  value === null ? '–' : `${signed && value > 0 ? '+' : ''}${Number(value.toPrecision(4))}${unit ? ` ${unit}` : ''}`;

/** A layer's units as a heading names them: its symbol, or "ratio" for a number without units. */
const unitWords = (unit: string) => unit || 'ratio';

/**
 * The measures a column's kind has, with their headings: a share names the criterion it is judged
 * by, a number the layer's units, so a heading read alone (a CSV column) still says what it is.
 */
function measures(column: Pick<ScoreColumn, 'kind' | 'unit' | 'criterion'>): Array<{ heading: string; cell(score: ZoneScore, signed: boolean): string }> {
  const by = column.criterion ? ` (${column.criterion})` : '';
  const unsafe = { heading: `Breaks a safety limit${by}`, cell: (s: ZoneScore, signed: boolean) => pct(s.unsafe, signed) };
  if (column.kind === 'comfort') return [{ heading: `Meets its use${by}`, cell: (s, signed) => pct(s.meets, signed) }, unsafe];
  if (column.kind === 'safety') return [unsafe];
  const units = ` (${unitWords(column.unit)})`;
  return [
    { heading: `Mean${units}`, cell: (s, signed) => num(s.mean, column.unit, signed) },
    { heading: `Min${units}`, cell: (s, signed) => num(s.min, column.unit, signed) },
    { heading: `Max${units}`, cell: (s, signed) => num(s.max, column.unit, signed) },
  ];
}

/**
 * The sentence above the table: which layer (or scenarios A and B), in which units, judged by which
 * criterion, and what the numbers are of. The panel and the PDF print it; the CSV's headings carry
 * the same units and criterion.
 */
export function scoreTableNote(columns: ReadonlyArray<Pick<ScoreColumn, 'label' | 'kind' | 'unit' | 'criterion'>>): string {
  if (columns.length === 0) return '';
  const inUnits = (c: (typeof columns)[number]) => (c.kind === 'numeric' ? (c.unit ? `, in ${c.unit}` : ', a ratio without units') : '');
  const layers =
    columns.length === 2
      ? `Scenario A: ${columns[0]!.label}${inUnits(columns[0]!)}; B: ${columns[1]!.label}${inUnits(columns[1]!)}.`
      : `Layer: ${columns.map((c) => `${c.label}${inUnits(c)}`).join('; ')}.`;
  const criteria = [...new Set(columns.map((c) => c.criterion).filter(Boolean))];
  const parts = [layers, criteria.length ? `Criterion: ${criteria.join(', ')}.` : null];
  if (columns.some((c) => c.kind !== 'numeric')) parts.push('Shares are percentages of the result points inside each zone.');
  if (columns.some((c) => c.kind === 'numeric')) parts.push('Mean, minimum and maximum are of the result points inside each zone.');
  return parts.filter(Boolean).join(' ');
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
