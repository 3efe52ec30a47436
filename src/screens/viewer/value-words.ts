/**
 * A value under the pointer (or under a pin) as a person reads it: on a category map its class's
 * name ("Standing", not "2.00 class"), else the number with its unit. The classes are read from the
 * colour scale the layer is drawn with, one per equal step from its min to its max, as the scene
 * colours them, so the words and the colour under the pointer agree.
 */
import type { ColourScale } from '../../viewer/contracts.ts';

const fmt = (n: number) => (Math.abs(n) >= 100 ? n.toFixed(1) : Number(n.toPrecision(4)).toString());

/** The class name of `value` on a category scale, or null when the scale is not one. */
export function className(value: number, scale: ColourScale | null | undefined): string | null {
  const labels = scale?.discrete ? scale.classLabels : undefined;
  if (!scale || !labels?.length || !(scale.max > scale.min)) return null;
  const i = Math.floor(((value - scale.min) / (scale.max - scale.min)) * labels.length);
  return labels[Math.max(0, Math.min(labels.length - 1, i))] ?? null;
}

export function valueInWords(value: number, scale: ColourScale | null | undefined, unit?: string): string {
  const name = className(value, scale);
  if (name) return name;
  // 'class' is not a unit: a class number without its names reads as the number alone.
  return unit && unit !== 'class' ? `${fmt(value)} ${unit}` : fmt(value);
}

/** A point of the model in metres, each coordinate named. */
export function pointInWords([x, y, z]: readonly number[]): string {
  return `x ${x!.toFixed(1)} m, y ${y!.toFixed(1)} m, z ${z!.toFixed(1)} m`;
}
