/**
 * The scene graph under @react-three/test-renderer 9.1 (the line made for react-three-fiber 9 and
 * React 19): ReactThreeTestRenderer.create mounts <ViewerScene> in a fiber root over the package's
 * mock WebGL 2 context (frameloop "never": nothing is drawn, but the scene graph, materials,
 * textures and geometries are the real three.js objects), fed the labelled viewer test fixtures
 * (tests/fixtures/viewer-results.ts) in the documented GLB format. Layers are found through the
 * test renderer's own scene graph (findByProps / findAllByType on its instances).
 */
import { Profiler } from 'react';
import ReactThreeTestRenderer, { type ReactThreeTest } from '@react-three/test-renderer';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BufferAttribute, DataTexture, InstancedMesh, LineSegments, Mesh, Object3D } from 'three';
import { writeResultGlb } from '@canopy/engine/results/glb.ts';
import { viewerFixtureResults } from '../../../tests/fixtures/viewer-results.ts';
import type { ColourScale, SceneLayer, ViewerHandle } from '../contracts.ts';
import { ColourScaleStore } from './colour-scale-store.ts';
import type { DataMaterial } from './data-material.ts';
import { ViewerScene, type ViewerSceneProps } from './viewer-scene.tsx';

type Renderer = Awaited<ReturnType<typeof ReactThreeTestRenderer.create>>;
type TestInstance = ReactThreeTest.ReactThreeTestInstance;

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const files = new Map<string, Uint8Array>();

beforeAll(async () => {
  for (const { asset, glb } of await viewerFixtureResults()) files.set(`/assets/${asset.filename}`, glb);
  // 50 arrows on a line, pointing north-east, with a speed field.
  const n = 50;
  const positions = new Float32Array(n * 3).map((_, k) => (k % 3 === 0 ? (k / 3) * 2 : k % 3 === 2 ? 1.5 : 0));
  files.set(
    '/assets/arrows.glb',
    await writeResultGlb({
      positions,
      fields: { u: new Float32Array(n).fill(1), v: new Float32Array(n).fill(1), speed: new Float32Array(n).map((_, i) => i / 10) },
      metadata: { analysis: 'wind-directional', metric: 'speed', units: 'm/s', provenance: { engine: 'test', version: '1' } },
    }),
  );
});

const loadAsset = async (url: string) => {
  const bytes = files.get(url);
  if (!bytes) throw new Error(`no fixture ${url}`);
  return bytes.slice().buffer;
};

const viridisScale: ColourScale = { min: 0.5, max: 1.5, colours: ['#440154', '#21918c', '#fde725'], discrete: false, unit: '' };
const redScale: ColourScale = { min: 0, max: 2, colours: ['#ff0000', '#0000ff'], discrete: false, unit: '' };

const layers = (visible: Record<string, boolean> = {}): SceneLayer[] => [
  { id: 'proposed', kind: 'geometry', url: '/assets/study-proposed.glb', visible: visible.proposed ?? true, role: 'study_proposed' },
  { id: 'ground', kind: 'geometry', url: '/assets/ground.glb', visible: true, role: 'ground_inner' },
  { id: 'speed0', kind: 'data', url: '/assets/speed-ratio.0.glb', visible: visible.speed0 ?? true, field: 'speedRatio' },
];

function props(overrides: Partial<ViewerSceneProps> = {}): ViewerSceneProps {
  return { layers: layers(), colourScale: viridisScale, theme: 'default', loadAsset, decodeInWorker: false, ...overrides };
}

const WIDTH = 800;
const HEIGHT = 600;

/** ReactThreeTestRenderer.create with the viewer canvas's camera and an 800×600 canvas. */
function create(element: React.ReactNode): Promise<Renderer> {
  return ReactThreeTestRenderer.create(element, {
    width: WIDTH,
    height: HEIGHT,
    dpr: 1,
    camera: { fov: 45, up: [0, 0, 1], position: [-60, -120, 90], near: 0.1, far: 5000 },
    beforeReturn: (canvas) => {
      canvas.getBoundingClientRect = () => ({ x: 0, y: 0, left: 0, top: 0, right: WIDTH, bottom: HEIGHT, width: WIDTH, height: HEIGHT, toJSON: () => ({}) });
    },
  });
}

