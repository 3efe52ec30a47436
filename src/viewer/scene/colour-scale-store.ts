/**
 * The viewer's colour scales outside React: the scale of the layer the panels follow, and each
 * data layer's own scale (two layers shown together keep their own colours and ranges). A change is
 * pushed here and reaches every layer's lookup texture and uniforms through subscriptions,
 * synchronously, without re-rendering the scene or its layer components.
 */
import type { ColourScale } from '../contracts.ts';

type Listener = () => void;
type LayerScales = Readonly<Record<string, ColourScale>>;

const NONE: LayerScales = {};

export class ColourScaleStore {
  private readonly listeners = new Set<Listener>();
  private layers: LayerScales = NONE;

  constructor(private value: ColourScale | null = null) {}

  /** The scale of the layer the panels follow (the legend of screenshots). */
  get = (): ColourScale | null => this.value;

  /** A layer's own scale, else the followed layer's. */
  forLayer = (layerId: string): ColourScale | null => this.layers[layerId] ?? this.value;

  /** Every scale drawn now, the followed one first, each once (the legends of a screenshot). */
  all = (): ColourScale[] => {
    const out = this.value ? [this.value] : [];
    for (const scale of Object.values(this.layers)) if (!out.some((s) => s === scale || (s.layerId && s.layerId === scale.layerId))) out.push(scale);
    return out;
  };

  /** Sets the followed scale and tells every subscriber at once (nothing happens when it is the same object). */
  set(next: ColourScale | null): void {
    if (next === this.value) return;
    this.value = next;
    this.notify();
  }

  /** Sets every layer's own scale (nothing happens when it is the same object). */
  setLayers(next: LayerScales | undefined): void {
    const scales = next ?? NONE;
    if (scales === this.layers) return;
    this.layers = scales;
    this.notify();
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  private notify(): void {
    for (const listener of [...this.listeners]) listener();
  }
}
