/**
 * The viewer's current colour scale outside React: a colour-scale change is pushed here and
 * reaches the lookup texture and every data/arrow material through subscriptions, synchronously,
 * without re-rendering the scene or its layer components (the uniforms are all that change).
 */
import type { ColourScale } from '../contracts.ts';

export type ColourScaleListener = (scale: ColourScale | null) => void;

export class ColourScaleStore {
  private readonly listeners = new Set<ColourScaleListener>();

  constructor(private value: ColourScale | null = null) {}

  get = (): ColourScale | null => this.value;

  /** Sets the scale and tells every subscriber at once (nothing happens when it is the same object). */
  set(next: ColourScale | null): void {
    if (next === this.value) return;
    this.value = next;
    for (const listener of [...this.listeners]) listener(next);
  }

  subscribe = (listener: ColourScaleListener): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };
}
