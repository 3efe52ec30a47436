/**
 * Colours of the weather pictures and the site map. Speed bins run from calm blues to strong reds
 * (a sequential ramp that stays readable for red–green colour blindness: it varies in lightness as
 * well as hue); building heights from light to dark slate.
 */
export const SPEED_COLORS = ['#c6dbef', '#6baed6', '#2171b5', '#fdae6b', '#e6550d', '#a63603', '#54278f', '#3f007d'];

export function speedColor(bin: number): string {
  return SPEED_COLORS[Math.min(bin, SPEED_COLORS.length - 1)]!;
}

const HEIGHT_STOPS: Array<[number, [number, number, number]]> = [
  [0, [203, 213, 225]],
  [20, [148, 163, 184]],
  [60, [71, 85, 105]],
  [150, [30, 41, 59]],
];

/** Fill for a building of `heightM`, interpolated between the stops. */
export function heightColor(heightM: number): string {
  let k = 0;
  while (k < HEIGHT_STOPS.length - 2 && heightM > HEIGHT_STOPS[k + 1]![0]) k++;
  const [h0, c0] = HEIGHT_STOPS[k]!;
  const [h1, c1] = HEIGHT_STOPS[k + 1]!;
  const t = Math.max(0, Math.min(1, (heightM - h0) / (h1 - h0)));
  const mix = c0.map((c, i) => Math.round(c + (c1[i]! - c) * t));
  return `rgb(${mix.join(' ')})`;
}

export const TEMPERATURE = { range: '#fcbba1', band: '#fb6a4a', mean: '#67000d' };
export const WIND_BAR = '#4292c6';
export const MISSING = { none: '#d9f0d3', some: '#fdd0a2', all: '#d94801' };

/** 16-point compass names, clockwise from north. */
export const COMPASS_16 = ['N', 'NNE', 'NE', 'ENE', 'E', 'ESE', 'SE', 'SSE', 'S', 'SSW', 'SW', 'WSW', 'W', 'WNW', 'NW', 'NNW'];

export function compassName(directionDeg: number): string {
  return COMPASS_16[Math.round((((directionDeg % 360) + 360) % 360) / 22.5) % 16]!;
}

export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export const percent = (share: number, digits = 1) => `${(share * 100).toFixed(digits)} %`;
