/**
 * Mean radiant temperature of a person in sun or shade: the SolarCal model.
 *
 * Sources:
 * - E. Arens, T. Hoyt, X. Zhou, L. Huang, H. Zhang, S. Schiavon, "Modeling the comfort effects of
 *   short-wave solar radiation indoors", Building and Environment 88:3–9 (2015);
 * - ANSI/ASHRAE Standard 55-2017/2020, Normative Appendix C (SolarCal): ERF and ΔMRT equations,
 *   f_eff = 0.696 seated / 0.725 standing, h_r = 6 W/(m²K), α_lw = 0.95, and the projected-area
 *   factor table f_p(altitude, SHARP) for seated and standing people (values as tabulated in the
 *   standard's program, reproduced by CBE pythermalcomfort `solar_gain`);
 * - its outdoor use (diffuse horizontal, direct normal and global horizontal instead of window
 *   transmittance) follows ladybug-comfort `solarcal.py` (`outdoor_sky_heat_exch`).
 *
 * ERF = (α_sw/α_lw)·T_sol·[0.5·f_eff·f_svv·(I_diff + I_TH·R_floor) + f_eff·f_p·f_bes·I_dir]
 * ΔMRT = ERF / (f_eff·h_r)
 */

export type SolarCalPosture = 'standing' | 'seated';

const ALTITUDE_STEPS_DEG = [0, 15, 30, 45, 60, 75, 90];
const SHARP_STEP_DEG = 15; // rows: SHARP = 0, 15, …, 180

/** f_p by SHARP row (0…180° step 15) and altitude column (0…90° step 15), ASHRAE 55 Appendix C. */
const PROJECTED_AREA_FACTOR: Record<SolarCalPosture, readonly (readonly number[])[]> = {
  standing: [
    [0.35, 0.35, 0.314, 0.258, 0.206, 0.144, 0.082],
    [0.342, 0.342, 0.31, 0.252, 0.2, 0.14, 0.082],
    [0.33, 0.33, 0.3, 0.244, 0.19, 0.132, 0.082],
    [0.31, 0.31, 0.275, 0.228, 0.175, 0.124, 0.082],
    [0.283, 0.283, 0.251, 0.208, 0.16, 0.114, 0.082],
    [0.252, 0.252, 0.228, 0.188, 0.15, 0.108, 0.082],
    [0.23, 0.23, 0.214, 0.18, 0.148, 0.108, 0.082],
    [0.242, 0.242, 0.222, 0.18, 0.153, 0.112, 0.082],
    [0.274, 0.274, 0.245, 0.203, 0.165, 0.116, 0.082],
    [0.304, 0.304, 0.27, 0.22, 0.174, 0.121, 0.082],
    [0.328, 0.328, 0.29, 0.234, 0.183, 0.125, 0.082],
    [0.344, 0.344, 0.304, 0.244, 0.19, 0.128, 0.082],
    [0.347, 0.347, 0.308, 0.246, 0.191, 0.128, 0.082],
  ],
  seated: [
    [0.29, 0.324, 0.305, 0.303, 0.262, 0.224, 0.177],
    [0.292, 0.328, 0.294, 0.288, 0.268, 0.227, 0.177],
    [0.288, 0.332, 0.298, 0.29, 0.264, 0.222, 0.177],
    [0.274, 0.326, 0.294, 0.289, 0.252, 0.214, 0.177],
    [0.254, 0.308, 0.28, 0.276, 0.241, 0.202, 0.177],
    [0.23, 0.282, 0.262, 0.26, 0.233, 0.193, 0.177],
    [0.216, 0.26, 0.248, 0.244, 0.22, 0.186, 0.177],
    [0.234, 0.258, 0.236, 0.227, 0.208, 0.18, 0.177],
    [0.262, 0.26, 0.224, 0.208, 0.196, 0.176, 0.177],
    [0.28, 0.26, 0.21, 0.192, 0.184, 0.17, 0.177],
    [0.298, 0.256, 0.194, 0.174, 0.168, 0.168, 0.177],
    [0.306, 0.25, 0.18, 0.156, 0.156, 0.166, 0.177],
    [0.3, 0.24, 0.168, 0.152, 0.152, 0.164, 0.177],
  ],
};

/** Fraction of the body surface exchanging radiation with the environment (ASHRAE 55 C-2). */
export const EFFECTIVE_RADIATION_AREA_FRACTION: Record<SolarCalPosture, number> = { standing: 0.725, seated: 0.696 };
/** Linearised radiative heat-transfer coefficient used by SolarCal, W/(m²K). */
export const SOLARCAL_RADIATIVE_COEFFICIENT_W_M2K = 6;
const LONGWAVE_ABSORPTIVITY = 0.95;

function clamp(value: number, min: number, max: number): number {
  return value < min ? min : value > max ? max : value;
}

/** Projected area factor f_p, bilinear in altitude and SHARP (ASHRAE 55 Appendix C program). */
export function projectedAreaFactor(altitudeDeg: number, sharpDeg: number, posture: SolarCalPosture): number {
  const altitude = clamp(altitudeDeg, 0, 90);
  // SHARP is symmetric about the body's front-back axis.
  let sharp = Math.abs(sharpDeg) % 360;
  if (sharp > 180) sharp = 360 - sharp;
  const table = PROJECTED_AREA_FACTOR[posture];
  const row = Math.min(Math.floor(sharp / SHARP_STEP_DEG), table.length - 2);
  const column = Math.min(Math.floor(altitude / 15), ALTITUDE_STEPS_DEG.length - 2);
  const s = (sharp - row * SHARP_STEP_DEG) / SHARP_STEP_DEG;
  const a = (altitude - ALTITUDE_STEPS_DEG[column]) / 15;
  const f00 = table[row][column];
  const f01 = table[row][column + 1];
  const f10 = table[row + 1][column];
  const f11 = table[row + 1][column + 1];
  return f00 * (1 - s) * (1 - a) + f10 * s * (1 - a) + f01 * (1 - s) * a + f11 * s * a;
}

