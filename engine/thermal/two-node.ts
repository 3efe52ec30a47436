/**
 * Gagge's two-node model of human thermoregulation, run for 60 one-minute steps to a near steady
 * state, and the Standard Effective Temperature (SET) derived from it.
 *
 * Sources:
 * - A.P. Gagge, J.A.J. Stolwijk, Y. Nishi, "An effective temperature scale based on a simple model
 *   of human physiological regulatory response", ASHRAE Trans. 77(1):247–262 (1971);
 * - A.P. Gagge, A.P. Fobelets, L.G. Berglund, "A standard predictive index of human response to
 *   the thermal environment", ASHRAE Trans. 92(2B):709–731 (1986) — SET and PMV*;
 * - ANSI/ASHRAE Standard 55-2020, Normative Appendix D "Computer program for calculation of SET",
 *   whose constants (set points, control coefficients, standard-environment clothing) we follow,
 *   and ASHRAE Handbook—Fundamentals (2017) ch. 9 for the radiation area ratio (0.70 seated,
 *   0.73 standing) and clothing emissivity 0.95.
 * Validated against the ASHRAE 55 SET reference table as published by CBE (see `set.test.ts`).
 *
 * Known behaviour of the published algorithm, reproduced here rather than smoothed: the 60 explicit
 * one-minute steps with skin wettedness capped at its critical value make SET jump (down by up to
 * ~1.9 K) where the cap is first reached in hot, humid or windy conditions, and PMV* can dip by
 * ~0.02 where regulatory sweating starts (the largest dip we found with |PMV*| ≤ 1 on a grid of
 * 0.8–3 met, 0.1–1.5 clo, 0.1–4 m/s, 10–100 % RH). Every 2 K step of air temperature still raises
 * both indices over typical pedestrian conditions (tested).
 */

export type Posture = 'standing' | 'seated';

export interface TwoNodeInput {
  airTemperatureC: number;
  meanRadiantTemperatureC: number;
  airSpeedMs: number;
  relativeHumidityPct: number;
  metabolicRateMet: number;
  clothingClo: number;
  externalWorkMet?: number;
  bodySurfaceAreaM2?: number;
  atmosphericPressurePa?: number;
  posture?: Posture;
}

export interface TwoNodeResult {
  /** Standard Effective Temperature, °C. */
  setC: number;
  /** Gagge's PMV* evaluated in the standard environment at SET ("SPMV*"), dimensionless. */
  spmvStar: number;
  skinTemperatureC: number;
  coreTemperatureC: number;
  /** Skin wettedness, 0–1. */
  skinWettedness: number;
}

const W_M2_PER_MET = 58.2; // ASHRAE 55 Appendix D METFACTOR
const STEFAN_BOLTZMANN = 5.6697e-8;
const BODY_MASS_KG = 69.9; // ASHRAE 55 Appendix D
const SKIN_SET_POINT_C = 33.7;
const CORE_SET_POINT_C = 36.8;
const NEUTRAL_SKIN_BLOOD_FLOW = 6.3; // L/(h·m²)
const SWEAT_COEFFICIENT = 170; // g/(h·m²·K)
const DILATION_COEFFICIENT = 120; // L/(h·m²·K)
const CONSTRICTION_COEFFICIENT = 0.5; // 1/K
const SIMULATION_MINUTES = 60;

/** Saturated vapour pressure in torr (Antoine form used by the two-node model): exp(18.6686 − 4030.183/(T + 235)). */
function saturationTorr(temperatureC: number): number {
  return Math.exp(18.6686 - 4030.183 / (temperatureC + 235));
}

/** Solves f(x) = 0 by the secant method the ASHRAE program uses (step 1e-4, stop at 0.01 K). */
function solveSecant(f: (x: number) => number, start: number): number {
  let x = start;
  for (let i = 0; i < 100; i++) {
    const f1 = f(x);
    const f2 = f(x + 1e-4);
    const next = x - (1e-4 * f1) / (f2 - f1);
    if (!Number.isFinite(next)) return Number.NaN;
    if (Math.abs(next - x) <= 0.01) return next;
    x = next;
  }
  return Number.NaN;
}

