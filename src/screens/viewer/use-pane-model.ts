/**
 * One viewer pane's view of the results: its simulation (from its layer-filter machine), the
 * assets it shows, the scene layers for ViewerCanvas, the data layer the panels follow, and every
 * shown data layer's own legend and colour scale after this pane's edits to that layer.
 */
import { useCallback, useEffect, useMemo } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { Asset, Simulation } from '@canopy/contract/viewer.ts';
import { selectUserLayers } from '@machines/layer-filter/layer-filter.selectors.ts';
import {
  activeDataAsset,
  fieldOf,
  legendNameOf,
  paneLayerScales,
  scaledLayers,
  sceneLayersFor,
  unitsOf,
  visibleAssetIds,
  type AssetPath,
  type ColourLegend,
  type JobTypeRef,
} from './scene-layers.ts';
import type { ColourSettings, PaneIndex } from '@machines/viewer/viewer-ui.types.ts';
import type { viewerUiMachine } from '@machines/viewer/viewer-ui.machine.ts';
import { DEFAULT_COLOUR } from '@machines/viewer/colour-scales.ts';
import type { ColourScale, SceneLayer } from '../../viewer/contracts.ts';
import { assetDownloadPath } from '../../services/viewer-services.ts';
import type { LayerFilterRef } from './layer-panel.tsx';
import { useLegends } from './use-viewer-data.ts';
import { layerLabel } from '@canopy/engine/results/labels.ts';
import type { ReclassLayer } from './reclass-layer.ts';
import { savedDifferenceLegend } from './difference/difference-layer.ts';

const NO_LAYERS: readonly SceneLayer[] = [];

export type ViewerUiRef = ActorRefFrom<typeof viewerUiMachine>;

export interface PaneModel {
  simulation: Simulation | null;
  assets: Asset[];
  visible: ReadonlySet<number>;
  layers: SceneLayer[];
  active: Asset | null;
  activeUrl: string | null;
  field: string | undefined;
  unit: string;
  legend: ColourLegend | null;
  /** The scale of the data layer the panels follow (one of layerScales). */
  colourScale: ColourScale | null;
  /** Every shown data, volumetric and arrow layer's own scale, by scene layer id. */
  layerScales: Readonly<Record<string, ColourScale>>;
  /** The followed layer's colour edits in this pane. */
  colourSettings: ColourSettings;
  /** The shown data layer's human name (its legend's title, else the label table's) — never a file name. */
  layerTitle: string | null;
  urlOf(asset: Asset): string;
}

