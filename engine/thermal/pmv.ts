/**
 * Predicted Mean Vote and Predicted Percentage of Dissatisfied per ISO 7730:2005 (Fanger's
 * steady-state heat balance), §4.1 Eqs. (1)–(4) and the iterative solution of the clothing surface
 * temperature given in Annex D.
 *
 * `airSpeedMs` is the relative air speed var (ISO 7730 §4.1); no elevated-air-speed (SET-based
 * cooling effect) correction is applied — that belongs to ASHRAE 55 and to `set.ts`.
 * Inputs outside ISO 7730's recommended ranges (10–30 °C air, 10–40 °C radiant, 0–1 m/s, 0.8–4
 * met, 0–2 clo) are still computed; `withinIso7730Range` tells the caller.
 */

export interface ComfortInput {
  airTemperatureC: number;
  meanRadiantTemperatureC: number;
  /** Relative air speed, m/s. */
  airSpeedMs: number;
  relativeHumidityPct: number;
  /** Metabolic rate, met (1 met = 58.15 W/m² in ISO 7730). */
  metabolicRateMet: number;
  /** Clothing insulation, clo (1 clo = 0.155 m²K/W). */
  clothingClo: number;
  /** External work, met (default 0). */
  externalWorkMet?: number;
}

export interface PmvPpd {
  pmv: number;
  /** Percent. */
  ppd: number;
}

const W_M2_PER_MET = 58.15; // ISO 7730 §4.1
const M2K_W_PER_CLO = 0.155;

/** Water vapour partial pressure in Pa (ISO 7730 Annex D: pa = RH·10·exp(16.6536 − 4030.183/(ta + 235))). */
export function vapourPressurePa(airTemperatureC: number, relativeHumidityPct: number): number {
  return relativeHumidityPct * 10 * Math.exp(16.6536 - 4030.183 / (airTemperatureC + 235));
}

/** PPD from PMV, ISO 7730 Eq. (5): PPD = 100 − 95·exp(−0.03353·PMV⁴ − 0.2179·PMV²). */
export function ppdFromPmv(pmv: number): number {
  return 100 - 95 * Math.exp(-0.03353 * pmv ** 4 - 0.2179 * pmv * pmv);
}

/** ISO 7730 §4.1 Eqs. (1)–(4). Returns NaN for both if the clothing temperature does not converge. */
export function pmvPpd(input: ComfortInput): PmvPpd {
  const ta = input.airTemperatureC;
  const tr = input.meanRadiantTemperatureC;
  const pa = vapourPressurePa(ta, input.relativeHumidityPct);
  const icl = M2K_W_PER_CLO * input.clothingClo;
  const m = input.metabolicRateMet * W_M2_PER_MET;
  const mw = m - (input.externalWorkMet ?? 0) * W_M2_PER_MET;

  // Clothing area factor, Eq. (4).
  const fcl = icl <= 0.078 ? 1 + 1.29 * icl : 1.05 + 0.645 * icl;
  // Forced convection coefficient, Eq. (3) second branch.
  const hcForced = 12.1 * Math.sqrt(input.airSpeedMs);
  const taK = ta + 273;
  const trK = tr + 273;

  // Eq. (2) solved for tcl by the fixed-point/bisection scheme of Annex D, working in tcl/100 (K).
  const p1 = icl * fcl;
  const p2 = p1 * 3.96;
  const p3 = p1 * 100;
  const p4 = p1 * taK;
  const p5 = 308.7 - 0.028 * mw + p2 * (trK / 100) ** 4;
  const tclGuessK = taK + (35.5 - ta) / (3.5 * icl + 0.1);
  let xn = tclGuessK / 100;
  let xf = tclGuessK / 50;
  let hc = hcForced;
  let iterations = 0;
  while (Math.abs(xn - xf) > 0.00015) {
    xf = (xf + xn) / 2;
    const hcNatural = 2.38 * Math.abs(100 * xf - taK) ** 0.25;
    hc = Math.max(hcForced, hcNatural);
    xn = (p5 + p4 * hc - p2 * xf ** 4) / (100 + p3 * hc);
    if (++iterations > 150) return { pmv: Number.NaN, ppd: Number.NaN };
  }
  const tcl = 100 * xn - 273;

  // Heat-loss components of Eq. (1).
  const skinDiffusion = 3.05e-3 * (5733 - 6.99 * mw - pa);
  const sweating = mw > W_M2_PER_MET ? 0.42 * (mw - W_M2_PER_MET) : 0;
  const latentRespiration = 1.7e-5 * m * (5867 - pa);
  const dryRespiration = 0.0014 * m * (34 - ta);
  const radiation = 3.96 * fcl * (xn ** 4 - (trK / 100) ** 4);
  const convection = fcl * hc * (tcl - ta);

  const sensitivity = 0.303 * Math.exp(-0.036 * m) + 0.028;
  const pmv = sensitivity * (mw - skinDiffusion - sweating - latentRespiration - dryRespiration - radiation - convection);
  return { pmv, ppd: ppdFromPmv(pmv) };
}

/** Whether the input lies in ISO 7730:2005 §4.1's recommended application ranges. */
export function withinIso7730Range(input: ComfortInput): boolean {
  const pa = vapourPressurePa(input.airTemperatureC, input.relativeHumidityPct);
  return (
    input.airTemperatureC >= 10 &&
    input.airTemperatureC <= 30 &&
    input.meanRadiantTemperatureC >= 10 &&
    input.meanRadiantTemperatureC <= 40 &&
    input.airSpeedMs >= 0 &&
    input.airSpeedMs <= 1 &&
    input.metabolicRateMet >= 0.8 &&
    input.metabolicRateMet <= 4 &&
    input.clothingClo >= 0 &&
    input.clothingClo <= 2 &&
    pa >= 0 &&
    pa <= 2700
  );
}
