/**
 * Data the viewer's panels read besides the scene: colour legends by name, and decoded result
 * GLBs (positions and fields) for the graph panel and the four-point plot. Both are cached per
 * services object, so two panes or two panels never fetch one file twice.
 */
import { useContext, useEffect, useState } from 'react';
import { readResultGlb, type ResultMesh } from '@canopy/engine/results/glb.ts';
import { parseJsonLayer, type JsonLayer } from '@canopy/engine/results/json-layers.ts';
import type { ColourLegend } from './scene-layers.ts';
import { ViewerServicesContext } from './viewer-services-context.ts';
import { localLayer } from '../../viewer/scene/local-layers.ts';
import type { ViewerServices } from '../../services/viewer-services.ts';

const legendCaches = new WeakMap<ViewerServices, Map<string, Promise<ColourLegend>>>();
const meshCaches = new WeakMap<ViewerServices, Map<string, Promise<ResultMesh>>>();
const jsonCaches = new WeakMap<ViewerServices, Map<string, Promise<JsonLayer>>>();

function cacheOf<T>(caches: WeakMap<ViewerServices, Map<string, Promise<T>>>, services: ViewerServices): Map<string, Promise<T>> {
  let cache = caches.get(services);
  if (!cache) caches.set(services, (cache = new Map()));
  return cache;
}

function cached<T>(cache: Map<string, Promise<T>>, key: string, load: () => Promise<T>): Promise<T> {
  let entry = cache.get(key);
  if (!entry) {
    entry = load();
    // A failure is not kept: the next render may try again.
    entry.catch(() => cache.delete(key));
    cache.set(key, entry);
  }
  return entry;
}

export function loadMesh(services: ViewerServices, url: string): Promise<ResultMesh> {
  // A layer computed in the browser (a re-classified comfort map) is read where it is kept.
  const local = localLayer(url);
  if (local)
    return Promise.resolve({
      positions: local.positions,
      ...(local.indices ? { indices: local.indices } : {}),
      fields: local.fields,
      metadata: local.metadata,
    });
  return cached(cacheOf(meshCaches, services), url, async () => readResultGlb(new Uint8Array(await services.loadAsset(url))));
}

/** Several legends by name at once (each shown data layer's own); a name maps to null while loading or when it does not exist. */
export function useLegends(names: readonly string[]): Record<string, ColourLegend | null> {
  const services = useContext(ViewerServicesContext);
  const [legends, setLegends] = useState<Record<string, ColourLegend | null>>({});
  const key = [...new Set(names)].sort().join('\n');
  useEffect(() => {
    let live = true;
    for (const name of key ? key.split('\n') : []) {
      cached(cacheOf(legendCaches, services), name, () => services.colourLegend(name)).then(
        (found) => live && setLegends((l) => (l[name] === found ? l : { ...l, [name]: found })),
        () => live && setLegends((l) => (name in l && l[name] === null ? l : { ...l, [name]: null })),
      );
    }
    return () => {
      live = false;
    };
  }, [key, services]);
  return legends;
}

export type MeshState = { status: 'idle' | 'loading' } | { status: 'ready'; mesh: ResultMesh } | { status: 'failed'; message: string };

/** Decoded GLBs for several urls at once (the four-point plot compares a group of layers). */
export function useMeshes(urls: readonly string[]): Record<string, MeshState> {
  const services = useContext(ViewerServicesContext);
  const [states, setStates] = useState<Record<string, MeshState>>({});
  const key = urls.join('\n');
  useEffect(() => {
    let live = true;
    const list = key ? key.split('\n') : [];
    setStates(Object.fromEntries(list.map((url) => [url, { status: 'loading' } as MeshState])));
    for (const url of list) {
      loadMesh(services, url).then(
        (mesh) => live && setStates((s) => ({ ...s, [url]: { status: 'ready', mesh } })),
        (error: unknown) => live && setStates((s) => ({ ...s, [url]: { status: 'failed', message: error instanceof Error ? error.message : String(error) } })),
      );
    }
    return () => {
      live = false;
    };
  }, [key, services]);
  return states;
}

export type JsonLayerState = { status: 'loading' } | { status: 'ready'; layer: JsonLayer } | { status: 'failed'; message: string };

/** Graph and wind-rose files (docs/results-format.md), read and checked against their shapes, for several urls at once. */
export function useJsonLayers(urls: readonly string[]): Record<string, JsonLayerState> {
  const services = useContext(ViewerServicesContext);
  const [states, setStates] = useState<Record<string, JsonLayerState>>({});
  const key = urls.join('\n');
  useEffect(() => {
    let live = true;
    const list = key ? key.split('\n') : [];
    setStates(Object.fromEntries(list.map((url) => [url, { status: 'loading' } as JsonLayerState])));
    for (const url of list) {
      cached(cacheOf(jsonCaches, services), url, async () => parseJsonLayer(new TextDecoder('utf-8').decode(await services.loadAsset(url)))).then(
        (layer) => live && setStates((s) => ({ ...s, [url]: { status: 'ready', layer } })),
        (error: unknown) => live && setStates((s) => ({ ...s, [url]: { status: 'failed', message: error instanceof Error ? error.message : String(error) } })),
      );
    }
    return () => {
      live = false;
    };
  }, [key, services]);
  return states;
}

/** The value of `field` at the vertex nearest to `point` (x, y distance: planes are horizontal). */
export function valueNear(mesh: ResultMesh, field: string, point: readonly [number, number, number]): number | null {
  const values = mesh.fields[field];
  if (!values) return null;
  let best = -1;
  let bestD = Infinity;
  const p = mesh.positions;
  for (let v = 0; v < values.length; v++) {
    const dx = p[v * 3]! - point[0];
    const dy = p[v * 3 + 1]! - point[1];
    const dz = p[v * 3 + 2]! - point[2];
    const d = dx * dx + dy * dy + dz * dz * 0.01;
    if (d < bestD) {
      bestD = d;
      best = v;
    }
  }
  return best < 0 ? null : values[best]!;
}
