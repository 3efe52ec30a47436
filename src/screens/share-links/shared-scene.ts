/**
 * A shared scene view as the public page's read-only 3D viewer draws it: the saved view's camera,
 * theme, layers, filters and colour scale, with each layer read through the link's own layer route.
 * Only the layers the view showed are drawn, and only those the link shares (the server's list):
 * anything else the view names is left out rather than asked for. Pure, for the page and its tests.
 */
import type { SceneView } from '@canopy/contract/insights.ts';
import type { Asset } from '@canopy/contract/viewer.ts';
import type { FilterDimension } from '@machines/layer-filter/layer-filter.types.ts';
import { readSceneView } from '../../insights/scene-view-json.ts';
import type { CameraState, ColourScale, SceneLayer, ThemeName } from '../../viewer/contracts.ts';
import { DIMENSION_LABELS } from '../viewer/layer-panel.tsx';
import { sceneLayersFor } from '../viewer/scene-layers.ts';

export interface SharedScene {
  name: string;
  camera: CameraState;
  theme: ThemeName;
  layers: SceneLayer[];
  colourScale: ColourScale | null;
  /** The filter choices the view was saved with, in words ("Season: Winter"). */
  filters: string[];
}

/** A view saved before the scene-view JSON, or without it: the camera it kept looks along +z up at 45°. */
const DEFAULT_UP: [number, number, number] = [0, 0, 1];
const DEFAULT_FOV = 45;

/** The saved view's parts, from its scene-view JSON when it has one, else from the scene view's own fields. */
function savedView(view: SceneView) {
  if (view.view_json) {
    try {
      const { view: saved } = readSceneView(view.view_json);
      return { camera: saved.camera, theme: saved.theme, layers: saved.layers, filters: saved.filters, colourScale: saved.colourScale };
    } catch {
      // A view this app cannot read is drawn from the fields every scene view has.
    }
  }
  if (!view.camera) return null;
  const camera: CameraState = {
    position: view.camera.position,
    target: view.camera.target,
    up: view.camera.up ?? DEFAULT_UP,
    fov: view.camera.fov ?? DEFAULT_FOV,
  };
  return {
    camera,
    theme: 'default' as ThemeName,
    layers: view.layer_selection.map((l) => l.identifier),
    filters: {} as Record<string, string | null>,
    colourScale: null,
  };
}

/** The scene to draw for `view`, or null when it has no camera or none of its layers is shared. */
export function sharedSceneOf(view: SceneView, shared: readonly Asset[], layerUrl: (assetId: number) => string): SharedScene | null {
  const saved = savedView(view);
  if (!saved) return null;
  const shown = new Set(saved.layers.map(Number).filter(Number.isFinite));
  // Only the shown layers are listed: a hidden one would still be fetched and decoded, for nothing.
  const assets = shared.filter((a) => shown.has(a.id));
  if (assets.length === 0) return null;
  // The address parts are unused: every layer is read through the link's route.
  const layers = sceneLayersFor(assets, shown, { projectId: 0, configurationId: 0, simulationId: 0 }, [], (ids) => layerUrl(ids.assetId));
  const filters = Object.entries(saved.filters)
    .filter((entry): entry is [string, string] => Boolean(entry[1]))
    .map(([dimension, value]) => `${DIMENSION_LABELS[dimension as FilterDimension] ?? dimension}: ${value.split('|').join(', ')}`);
  return { name: view.name, camera: saved.camera, theme: saved.theme, layers, colourScale: saved.colourScale, filters };
}