/** Lets the layers' loads and decodes resolve (inside act) until the condition holds. */
async function settle(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200; i++) {
    await ReactThreeTestRenderer.act(async () => {
      await new Promise((r) => setTimeout(r, 10));
    });
    if (condition()) return;
  }
  throw new Error('scene did not settle');
}

/** The layer's group in the test renderer's scene graph (layer components name it `layer:<id>`). */
const layerNode = (renderer: Renderer, id: string): TestInstance | undefined => renderer.scene.findAllByProps({ name: `layer:${id}` })[0];
/** The layer's drawable: the Mesh (or Points) under its group. */
const drawableNode = (renderer: Renderer, id: string): TestInstance | undefined =>
  layerNode(renderer, id)?.children.find((child) => child.type === 'Mesh' || child.type === 'Points');
const meshOf = (renderer: Renderer, id: string) => drawableNode(renderer, id)?.instance as Mesh | undefined;

/** What three.js draws: an object is rendered only when it and every ancestor are visible. */
function drawn(object: Object3D): boolean {
  for (let o: Object3D | null = object; o; o = o.parent) if (!o.visible) return false;
  return true;
}

describe('ViewerScene (@react-three/test-renderer)', () => {
  it('draws the reference origin point where it is given, over the model, and none without one', async () => {
    const withOrigin = await create(<ViewerScene {...props({ originPoint: [0, 0, 0] })} />);
    await settle(() => withOrigin.scene.findAllByProps({ name: 'origin-marker' }).length > 0);
    const marker = withOrigin.scene.findAllByProps({ name: 'origin-marker' })[0]!.instance as Object3D;
    expect(marker.position.toArray()).toEqual([0, 0, 0]);
    expect(marker.scale.x).toBeGreaterThan(0);
    expect(drawn(marker)).toBe(true);
    // Depth-tested: a building in front of it hides it (not painted over the model in report figures).
    const materials: boolean[] = [];
    marker.traverse((o) => {
      if ((o as Mesh).isMesh) materials.push(((o as Mesh).material as { depthTest: boolean }).depthTest);
    });
    expect(materials).toEqual([true, true]);
    await withOrigin.unmount();
    const without = await create(<ViewerScene {...props()} />);
    await settle(() => !!meshOf(without, 'proposed'));
    expect(without.scene.findAllByProps({ name: 'origin-marker' })).toHaveLength(0);
    await without.unmount();
  });

  it('toggling a layer hides its mesh, without reloading or remounting it', async () => {
    const renderer = await create(<ViewerScene {...props()} />);
    await settle(() => !!meshOf(renderer, 'proposed') && !!meshOf(renderer, 'speed0'));
    const node = drawableNode(renderer, 'proposed')!;
    const mesh = node.instance as Mesh;
    const geometry = mesh.geometry;
    expect(layerNode(renderer, 'proposed')!.props.visible).toBe(true);
    expect(drawn(mesh)).toBe(true);

    await renderer.update(<ViewerScene {...props({ layers: layers({ proposed: false }) })} />);
    expect(layerNode(renderer, 'proposed')!.props.visible).toBe(false);
    expect(layerNode(renderer, 'proposed')!.instance.visible).toBe(false);
    expect(drawn(mesh)).toBe(false);
    // the same mesh and geometry: hidden, not unmounted or rebuilt
    expect(meshOf(renderer, 'proposed')).toBe(mesh);
    expect(mesh.geometry).toBe(geometry);
    // the other layers are untouched
    expect(drawn(meshOf(renderer, 'speed0')!)).toBe(true);
    expect(drawn(meshOf(renderer, 'ground')!)).toBe(true);

    await renderer.update(<ViewerScene {...props({ layers: layers({ proposed: true }) })} />);
    expect(layerNode(renderer, 'proposed')!.instance.visible).toBe(true);
    expect(drawn(mesh)).toBe(true);
    await renderer.unmount();
  });

  it('a colour-scale change updates the lookup-texture uniform, not the geometry', async () => {
    const renderer = await create(<ViewerScene {...props()} />);
    await settle(() => !!meshOf(renderer, 'speed0'));
    const mesh = meshOf(renderer, 'speed0')!;
    const material = mesh.material as DataMaterial;
    const materialVersion = material.version;
    const geometry = mesh.geometry;
    const attributes = Object.fromEntries(Object.entries(geometry.attributes).map(([name, a]) => [name, a as BufferAttribute]));
    const versions = Object.fromEntries(Object.entries(attributes).map(([name, a]) => [name, a.version]));
    const index = geometry.index!;
    const indexVersion = index.version;
    const lut = material.uniforms.uLut.value as DataTexture;
    const lutVersion = lut.version;
    const texels = lut.image.data as Uint8Array;
    const before = Array.from(texels.subarray(0, 4));
    expect(material.uniforms.uMin.value).toBe(0.5);
    expect(material.uniforms.uMax.value).toBe(1.5);

    await renderer.update(<ViewerScene {...props({ colourScale: redScale })} />);

    // the uniforms: new range, and the lookup texture rewritten in place (new texels, new version)
    expect(material.uniforms.uMin.value).toBe(0);
    expect(material.uniforms.uMax.value).toBe(2);
    expect(material.uniforms.uLut.value).toBe(lut);
    expect(lut.image.data).toBe(texels);
    expect(lut.version).toBeGreaterThan(lutVersion);
    expect(Array.from(texels.subarray(0, 4))).not.toEqual(before);
    expect(texels[0]).toBeGreaterThan(250); // red end
    expect(texels[255 * 4 + 2]).toBeGreaterThan(250); // blue end
    // no shader recompile
    expect(material.version).toBe(materialVersion);
    // the same mesh and geometry; every attribute the same object, none re-uploaded
    expect(meshOf(renderer, 'speed0')).toBe(mesh);
    expect(mesh.material).toBe(material);
    expect(mesh.geometry).toBe(geometry);
    expect(Object.keys(geometry.attributes).sort()).toEqual(Object.keys(attributes).sort());
    for (const [name, attribute] of Object.entries(geometry.attributes)) {
      expect(attribute).toBe(attributes[name]);
      expect((attribute as BufferAttribute).version).toBe(versions[name]);
    }
    expect(geometry.index).toBe(index);
    expect(index.version).toBe(indexVersion);
    await renderer.unmount();
  });

  it('a colour-scale change from the canvas store reaches the uniforms at once, with no React render', async () => {
    const store = new ColourScaleStore(viridisScale);
    let commits = 0;
    const renderer = await create(
      <Profiler id="scene" onRender={() => commits++}>
        <ViewerScene {...props({ colourScale: null, colourScaleStore: store })} />
      </Profiler>,
    );
    await settle(() => !!meshOf(renderer, 'speed0'));
    const material = meshOf(renderer, 'speed0')!.material as DataMaterial;
    const lut = material.uniforms.uLut.value as DataTexture;
    const lutVersion = lut.version;
    expect(material.uniforms.uMax.value).toBe(1.5);
    const before = commits;

    // outside act(): anything that needed a React render would not have happened yet
    store.set(redScale);
    expect(material.uniforms.uMin.value).toBe(0);
    expect(material.uniforms.uMax.value).toBe(2);
    expect(lut.version).toBe(lutVersion + 1);
    expect((lut.image.data as Uint8Array)[0]).toBeGreaterThan(250);
    // a new range with the same colours: two uniforms, no texture upload
    store.set({ ...redScale, min: 1, max: 3 });
    expect(material.uniforms.uMin.value).toBe(1);
    expect(lut.version).toBe(lutVersion + 1);
    await ReactThreeTestRenderer.act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(commits).toBe(before);
    await renderer.unmount();
  });

  it('a theme change recolours geometry layers by role', async () => {
    const renderer = await create(<ViewerScene {...props()} />);
    await settle(() => !!meshOf(renderer, 'proposed'));
    const material = meshOf(renderer, 'proposed')!.material as unknown as { color: { getHexString(): string } };
    expect(`#${material.color.getHexString()}`).toBe('#e9e4d8');
    await renderer.update(<ViewerScene {...props({ theme: 'tron' })} />);
    expect(`#${material.color.getHexString()}`).toBe('#001018');
    await renderer.unmount();
  });

  it('draws an arrow layer as one InstancedMesh with one instance per point', async () => {
    const arrows: SceneLayer = { id: 'wind', kind: 'arrows', url: '/assets/arrows.glb', visible: true, field: 'speed' };
    const renderer = await create(<ViewerScene {...props({ layers: [arrows] })} />);
    await settle(() => (layerNode(renderer, 'wind')?.children.length ?? 0) > 0);
    const instanced = renderer.scene.findAll((node) => (node.instance as Partial<InstancedMesh>).isInstancedMesh === true);
    expect(instanced).toHaveLength(1);
    const mesh = instanced[0].instance as InstancedMesh;
    expect(mesh.count).toBe(50);
    expect(mesh.geometry.getAttribute('value').count).toBe(50);
    await renderer.unmount();
  });

  it('draws a line layer (streamlines) as LineSegments coloured by its field, and probes the value along a segment', async () => {
    // Two streamlines along x at y = 0 and y = 10, z = 2: 11 vertices each, speedRatio = x / 10.
    const xs = Array.from({ length: 11 }, (_, i) => i * 2 - 10);
    const positions = Float32Array.from([0, 10].flatMap((y) => xs.flatMap((x) => [x, y, 2])));
    const lines = Uint32Array.from([0, 11].flatMap((start) => Array.from({ length: 10 }, (_, i) => [start + i, start + i + 1]).flat()));
    const speedRatio = Float32Array.from([0, 10].flatMap(() => xs.map((x) => x / 10)));
    files.set(
      '/assets/streamlines.glb',
      await writeResultGlb({
        positions,
        lines,
        fields: { speedRatio },
        metadata: { analysis: 'wind-streamlines', metric: 'speed-ratio', units: '', primitive: 'lines', provenance: { engine: 'test', version: '1' } },
      }),
    );
    let handle: ViewerHandle | null = null;
    const streams: SceneLayer = { id: 'streams', kind: 'volumetric', url: '/assets/streamlines.glb', visible: true, field: 'speedRatio' };
    const renderer = await create(<ViewerScene {...props({ layers: [streams] })} handleRef={(h) => void (handle = h)} />);
    await settle(() => (layerNode(renderer, 'streams')?.children.length ?? 0) > 0);
    const node = layerNode(renderer, 'streams')!.children[0]!;
    expect(node.type).toBe('LineSegments');
    const segments = node.instance as LineSegments;
    expect(segments.isLineSegments).toBe(true);
    expect(Array.from(segments.geometry.index!.array)).toEqual(Array.from(lines));
    expect(Array.from(segments.geometry.getAttribute('value').array)).toEqual(Array.from(speedRatio));
    expect((segments.material as DataMaterial).uniforms.uLut).toBeDefined();

    handle!.fitToView();
    const at = handle!.project([3, 10, 2])!;
    const probe = handle!.pick(at.x, at.y)!;
    expect(probe.layerId).toBe('streams');
    expect(probe.point[1]).toBeCloseTo(10, 1);
    // interpolated along the segment the ray meets: x / 10 there
    expect(probe.value).toBeCloseTo(probe.point[0] / 10, 2);
    await renderer.unmount();
  });

  it('reports a layer that cannot be decoded', async () => {
    const errors: string[] = [];
    const bad: SceneLayer = { id: 'bad', kind: 'geometry', url: '/assets/truncated.glb', visible: true, role: 'surround' };
    files.set('/assets/truncated.glb', files.get('/assets/ground.glb')!.slice(0, 40));
    const renderer = await create(<ViewerScene {...props({ layers: [bad], onLayerError: (id, m) => errors.push(`${id}: ${m}`) })} />);
    await settle(() => errors.length > 0);
    expect(errors[0]).toMatch(/^bad: truncated GLB/);
    await renderer.unmount();
  });

  it('fits the view to the loaded layers and projects site points onto the canvas', async () => {
    let handle: ViewerHandle | null = null;
    const renderer = await create(<ViewerScene {...props()} handleRef={(h) => void (handle = h)} />);
    await settle(() => !!meshOf(renderer, 'speed0') && !!meshOf(renderer, 'proposed') && !!meshOf(renderer, 'ground'));
    handle!.fitToView();
    const camera = handle!.getCamera();
    expect(camera.up).toEqual([0, 0, 1]);
    // the fixtures span x, y ∈ [−20, 20]: the target is near the middle, the camera south-west and above
    expect(Math.abs(camera.target[0])).toBeLessThan(5);
    expect(camera.position[1]).toBeLessThan(camera.target[1]);
    expect(camera.position[2]).toBeGreaterThan(30);
    const centre = handle!.project([0, 0, 0])!;
    expect(centre.visible).toBe(true);
    for (const corner of [
      [-20, -20, 0],
      [20, 20, 0],
      [-8, -8, 30],
    ] as const)
      expect(handle!.project([...corner])!.visible).toBe(true);

    // Picking where the plane is in the open returns the field's value there (BVH ray query and
    // barycentric interpolation); the fixture's field is 1 + ½ sin(x/8) cos(y/8) at direction 0.
    const at = handle!.project([-15, -15, 1.5])!;
    const probe = handle!.pick(at.x, at.y)!;
    expect(probe.layerId).toBe('speed0');
    expect(probe.point[2]).toBeCloseTo(1.5, 3);
    expect(probe.value).toBeCloseTo(1 + 0.5 * Math.sin(probe.point[0] / 8) * Math.cos(probe.point[1] / 8), 2);
    // on a building the probe names the geometry layer and carries no value
    const roof = handle!.project([-5, -5, 30])!;
    const hit = handle!.pick(roof.x, roof.y)!;
    expect(hit.layerId).toBe('proposed');
    expect(hit.value).toBeUndefined();
    await renderer.unmount();
  });
});

