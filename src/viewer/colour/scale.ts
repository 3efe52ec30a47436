/**
 * Pure colour-scale arithmetic shared by the lookup texture (GPU), the legend drawn into
 * screenshots and the per-vertex baseline of the benchmarks, so all three agree on a value's colour.
 *
 * Mapping rules (ColourScale in ../contracts.ts):
 * - t = (value − min) / (max − min), clamped to [0, 1];
 * - continuous: the colours are stops spread evenly over [0, 1], linearly interpolated in sRGB;
 * - discrete: [min, max] is cut into `colours.length` equal classes, class k = ⌊t·n⌋ (the top
 *   value belongs to the last class), so a comfort class index 0…4 with min 0, max 4 picks colour k.
 */
import type { ColourScale } from '../contracts.ts';

export type Rgb = [number, number, number];

export function parseHex(colour: string): Rgb {
  const m = /^#?([0-9a-f]{6})$/i.exec(colour.trim());
  if (!m) throw new Error(`'${colour}' is not a #rrggbb colour`);
  const n = parseInt(m[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** Position of a value on the scale, clamped to [0, 1]; a degenerate range maps everything to 0. */
export function scalePosition(scale: Pick<ColourScale, 'min' | 'max'>, value: number): number {
  const span = scale.max - scale.min;
  if (!(span > 0)) return 0;
  return Math.min(1, Math.max(0, (value - scale.min) / span));
}

/** Colour at position t ∈ [0, 1] of the scale (0–255 channels). */
export function colourAtPosition(scale: Pick<ColourScale, 'colours' | 'discrete'>, t: number, rgb: Rgb[] = scale.colours.map(parseHex)): Rgb {
  const n = rgb.length;
  if (n === 0) return [128, 128, 128];
  if (n === 1) return [...rgb[0]];
  if (scale.discrete) return [...rgb[Math.min(n - 1, Math.floor(t * n))]];
  const x = t * (n - 1);
  const i = Math.min(n - 2, Math.floor(x));
  const f = x - i;
  const a = rgb[i];
  const b = rgb[i + 1];
  return [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f, a[2] + (b[2] - a[2]) * f];
}

/** Colour of a value (0–255 channels); NaN (no data) gives null. */
export function colourAt(scale: ColourScale, value: number): Rgb | null {
  if (Number.isNaN(value)) return null;
  return colourAtPosition(scale, scalePosition(scale, value));
}

/**
 * The RGBA texels of a `size`×1 lookup table: texel i holds the colour at the centre of its cell,
 * t = (i + ½) / size, which is where the shader samples it. Written into `out` when given (the
 * lookup texture's own array: no allocation on a scale change); the same colours as
 * colourAtPosition, computed without a temporary per texel.
 */
export function lutPixels(scale: Pick<ColourScale, 'colours' | 'discrete'>, size = 256, out: Uint8Array = new Uint8Array(size * 4)): Uint8Array {
  const rgb = scale.colours.map(parseHex);
  const n = rgb.length;
  for (let i = 0; i < size; i++) {
    const t = (i + 0.5) / size;
    let r: number;
    let g: number;
    let b: number;
    if (n === 0) r = g = b = 128;
    else if (n === 1 || scale.discrete) {
      const c = rgb[n === 1 ? 0 : Math.min(n - 1, Math.floor(t * n))];
      [r, g, b] = c;
    } else {
      const x = t * (n - 1);
      const k = Math.min(n - 2, Math.floor(x));
      const f = x - k;
      const lo = rgb[k];
      const hi = rgb[k + 1];
      r = lo[0] + (hi[0] - lo[0]) * f;
      g = lo[1] + (hi[1] - lo[1]) * f;
      b = lo[2] + (hi[2] - lo[2]) * f;
    }
    out[i * 4] = Math.round(r);
    out[i * 4 + 1] = Math.round(g);
    out[i * 4 + 2] = Math.round(b);
    out[i * 4 + 3] = 255;
  }
  return out;
}