export function usePaneModel(
  filter: LayerFilterRef,
  simulations: readonly Simulation[],
  jobTypes: readonly JobTypeRef[],
  projectId: number,
  viewId: string,
  /** The viewer UI machine: this pane's colour edits per layer and what is known of each layer's values. */
  ui: ViewerUiRef,
  pane: PaneIndex,
  plane: string | null,
  /** Layers a restored view shows until the user changes the selection. */
  override: ReadonlySet<number> | null,
  /** A comfort map re-classified in the browser, shown instead of the stored data layers. */
  reclass: ReclassLayer | null = null,
  /** The pane's layer sets read so far (drawn after the assets). */
  layerSets: readonly SceneLayer[] = NO_LAYERS,
): PaneModel {
  const selectedId = useSelector(filter, (s) => s.context.selectedSimulationId);
  const userLayers = useSelector(filter, selectUserLayers);
  const colourEdits = useSelector(ui, (s) => s.context.colour[pane]);
  const layerValues = useSelector(ui, (s) => s.context.layerValues);
  const simulation = simulations.find((s) => s.id === selectedId) ?? null;
  const own = reclass && reclass.simulationId === simulation?.id ? reclass : null;
  const stored = useMemo(() => simulation?.assets ?? [], [simulation]);
  const assets = useMemo(() => (own ? [...stored, own.asset] : stored), [stored, own]);
  const visible = useMemo(() => {
    const chosen = override ?? visibleAssetIds(stored, userLayers, viewId);
    if (!own) return chosen;
    // The re-classified map replaces the data layers on the plane, and is the one the panels follow.
    return new Set([...[...chosen].filter((id) => stored.find((a) => a.id === id)?.layer_type !== 'data'), own.asset.id]);
  }, [override, stored, userLayers, viewId, own]);
  const path: AssetPath | null = simulation ? { projectId, configurationId: simulation.configuration.id, simulationId: simulation.id } : null;
  const pathKey = path ? `${path.projectId}/${path.configurationId}/${path.simulationId}` : '';
  const urlOf = useMemo(
    () => (asset: Asset) =>
      assetDownloadPath({ projectId, configurationId: simulation?.configuration.id ?? 0, simulationId: asset.simulation_id, assetId: asset.id }),
    [projectId, simulation],
  );
  const layers = useMemo(
    () => [
      ...(path
        ? sceneLayersFor(assets, visible, path, jobTypes, (ids) => (own && ids.assetId === own.asset.id ? own.url : assetDownloadPath(ids)), plane)
        : []),
      ...layerSets,
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [assets, visible, pathKey, jobTypes, plane, own, layerSets],
  );
  const active = activeDataAsset(assets, visible);
  const activeUrl = active ? (own && active.id === own.asset.id ? own.url : urlOf(active)) : null;
  const field = active ? fieldOf(active, jobTypes) : undefined;

  // Each shown data layer's legend: the re-classified map brings its criterion's, a saved difference
  // map its diverging one from its own metadata; the other stored ones are read by name.
  const scaled = useMemo(() => scaledLayers(layers), [layers]);
  const savedDifferences = useMemo(() => {
    const found: Record<string, ColourLegend> = {};
    for (const layer of scaled) {
      const asset = assets.find((a) => String(a.id) === layer.id);
      const legend = asset && !(own && asset.id === own.asset.id) ? savedDifferenceLegend(asset) : null;
      if (legend) found[layer.id] = legend;
    }
    return found;
  }, [scaled, assets, own]);
  const legendNames = useMemo(() => {
    const names: Record<string, string | null> = {};
    for (const layer of scaled) {
      const asset = assets.find((a) => String(a.id) === layer.id);
      names[layer.id] = (own && asset?.id === own.asset.id) || savedDifferences[layer.id] ? null : asset ? legendNameOf(asset, jobTypes) : null;
    }
    return names;
  }, [scaled, assets, own, jobTypes, savedDifferences]);
  const legends = useLegends(Object.values(legendNames).filter((n): n is string => !!n));
  const legendOf = useCallback(
    (layerId: string): { legend: ColourLegend | null; known: boolean } => {
      if (own && layerId === String(own.asset.id)) return { legend: own.legend, known: true };
      const saved = savedDifferences[layerId];
      if (saved) return { legend: saved, known: true };
      const name = legendNames[layerId];
      if (!name) return { legend: null, known: true };
      return { legend: legends[name] ?? null, known: name in legends };
    },
    [own, savedDifferences, legendNames, legends],
  );

  // The machine learns which shown layers are category maps (their classes are their scale).
  useEffect(() => {
    for (const layer of scaled) {
      const { legend, known } = legendOf(layer.id);
      if (!known) continue;
      const categorical = legend?.kind === 'classes';
      if (ui.getSnapshot().context.layerValues[layer.id]?.categorical !== categorical) ui.send({ type: 'layer.values', layer: layer.id, categorical });
    }
  }, [scaled, legendOf, ui]);

  const layerScales = useMemo(
    () => paneLayerScales(scaled, assets, (id) => legendOf(id).legend, jobTypes, colourEdits, layerValues),
    [scaled, assets, legendOf, jobTypes, colourEdits, layerValues],
  );

  const rawUnit = active ? unitsOf(active, jobTypes) : '';
  const unit = rawUnit === 'class' ? '' : rawUnit;
  const legend = active ? legendOf(String(active.id)).legend : null;
  const colourScale = active ? (layerScales[String(active.id)] ?? null) : null;
  const layerTitle = active ? (colourScale?.title ?? layerLabel(active.metric ?? active.analysis_type, unit).title) : null;
  const colourSettings = active ? (colourEdits[String(active.id)] ?? DEFAULT_COLOUR) : DEFAULT_COLOUR;
  return { simulation, assets, visible, layers, active, activeUrl, field, unit, legend, colourScale, layerScales, colourSettings, layerTitle, urlOf };
}
