/**
 * Layers computed in the browser rather than fetched (ADR 14: a comfort map re-classified in the
 * viewer), under `local:` URLs. The scene's loader takes them from here as they are — already
 * decoded typed arrays — so a SceneLayer can point at one exactly as at a stored asset.
 */
import type { DecodedLayer } from '../workers/decoded-layer.ts';

const layers = new Map<string, DecodedLayer>();
let next = 1;

/** Keeps a layer and returns its URL (unique per call: a new result is a new layer, never an edited one). */
export function putLocalLayer(name: string, layer: DecodedLayer): string {
  const url = `local:${name}/${next++}`;
  layers.set(url, layer);
  return url;
}

export function localLayer(url: string): DecodedLayer | undefined {
  return layers.get(url);
}

/** Forgets a layer no longer shown (its arrays can be collected). */
export function dropLocalLayer(url: string): void {
  layers.delete(url);
}

/** The URLs kept now (the viewer's tests read the map on screen through them). */
export function localLayerUrls(): string[] {
  return [...layers.keys()];
}
