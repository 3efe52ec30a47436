/**
 * UTCI assessment scale: the ten thermal-stress categories of Błażejczyk et al., "An introduction to
 * the Universal Thermal Climate Index (UTCI)", Geographia Polonica 86(1):5–10 (2013), Table 1, with
 * each band's upper bound inclusive (DOMAIN.md §3): ≤ −40, ≤ −27, ≤ −13, ≤ 0, ≤ 9, ≤ 26, ≤ 32, ≤ 38,
 * ≤ 46, > 46 °C.
 */

export interface UtciStressCategory {
  /** 0 (extreme cold stress) … 9 (extreme heat stress). */
  index: number;
  id:
    | 'extreme-cold-stress'
    | 'very-strong-cold-stress'
    | 'strong-cold-stress'
    | 'moderate-cold-stress'
    | 'slight-cold-stress'
    | 'no-thermal-stress'
    | 'moderate-heat-stress'
    | 'strong-heat-stress'
    | 'very-strong-heat-stress'
    | 'extreme-heat-stress';
  label: string;
  /** Inclusive upper bound in °C; +Infinity for the last band. */
  upperBoundC: number;
}

export const UTCI_STRESS_CATEGORIES: readonly UtciStressCategory[] = [
  { index: 0, id: 'extreme-cold-stress', label: 'Extreme cold stress', upperBoundC: -40 },
  { index: 1, id: 'very-strong-cold-stress', label: 'Very strong cold stress', upperBoundC: -27 },
  { index: 2, id: 'strong-cold-stress', label: 'Strong cold stress', upperBoundC: -13 },
  { index: 3, id: 'moderate-cold-stress', label: 'Moderate cold stress', upperBoundC: 0 },
  { index: 4, id: 'slight-cold-stress', label: 'Slight cold stress', upperBoundC: 9 },
  { index: 5, id: 'no-thermal-stress', label: 'No thermal stress', upperBoundC: 26 },
  { index: 6, id: 'moderate-heat-stress', label: 'Moderate heat stress', upperBoundC: 32 },
  { index: 7, id: 'strong-heat-stress', label: 'Strong heat stress', upperBoundC: 38 },
  { index: 8, id: 'very-strong-heat-stress', label: 'Very strong heat stress', upperBoundC: 46 },
  { index: 9, id: 'extreme-heat-stress', label: 'Extreme heat stress', upperBoundC: Number.POSITIVE_INFINITY },
];

/** The stress category of a UTCI value; null for NaN (an hour outside the UTCI validity range). */
export function utciStressCategory(utciC: number): UtciStressCategory | null {
  if (Number.isNaN(utciC)) return null;
  for (const category of UTCI_STRESS_CATEGORIES) if (utciC <= category.upperBoundC) return category;
  return UTCI_STRESS_CATEGORIES[UTCI_STRESS_CATEGORIES.length - 1];
}

/**
 * −1 cold (UTCI ≤ 9), 0 comfortable (9 < UTCI ≤ 26, "no thermal stress"), +1 hot (> 26), NaN for
 * NaN — the three shares the thermal-comfort analysis reports (% time cold / comfortable / hot).
 */
export function utciThermalCondition(utciC: number): number {
  if (Number.isNaN(utciC)) return Number.NaN;
  return utciC <= 9 ? -1 : utciC <= 26 ? 0 : 1;
}
