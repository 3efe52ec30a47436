import { describe, expect, it } from 'vitest';
import { CRITERIA } from '../wind/criteria.ts';
import { comfortLegendName, findLegend, legendRef, LEGENDS, safetyLegendName } from './legends.ts';

describe('colour legends', () => {
  it('are unique by name and version, with valid colours', () => {
    const keys = LEGENDS.map((l) => `${l.name}@${l.version}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const legend of LEGENDS) {
      const colours = legend.kind === 'continuous' ? legend.stops.map((s) => s.colour) : legend.classes.map((c) => c.colour);
      expect(
        colours.every((c) => /^#[0-9a-f]{6}$/i.test(c)),
        legend.name,
      ).toBe(true);
      if (legend.kind === 'continuous') expect(legend.stops.at(-1)!.value).toBe(legend.max);
    }
  });

  it('cover every criterion, its safety limits, and the metrics the analyses write', () => {
    for (const c of CRITERIA) {
      expect(findLegend(comfortLegendName(c.id))?.kind).toBe('classes');
      if (c.safety.length) expect(findLegend(safetyLegendName(c.id), '1')).toBeDefined();
    }
    for (const name of [
      'pct-sunlit',
      'sun-hours',
      'utci-pct-comfortable',
      'utci-pct-hot',
      'utci-pct-cold',
      'spmv-pct-acceptable',
      'speed-ratio',
      'exceedance',
      'wind-speed',
    ]) {
      expect(legendRef(name)).toEqual({ name, version: '1' });
    }
    expect(findLegend('pct-sunlit', '2')).toBeUndefined();
    expect(() => legendRef('nope')).toThrow(/no colour legend/);
  });
});
