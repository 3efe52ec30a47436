/**
 * Standard Effective Temperature (SET, ASHRAE 55 two-node model) and Gagge's standard PMV* built
 * on it ("SPMV*"), the index the thermal-comfort analysis reports as "% acceptable".
 * The physiology lives in `two-node.ts`; sources are cited there.
 */
import type { ComfortInput } from './pmv.ts';
import { twoNodeModel, type Posture } from './two-node.ts';

export interface SetInput extends ComfortInput {
  /** Default 'standing' (pedestrians); changes the radiating share of the body (0.73 vs 0.70). */
  posture?: Posture;
  /** Default 1.8258 m² (ASHRAE 55 Appendix D). */
  bodySurfaceAreaM2?: number;
  /** Default 101325 Pa. */
  atmosphericPressurePa?: number;
}

export type { Posture };

/** SET in °C (ANSI/ASHRAE 55-2020 Normative Appendix D). NaN if the model does not converge. */
export function standardEffectiveTemperature(input: SetInput): number {
  return twoNodeModel(input).setC;
}

/** Gagge et al. (1986) PMV* evaluated in the standard environment at SET. */
export function spmvStar(input: SetInput): number {
  return twoNodeModel(input).spmvStar;
}

/**
 * Default acceptability band for SPMV*: |SPMV*| ≤ 0.5, the ASHRAE 55 / ISO 7730 category-B band
 * (PPD ≤ 10 %, "80 % acceptability" including local discomfort) applied to the standard PMV.
 */
export const SPMV_ACCEPTABLE_HALF_WIDTH = 0.5;

export function spmvAcceptable(spmv: number, halfWidth: number = SPMV_ACCEPTABLE_HALF_WIDTH): boolean {
  return Math.abs(spmv) <= halfWidth;
}

/** Percentage (0–100) of the finite values inside ±halfWidth; NaN when no value is finite. */
export function percentAcceptable(spmvValues: ArrayLike<number>, halfWidth: number = SPMV_ACCEPTABLE_HALF_WIDTH): number {
  let finite = 0;
  let acceptable = 0;
  for (let i = 0; i < spmvValues.length; i++) {
    const value = spmvValues[i];
    if (!Number.isFinite(value)) continue;
    finite++;
    if (Math.abs(value) <= halfWidth) acceptable++;
  }
  return finite === 0 ? Number.NaN : (100 * acceptable) / finite;
}
