import { describe, expect, it, vi } from 'vitest';
import type { ColourScale, SceneLayer, ViewerCanvasProps } from '../contracts.ts';
import { CanvasPropsStore } from './canvas-props-store.ts';

const scaleA: ColourScale = { min: 0, max: 1, colours: ['#000000', '#ffffff'], discrete: false };
const scaleB: ColourScale = { min: 0, max: 2, colours: ['#ff0000', '#0000ff'], discrete: false };
const layers = (visible = true): SceneLayer[] => [{ id: 'a', kind: 'data', url: '/a.glb', visible, field: 'f' }];

function props(overrides: Partial<ViewerCanvasProps> = {}): ViewerCanvasProps {
  return { layers: layers(), colourScale: scaleA, theme: 'default', loadAsset: async () => new ArrayBuffer(0), ...overrides };
}

describe('CanvasPropsStore (ViewerCanvas → scene)', () => {
  it('sends a colour-scale change to the colour-scale store only: the scene does not re-render', () => {
    const store = new CanvasPropsStore(props());
    const scene = vi.fn();
    const scale = vi.fn();
    store.subscribe(scene);
    store.colourScale.subscribe(scale);
    const snapshot = store.get();
    // a parent re-render: new props object, fresh closures, equal layers, a new scale
    store.set(props({ layers: layers(), colourScale: scaleB, onProbe: undefined }));
    expect(scene).not.toHaveBeenCalled();
    expect(store.get()).toBe(snapshot);
    expect(scale).toHaveBeenCalled();
    expect(store.colourScale.get()).toBe(scaleB);
  });

  it('re-renders the scene when something it draws changes', () => {
    const store = new CanvasPropsStore(props());
    const scene = vi.fn();
    store.subscribe(scene);
    store.set(props({ layers: layers(false) }));
    expect(scene).toHaveBeenCalledTimes(1);
    expect(store.get().layers[0].visible).toBe(false);
    store.set(props({ layers: layers(false), theme: 'dark' }));
    expect(scene).toHaveBeenCalledTimes(2);
    // a listener appearing matters (pointer probing is set up only while someone listens)
    store.set(props({ layers: layers(false), theme: 'dark', onProbe: () => undefined }));
    expect(scene).toHaveBeenCalledTimes(3);
  });

  it('hands the scene stable callbacks that call the latest ones', async () => {
    const first = vi.fn(async () => new ArrayBuffer(1));
    const second = vi.fn(async () => new ArrayBuffer(2));
    const store = new CanvasPropsStore(props({ loadAsset: first }));
    const wrapper = store.get().loadAsset;
    store.set(props({ loadAsset: second }));
    expect(store.get().loadAsset).toBe(wrapper);
    expect((await wrapper('/x.glb')).byteLength).toBe(2);
    expect(second).toHaveBeenCalledWith('/x.glb');
    expect(first).not.toHaveBeenCalled();
  });
});
