/**
 * The viewer benchmark page (built on the fly by page.ts, driven in headless Chromium). Each
 * function on `window.viewerBench` measures our viewer and its baseline in the same page and
 * returns the raw figures; the *.bench.ts files print the ratios.
 */
import { createRef, useState, type Dispatch, type SetStateAction } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { advance, flushSync as flushSceneSync } from '@react-three/fiber';
import * as THREE from 'three';
import { writeResultGlb } from '@canopy/engine/results/glb.ts';
import type { ColourScale, SceneLayer, ViewerEffects, ViewerHandle } from '../../../src/viewer/contracts.ts';
import { lookupTexture } from '../../../src/viewer/colour/lookup-texture.ts';
import { VIRIDIS, CIVIDIS } from '../../../src/viewer/colour/palettes.ts';
import { colourAtPosition, lutPixels, parseHex, scalePosition } from '../../../src/viewer/colour/scale.ts';
import { arrowLength, arrowMatrices, createArrowMesh, unitArrowGeometry } from '../../../src/viewer/scene/arrows.ts';
import { createDataMaterial } from '../../../src/viewer/scene/data-material.ts';
import { ViewerCanvas } from '../../../src/viewer/scene/viewer-canvas.tsx';
import { decodeResultGlb } from '../../../src/viewer/workers/decode-glb.ts';
import { grid, type Grid } from './grid.ts';
import { reclassify } from './reclassify.ts';
import { pointStories } from './point-story.ts';

const WIDTH = 800;
const HEIGHT = 600;

// Renders are counted per canvas at the WebGL level (WebGLRenderer.render is an own property of
// each renderer, so it cannot be wrapped on the prototype): a render is a synchronous run of
// clears and draws into the canvas itself, counted once; the effects composer's passes also draw
// into their own render targets, which do not count.
const clears = new WeakMap<HTMLCanvasElement | OffscreenCanvas, number>();
const counting = new WeakSet<HTMLCanvasElement | OffscreenCanvas>();
function countRender(gl: WebGL2RenderingContext): void {
  const canvas = gl.canvas;
  if (counting.has(canvas) || gl.getParameter(gl.DRAW_FRAMEBUFFER_BINDING) !== null) return;
  counting.add(canvas);
  clears.set(canvas, (clears.get(canvas) ?? 0) + 1);
  queueMicrotask(() => counting.delete(canvas));
}
const proto = WebGL2RenderingContext.prototype;
for (const name of ['clear', 'drawArrays', 'drawElements'] as const) {
  const original = proto[name] as (...args: unknown[]) => void;
  (proto as unknown as Record<string, unknown>)[name] = function (this: WebGL2RenderingContext, ...args: unknown[]) {
    countRender(this);
    original.apply(this, args);
  };
}
const rendersOf = (canvas: HTMLCanvasElement) => clears.get(canvas) ?? 0;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const nextFrame = () => new Promise<number>((r) => requestAnimationFrame(r));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Waits for the GPU (reading a pixel cannot finish before every queued command has) and returns
 * the centre pixel, where the benchmark plane is, as 'r,g,b'.
 */
function finish(gl: WebGL2RenderingContext | WebGLRenderingContext): string {
  const px = new Uint8Array(4);
  gl.readPixels(Math.floor(gl.drawingBufferWidth / 2), Math.floor(gl.drawingBufferHeight / 2), 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, px);
  return `${px[0]},${px[1]},${px[2]}`;
}

const SCALE_A: ColourScale = { min: 0.5, max: 1.5, colours: VIRIDIS, discrete: false, unit: '' };
const SCALE_B: ColourScale = { min: 0.6, max: 1.4, colours: CIVIDIS, discrete: false, unit: '' };

async function glbOf(g: Grid): Promise<Uint8Array> {
  return writeResultGlb({
    positions: g.positions,
    indices: g.indices,
    fields: { speedRatio: g.field },
    metadata: { analysis: 'wind-directional', metric: 'speed-ratio', units: '', provenance: { engine: 'benchmark-fixture', version: '1' } },
  });
}

