import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseEpw } from './epw.ts';
import { hourMask } from './hour-mask.ts';
import { sectorIndex, windRose } from './wind-rose.ts';

const epw = parseEpw(readFileSync(new URL('../../tests/fixtures/chicago.epw', import.meta.url), 'utf8'));

describe('sectorIndex: sectors centred on north (DOMAIN.md §1)', () => {
  it('16 sectors: N = [348.75°, 11.25°)', () => {
    expect(sectorIndex(348.75, 16)).toBe(0);
    expect(sectorIndex(348.7499, 16)).toBe(15);
    expect(sectorIndex(0, 16)).toBe(0);
    expect(sectorIndex(360, 16)).toBe(0);
    expect(sectorIndex(11.2499, 16)).toBe(0);
    expect(sectorIndex(11.25, 16)).toBe(1);
    expect(sectorIndex(90, 16)).toBe(4);
    expect(sectorIndex(180, 16)).toBe(8);
    expect(sectorIndex(270, 16)).toBe(12);
    expect(sectorIndex(-10, 16)).toBe(0);
    expect(sectorIndex(725, 16)).toBe(0);
  });

  it('4 sectors: N = [315°, 45°)', () => {
    expect([314.9, 315, 44.9, 45, 135, 225].map((d) => sectorIndex(d, 4))).toEqual([3, 0, 0, 1, 2, 3]);
  });
});

describe('windRose on hand-made hours', () => {
  const directions = [0, 90, 270, 0, 100, 350, Number.NaN, 45, 180];
  const speeds = [3, 1, 12, 0, 2, 4, 5, Number.NaN, -1];
  const rose = windRose(directions, speeds, { sectors: 4, speedBinsMs: [2, 4] });

  it('counts calm hours apart and skips missing ones', () => {
    expect(rose.calmCount).toBe(1);
    expect(rose.missingCount).toBe(3);
    expect(rose.totalCount).toBe(6);
    expect(Array.from(rose.sectorCounts)).toEqual([2, 2, 0, 1]);
  });

  it('bins speeds with the last bin open-ended', () => {
    // Bins: < 2, 2–4, ≥ 4. Rows: N, E, S, W.
    expect(Array.from(rose.speedBinCounts)).toEqual([0, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 1]);
    expect(rose.speedBinLabels).toEqual(['< 2', '2–4', '≥ 4']);
    expect(Array.from(rose.sectorCentresDeg)).toEqual([0, 90, 180, 270]);
  });

  it('honours the hour mask', () => {
    const masked = windRose(directions, speeds, { sectors: 4, speedBinsMs: [2, 4], hourMask: Uint8Array.from([1, 0, 0, 1, 0, 0, 0, 0, 0]) });
    expect(masked.totalCount).toBe(2);
    expect(masked.calmCount).toBe(1);
    expect(Array.from(masked.sectorCounts)).toEqual([1, 0, 0, 0]);
  });

  it('rejects bad options', () => {
    expect(() => windRose([0], [1], { sectors: 0 })).toThrow(RangeError);
    expect(() => windRose([0], [1], { speedBinsMs: [4, 2] })).toThrow('strictly ascending');
    expect(() => windRose([0, 1], [1])).toThrow(RangeError);
  });
});

describe('windRose on the Chicago year', () => {
  const rose = windRose(epw.windDirectionDeg, epw.windSpeedMs);

  it('accounts for every hour: sectors + calm = 8760', () => {
    let inSectors = 0;
    for (const count of rose.sectorCounts) inSectors += count;
    expect(rose.missingCount).toBe(0);
    expect(inSectors + rose.calmCount).toBe(8760);
    expect(rose.totalCount).toBe(8760);
    let inBins = 0;
    for (const count of rose.speedBinCounts) inBins += count;
    expect(inBins).toBe(inSectors);
  });

  it('agrees with an interval-by-interval count of each sector', () => {
    for (let s = 0; s < 16; s++) {
      const low = (s * 22.5 - 11.25 + 360) % 360;
      const high = (s * 22.5 + 11.25) % 360;
      let expected = 0;
      for (let h = 0; h < epw.hours; h++) {
        const d = epw.windDirectionDeg[h] % 360;
        if (epw.windSpeedMs[h] === 0) continue;
        const inside = low < high ? d >= low && d < high : d >= low || d < high;
        if (inside) expected++;
      }
      expect(rose.sectorCounts[s], `sector ${s}`).toBe(expected);
    }
  });

  it('counts the calm hours of the file (speed 0)', () => {
    expect(rose.calmCount).toBe(epw.windSpeedMs.filter((v) => v === 0).length);
    expect(rose.calmCount).toBeGreaterThan(0);
  });

  it('filters by season and time of day', () => {
    const mask = hourMask(epw, { season: { months: [1] }, timeWindow: '00:00-01:00' });
    const january = windRose(epw.windDirectionDeg, epw.windSpeedMs, { hourMask: mask });
    expect(january.totalCount).toBe(31);
    // First hour of the year: from 270° at 2.6 m/s → W sector, 2–4 m/s bin.
    const firstOnly = windRose([270], [2.6]);
    expect(firstOnly.speedBinCounts[12 * 6 + 1]).toBe(1);
  });
});
