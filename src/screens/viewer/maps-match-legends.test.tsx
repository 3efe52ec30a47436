/**
 * Maps that match their legends: a speed-up layer and a comfort map shown
 * together, each drawn through its own scale. The scales come the way the viewer makes them (the
 * viewer UI machine's per-layer edits and the values the scene reports, then paneLayerScales); the
 * scene is the real three.js scene under @react-three/test-renderer, and every vertex's colour is
 * computed from what the GPU is given (the layer's lookup-texture texels and its two uniforms,
 * sampled as the shader and the texture's filter do). Each colour is checked against the legend
 * shown over the view, read from the DOM: a comfort vertex's colour is its class's swatch, a
 * speed-up vertex's is the legend's gradient at the value's place between its end ticks.
 */
import ReactThreeTestRenderer from '@react-three/test-renderer';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { DataTexture, Mesh } from 'three';
import { NearestFilter } from 'three';
import { comfortLegend, findLegend } from '@canopy/engine/analyses/legends.ts';
import { getCriterion } from '@canopy/engine/wind/criteria.ts';
import type { Asset } from '@canopy/contract/viewer.ts';
import { viewerUiMachine } from '@machines/viewer/viewer-ui.machine.ts';
import { viewerFixtureResults } from '../../../tests/fixtures/viewer-results.ts';
import type { ColourScale, SceneLayer } from '../../viewer/contracts.ts';
import type { DataMaterial } from '../../viewer/scene/data-material.ts';
import { ViewerScene } from '../../viewer/scene/viewer-scene.tsx';
import { LegendOverlay } from './legend-overlay.tsx';
import { paneLayerScales, type ColourLegend } from './scene-layers.ts';
import { asset } from './viewer-test-kit.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Rgb = [number, number, number];
const files = new Map<string, Uint8Array>();

beforeAll(async () => {
  for (const { asset: a, glb } of await viewerFixtureResults()) files.set(`/assets/${a.filename}`, glb);
});
afterEach(cleanup);

const loadAsset = async (url: string) => files.get(url)!.slice().buffer;

const lawson = comfortLegend(getCriterion('lawson-lddc')) as ColourLegend;
const speedLegend = findLegend('speed-ratio') as ColourLegend;
const speedAsset = asset(1, { id: 501, analysis_type: 'wind-directional', metric: 'speed-ratio', metadata: { units: '' } });
const comfortAsset = asset(1, { id: 502, analysis_type: 'wind-comfort', metric: 'comfort-class', metadata: { units: 'class' } });
const assets: Asset[] = [speedAsset, comfortAsset];
const layers: SceneLayer[] = [
  { id: '501', kind: 'data', url: '/assets/speed-ratio.0.glb', visible: true, field: 'speedRatio' },
  { id: '502', kind: 'data', url: '/assets/comfort.Winter.0600.glb', visible: true, field: 'comfortClass' },
];
const legendOf = (id: string) => (id === '501' ? speedLegend : id === '502' ? lawson : null);

/** The colour the shader draws for `value`: the lookup texture sampled at t as its filter does. */
function drawnColour(material: DataMaterial, value: number): Rgb {
  const lut = material.uniforms.uLut.value as DataTexture;
  const texels = lut.image.data as Uint8Array;
  const size = lut.image.width;
  const { value: min } = material.uniforms.uMin;
  const { value: max } = material.uniforms.uMax;
  const t = Math.min(1, Math.max(0, (value - min) / (max - min)));
  const texel = (i: number): Rgb => {
    const k = Math.min(size - 1, Math.max(0, i)) * 4;
    return [texels[k]!, texels[k + 1]!, texels[k + 2]!];
  };
  if (lut.magFilter === NearestFilter) return texel(Math.floor(t * size));
  const x = t * size - 0.5;
  const i = Math.floor(x);
  const f = x - i;
  const [a, b] = [texel(i), texel(i + 1)];
  return [0, 1, 2].map((c) => a[c]! + (b[c]! - a[c]!) * f) as Rgb;
}