interface MountedViewer {
  handle: ViewerHandle;
  gl: WebGL2RenderingContext;
  setScale: Dispatch<SetStateAction<ColourScale>>;
  unmount(): void;
}

const PLANE_LAYERS: SceneLayer[] = [{ id: 'plane', kind: 'data', url: 'plane.glb', visible: true, field: 'speedRatio' }];

async function mountViewer(glb: Uint8Array, layers: SceneLayer[] = PLANE_LAYERS, effects?: ViewerEffects, width = WIDTH): Promise<MountedViewer> {
  const host = document.createElement('div');
  host.className = 'host';
  host.style.width = `${width}px`;
  host.style.display = 'inline-block';
  document.body.append(host);
  const root = createRoot(host);
  const handleRef = createRef<ViewerHandle>();
  let setScale: Dispatch<SetStateAction<ColourScale>> = () => undefined;
  await new Promise<void>((resolve) => {
    function App() {
      const [scale, set] = useState(SCALE_A);
      setScale = set;
      return (
        <ViewerCanvas
          ref={handleRef}
          layers={layers}
          colourScale={scale}
          theme="default"
          effects={effects}
          loadAsset={async () => glb.slice().buffer}
          onCameraChange={() => resolve()}
        />
      );
    }
    root.render(<App />);
  });
  for (let i = 0; i < 5; i++) await nextFrame();
  const canvas = handleRef.current!.canvas()!;
  return { handle: handleRef.current!, gl: canvas.getContext('webgl2')!, setScale, unmount: () => (root.unmount(), host.remove()) };
}

interface RawScene {
  renderer: THREE.WebGLRenderer;
  scene: THREE.Scene;
  camera: THREE.PerspectiveCamera;
  gl: WebGL2RenderingContext;
  dispose(): void;
}

function rawScene(): RawScene {
  const canvas = document.createElement('canvas');
  canvas.style.cssText = `width:${WIDTH}px;height:${HEIGHT}px;display:block`;
  document.body.append(canvas);
  const renderer = new THREE.WebGLRenderer({ canvas, antialias: true, powerPreference: 'high-performance' });
  renderer.setPixelRatio(Math.min(2, Math.max(1, devicePixelRatio)));
  renderer.setSize(WIDTH, HEIGHT, false);
  const scene = new THREE.Scene();
  scene.background = new THREE.Color('#dfe6ec');
  const camera = new THREE.PerspectiveCamera(45, WIDTH / HEIGHT, 0.5, 5000);
  camera.up.set(0, 0, 1);
  return { renderer, scene, camera, gl: renderer.getContext() as WebGL2RenderingContext, dispose: () => (renderer.dispose(), canvas.remove()) };
}

/** Baseline colouring, the straightforward way: the scale evaluated at every vertex. */
function vertexColoursDirect(field: Float32Array, scale: ColourScale, out: Float32Array): void {
  const rgb = scale.colours.map(parseHex);
  for (let v = 0; v < field.length; v++) {
    const c = colourAtPosition(scale, scalePosition(scale, field[v]), rgb);
    out[v * 3] = c[0] / 255;
    out[v * 3 + 1] = c[1] / 255;
    out[v * 3 + 2] = c[2] / 255;
  }
}

/** Baseline colouring, the fast way: the scale tabulated once (256 entries), indexed per vertex. */
function vertexColours(field: Float32Array, scale: ColourScale, out: Float32Array): void {
  const lut = lutPixels(scale);
  for (let v = 0; v < field.length; v++) {
    const k = Math.min(255, Math.floor(scalePosition(scale, field[v]) * 256)) * 4;
    out[v * 3] = lut[k] / 255;
    out[v * 3 + 1] = lut[k + 1] / 255;
    out[v * 3 + 2] = lut[k + 2] / 255;
  }
}

