import { useEffect, useState } from 'react';
import type { SceneLayer } from '../contracts.ts';
import type { DecodedLayer } from '../workers/decode-glb.ts';
import { useViewerScene } from './scene-context.ts';

/** The decoded GLB of a layer (null while loading or after a failure, which is reported once). */
export function useLayerData(layer: SceneLayer): DecodedLayer | null {
  const { load, reportError } = useViewerScene();
  const [loaded, setLoaded] = useState<{ url: string; data: DecodedLayer } | null>(null);
  useEffect(() => {
    let live = true;
    load(layer.url).then(
      (data) => live && setLoaded({ url: layer.url, data }),
      (error: unknown) => live && reportError(layer.id, error instanceof Error ? error.message : String(error)),
    );
    return () => {
      live = false;
    };
  }, [layer.url, layer.id, load, reportError]);
  return loaded && loaded.url === layer.url ? loaded.data : null;
}

/** The field a data layer colours by: the one asked for, else the file's first field. */
export function fieldOf(data: DecodedLayer, wanted?: string): string | undefined {
  if (wanted && wanted in data.fields) return wanted;
  return Object.keys(data.fields)[0];
}

/** Units of a field: its fieldInfo entry, else the result's main units. */
export function unitOf(data: DecodedLayer, field: string | undefined): string | undefined {
  const info = field ? data.metadata.fieldInfo?.[field] : undefined;
  return info?.units ?? data.metadata.units;
}

/** Finite min/max of a field ([0, 1] when it holds no finite value). */
export function finiteRange(values: ArrayLike<number> | undefined): { min: number; max: number } {
  let min = Infinity;
  let max = -Infinity;
  if (values) {
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      if (v < min) min = v;
      if (v > max) max = v;
    }
  }
  return Number.isFinite(min) ? { min, max } : { min: 0, max: 1 };
}