describe('layer sets in the scene', () => {
  it('draws a volumetric set with fields as coloured lines and a geometry set as a themed mesh, under their set ids', async () => {
    const provenance = { engine: 'layer-set-test', version: '1' };
    files.set(
      '/sets/7',
      await writeResultGlb({
        positions: new Float32Array([0, 0, 1, 1, 0, 1, 2, 0, 1]),
        lines: new Uint32Array([0, 1, 1, 2]),
        fields: { speed: new Float32Array([1, 2, 3]) },
        metadata: { analysis: 'wind-cfd', metric: 'streamlines', units: 'm/s', provenance },
      }),
    );
    files.set(
      '/sets/8',
      await writeResultGlb({
        positions: new Float32Array([0, 0, 0, 4, 0, 0, 0, 4, 6]),
        indices: new Uint32Array([0, 1, 2]),
        fields: {},
        metadata: { analysis: 'geometry', metric: 'trees', units: '', provenance },
      }),
    );
    // What the viewer screen makes of a Volumetric set with fields and a Geometry set (layerSetSceneLayers).
    const setLayers: SceneLayer[] = [
      { id: 'set-7', kind: 'volumetric', url: '/sets/7', visible: true, field: 'speed', label: 'Streamlines · 0°' },
      { id: 'set-8', kind: 'geometry', url: '/sets/8', visible: true, role: 'overlay', label: 'Tree canopy' },
    ];
    const renderer = await create(<ViewerScene {...props({ layers: [...layers(), ...setLayers] })} />);
    await settle(() => !!layerNode(renderer, 'set-7')?.children.length && !!meshOf(renderer, 'set-8'));
    const lines = layerNode(renderer, 'set-7')!.children.find((c) => c.type === 'LineSegments')!.instance as LineSegments;
    expect(drawn(lines)).toBe(true);
    expect(Array.from(lines.geometry.getAttribute('value').array)).toEqual([1, 2, 3]);
    const trees = meshOf(renderer, 'set-8')!;
    expect(drawn(trees)).toBe(true);
    expect(trees.geometry.getAttribute('position').count).toBe(3);
    await renderer.unmount();
  });
});