function rawPlane(g: Grid): { raw: RawScene; colours: THREE.BufferAttribute } {
  const raw = rawScene();
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute('position', new THREE.BufferAttribute(g.positions, 3));
  geometry.setIndex(new THREE.BufferAttribute(g.indices, 1));
  const colours = new THREE.BufferAttribute(new Float32Array(g.field.length * 3), 3);
  vertexColours(g.field, SCALE_A, colours.array as Float32Array);
  geometry.setAttribute('color', colours);
  raw.scene.add(new THREE.Mesh(geometry, new THREE.MeshBasicMaterial({ vertexColors: true, side: THREE.DoubleSide })));
  return { raw, colours };
}

/** Camera states orbiting the fitted view, one per frame. */
function orbit(handle: ViewerHandle, frames: number) {
  const base = handle.getCamera();
  const [tx, ty] = base.target;
  const dx = base.position[0] - tx;
  const dy = base.position[1] - ty;
  return Array.from({ length: frames }, (_, i) => {
    const a = (i * 2 * Math.PI) / frames;
    return {
      ...base,
      position: [tx + dx * Math.cos(a) - dy * Math.sin(a), ty + dx * Math.sin(a) + dy * Math.cos(a), base.position[2]] as [number, number, number],
    };
  });
}

const PLANE_N = 317; // 317² = 100,489 vertices, 2·316² = 199,712 triangles

const EFFECTS_OFF: ViewerEffects = { ambientOcclusion: false, outline: false, antialias: false };
const EFFECTS_ON: ViewerEffects = { ambientOcclusion: true, outline: true, antialias: true };

/** Moves the pointer over the canvas centre (no button): the layer there gets the hovered outline. */
async function hoverCentre(viewer: MountedViewer): Promise<void> {
  const canvas = viewer.handle.canvas()!;
  const rect = canvas.getBoundingClientRect();
  canvas.dispatchEvent(
    new PointerEvent('pointermove', { clientX: rect.left + rect.width / 2, clientY: rect.top + rect.height / 2, buttons: 0, bubbles: true }),
  );
  for (let i = 0; i < 3; i++) await nextFrame();
}

/**
 * Median frame of the mounted viewers (all drawn by one advance(): a split view is two) and of
 * the raw scene, interleaved frame by frame over the same camera path.
 */
async function frames(viewers: MountedViewer[], raw: RawScene, rounds = 3, perRound = 24) {
  const states = orbit(viewers[0].handle, perRound);
  const ours: number[] = [];
  const base: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const state of states) {
      const t0 = performance.now();
      for (const v of viewers) v.handle.setCamera(state);
      advance(performance.now());
      for (const v of viewers) finish(v.gl);
      ours.push(performance.now() - t0);

      const t1 = performance.now();
      raw.camera.position.fromArray(state.position);
      raw.camera.lookAt(...state.target);
      raw.renderer.render(raw.scene, raw.camera);
      finish(raw.gl);
      base.push(performance.now() - t1);
    }
    await nextFrame();
  }
  return { oursMs: median(ours), baselineMs: median(base), frames: ours.length };
}

/**
 * The frame with effects off, with each effect alone, with all three (the pointer over the model,
 * so the hovered outline draws), and a split view (two half-width canvases) with all three and
 * with the split view's choice. Viewers are mounted one configuration at a time: advance()
 * draws every mounted root.
 */
