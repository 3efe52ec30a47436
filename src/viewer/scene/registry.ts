/**
 * What the scene has drawn, by layer id: the three.js object plus the arrays a ray query needs
 * (positions, triangles, the scalar field and its unit). Layer components register themselves;
 * the imperative handle (fit, pick) reads from here instead of walking React state.
 */
import { Box3, type Object3D } from 'three';
import type { SceneLayerKind } from '../contracts.ts';

export interface RegisteredLayer {
  id: string;
  kind: SceneLayerKind;
  object: Object3D;
  positions: Float32Array;
  indices?: Uint32Array;
  /** Line layers: segment vertex pairs (a ray hit names the segment, not a vertex). */
  lines?: Uint32Array;
  /** Data and arrow layers: the scalar per vertex (per arrow for arrow layers). */
  values?: Float32Array;
  unit?: string;
}

export class SceneRegistry {
  private readonly layers = new Map<string, RegisteredLayer>();
  private readonly listeners = new Set<() => void>();

  set(layer: RegisteredLayer): void {
    this.layers.set(layer.id, layer);
    this.listeners.forEach((l) => l());
  }

  delete(id: string, object: Object3D): void {
    // Only the registrant removes its entry (a re-mount may already have replaced it).
    if (this.layers.get(id)?.object === object) this.layers.delete(id);
    this.listeners.forEach((l) => l());
  }

  get(id: string): RegisteredLayer | undefined {
    return this.layers.get(id);
  }

  list(): RegisteredLayer[] {
    return [...this.layers.values()];
  }

  /** Layers currently drawn (the object and all its ancestors visible). */
  shown(): RegisteredLayer[] {
    return this.list().filter((layer) => isShown(layer.object));
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Bounds of the shown layers (all layers when none is shown); empty when nothing is loaded. */
  bounds(): Box3 {
    const box = new Box3();
    const layers = this.shown().length > 0 ? this.shown() : this.list();
    for (const layer of layers) {
      layer.object.updateWorldMatrix(true, true);
      box.expandByObject(layer.object);
    }
    return box;
  }
}

export function isShown(object: Object3D): boolean {
  for (let o: Object3D | null = object; o; o = o.parent) if (!o.visible) return false;
  return true;
}
