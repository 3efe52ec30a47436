/**
 * Comfort class and safety level per point from exceedance probabilities, by a criterion's table
 * (docs/reference/DOMAIN.md §2: "a point gets the first class whose exceedance it meets"). Pure and cheap,
 * so the browser can re-classify instantly when the user switches criterion.
 */
import { comfortThresholdsMs, type Criterion } from './criterion-schema.ts';

/** classIndex value for a point without data (no counted hours, or NaN exceedance). */
export const NO_CLASS = 255;

export interface ComfortClassification {
  /** Index into criterion.classes, or NO_CLASS. */
  classIndex: Uint8Array;
  /**
   * Safety level: 0 = no safety limit broken; k = criterion.safety[k − 1] is the most severe limit
   * broken (e.g. NEN 8100: 1 limited risk, 2 dangerous). Non-zero means unsafe at that level.
   */
  unsafe: Uint8Array;
}

function meets(probability: number, allowed: number, comparison: Criterion['exceedanceComparison']): boolean {
  return comparison === 'lessThan' ? probability < allowed : probability <= allowed;
}

/**
 * `exceedances` is points × thresholds, row-major, as `exceedanceProbabilities` returns it for
 * `thresholdsMs` (by default `comfortThresholdsMs(criterion)`, which holds every threshold the
 * criterion uses).
 */
export function classifyComfort(
  exceedances: ArrayLike<number>,
  criterion: Criterion,
  thresholdsMs: readonly number[] = comfortThresholdsMs(criterion),
): ComfortClassification {
  const columns = thresholdsMs.length;
  if (columns === 0 || exceedances.length % columns !== 0) {
    throw new RangeError(`classifyComfort: ${exceedances.length} exceedances is not a whole number of points × ${columns} thresholds`);
  }
  const columnOf = (thresholdMs: number): number => {
    const column = thresholdsMs.indexOf(thresholdMs);
    if (column < 0) throw new RangeError(`classifyComfort: no exceedance column for ${thresholdMs} m/s (criterion '${criterion.id}')`);
    return column;
  };
  const comparison = criterion.exceedanceComparison;
  const catchAll = criterion.classes.length - 1;
  const classColumns = criterion.classes.slice(0, catchAll).map((c) => columnOf(c.thresholdMs ?? Number.NaN));
  const classAllowed = criterion.classes.slice(0, catchAll).map((c) => c.allowedExceedance ?? Number.NaN);
  const safetyColumns = criterion.safety.map((s) => columnOf(s.thresholdMs));

  const points = exceedances.length / columns;
  const classIndex = new Uint8Array(points);
  const unsafe = new Uint8Array(points);
  for (let p = 0; p < points; p++) {
    const row = p * columns;
    let c = 0;
    while (c < catchAll) {
      const probability = exceedances[row + classColumns[c]];
      if (Number.isNaN(probability)) {
        c = NO_CLASS;
        break;
      }
      if (meets(probability, classAllowed[c], comparison)) break;
      c++;
    }
    classIndex[p] = c;
    for (let s = criterion.safety.length - 1; s >= 0; s--) {
      const probability = exceedances[row + safetyColumns[s]];
      if (!Number.isNaN(probability) && !meets(probability, criterion.safety[s].allowedExceedance, comparison)) {
        unsafe[p] = s + 1;
        break;
      }
    }
  }
  return { classIndex, unsafe };
}
