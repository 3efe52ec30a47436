/**
 * The scores a CFD prediction is judged by against measurements.
 *
 * - Hit rate (VDI 3783-9; docs/reference/CFD.md §3): a prediction P of an observation O is a hit when
 *   |P − O| ≤ D·|O| or |P − O| ≤ W; q = hits / N. D = 0.25; W either 0.1·U_H (the building-height
 *   approach speed, the looser tolerance AIJ comparisons use) or 0.06·U_ref(z) (the approach speed
 *   at the point's own height: VDI 3783-9's stricter value for normalised velocities).
 * - Pearson's r.
 * - FAC2: the share of points with 0.5 ≤ P/O ≤ 2 (for positive quantities such as k; Chang &
 *   Hanna 2004, "Air quality model performance evaluation", Meteorol. Atmos. Phys. 87).
 * - Reattachment length: the distance from the separation edge to the first reverse-to-forward
 *   change of sign of the wall-adjacent streamwise velocity (the definition behind X_R and X_F in
 *   Tominaga et al. 2008 and Mochida et al. 2002), by linear interpolation; null without one.
 */

export interface HitRate {
  rate: number;
  hits: number;
  count: number;
}

/** Hit rate with D = 0.25 and an absolute tolerance per point (or one for all). */
export function hitRate(predicted: ArrayLike<number>, observed: ArrayLike<number>, tolerance: number | ((i: number) => number), D = 0.25): HitRate {
  const n = observed.length;
  let hits = 0;
  for (let i = 0; i < n; i++) {
    const d = Math.abs(predicted[i] - observed[i]);
    const w = typeof tolerance === 'number' ? tolerance : tolerance(i);
    if (d <= D * Math.abs(observed[i]) || d <= w) hits++;
  }
  return { rate: n ? hits / n : NaN, hits, count: n };
}

export function pearson(predicted: ArrayLike<number>, observed: ArrayLike<number>): number {
  const n = observed.length;
  let mp = 0,
    mo = 0;
  for (let i = 0; i < n; i++) {
    mp += predicted[i] / n;
    mo += observed[i] / n;
  }
  let sxy = 0,
    sxx = 0,
    syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += (predicted[i] - mp) * (observed[i] - mo);
    sxx += (predicted[i] - mp) ** 2;
    syy += (observed[i] - mo) ** 2;
  }
  return sxy / Math.sqrt(sxx * syy);
}

/** Share of points with 0.5 ≤ P/O ≤ 2. */
export function fac2(predicted: ArrayLike<number>, observed: ArrayLike<number>): HitRate {
  const n = observed.length;
  let hits = 0;
  for (let i = 0; i < n; i++) {
    const r = predicted[i] / observed[i];
    if (r >= 0.5 && r <= 2) hits++;
  }
  return { rate: n ? hits / n : NaN, hits, count: n };
}

/**
 * Distance from the origin of `distances` to the first reverse-to-forward change of sign of the
 * streamwise velocity `u` after some reverse flow; null when the flow never reverses or never
 * reattaches within the line.
 */
export function reattachmentLength(distances: ArrayLike<number>, u: ArrayLike<number>): number | null {
  let reversed = false;
  for (let i = 0; i + 1 < u.length; i++) {
    if (u[i] < 0) reversed = true;
    if (reversed && u[i] < 0 && u[i + 1] >= 0) {
      const t = -u[i] / (u[i + 1] - u[i]);
      return distances[i] + t * (distances[i + 1] - distances[i]);
    }
  }
  return null;
}
