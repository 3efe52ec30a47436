/**
 * Wind rose statistics: hours per direction sector and speed bin.
 *
 * Conventions (docs/reference/DOMAIN.md §1, as in WMO-No. 8 "Guide to Meteorological Instruments and
 * Methods of Observation", wind chapter, and ladybug-tools' WindRose): the direction is where
 * the wind blows FROM, clockwise from north; n sectors are centred on north, so with 16 sectors
 * north is [348.75°, 11.25°); a calm hour (speed exactly 0) belongs to no sector and is counted
 * apart; within a sector, speeds fall into bins whose last bin is open-ended.
 */

export interface WindRoseOptions {
  /** Number of direction sectors, centred on north. Default 16. */
  sectors?: number;
  /**
   * Boundaries between speed bins, ascending, m/s. k boundaries make k + 1 bins:
   * (0, b0), [b0, b1), …, [b(k−1), ∞). Default [2, 4, 6, 8, 10].
   */
  speedBinsMs?: readonly number[];
  /** Only hours with a non-zero mask entry are counted. */
  hourMask?: Uint8Array;
}

export interface WindRose {
  sectors: number;
  sectorWidthDeg: number;
  /** Centre of each sector, degrees from north (0, 22.5, … for 16 sectors). */
  sectorCentresDeg: Float64Array;
  speedBinsMs: readonly number[];
  /** Human-readable bin labels, e.g. "< 2", "2–4", "≥ 10" (m/s). */
  speedBinLabels: string[];
  /** Non-calm hours per sector. */
  sectorCounts: Uint32Array;
  /** Hours × (sector, bin), row-major: index = sector · bins + bin. */
  speedBinCounts: Uint32Array;
  calmCount: number;
  /** Hours skipped because speed or direction was missing (NaN) or the speed negative. */
  missingCount: number;
  /** Counted hours: calm plus every sector. The denominator for frequencies. */
  totalCount: number;
}

export const DEFAULT_SPEED_BINS_MS: readonly number[] = [2, 4, 6, 8, 10];

/** Sector of a direction with n sectors centred on north; directions are taken modulo 360. */
export function sectorIndex(directionDeg: number, sectors: number): number {
  const width = 360 / sectors;
  const shifted = (((directionDeg + width / 2) % 360) + 360) % 360;
  // `% sectors` guards the float edge where shifted / width rounds up to exactly `sectors`.
  return Math.floor(shifted / width) % sectors;
}

function binLabels(edges: readonly number[]): string[] {
  if (edges.length === 0) return ['all'];
  const labels = [`< ${edges[0]}`];
  for (let i = 1; i < edges.length; i++) labels.push(`${edges[i - 1]}–${edges[i]}`);
  labels.push(`≥ ${edges[edges.length - 1]}`);
  return labels;
}

export function windRose(
  directionDeg: ArrayLike<number>,
  speedMs: ArrayLike<number>,
  { sectors = 16, speedBinsMs = DEFAULT_SPEED_BINS_MS, hourMask }: WindRoseOptions = {},
): WindRose {
  if (!Number.isInteger(sectors) || sectors < 1 || sectors > 360) {
    throw new RangeError(`wind rose: sectors must be a whole number from 1 to 360, got ${sectors}`);
  }
  if (directionDeg.length !== speedMs.length) {
    throw new RangeError(`wind rose: ${directionDeg.length} directions but ${speedMs.length} speeds`);
  }
  if (hourMask && hourMask.length !== speedMs.length) {
    throw new RangeError(`wind rose: hour mask has ${hourMask.length} entries for ${speedMs.length} hours`);
  }
  for (let i = 0; i < speedBinsMs.length; i++) {
    if (!(speedBinsMs[i] > 0) || (i > 0 && !(speedBinsMs[i] > speedBinsMs[i - 1]))) {
      throw new RangeError('wind rose: speed bin boundaries must be positive and strictly ascending');
    }
  }

  const bins = speedBinsMs.length + 1;
  const sectorCounts = new Uint32Array(sectors);
  const speedBinCounts = new Uint32Array(sectors * bins);
  let calmCount = 0;
  let missingCount = 0;

  for (let h = 0; h < speedMs.length; h++) {
    if (hourMask && hourMask[h] === 0) continue;
    const speed = speedMs[h];
    if (speed === 0) {
      calmCount++;
      continue;
    }
    const direction = directionDeg[h];
    if (!(speed > 0) || !Number.isFinite(direction)) {
      missingCount++;
      continue;
    }
    const sector = sectorIndex(direction, sectors);
    let bin = 0;
    while (bin < speedBinsMs.length && speed >= speedBinsMs[bin]) bin++;
    sectorCounts[sector]++;
    speedBinCounts[sector * bins + bin]++;
  }

  let inSectors = 0;
  for (let s = 0; s < sectors; s++) inSectors += sectorCounts[s];
  const width = 360 / sectors;
  return {
    sectors,
    sectorWidthDeg: width,
    sectorCentresDeg: Float64Array.from({ length: sectors }, (_, s) => s * width),
    speedBinsMs: [...speedBinsMs],
    speedBinLabels: binLabels(speedBinsMs),
    sectorCounts,
    speedBinCounts,
    calmCount,
    missingCount,
    totalCount: calmCount + inSectors,
  };
}