async function frameCost() {
  const g = grid(PLANE_N);
  const glb = await glbOf(g);
  const { raw } = rawPlane(g);
  const { paneEffects } = await import('../../../machines/viewer/viewer-ui.machine.ts');
  const single = async (effects: ViewerEffects) => {
    const viewer = await mountViewer(glb, PLANE_LAYERS, effects);
    if (effects.outline) await hoverCentre(viewer);
    const r = await frames([viewer], raw);
    viewer.unmount();
    return r;
  };
  const split = async (effects: ViewerEffects) => {
    const a = await mountViewer(glb, PLANE_LAYERS, effects, WIDTH / 2);
    const b = await mountViewer(glb, PLANE_LAYERS, effects, WIDTH / 2);
    if (effects.outline) await hoverCentre(a);
    const r = await frames([a, b], raw);
    a.unmount();
    b.unmount();
    return r;
  };
  const off = await single(EFFECTS_OFF);
  const ao = await single({ ...EFFECTS_OFF, ambientOcclusion: true });
  const aa = await single({ ...EFFECTS_OFF, antialias: true });
  const aoAa = await single({ ...EFFECTS_OFF, ambientOcclusion: true, antialias: true });
  const on = await single(EFFECTS_ON);
  const splitOn = await split(EFFECTS_ON);
  const splitChosen = await split(paneEffects({ split: true, effects: EFFECTS_ON }));
  raw.dispose();
  const ratio = (r: { oursMs: number; baselineMs: number }) => r.oursMs / r.baselineMs;
  return {
    triangles: g.indices.length / 3,
    frames: off.frames,
    offMs: off.oursMs,
    offRawMs: off.baselineMs,
    offRatio: ratio(off),
    onMs: on.oursMs,
    onRawMs: on.baselineMs,
    onRatio: ratio(on),
    aoRatio: ratio(ao),
    antialiasRatio: ratio(aa),
    aoAntialiasRatio: ratio(aoAa),
    splitOnRatio: ratio(splitOn),
    splitChosenRatio: ratio(splitChosen),
  };
}

async function colourChange(n = PLANE_N, changes = 20) {
  const g = grid(n);
  const viewer = await mountViewer(await glbOf(g));
  const { raw, colours } = rawPlane(g);
  raw.camera.position.set(-100, -200, 150);
  raw.camera.lookAt(0, 0, 0);
  let lastPixel = finish(viewer.gl);
  let changedFrames = 0;
  const oursChange: number[] = [];
  const oursFrame: number[] = [];
  const oursFinished: number[] = [];
  const direct: number[] = [];
  const tabulated: number[] = [];
  const baseFrame: number[] = [];
  const baseFinished: number[] = [];
  for (let i = 0; i < changes; i++) {
    const next = i % 2 === 0 ? SCALE_B : SCALE_A;
    // ours: the event (new scale into the page's React state) → the next frame submitted. The
    // page's root is flushed synchronously; <ViewerCanvas> passes the scale to its colour-scale
    // store, whose subscribers rewrite the lookup texture and uniforms at once (the scene's own
    // react-three-fiber root has nothing to render, flushed anyway), so the frame drawn by
    // advance() is the one with the new colours (checked on the centre pixel below).
    const t0 = performance.now();
    flushSceneSync(() => flushSync(() => viewer.setScale(next)));
    const t0b = performance.now();
    advance(performance.now());
    const t0c = performance.now();
    const pixel = finish(viewer.gl);
    if (pixel !== lastPixel) changedFrames++;
    lastPixel = pixel;
    oursChange.push(t0b - t0);
    oursFrame.push(t0c - t0);
    oursFinished.push(performance.now() - t0);

    // baseline: rebuild the per-vertex colours (both ways), upload them, draw
    const t1 = performance.now();
    vertexColoursDirect(g.field, next, colours.array as Float32Array);
    const t1b = performance.now();
    vertexColours(g.field, next, colours.array as Float32Array);
    const t1c = performance.now();
    colours.needsUpdate = true;
    raw.renderer.render(raw.scene, raw.camera);
    const t1d = performance.now();
    finish(raw.gl);
    direct.push(t1b - t1);
    tabulated.push(t1c - t1b);
    baseFrame.push(t1d - t1c);
    baseFinished.push(performance.now() - t1c);
    await nextFrame();
  }
  viewer.unmount();
  raw.dispose();
  const upload = median(baseFrame);
  return {
    oursMs: median(oursFrame),
    oursChangeMs: median(oursChange),
    baselineMs: median(direct) + upload,
    baselineTabulatedMs: median(tabulated) + upload,
    rebuildDirectMs: median(direct),
    rebuildTabulatedMs: median(tabulated),
    uploadAndSubmitMs: upload,
    oursFinishedMs: median(oursFinished),
    baselineFinishedMs: median(direct) + median(baseFinished),
    vertices: g.field.length,
    framesShowingNewScale: changedFrames,
    frames: oursFrame.length,
  };
}

