/** What every layer component of one viewer shares: registry, lookup texture, theme, loader. */
import { createContext, useContext } from 'react';
import type { DataTexture } from 'three';
import type { ColourScale } from '../contracts.ts';
import type { ViewerTheme } from '../themes/themes.ts';
import type { DecodedLayer } from '../workers/decode-glb.ts';
import type { SceneRegistry } from './registry.ts';

export interface ViewerSceneContextValue {
  registry: SceneRegistry;
  /** The one lookup texture of this viewer's colour scale (rewritten in place on change). */
  lut: DataTexture;
  theme: ViewerTheme;
  /** Fetches and decodes a layer's GLB once per url. */
  load(url: string): Promise<DecodedLayer>;
  reportError(layerId: string, message: string): void;
}

export const ViewerSceneContext = createContext<ViewerSceneContextValue | null>(null);

/** The colour scale on its own, so a scale change re-renders only the layers that use it. */
export const ColourScaleContext = createContext<ColourScale | null>(null);

export function useColourScale(): ColourScale | null {
  return useContext(ColourScaleContext);
}

export function useViewerScene(): ViewerSceneContextValue {
  const value = useContext(ViewerSceneContext);
  if (!value) throw new Error('layer components must be inside <ViewerScene>');
  return value;
}
