/**
 * Puts a new difference map in view: the active pane shows scenario B's simulation (the map is
 * drawn on B's points), and a map in the metric's units is drawn over its symmetric range so that
 * zero — no change — is the scale's white middle whatever the values' own span.
 */
import { useEffect } from 'react';
import type { LayerFilterRef } from '../layer-panel.tsx';
import type { ViewerUiRef } from '../use-pane-model.ts';
import type { ReclassLayer } from '../reclass-layer.ts';

export function useDifferenceShown(layer: ReclassLayer | null, filter: LayerFilterRef, ui: ViewerUiRef): void {
  const url = layer?.url ?? null;
  useEffect(() => {
    if (!layer) return;
    if (filter.getSnapshot().context.selectedSimulationId !== layer.simulationId) filter.send({ type: 'simulation.select', simulationId: layer.simulationId });
    const { legend } = layer;
    if (legend.kind === 'continuous' && legend.min !== undefined && legend.max !== undefined) {
      for (const p of [0, 1] as const) ui.send({ type: 'colour.range', pane: p, layer: String(layer.asset.id), min: legend.min, max: legend.max });
    }
    // A new map is a new URL: only then is the pane moved to B and the range set.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [url]);
}