async function idle() {
  const g = grid(101);
  // With every effect on: the effects composer draws on demand like the plain renderer.
  const viewer = await mountViewer(await glbOf(g), PLANE_LAYERS, EFFECTS_ON);
  const canvas = viewer.handle.canvas()!;
  await sleep(500);
  const start = rendersOf(canvas);
  await sleep(2000);
  const idleRenders = rendersOf(canvas) - start;
  // One camera change asks for exactly one frame.
  const before = rendersOf(canvas);
  viewer.handle.setCamera(orbit(viewer.handle, 8)[1]);
  await sleep(300);
  const afterOneChange = rendersOf(canvas) - before;
  viewer.unmount();

  // Baseline: a continuous render loop (what frameloop "always" does) over the same 2 s.
  const { raw } = rawPlane(g);
  raw.camera.position.set(-100, -200, 150);
  raw.camera.lookAt(0, 0, 0);
  const loopStart = rendersOf(raw.renderer.domElement);
  const until = performance.now() + 2000;
  while (performance.now() < until) {
    raw.renderer.render(raw.scene, raw.camera);
    await nextFrame();
  }
  const loopRenders = rendersOf(raw.renderer.domElement) - loopStart;
  raw.dispose();
  return { idleRenders, loopRenders, afterOneChange };
}

async function decode() {
  const g = grid(1000); // 1,000,000 vertices, 1,996,002 triangles
  const glb = await glbOf(g);
  const json = JSON.stringify({ positions: Array.from(g.positions), indices: Array.from(g.indices), fields: { speedRatio: Array.from(g.field) } });

  // The longest stretch the main thread could not answer a message, while something runs.
  const stallWhile = async (work: () => Promise<unknown>) => {
    // A 2 ms timer: each late tick is a stretch the main thread was busy (a gentle probe that
    // leaves the CPU to the worker, unlike a busy message loop).
    let last = performance.now();
    let longest = 0;
    const timer = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 2);
    const t0 = performance.now();
    const result = await work();
    const elapsed = performance.now() - t0;
    longest = Math.max(longest, performance.now() - last);
    clearInterval(timer);
    return { elapsed, longest, result };
  };

  const worker: { elapsed: number; longest: number }[] = [];
  const mainThread: { elapsed: number; longest: number }[] = [];
  const parse: { elapsed: number; longest: number }[] = [];
  let vertices = 0;
  for (let i = 0; i < 3; i++) {
    const bytes = glb.slice().buffer; // transferred to the worker
    const w = await stallWhile(() => decodeResultGlb(bytes));
    vertices = (w.result as { positions: Float32Array }).positions.length / 3;
    worker.push(w);
    await sleep(50);
    // The same decoder on the main thread: what the worker must beat for the stall, and what its
    // hop (transfer, message) costs in wall time.
    const local = glb.slice().buffer;
    mainThread.push(await stallWhile(() => decodeResultGlb(local, { inWorker: false })));
    await sleep(50);
    const p = await stallWhile(async () => JSON.parse(json));
    parse.push(p);
    await sleep(50);
  }
  return {
    workerMs: median(worker.map((x) => x.elapsed)),
    workerMainThreadStallMs: median(worker.map((x) => x.longest)),
    mainThreadDecodeMs: median(mainThread.map((x) => x.elapsed)),
    mainThreadDecodeStallMs: median(mainThread.map((x) => x.longest)),
    parseMs: median(parse.map((x) => x.elapsed)),
    parseMainThreadStallMs: median(parse.map((x) => x.longest)),
    vertices,
    glbMB: glb.byteLength / 1e6,
    jsonMB: json.length / 1e6,
  };
}