const rgbOf = (css: string): Rgb => {
  const hex = /^#([0-9a-f]{6})$/i.exec(css.trim());
  if (hex) {
    const n = parseInt(hex[1]!, 16);
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  }
  const m = /rgb\((\d+),\s*(\d+),\s*(\d+)\)/.exec(css);
  if (!m) throw new Error(`not a colour: ${css}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
};

/** A class legend as shown: class label → swatch colour. */
function swatches(title: string): Map<string, Rgb> {
  const figure = screen.getByRole('figure', { name: `Legend: ${title}` });
  return new Map(
    within(figure)
      .getAllByRole('listitem')
      .map((li) => [li.textContent!, rgbOf((li.querySelector('span') as HTMLElement).style.background)]),
  );
}

/** A gradient legend as shown: its colours (spread evenly along the bar) and its tick labels. */
function gradient(title: string): { colours: Rgb[]; ticks: number[] } {
  const figure = screen.getByRole('figure', { name: `Legend: ${title}` });
  const bar = figure.querySelector('[aria-hidden]') as HTMLElement;
  const css = bar.getAttribute('style') ?? '';
  const colours = [...css.matchAll(/#[0-9a-f]{6}|rgb\(\d+,\s*\d+,\s*\d+\)/gi)].map((m) => rgbOf(m[0]));
  const ticks = within(within(figure).getByRole('list', { name: 'Ticks' }))
    .getAllByRole('listitem')
    .map((li) => Number(li.textContent));
  return { colours, ticks };
}

/** The legend's colour at `value`: its place between the end ticks, interpolated between its evenly spread colours. */
function legendColour({ colours, ticks }: { colours: Rgb[]; ticks: number[] }, value: number): Rgb {
  const t = Math.min(1, Math.max(0, (value - ticks[0]!) / (ticks.at(-1)! - ticks[0]!)));
  const x = t * (colours.length - 1);
  const i = Math.min(colours.length - 2, Math.floor(x));
  const f = x - i;
  return [0, 1, 2].map((c) => colours[i]![c]! + (colours[i + 1]![c]! - colours[i]![c]!) * f) as Rgb;
}

const close = (a: Rgb, b: Rgb, tolerance: number) => a.every((v, c) => Math.abs(v - b[c]!) <= tolerance);

async function settle(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200; i++) {
    await ReactThreeTestRenderer.act(async () => {
      await new Promise((r) => setTimeout(r, 10));
    });
    if (condition()) return;
  }
  throw new Error('scene did not settle');
}

type Renderer = Awaited<ReturnType<typeof ReactThreeTestRenderer.create>>;
const meshOf = (renderer: Renderer, id: string) =>
  renderer.scene.findAllByProps({ name: `layer:${id}` })[0]?.children.find((c) => c.type === 'Mesh')?.instance as Mesh | undefined;
const valuesOf = (mesh: Mesh) => mesh.geometry.getAttribute('value').array as Float32Array;

/** Every vertex of both layers against its legend; returns how many were checked. */
function checkAgainstLegends(renderer: Renderer, speedTitle: string, comfortTitle: string): number {
  const speed = meshOf(renderer, '501')!;
  const comfort = meshOf(renderer, '502')!;
  const classes = swatches(comfortTitle);
  const ramp = gradient(speedTitle);
  let checked = 0;
  for (const value of valuesOf(comfort)) {
    const label = lawson.classes!.find((c) => c.value === value)!.label;
    expect(drawnColour(comfort.material as DataMaterial, value), `comfort class ${label}`).toEqual(classes.get(label));
    checked++;
  }
  for (const value of valuesOf(speed)) {
    const drawn = drawnColour(speed.material as DataMaterial, value);
    // The texture holds 256 colours: within 2 levels per channel of the legend's gradient.
    expect(close(drawn, legendColour(ramp, value), 2), `speed-up ${value}: drawn ${drawn} legend ${legendColour(ramp, value)}`).toBe(true);
    checked++;
  }
  return checked;
}

describe('a speed-up layer and a comfort map shown together', () => {
  it('draws each with its own scale: every vertex has the colour its own legend gives its value, before and after a range is set on one', async () => {
    const ui = createActor(viewerUiMachine, { input: {} }).start();
    const scales = () => {
      const { colour, layerValues } = ui.getSnapshot().context;
      return paneLayerScales(layers, assets, legendOf, [], colour[0], layerValues);
    };
    // The pane model tells the machine which layers are category maps; the scene reports the values.
    ui.send({ type: 'layer.values', layer: '502', categorical: true });
    const sceneProps = (s: Record<string, ColourScale>) => ({
      layers,
      // The followed layer is the speed-up one: a comfort map drawn with it would be painted in its ramp.
      colourScale: s['501']!,
      layerScales: s,
      theme: 'default' as const,
      loadAsset,
      decodeInWorker: false,
      onLayerRange: (layer: string, range: [number, number]) => ui.send({ type: 'layer.values', layer, range }),
    });
    const renderer = await ReactThreeTestRenderer.create(<ViewerScene {...sceneProps(scales())} />, { width: 800, height: 600 });
    await settle(() => !!meshOf(renderer, '501') && !!meshOf(renderer, '502') && !!ui.getSnapshot().context.layerValues['501']?.range);
    await renderer.update(<ViewerScene {...sceneProps(scales())} />);

    // The speed-up layer's default range is its own values (0.5–1.5 in the fixture) in round ticks, not the legend's 0–2.
    const first = scales();
    render(<LegendOverlay scales={[first['501']!, first['502']!]} fallbackTitle={null} />);
    expect(gradient('Wind speed-up ratio').ticks).toEqual([0.4, 0.6, 0.8, 1, 1.2, 1.4, 1.6]);
    expect([...swatches(lawson.title).keys()]).toEqual(lawson.classes!.map((c) => c.label));
    expect(checkAgainstLegends(renderer, 'Wind speed-up ratio', lawson.title)).toBeGreaterThan(800);

    // The case: a 0–0.8 range set on the speed-up layer stays on it; the comfort map keeps its classes.
    ui.send({ type: 'colour.range', pane: 0, layer: '501', min: 0, max: 0.8 });
    ui.send({ type: 'colour.range', pane: 0, layer: '502', min: 0, max: 0.8 });
    const second = scales();
    await renderer.update(<ViewerScene {...sceneProps(second)} />);
    cleanup();
    render(<LegendOverlay scales={[second['501']!, second['502']!]} fallbackTitle={null} />);
    expect(gradient('Wind speed-up ratio').ticks).toEqual([0, 0.2, 0.4, 0.6, 0.8]);
    checkAgainstLegends(renderer, 'Wind speed-up ratio', lawson.title);
    await renderer.unmount();
  });
});
