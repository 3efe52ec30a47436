/** What every layer component of one viewer shares: registry, lookup texture, colour scale, theme, loader. */
import { createContext, useContext, useLayoutEffect } from 'react';
import type { DataTexture } from 'three';
import type { ColourScale } from '../contracts.ts';
import type { ViewerTheme } from '../themes/themes.ts';
import type { DecodedLayer } from '../workers/decode-glb.ts';
import type { ColourScaleStore } from './colour-scale-store.ts';
import type { SceneRegistry } from './registry.ts';

export interface ViewerSceneContextValue {
  registry: SceneRegistry;
  /** The one lookup texture of this viewer's colour scale (rewritten in place on change). */
  lut: DataTexture;
  /** The current colour scale; layers subscribe to it instead of re-rendering on a change. */
  colourScale: ColourScaleStore;
  theme: ViewerTheme;
  /** Fetches and decodes a layer's GLB once per url. */
  load(url: string): Promise<DecodedLayer>;
  reportError(layerId: string, message: string): void;
}

export const ViewerSceneContext = createContext<ViewerSceneContextValue | null>(null);

export function useViewerScene(): ViewerSceneContextValue {
  const value = useContext(ViewerSceneContext);
  if (!value) throw new Error('layer components must be inside <ViewerScene>');
  return value;
}

/**
 * Calls `apply` with the current colour scale now (before paint) and again on every change,
 * outside React: the component does not re-render. `apply` is re-subscribed when `deps` change.
 */
export function useColourScaleEffect(apply: (scale: ColourScale | null) => void, deps: readonly unknown[]): void {
  const { colourScale } = useViewerScene();
  useLayoutEffect(() => {
    apply(colourScale.get());
    return colourScale.subscribe(apply);
  }, [colourScale, ...deps]); // eslint-disable-line react-hooks/exhaustive-deps -- `apply` reads only what the caller lists in deps
}