async function arrows() {
  const side = 100;
  const n = side * side;
  const positions = new Float32Array(n * 3);
  const directions = new Float32Array(n * 3);
  const values = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const x = (i % side) * 2 - side;
    const y = Math.floor(i / side) * 2 - side;
    const a = Math.atan2(y, x) + Math.PI / 2;
    positions.set([x, y, 1.5], i * 3);
    directions.set([Math.cos(a), Math.sin(a), 0], i * 3);
    values[i] = 1 + 0.5 * Math.sin(x / 10);
  }
  const geometry = unitArrowGeometry();
  const length = arrowLength(positions);
  const scale = SCALE_A;

  const measure = (raw: RawScene) => {
    raw.camera.position.set(-90, -240, 180);
    raw.camera.lookAt(0, 0, 0);
    const times: number[] = [];
    const submits: number[] = [];
    let calls = 0;
    for (let i = 0; i < 8; i++) {
      const t0 = performance.now();
      raw.renderer.render(raw.scene, raw.camera);
      submits.push(performance.now() - t0);
      calls = raw.renderer.info.render.calls;
      finish(raw.gl);
      times.push(performance.now() - t0);
    }
    return { ms: median(times.slice(2)), submitMs: median(submits.slice(2)), calls };
  };

  const instancedScene = rawScene();
  const lut = lookupTexture(scale);
  const instancedBuildStart = performance.now();
  instancedScene.scene.add(createArrowMesh(geometry, createDataMaterial(lut, scale), positions, directions, values, length));
  const instancedBuildMs = performance.now() - instancedBuildStart;
  const instanced = measure(instancedScene);
  instancedScene.dispose();

  const lutTexels = lutPixels(scale);
  const colourOf = (i: number) => {
    const k = Math.min(255, Math.floor(scalePosition(scale, values[i]) * 256)) * 4;
    return new THREE.Color().setRGB(lutTexels[k] / 255, lutTexels[k + 1] / 255, lutTexels[k + 2] / 255, THREE.SRGBColorSpace);
  };

  // The strongest fair alternative: every arrow baked into one merged mesh with vertex colours
  // (one draw call too), rebuilt whole when the data changes.
  const mergedScene = rawScene();
  const mergedBuildStart = performance.now();
  const matrices = arrowMatrices(positions, directions, length);
  const flat = geometry.index ? geometry.toNonIndexed() : geometry;
  const source = flat.getAttribute('position');
  const per = source.count;
  const mergedPositions = new Float32Array(n * per * 3);
  const mergedColours = new Float32Array(n * per * 3);
  const vertex = new THREE.Vector3();
  const matrix = new THREE.Matrix4();
  for (let i = 0; i < n; i++) {
    matrix.fromArray(matrices, i * 16);
    const colour = colourOf(i);
    for (let j = 0; j < per; j++) {
      vertex.fromBufferAttribute(source, j).applyMatrix4(matrix);
      mergedPositions.set([vertex.x, vertex.y, vertex.z], (i * per + j) * 3);
      mergedColours.set([colour.r, colour.g, colour.b], (i * per + j) * 3);
    }
  }
  const merged = new THREE.BufferGeometry();
  merged.setAttribute('position', new THREE.BufferAttribute(mergedPositions, 3));
  merged.setAttribute('color', new THREE.BufferAttribute(mergedColours, 3));
  const mergedMesh = new THREE.Mesh(merged, new THREE.MeshBasicMaterial({ vertexColors: true }));
  mergedMesh.frustumCulled = false;
  mergedScene.scene.add(mergedMesh);
  const mergedBuildMs = performance.now() - mergedBuildStart;
  const mergedResult = measure(mergedScene);
  mergedScene.dispose();

  const separateScene = rawScene();
  for (let i = 0; i < n; i++) {
    const mesh = new THREE.Mesh(geometry, new THREE.MeshBasicMaterial({ color: colourOf(i) }));
    mesh.matrixAutoUpdate = false;
    mesh.matrix.fromArray(matrices, i * 16);
    mesh.frustumCulled = false; // every arrow is in view; count all of them
    separateScene.scene.add(mesh);
  }
  const separate = measure(separateScene);
  separateScene.dispose();
  return {
    arrows: n,
    instancedCalls: instanced.calls,
    separateCalls: separate.calls,
    instancedMs: instanced.ms,
    separateMs: separate.ms,
    instancedSubmitMs: instanced.submitMs,
    separateSubmitMs: separate.submitMs,
    mergedCalls: mergedResult.calls,
    mergedMs: mergedResult.ms,
    mergedSubmitMs: mergedResult.submitMs,
    instancedBuildMs,
    mergedBuildMs,
    mergedVertexBytes: mergedPositions.byteLength + mergedColours.byteLength,
  };
}

