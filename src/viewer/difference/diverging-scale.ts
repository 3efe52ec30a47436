/**
 * The diverging colour scale of difference maps, centred on zero. Colours: ColorBrewer's 9-class
 * "PuOr" (C. A. Brewer, M. Harrower and The Pennsylvania State University, colorbrewer2.org,
 * Apache-2.0 licensed scheme), marked there as colour-blind safe: orange below zero, near-white
 * at zero, purple above. The range is symmetric, ±(a round number at or above the largest
 * difference), so white always means "no change".
 */

/** PuOr, 9 classes, from the orange end to the purple end. */
export const PUOR_9 = ['#b35806', '#e08214', '#fdb863', '#fee0b6', '#f7f7f7', '#d8daeb', '#b2abd2', '#8073ac', '#542788'] as const;

/** The round half-range at or above `maxAbs`: 1, 2, 2.5 or 5 × a power of ten (1 when there is no difference). */
export function symmetricLimit(maxAbs: number): number {
  if (!(maxAbs > 0) || !Number.isFinite(maxAbs)) return 1;
  const power = 10 ** Math.floor(Math.log10(maxAbs));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= maxAbs - 1e-12 * power) return step * power;
  return 10 * power;
}

/** `count` colours of the ramp for class steps −k … +k (count = 2k + 1), the middle one white. */
export function classStepColours(steps: number): string[] {
  const colours: string[] = [];
  for (let s = -steps; s <= steps; s++) {
    if (s === 0) colours.push(PUOR_9[4]);
    else {
      // Steps beyond four share the ramp's darkest colour.
      const reach = Math.min(4, Math.round((Math.abs(s) / Math.max(steps, 1)) * 4) || 1);
      colours.push(PUOR_9[s < 0 ? 4 - reach : 4 + reach]!);
    }
  }
  return colours;
}

/** The words of a change of `steps` comfort classes. */
export function classChangeLabel(steps: number): string {
  if (steps === 0) return 'No change';
  const n = Math.abs(steps);
  return `${n} ${n === 1 ? 'class' : 'classes'} ${steps < 0 ? 'calmer' : 'windier'}`;
}
