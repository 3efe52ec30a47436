/** What every layer component of one viewer shares: registry, colour scales, theme, loader. */
import { createContext, useContext, useEffect, useLayoutEffect, useMemo } from 'react';
import type { DataTexture } from 'three';
import { lookupTexture, updateLookupTexture } from '../colour/lookup-texture.ts';
import { VIRIDIS } from '../colour/palettes.ts';
import type { ColourScale } from '../contracts.ts';
import type { ViewerTheme } from '../themes/themes.ts';
import type { DecodedLayer } from '../workers/decode-glb.ts';
import type { ColourScaleStore } from './colour-scale-store.ts';
import type { SceneRegistry } from './registry.ts';

export interface ViewerSceneContextValue {
  registry: SceneRegistry;
  /** The colour scales; layers subscribe to their own instead of re-rendering on a change. */
  colourScale: ColourScaleStore;
  /** A data or arrow layer's finite value span, once read (the screen's default range for it). */
  reportRange(layerId: string, range: { min: number; max: number }): void;
  theme: ViewerTheme;
  /** Fetches and decodes a layer's GLB once per url. */
  load(url: string): Promise<DecodedLayer>;
  reportError(layerId: string, message: string): void;
}

const DEFAULT_SCALE = { colours: VIRIDIS, discrete: false };

export const ViewerSceneContext = createContext<ViewerSceneContextValue | null>(null);

export function useViewerScene(): ViewerSceneContextValue {
  const value = useContext(ViewerSceneContext);
  if (!value) throw new Error('layer components must be inside <ViewerScene>');
  return value;
}

/**
 * Calls `apply` with the layer's colour scale now (before paint) and again on every change,
 * outside React: the component does not re-render. `apply` is re-subscribed when `deps` change.
 */
export function useColourScaleEffect(layerId: string, apply: (scale: ColourScale | null) => void, deps: readonly unknown[]): void {
  const { colourScale } = useViewerScene();
  useLayoutEffect(() => {
    const run = () => apply(colourScale.forLayer(layerId));
    run();
    return colourScale.subscribe(run);
  }, [colourScale, layerId, ...deps]); // eslint-disable-line react-hooks/exhaustive-deps -- `apply` reads only what the caller lists in deps
}

/**
 * A layer's own lookup texture (256×1 RGBA), rewritten in place when its scale's colours change
 * (a new range alone is the material's two uniforms). Each layer has its own: a comfort map's
 * classes and a speed-up ramp shown together each keep their colours.
 */
export function useLayerLut(): DataTexture {
  const lut = useMemo(() => lookupTexture(DEFAULT_SCALE), []);
  useEffect(() => () => lut.dispose(), [lut]);
  return lut;
}

/** Points a layer's lookup texture at its scale's colours (false: unchanged). */
export const applyLut = (lut: DataTexture, scale: ColourScale | null) => updateLookupTexture(lut, scale ?? DEFAULT_SCALE);