/** Not a benchmark: mounts the labelled viewer fixtures (a small district) for a visual check. */
async function showcase(theme: string = 'default', effects?: ViewerEffects) {
  const { viewerFixtureResults } = await import('../../fixtures/viewer-results.ts');
  const files = new Map((await viewerFixtureResults()).map(({ asset, glb }) => [asset.filename, glb]));
  const roles: Record<string, SceneLayer['role']> = { 'study-proposed': 'study_proposed', surrounds: 'surround', ground: 'ground_inner' };
  const layers: SceneLayer[] = [
    ...Object.entries(roles).map(([type, role]) => ({ id: type, kind: 'geometry' as const, url: `${type}.glb`, visible: true, role })),
    { id: 'speed', kind: 'data', url: 'speed-ratio.0.glb', visible: true, field: 'speedRatio' },
  ];
  const host = document.createElement('div');
  host.className = 'host';
  host.id = 'showcase';
  document.body.prepend(host);
  const handleRef = createRef<ViewerHandle>();
  await new Promise<void>((resolve) => {
    createRoot(host).render(
      <ViewerCanvas
        ref={handleRef}
        layers={layers}
        colourScale={{ min: 0.5, max: 1.5, colours: VIRIDIS, discrete: false, unit: '' }}
        theme={theme as 'default'}
        effects={effects}
        originPoint={[0, 0, 0]}
        loadAsset={async (url) => files.get(url)!.slice().buffer}
        onCameraChange={() => resolve()}
        onProbe={(probe) => {
          (window as unknown as { lastProbe: unknown }).lastProbe = probe;
        }}
      />,
    );
  });
  await sleep(1500);
  const probe = handleRef.current!.pick(400, 300);
  const blob = await handleRef.current!.captureImage({ withLegend: true });
  return { probeValue: probe?.value ?? -1, probeOnData: probe?.layerId === 'speed' ? 1 : 0, pngBytes: blob.size };
}

/** ?effects=on|off|ao|outline|aa for the showcase (absent: the canvas's default). */
function effectsParam(): ViewerEffects | undefined {
  const value = new URLSearchParams(location.search).get('effects');
  if (value === 'on') return EFFECTS_ON;
  if (value === 'off') return EFFECTS_OFF;
  if (value === 'ao') return { ...EFFECTS_OFF, ambientOcclusion: true };
  if (value === 'outline') return { ...EFFECTS_OFF, outline: true };
  if (value === 'aa') return { ...EFFECTS_OFF, antialias: true };
  return undefined;
}

declare global {
  interface Window {
    viewerBench: Record<string, () => Promise<Record<string, number>>>;
  }
}

window.viewerBench = {
  reclassify,
  pointStories,
  frameCost,
  colourChange: () => colourChange(),
  colourChangeLarge: () => colourChange(1000, 8),
  idle,
  decode,
  arrows,
  showcase: () => showcase(new URLSearchParams(location.search).get('theme') ?? 'default', effectsParam()),
};
document.title = 'viewer-bench-ready';