export function twoNodeModel(input: TwoNodeInput): TwoNodeResult {
  const ta = input.airTemperatureC;
  const tr = input.meanRadiantTemperatureC;
  const met = input.metabolicRateMet;
  const clo = input.clothingClo;
  const work = (input.externalWorkMet ?? 0) * W_M2_PER_MET;
  const bodyArea = input.bodySurfaceAreaM2 ?? 1.8258;
  const atm = (input.atmosphericPressurePa ?? 101325) / 101325;
  const radiationAreaRatio = input.posture === 'seated' ? 0.7 : 0.73;
  const speed = Math.max(input.airSpeedMs, 0.1);
  const vapourTorr = (input.relativeHumidityPct * saturationTorr(ta)) / 100;

  const clothingResistance = 0.155 * clo; // m²K/W
  const clothingAreaFactor = 1 + 0.15 * clo;
  const lewisRatio = 2.2 / atm; // K/torr
  const restingMetabolism = met * W_M2_PER_MET;
  let metabolism = restingMetabolism;
  const comfortEvaporation = Math.max(0, 0.42 * (restingMetabolism - W_M2_PER_MET));
  const clothingPermeation = clo > 0 ? 0.45 : 1;
  const criticalWettedness = clo > 0 ? 0.59 * speed ** -0.08 : 0.38 * speed ** -0.29;

  // Convection: natural, forced, and activity-driven (Gagge 1986; ASHRAE 55 Appendix D).
  let hc = Math.max(3 * atm ** 0.53, 8.600001 * (speed * atm) ** 0.53);
  if (met > 0.85) hc = Math.max(hc, 5.66 * (met - 0.85) ** 0.39);
  let hr = 4.7;
  let airResistance = 1 / (clothingAreaFactor * (hr + hc));
  let operativeC = (hr * tr + hc * ta) / (hr + hc);

  let skinC = SKIN_SET_POINT_C;
  let coreC = CORE_SET_POINT_C;
  let skinBloodFlow = NEUTRAL_SKIN_BLOOD_FLOW;
  let skinMassShare = 0.1; // α, share of body mass in the skin node
  const bodySetPointC = skinMassShare * SKIN_SET_POINT_C + (1 - skinMassShare) * CORE_SET_POINT_C;
  let skinEvaporation = 0.1 * met;
  let dryLoss = 0;
  let wettedness = 0;
  let sweatEvaporation = 0;
  let diffusion = 0;

  const latentRespiration = () => 0.0023 * metabolism * (44 - vapourTorr);
  const dryRespiration = () => 0.0014 * metabolism * (34 - ta);

  for (let minute = 1; minute < SIMULATION_MINUTES; minute++) {
    // Clothing surface temperature with a linearised radiative coefficient, iterated to 0.01 K.
    let clothingC = (airResistance * skinC + clothingResistance * operativeC) / (airResistance + clothingResistance);
    for (let i = 0; i < 150; i++) {
      hr = 4 * 0.95 * STEFAN_BOLTZMANN * ((clothingC + tr) / 2 + 273.15) ** 3 * radiationAreaRatio;
      airResistance = 1 / (clothingAreaFactor * (hr + hc));
      operativeC = (hr * tr + hc * ta) / (hr + hc);
      const next = (airResistance * skinC + clothingResistance * operativeC) / (airResistance + clothingResistance);
      const converged = Math.abs(next - clothingC) <= 0.01;
      clothingC = next;
      if (converged) break;
    }

    // Heat balance of the two nodes and their temperature change over one minute.
    dryLoss = (skinC - operativeC) / (airResistance + clothingResistance);
    const coreToSkin = (coreC - skinC) * (5.28 + 1.163 * skinBloodFlow);
    const coreStorage = metabolism - coreToSkin - latentRespiration() - dryRespiration() - work;
    const skinStorage = coreToSkin - dryLoss - skinEvaporation;
    skinC += (skinStorage * bodyArea) / (0.97 * skinMassShare * BODY_MASS_KG * 60);
    coreC += (coreStorage * bodyArea) / (0.97 * (1 - skinMassShare) * BODY_MASS_KG * 60);
    const bodyC = skinMassShare * skinC + (1 - skinMassShare) * coreC;

    // Thermoregulatory signals.
    const warmSkin = Math.max(0, skinC - SKIN_SET_POINT_C);
    const coldSkin = Math.max(0, SKIN_SET_POINT_C - skinC);
    const warmCore = Math.max(0, coreC - CORE_SET_POINT_C);
    const coldCore = Math.max(0, CORE_SET_POINT_C - coreC);
    const warmBody = Math.max(0, bodyC - bodySetPointC);

    skinBloodFlow = (NEUTRAL_SKIN_BLOOD_FLOW + DILATION_COEFFICIENT * warmCore) / (1 + CONSTRICTION_COEFFICIENT * coldSkin);
    skinBloodFlow = Math.min(90, Math.max(0.5, skinBloodFlow));
    const regulatorySweat = Math.min(500, SWEAT_COEFFICIENT * warmBody * Math.exp(warmSkin / 10.7));
    sweatEvaporation = 0.68 * regulatorySweat;

    // Evaporation limits and skin wettedness.
    const evaporativeAirResistance = 1 / (lewisRatio * clothingAreaFactor * hc);
    const evaporativeClothingResistance = clothingResistance / (lewisRatio * clothingPermeation);
    let maxEvaporation = (saturationTorr(skinC) - vapourTorr) / (evaporativeAirResistance + evaporativeClothingResistance);
    if (maxEvaporation === 0) maxEvaporation = 0.001;
    let sweatShare = sweatEvaporation / maxEvaporation;
    wettedness = 0.06 + 0.94 * sweatShare;
    diffusion = wettedness * maxEvaporation - sweatEvaporation;
    if (wettedness > criticalWettedness) {
      wettedness = criticalWettedness;
      sweatShare = criticalWettedness / 0.94;
      sweatEvaporation = sweatShare * maxEvaporation;
      diffusion = 0.06 * (1 - sweatShare) * maxEvaporation;
    }
    if (maxEvaporation < 0) {
      diffusion = 0;
      sweatEvaporation = 0;
      wettedness = criticalWettedness;
    }
    skinEvaporation = sweatEvaporation + diffusion;
    metabolism = restingMetabolism + 19.4 * coldSkin * coldCore; // shivering
    skinMassShare = 0.0417737 + 0.7451833 / (skinBloodFlow + 0.585417);
  }

  const skinLoss = dryLoss + skinEvaporation;
  const skinSaturationTorr = saturationTorr(skinC);

  // Standard environment: still air (natural/activity convection only), RH 50 %, Tr = Ta, and the
  // activity-dependent standard clothing of Gagge 1986 (clo = 1.52/(M/58.2 + 0.6944) − 0.1835), where
  // M is the activity's metabolic rate — not including shivering, which is a response, not a task
  // (this is what reproduces the cold rows of the ASHRAE 55 reference table, e.g. Ta = 0 °C → 12.1).
  let hcStandard = 3 * atm ** 0.53;
  if (met > 0.85) hcStandard = Math.max(hcStandard, 5.66 * (met - 0.85) ** 0.39);
  hcStandard = Math.max(hcStandard, 3);
  const htStandard = hcStandard + hr;
  const cloStandard = 1.52 / ((restingMetabolism - work) / W_M2_PER_MET + 0.6944) - 0.1835;
  const clothingResistanceStandard = 0.155 * cloStandard;
  const areaFactorStandard = 1 + 0.25 * cloStandard;
  const clothedFactorStandard = 1 / (1 + 0.155 * areaFactorStandard * htStandard * cloStandard);
  const permeabilityIndex = 0.45;
  const permeationStandard =
    (((permeabilityIndex * hcStandard) / htStandard) * (1 - clothedFactorStandard)) / (hcStandard / htStandard - clothedFactorStandard * permeabilityIndex);
  const dryConductanceStandard = 1 / (1 / (areaFactorStandard * htStandard) + clothingResistanceStandard);
  const evaporativeConductanceStandard =
    1 / (1 / (lewisRatio * areaFactorStandard * hcStandard) + clothingResistanceStandard / (lewisRatio * permeationStandard));

  // SET: the temperature of the standard environment giving the same skin heat loss at the same
  // skin temperature and wettedness (Gagge 1986 Eq. 11).
  const setC = solveSecant(
    (set) => skinLoss - dryConductanceStandard * (skinC - set) - wettedness * evaporativeConductanceStandard * (skinSaturationTorr - 0.5 * saturationTorr(set)),
    Math.round((skinC - skinLoss / dryConductanceStandard) * 100) / 100,
  );

  // PMV* in the standard environment (Gagge 1986): Fanger's sensitivity times the load, with the
  // dry loss at SET replacing the actual one.
  const dryAtSet = dryConductanceStandard * (skinC - setC);
  const requiredEvaporation = restingMetabolism - dryRespiration() - latentRespiration() - dryAtSet;
  const spmvStar = (0.303 * Math.exp(-0.036 * metabolism) + 0.028) * (requiredEvaporation - comfortEvaporation - diffusion);

  return { setC, spmvStar, skinTemperatureC: skinC, coreTemperatureC: coreC, skinWettedness: wettedness };
}
