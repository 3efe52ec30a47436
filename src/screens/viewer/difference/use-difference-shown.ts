/**
 * Draws a new difference map in the metric's units over its symmetric range, so that zero — no
 * change — is the scale's white middle whatever the values' own span.
 */
import { useEffect } from 'react';
import type { ViewerUiRef } from '../use-pane-model.ts';
import type { ReclassLayer } from '../reclass-layer.ts';

export function useDifferenceShown(layer: ReclassLayer | null, ui: ViewerUiRef): void {
  const url = layer?.url ?? null;
  useEffect(() => {
    if (!layer) return;
    const { legend } = layer;
    if (legend.kind === 'continuous' && legend.min !== undefined && legend.max !== undefined) {
      for (const p of [0, 1] as const) ui.send({ type: 'colour.range', pane: p, layer: String(layer.asset.id), min: legend.min, max: legend.max });
    }
    // A new map is a new URL: only then is its range set.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [url]);
}
