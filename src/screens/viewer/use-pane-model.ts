/**
 * One viewer pane's view of the results: its simulation (from its layer-filter machine), the
 * assets it shows, the scene layers for ViewerCanvas, the data layer the panels follow, that
 * layer's legend and the colour scale after the user's edits.
 */
import { useMemo } from 'react';
import { useSelector } from '@xstate/react';
import type { Asset, Simulation } from '@canopy/contract/viewer.ts';
import { selectUserLayers } from '@machines/layer-filter/layer-filter.selectors.ts';
import {
  activeDataAsset,
  colourScaleFor,
  fieldOf,
  legendNameOf,
  sceneLayersFor,
  unitsOf,
  visibleAssetIds,
  type AssetPath,
  type ColourLegend,
  type JobTypeRef,
} from './scene-layers.ts';
import type { ColourSettings } from '@machines/viewer/viewer-ui.types.ts';
import type { ColourScale, SceneLayer } from '../../viewer/contracts.ts';
import { assetDownloadPath } from '../../services/viewer-services.ts';
import type { LayerFilterRef } from './layer-panel.tsx';
import { fieldRange, useLegend, useMeshes } from './use-viewer-data.ts';
import { layerLabel } from '@canopy/engine/results/labels.ts';
import type { ReclassLayer } from './reclass-layer.ts';

const NO_LAYERS: readonly SceneLayer[] = [];

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
  colourScale: ColourScale | null;
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
  settings: ColourSettings,
  plane: string | null,
  /** Layers a restored view shows until the user changes the selection. */
  override: ReadonlySet<number> | null,
  /** A comfort map re-classified in the browser (issue 15), shown instead of the stored data layers. */
  reclass: ReclassLayer | null = null,
  /** The pane's layer sets read so far (drawn after the assets). */
  layerSets: readonly SceneLayer[] = NO_LAYERS,
): PaneModel {
  const selectedId = useSelector(filter, (s) => s.context.selectedSimulationId);
  const userLayers = useSelector(filter, selectUserLayers);
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
  // 'class' is not a unit a person reads: class layers show their class labels instead.
  const rawUnit = active ? unitsOf(active, jobTypes) : '';
  const unit = rawUnit === 'class' ? '' : rawUnit;
  const reclassShown = !!own && active?.id === own.asset.id;
  const legendName = active ? legendNameOf(active, jobTypes) : null;
  // A re-classified map brings its criterion's legend; the stored ones are read by name.
  const fetched = useLegend(reclassShown ? null : legendName);
  const legend = reclassShown ? own!.legend : fetched;
  // Without a legend the scale spans the layer's own values.
  const meshes = useMeshes(active && !legendName && activeUrl ? [activeUrl] : []);
  const meshState = activeUrl ? meshes[activeUrl] : undefined;
  const range = meshState?.status === 'ready' && field ? fieldRange(meshState.mesh.fields[field]) : null;
  const layerTitle = active ? (legend?.title ?? layerLabel(active.metric ?? legendName ?? active.analysis_type, unit).title) : null;
  const colourScale = useMemo(
    () => (active ? { ...colourScaleFor(legend, settings, range, unit || undefined), title: layerTitle ?? undefined } : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [active, legend, settings, range?.[0], range?.[1], unit, layerTitle],
  );
  return { simulation, assets, visible, layers, active, activeUrl, field, unit, legend, colourScale, layerTitle, urlOf };
}
