/**
 * How <ViewerCanvas> hands its props to the scene inside its own react-three-fiber root.
 */
import type { ViewerCanvasProps } from '../contracts.ts';
import { ColourScaleStore } from './colour-scale-store.ts';

type Callback = (...args: never[]) => unknown;

/** Equal for drawing: the same value, or arrays (layers, points) of equal items, objects compared one level deep. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => sameValue(x, b[i]) || shallowEqual(x, b[i]));
  return false;
}

function shallowEqual(a: unknown, b: unknown): boolean {
  if (!a || !b || typeof a !== 'object' || typeof b !== 'object' || Array.isArray(a) || Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => (a as Record<string, unknown>)[k] === (b as Record<string, unknown>)[k]);
}

/**
 * The latest props, handed to the scene through stores instead of through <Canvas> (which would
 * re-configure the root every time):
 * - the colour scales (the followed one and each layer's own) go to a ColourScaleStore that the
 *   layers' lookup textures and uniforms follow, so a colour-scale change re-renders nothing inside the canvas;
 * - the rest re-renders the scene inside the canvas's own react-three-fiber root, only when
 *   something it draws changed (layers, theme, camera, origin…). Callbacks reach the scene through
 *   stable wrappers that call the latest ones, so a parent's fresh closures cost no scene render.
 */
export class CanvasPropsStore {
  private listeners = new Set<() => void>();
  private wrappers = new Map<string, Callback>();
  readonly colourScale: ColourScaleStore;
  private scene: ViewerCanvasProps;

  constructor(public current: ViewerCanvasProps) {
    this.colourScale = new ColourScaleStore(current.colourScale);
    this.colourScale.setLayers(current.layerScales);
    this.scene = this.forScene(current);
  }

  set(next: ViewerCanvasProps): void {
    if (next === this.current) return;
    const previous = this.current;
    this.current = next;
    if (this.sceneChanged(previous, next)) {
      this.scene = this.forScene(next);
      this.listeners.forEach((l) => l());
    }
    this.colourScale.setLayers(next.layerScales);
    this.colourScale.set(next.colourScale);
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get = () => this.scene;

  private sceneChanged(a: ViewerCanvasProps, b: ViewerCanvasProps): boolean {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)] as (keyof ViewerCanvasProps)[]);
    for (const key of keys) {
      if (key === 'colourScale' || key === 'layerScales') continue;
      const x = a[key];
      const y = b[key];
      // A callback replaced by another is the same to the scene (it calls the latest one);
      // one appearing or disappearing is not (e.g. probing is set up only while someone listens).
      if (typeof x === 'function' && typeof y === 'function') continue;
      if (!sameValue(x, y)) return true;
    }
    return false;
  }

  private forScene(props: ViewerCanvasProps): ViewerCanvasProps {
    const out: Record<string, unknown> = { ...props };
    for (const [key, value] of Object.entries(props)) {
      if (typeof value !== 'function') continue;
      let wrapper = this.wrappers.get(key);
      if (!wrapper) {
        wrapper = (...args: never[]) => (this.current[key as keyof ViewerCanvasProps] as Callback | undefined)?.(...args);
        this.wrappers.set(key, wrapper);
      }
      out[key] = wrapper;
    }
    return out as unknown as ViewerCanvasProps;
  }
}
