/**
 * Gust-equivalent mean (GEM): the comfort speed where gusts matter more than the hourly mean.
 *
 * U_GEM = (U + 3.5·σu) / 1.85 (docs/reference/DOMAIN.md §2; Lawson's criteria as used in the City of
 * London "Wind Microclimate Guidelines for Developments in the City of London", 2019): a peak
 * gust estimated as the mean plus 3.5 standard deviations, divided by the typical ratio 1.85 of
 * peak gust to hourly mean, so that it can be compared with the same mean-speed thresholds.
 * σu = √(2k/3) assumes isotropic turbulence (k = ½(σu² + σv² + σw²) = 3/2·σu²), the usual way
 * to get σu from a RANS solver's turbulent kinetic energy k.
 */

/** How a criterion measures speed: the hourly mean alone, or max(mean, GEM). */
export type SpeedType = 'hourlyMean' | 'maxMeanGem';

/** σu = √(2k/3), m/s, from turbulent kinetic energy k (m²/s²). */
export function turbulenceStdMs(turbulentKineticEnergyM2S2: number): number {
  return Math.sqrt((2 * turbulentKineticEnergyM2S2) / 3);
}

/** U_GEM = (U + 3.5·σu) / 1.85, from the speed's standard deviation σu (m/s). */
function gustEquivalentMeanFromStdMs(meanSpeedMs: number, stdMs: number): number {
  return (meanSpeedMs + 3.5 * stdMs) / 1.85;
}

/** U_GEM = (U + 3.5·σu) / 1.85, σu from k. */
export function gustEquivalentMeanMs(meanSpeedMs: number, turbulentKineticEnergyM2S2: number): number {
  return gustEquivalentMeanFromStdMs(meanSpeedMs, turbulenceStdMs(turbulentKineticEnergyM2S2));
}

/** max(U, U_GEM) from the speed's standard deviation σu (m/s): the speed Lawson's criteria judge. */
export function maxMeanGemFromStdMs(meanSpeedMs: number, stdMs: number): number {
  return Math.max(meanSpeedMs, gustEquivalentMeanFromStdMs(meanSpeedMs, stdMs));
}

/** Turbulence intensity σu/U (0 where the air is still). */
export function turbulenceIntensity(meanSpeedMs: number, stdMs: number): number {
  return meanSpeedMs > 0 ? stdMs / meanSpeedMs : 0;
}

/** The speed a criterion compares with its thresholds. */
export function comfortSpeedMs(meanSpeedMs: number, turbulentKineticEnergyM2S2: number, speedType: SpeedType): number {
  if (speedType === 'hourlyMean') return meanSpeedMs;
  return maxMeanGemFromStdMs(meanSpeedMs, turbulenceStdMs(turbulentKineticEnergyM2S2));
}

/**
 * Speed-up ratios γ for the comfort calculation from a solver's mean speeds and k at a reference
 * speed: γ = comfort speed / reference speed. Both U and σu scale linearly with the reference
 * speed in a Reynolds-independent flow, so the ratio holds for every hour's met speed.
 */
export function comfortSpeedRatios({
  meanSpeedsMs,
  turbulentKineticEnergyM2S2,
  referenceSpeedMs,
  speedType,
}: {
  meanSpeedsMs: ArrayLike<number>;
  turbulentKineticEnergyM2S2?: ArrayLike<number>;
  referenceSpeedMs: number;
  speedType: SpeedType;
}): Float64Array {
  if (!(referenceSpeedMs > 0)) throw new RangeError(`reference speed must be positive, got ${referenceSpeedMs}`);
  if (speedType === 'maxMeanGem' && turbulentKineticEnergyM2S2?.length !== meanSpeedsMs.length) {
    throw new RangeError('max(mean, GEM) needs one turbulent kinetic energy value per mean speed');
  }
  const ratios = new Float64Array(meanSpeedsMs.length);
  for (let i = 0; i < ratios.length; i++) {
    const k = speedType === 'maxMeanGem' && turbulentKineticEnergyM2S2 ? turbulentKineticEnergyM2S2[i] : 0;
    ratios[i] = comfortSpeedMs(meanSpeedsMs[i], k, speedType) / referenceSpeedMs;
  }
  return ratios;
}
