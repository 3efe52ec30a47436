/**
 * The words of a PDF figure: captions without a second "Figure …:" in front,
 * legends titled by the layer's human name with its unit (stored views may carry the legend's id,
 * `utci-pct-comfortable`, as the title), pin values to a sensible precision.
 */
import type { Legend, Pin } from '@canopy/contract/insights.ts';
import { formatValue, layerLabel } from '@canopy/engine/results/labels.ts';

/** "Figure: Plaza", "Fig. 2 - Plaza", "figure 3: Plaza" → "Plaza" (the PDF numbers figures itself). */
export function cleanCaption(text: string): string {
  return text.replace(/^\s*(?:fig(?:ure)?\.?\s*\d*\s*[:.\-–—]\s*)+/i, '').trim();
}

const LOOKS_LIKE_ID = /^[A-Za-z0-9*]+(?:[-_][A-Za-z0-9*]+)+$/;

/** The legend as a reader should see it: a human title, no 'class' unit. */
export function readableLegend(legend: Legend): Legend {
  const unit = legend.unit === 'class' ? undefined : legend.unit;
  if (!LOOKS_LIKE_ID.test(legend.title.trim())) return { ...legend, unit };
  const label = layerLabel(legend.title.trim(), unit ?? '');
  return { ...legend, title: label.title, unit: unit || label.unit || undefined };
}

/** The class of `value` on a category legend (one class per equal step from min to max), or null. */
function className(value: number, legend: Legend | null): string | null {
  const labels = legend?.discrete ? legend.class_labels : undefined;
  if (!legend || !labels?.length || legend.min === undefined || legend.max === undefined || !(legend.max > legend.min)) return null;
  const i = Math.floor(((value - legend.min) / (legend.max - legend.min)) * labels.length);
  return labels[Math.max(0, Math.min(labels.length - 1, i))] ?? null;
}

/**
 * " · Standing" for a pin on a category map (the class name the viewer read), " · value 6.2 m/s"
 * for a number; '' for a pin that probed nothing.
 */
export function pinValue(pin: Pin, legend: Legend | null = null): string {
  const words = pin.item.value_text;
  if (typeof words === 'string' && words.trim() && !/^[-+]?\d/.test(words.trim())) return ` · ${words.trim()}`;
  const value = pin.item.value;
  if (typeof value !== 'number') return '';
  // A pin saved before the viewer sent its words: a category map's class read from the view's legend, as the viewer colours it.
  const name = className(value, legend);
  if (name) return ` · ${name}`;
  return ` · value ${formatValue(value)}${pin.item.unit && pin.item.unit !== 'class' ? ` ${pin.item.unit}` : ''}`;
}