export interface SolarCalErfInput {
  sunAltitudeDeg: number;
  /** Solar horizontal angle relative to the front of the person, 0 (face) … 180 (back). */
  sharpDeg: number;
  directNormalWm2: number;
  diffuseHorizontalWm2: number;
  globalHorizontalWm2: number;
  /** Fraction of the sky vault in view, f_svv (0–1). */
  skyViewFraction: number;
  /** Fraction of the body exposed to the direct beam by surroundings, f_bes (0–1). */
  bodyExposedFraction: number;
  floorReflectance: number;
  bodyAbsorptivity: number;
  posture: SolarCalPosture;
  /** Total solar transmittance of glazing between sun and person (1 outdoors). */
  transmittance?: number;
}

export interface SolarCalErf {
  /** Effective radiant field from short-wave solar, W/m². */
  erfWm2: number;
  /** The MRT increase that produces the same ERF, K. */
  deltaMrtK: number;
}

/** SolarCal ERF and ΔMRT (ASHRAE 55 Appendix C, Eqs. C-1 to C-3). No direct beam below the horizon. */
export function solarCalErf(input: SolarCalErfInput): SolarCalErf {
  const fEff = EFFECTIVE_RADIATION_AREA_FRACTION[input.posture];
  const transmittance = input.transmittance ?? 1;
  const sunUp = input.sunAltitudeDeg >= 0;
  const fp = sunUp ? projectedAreaFactor(input.sunAltitudeDeg, input.sharpDeg, input.posture) : 0;
  const direct = sunUp ? fEff * fp * input.bodyExposedFraction * Math.max(0, input.directNormalWm2) : 0;
  const diffuse = 0.5 * fEff * input.skyViewFraction * Math.max(0, input.diffuseHorizontalWm2);
  const reflected = 0.5 * fEff * input.skyViewFraction * Math.max(0, input.globalHorizontalWm2) * input.floorReflectance;
  const erfWm2 = (direct + diffuse + reflected) * transmittance * (input.bodyAbsorptivity / LONGWAVE_ABSORPTIVITY);
  return { erfWm2, deltaMrtK: erfWm2 / (fEff * SOLARCAL_RADIATIVE_COEFFICIENT_W_M2K) };
}

export interface SolarCalMrtInput {
  /** MRT from long-wave exchange alone (surroundings and sky), °C — e.g. `outdoorLongwaveMrtC`. */
  longwaveMrtC: number;
  directNormalWm2: number;
  diffuseHorizontalWm2: number;
  globalHorizontalWm2: number;
  sunAltitudeDeg: number;
  /** Whether the direct beam reaches the person (from the shade ray cast). */
  sunlit: boolean;
  /** Default 1 (open field). */
  skyViewFactor?: number;
  /** Default 0.25, grass or dry bare soil (ladybug-comfort outdoor default). */
  groundReflectance?: number;
  /** Default 0.7: average skin with medium clothing (ASHRAE 55 Appendix C). */
  bodyAbsorptivity?: number;
  /** Default 'standing' (pedestrians). */
  posture?: SolarCalPosture;
  /** Default 135°: people tend to turn their side or back to the sun (ladybug-comfort default). */
  sharpDeg?: number;
}

/** Outdoor MRT in °C: long-wave MRT plus SolarCal's short-wave ΔMRT for sun or shade. */
export function solarCalMrt(input: SolarCalMrtInput): number {
  const { deltaMrtK } = solarCalErf({
    sunAltitudeDeg: input.sunAltitudeDeg,
    sharpDeg: input.sharpDeg ?? 135,
    directNormalWm2: input.directNormalWm2,
    diffuseHorizontalWm2: input.diffuseHorizontalWm2,
    globalHorizontalWm2: input.globalHorizontalWm2,
    skyViewFraction: input.skyViewFactor ?? 1,
    bodyExposedFraction: input.sunlit ? 1 : 0,
    floorReflectance: input.groundReflectance ?? 0.25,
    bodyAbsorptivity: input.bodyAbsorptivity ?? 0.7,
    posture: input.posture ?? 'standing',
  });
  return input.longwaveMrtC + deltaMrtK;
}

/**
 * Long-wave MRT outdoors when surface temperatures are unknown: surroundings at `surfaceTemperatureC`
 * (usually the air temperature) and the visible sky at the sky temperature derived from the
 * horizontal infrared radiation (EPW column 12): T_sky = (IR/(ε·σ))^¼, and
 * ΔMRT_lw = 0.5·f_svv·(T_sky − T_surfaces) — ladybug-comfort `solarcal.py`
 * (`longwave_mrt_delta_from_horiz_ir`, `calc_sky_temperature`) with body emissivity ε = 0.95.
 */
export function outdoorLongwaveMrtC(surfaceTemperatureC: number, horizontalInfraredWm2: number, skyViewFactor = 1): number {
  const skyTemperatureC = (horizontalInfraredWm2 / (LONGWAVE_ABSORPTIVITY * 5.6697e-8)) ** 0.25 - 273.15;
  return surfaceTemperatureC + 0.5 * skyViewFactor * (skyTemperatureC - surfaceTemperatureC);
}
