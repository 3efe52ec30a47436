/**
 * Each layer's own colour range: what the viewer UI machine keeps per layer, and
 * the range a layer is drawn with, decided in one place so the legend, the 3D view, the probe and
 * the figures saved from it read the same numbers.
 *
 * Rules:
 * - a layer's range is the user's, when they set one on that layer (never another layer's);
 * - a category map (comfort classes, safety levels) has no range to set: its classes are its scale;
 * - otherwise the range spans the layer's own values, widened to round ticks (0.05–0.8 reads
 *   0–0.8 in steps of 0.2), so a map is not washed out by a legend's nominal 0–2;
 * - before the values are known, the legend's nominal range (null here: the caller's fallback).
 *
 * Round ticks follow the "nice numbers" of P. S. Heckbert, "Nice numbers for graph labels",
 * Graphics Gems (1990), pp. 61–63: a step of 1, 2, 2.5 or 5 × 10^k giving about `count` intervals.
 */
import type { ColourSettings } from './viewer-ui.types.ts';

/** What the viewer learnt about a layer's values: category classes or a continuous field, and its span. */
export interface LayerValues {
  categorical: boolean;
  range: [number, number] | null;
}

/** The range a layer is drawn with, and the ticks its legend shows (null: the legend's own). */
export interface LayerRange {
  min: number | null;
  max: number | null;
  ticks: number[] | null;
  /** The user set it (Reset colour scale is offered). */
  edited: boolean;
}

export const DEFAULT_COLOUR: ColourSettings = { min: null, max: null, palette: 'legend' };

const STEPS = [1, 2, 2.5, 5, 10];

/** A round step of about (max − min) / count. */
function niceStep(span: number, count: number): number {
  const raw = span / Math.max(1, count);
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  return STEPS.find((s) => s * magnitude >= raw * (1 - 1e-9))! * magnitude;
}

/** Rounds away the binary noise of step multiples (0.6000000000000001 → 0.6). */
const clean = (v: number, step: number) => {
  const digits = Math.max(0, -Math.floor(Math.log10(step)) + 2);
  return Number(v.toFixed(Math.min(12, digits)));
};

/**
 * The data's span widened to round ticks: [0.05, 0.8] → 0 to 0.8 by 0.2. A single value gets a
 * span of one step around it; a span starting within one step of zero starts at zero.
 */
export function roundRange(min: number, max: number, count = 5): { min: number; max: number; ticks: number[] } {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return { min: 0, max: 1, ticks: [0, 0.25, 0.5, 0.75, 1] };
  if (max < min) [min, max] = [max, min];
  const span = max - min || Math.abs(max) || 1;
  const step = niceStep(span, count);
  let lo = Math.floor(min / step + 1e-9) * step;
  let hi = Math.ceil(max / step - 1e-9) * step;
  if (hi <= lo) {
    lo -= step;
    hi += step;
  }
  const ticks: number[] = [];
  for (let v = lo; v <= hi + step * 1e-6; v += step) ticks.push(clean(v, step));
  return { min: clean(lo, step), max: clean(hi, step), ticks };
}

/** Ticks for a range the user typed: its ends, and the round values between them. */
export function ticksWithin(min: number, max: number, count = 5): number[] {
  const step = niceStep(max - min, count);
  const ticks = [min];
  for (let v = Math.ceil(min / step + 1e-9) * step; v < max - step * 1e-6; v += step) if (v > min + step * 1e-6) ticks.push(clean(v, step));
  ticks.push(max);
  return ticks;
}

/** The range a layer is drawn with (see the rules above). */
export function layerRange(settings: ColourSettings | undefined, values: LayerValues | undefined): LayerRange {
  if (values?.categorical) return { min: null, max: null, ticks: null, edited: false };
  if (settings && settings.min !== null && settings.max !== null)
    return { min: settings.min, max: settings.max, ticks: ticksWithin(settings.min, settings.max), edited: true };
  if (values?.range) return { ...roundRange(values.range[0], values.range[1]), edited: false };
  return { min: null, max: null, ticks: null, edited: false };
}
