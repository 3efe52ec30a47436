/**
 * Per-hour inputs of the thermal-comfort analysis, prepared once per run from the weather year and
 * the site's sun, so each chunk of points only adds its own shade, sky view and wind.
 *
 * Mean radiant temperature (SolarCal outdoors, engine/solar/mrt.ts; ASHRAE 55-2020 Appendix C with
 * ladybug-comfort's outdoor form) is linear in the two per-point quantities the geometry decides —
 * the sky view fraction f_svv and whether the direct beam reaches the person — so per hour it is
 *   MRT = base + perSky·f_svv + direct·sunlit
 * with base = T_air (surroundings at air temperature), perSky = ½(T_sky − T_air) (long-wave sky
 * exchange, `outdoorLongwaveMrtC`) + the diffuse and ground-reflected ΔMRT at full sky view, and
 * direct = the direct-beam ΔMRT (f_bes = 1). Both ΔMRT parts come from `solarCalErf` itself.
 */
import type { Epw } from '../weather/epw.ts';
import type { HourlySun } from '../solar/sun-directions.ts';
import { outdoorLongwaveMrtC, solarCalErf, type SolarCalPosture } from '../solar/mrt.ts';
import type { TerrainId } from '../wind/profile.ts';
import { horizontalInfraredWm2 } from './sky.ts';
import { siteWind10mMs } from './site-wind.ts';
import { HOURS_PER_YEAR, pickRows, typicalYearRows } from './periods.ts';

/** The weather series the analysis uses, typical-year rows (8,760). */
export interface ThermalWeather {
  airTemperatureC: Float32Array;
  relativeHumidityPct: Float32Array;
  pressurePa: Float32Array;
  directNormalWm2: Float32Array;
  diffuseHorizontalWm2: Float32Array;
  globalHorizontalWm2: Float32Array;
  skyCoverTenths: Float32Array;
  windSpeedMs: Float32Array;
  windDirectionDeg: Float32Array;
}

export function thermalWeatherFromEpw(epw: Epw): ThermalWeather {
  const rows = typicalYearRows(epw);
  return {
    airTemperatureC: pickRows(epw.dryBulbC, rows),
    relativeHumidityPct: pickRows(epw.relativeHumidityPct, rows),
    pressurePa: pickRows(epw.stationPressurePa, rows),
    directNormalWm2: pickRows(epw.directNormalWhM2, rows),
    diffuseHorizontalWm2: pickRows(epw.diffuseHorizontalWhM2, rows),
    globalHorizontalWm2: pickRows(epw.globalHorizontalWhM2, rows),
    skyCoverTenths: pickRows(epw.totalSkyCoverTenths, rows),
    windSpeedMs: pickRows(epw.windSpeedMs, rows),
    windDirectionDeg: pickRows(epw.windDirectionDeg, rows),
  };
}

export interface ThermalPersonSettings {
  /** Default 1.2 met: standing, relaxed (ASHRAE Handbook—Fundamentals ch. 9, Table 4). */
  metabolicRateMet: number;
  /** Fixed clothing, clo; absent: the daily dynamic model `dynamicClothingClo`. */
  clothingClo?: number;
  /** Default 'standing' (pedestrians). */
  posture: SolarCalPosture;
  /** Ground short-wave reflectance; default 0.25 (ladybug-comfort's outdoor default). */
  groundReflectance: number;
  /** Terrain around the site for moving the met wind (engine/wind/profile.ts); default 'suburban'. */
  siteTerrain: TerrainId;
}

export const DEFAULT_PERSON: ThermalPersonSettings = {
  metabolicRateMet: 1.2,
  posture: 'standing',
  groundReflectance: 0.25,
  siteTerrain: 'suburban',
};

/**
 * Clothing insulation from the outdoor air temperature at 06:00 — Schiavon & Lee (2013), "Dynamic
 * predictive clothing insulation models based on outdoor air and indoor operative temperatures",
 * Building and Environment 59:250–260 (the form ASHRAE 55-2020 accepts, as in CBE pythermalcomfort
 * `clo_tout`): 1.0 below −5 °C; 0.818 − 0.0364·t between −5 and 5 °C; 10^(−0.1635 − 0.0066·t) between
 * 5 and 26 °C; 0.46 from 26 °C. A model of what people wear, fitted indoors; outdoors in deep winter
 * people wear more, so cold-hour SPMV* reads colder than a coated pedestrian would feel.
 */
export function dynamicClothingClo(temperatureAt6C: number): number {
  if (temperatureAt6C < -5) return 1;
  if (temperatureAt6C < 5) return 0.818 - 0.0364 * temperatureAt6C;
  if (temperatureAt6C < 26) return 10 ** (-0.1635 - 0.0066 * temperatureAt6C);
  return 0.46;
}

export interface ThermalHours {
  airTemperatureC: Float32Array;
  relativeHumidityPct: Float32Array;
  pressurePa: Float32Array;
  mrtBaseC: Float32Array;
  mrtPerSkyK: Float32Array;
  mrtDirectK: Float32Array;
  /** UTCI's 10 m wind at the site from the met wind (used where no wind results exist). */
  wind10mMs: Float32Array;
  metWindSpeedMs: Float32Array;
  metWindDirectionDeg: Float32Array;
  clothingClo: Float32Array;
}

export function prepareThermalHours(weather: ThermalWeather, sun: HourlySun, person: ThermalPersonSettings): ThermalHours {
  const n = HOURS_PER_YEAR;
  const mrtBaseC = new Float32Array(n);
  const mrtPerSkyK = new Float32Array(n);
  const mrtDirectK = new Float32Array(n);
  const clothingClo = new Float32Array(n);
  const common = { sharpDeg: 135, floorReflectance: person.groundReflectance, bodyAbsorptivity: 0.7, posture: person.posture };
  for (let h = 0; h < n; h++) {
    const ta = weather.airTemperatureC[h];
    const ir = horizontalInfraredWm2(ta, weather.relativeHumidityPct[h], weather.skyCoverTenths[h]);
    const radiation = {
      sunAltitudeDeg: sun.elevationDeg[h],
      directNormalWm2: weather.directNormalWm2[h],
      diffuseHorizontalWm2: weather.diffuseHorizontalWm2[h],
      globalHorizontalWm2: weather.globalHorizontalWm2[h],
    };
    const diffuse = solarCalErf({ ...common, ...radiation, skyViewFraction: 1, bodyExposedFraction: 0 }).deltaMrtK;
    const direct = solarCalErf({ ...common, ...radiation, skyViewFraction: 0, bodyExposedFraction: 1 }).deltaMrtK;
    mrtBaseC[h] = ta;
    mrtPerSkyK[h] = outdoorLongwaveMrtC(ta, ir, 1) - ta + diffuse;
    mrtDirectK[h] = direct;
    const at6 = weather.airTemperatureC[Math.floor(h / 24) * 24 + 5]; // hour ending 06:00 of the same day
    clothingClo[h] = person.clothingClo ?? dynamicClothingClo(Number.isFinite(at6) ? at6 : ta);
  }
  return {
    airTemperatureC: weather.airTemperatureC,
    relativeHumidityPct: weather.relativeHumidityPct,
    pressurePa: weather.pressurePa,
    mrtBaseC,
    mrtPerSkyK,
    mrtDirectK,
    wind10mMs: siteWind10mMs(weather.windSpeedMs, person.siteTerrain),
    metWindSpeedMs: weather.windSpeedMs,
    metWindDirectionDeg: weather.windDirectionDeg,
    clothingClo,
  };
}
