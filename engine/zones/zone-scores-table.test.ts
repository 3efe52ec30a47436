/** The zone scores table and its CSV: one text for the screen and the file, B − A for two scenarios. */
import { describe, expect, it } from 'vitest';
import type { ScoredZone as Zone } from './zone-uses.ts';
import type { ScoreColumn } from './score-column.ts';
import { scoreTable, scoreTableCsv, scoreTableNote } from './zone-scores-table.ts';

const zone = (id: number, name: string, use: Zone['use']): Zone => ({ id, name, use, polygon: [] });
const zones = [zone(1, 'Plaza', 'sitting-long'), zone(2, 'Entrance, north', 'standing')];
const comfort = (label: string, meets: number[], unsafe: number[]): ScoreColumn => ({
  label,
  kind: 'comfort',
  unit: '',
  criterion: 'Lawson LDDC (City of London)',
  scores: meets.map((m, i) => ({ zoneId: i + 1, points: 10, meets: m, unsafe: unsafe[i]!, mean: null, min: null, max: null })),
});

describe('scoreTable', () => {
  it('puts scenarios A and B side by side and B − A in percentage points', () => {
    const table = scoreTable(zones, [comfort('Existing', [0.4, 1], [0.2, 0]), comfort('Proposed', [0.8, 0.95], [0, 0])]);
    expect(table.headings).toEqual([
      'Zone',
      'Intended use',
      'A: Meets its use (Lawson LDDC (City of London))',
      'A: Breaks a safety limit (Lawson LDDC (City of London))',
      'B: Meets its use (Lawson LDDC (City of London))',
      'B: Breaks a safety limit (Lawson LDDC (City of London))',
      'B − A: Meets its use (Lawson LDDC (City of London))',
      'B − A: Breaks a safety limit (Lawson LDDC (City of London))',
    ]);
    expect(table.rows[0]).toEqual(['Plaza', 'Sitting (long)', '40.0 %', '20.0 %', '80.0 %', '0.0 %', '+40.0 pp', '-20.0 pp']);
    expect(table.rows[1]!.slice(-2)).toEqual(['-5.0 pp', '0.0 pp']);
  });

  it('gives numeric layers their mean, minimum and maximum with units, and quotes CSV cells that need it', () => {
    const sun: ScoreColumn = {
      label: 'Sun hours, 21 March',
      kind: 'numeric',
      unit: 'h',
      criterion: null,
      scores: [
        { zoneId: 1, points: 4, meets: null, unsafe: null, mean: 5.25, min: 3, max: 7.5 },
        { zoneId: 2, points: 0, meets: null, unsafe: null, mean: null, min: null, max: null },
      ],
    };
    const table = scoreTable(zones, [sun]);
    expect(table.rows).toEqual([
      ['Plaza', 'Sitting (long)', '5.25 h', '3 h', '7.5 h'],
      ['Entrance, north', 'Standing', 'no result points', 'no result points', 'no result points'],
    ]);
    expect(scoreTableCsv(table).split('\n')).toEqual([
      'Zone,Intended use,Mean (h),Min (h),Max (h)',
      'Plaza,Sitting (long),5.25 h,3 h,7.5 h',
      '"Entrance, north",Standing,no result points,no result points,no result points',
      '',
    ]);
  });

  it('names the layer, its units in words and the criterion above the table', () => {
    expect(scoreTableNote([comfort('Existing', [0.4], [0.2]), comfort('Proposed', [0.8], [0])])).toBe(
      'Scenario A: Existing; B: Proposed. Criterion: Lawson LDDC (City of London). Shares are percentages of the result points inside each zone.',
    );
    const ratio: ScoreColumn = { label: 'Wind speed-up ratio', kind: 'numeric', unit: '', criterion: null, scores: [] };
    expect(scoreTableNote([ratio])).toBe(
      'Layer: Wind speed-up ratio, a ratio without units. Mean, minimum and maximum are of the result points inside each zone.',
    );
    expect(
      scoreTable(zones.slice(0, 1), [{ ...ratio, scores: [{ zoneId: 1, points: 3, meets: null, unsafe: null, mean: 0.85, min: 0.5, max: 1.3 }] }]),
    ).toEqual({
      headings: ['Zone', 'Intended use', 'Mean (ratio)', 'Min (ratio)', 'Max (ratio)'],
      rows: [['Plaza', 'Sitting (long)', '0.85', '0.5', '1.3']],
    });
    expect(scoreTableNote([])).toBe('');
  });
});
