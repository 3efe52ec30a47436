/**
 * The words of a PDF figure (issue 16 item 6): captions without a second "Figure …:" in front,
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

/** "value 6.2 m/s" for a pin that probed one; '' otherwise. */
export function pinValue(pin: Pin): string {
  const value = pin.item.value;
  if (typeof value !== 'number') return '';
  return ` · value ${formatValue(value)}${pin.item.unit && pin.item.unit !== 'class' ? ` ${pin.item.unit}` : ''}`;
}
