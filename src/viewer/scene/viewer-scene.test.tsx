/**
 * The scene graph in a react-three-fiber root (testing/render-scene.tsx: real three.js objects
 * over a mock WebGL context), fed the labelled viewer test fixtures (tests/fixtures/viewer-results.ts)
 * in the documented GLB format.
 */
import { act } from '@react-three/fiber';
import { beforeAll, describe, expect, it } from 'vitest';
import { InstancedMesh, type DataTexture, type Mesh, type Object3D, type Scene } from 'three';
import { writeResultGlb } from '../../../engine/results/glb.ts';
import { viewerFixtureResults } from '../../../tests/fixtures/viewer-results.ts';
import type { ColourScale, SceneLayer, ViewerHandle } from '../contracts.ts';
import type { DataMaterial } from './data-material.ts';
import { renderScene, type RenderedScene } from './testing/render-scene.tsx';
import { ViewerScene, type ViewerSceneProps } from './viewer-scene.tsx';

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

async function settle(renderer: RenderedScene, until: (scene: Scene) => boolean) {
  for (let i = 0; i < 200; i++) {
    await act(async () => {
      await new Promise((r) => setTimeout(r, 10));
    });
    if (until(renderer.scene)) return renderer.scene;
  }
  throw new Error('scene did not settle');
}

const byName = (scene: Scene, name: string) => scene.getObjectByName(name) as Object3D;
const meshOf = (scene: Scene, id: string) => byName(scene, `layer:${id}`)?.children[0] as Mesh | undefined;

describe('ViewerScene', () => {
  it('toggling a layer flips its visibility without reloading or remounting the mesh', async () => {
    const renderer = await renderScene(<ViewerScene {...props()} />);
    const scene = await settle(renderer, (s) => !!meshOf(s, 'proposed') && !!meshOf(s, 'speed0'));
    const mesh = meshOf(scene, 'proposed')!;
    const geometry = mesh.geometry;
    expect(byName(scene, 'layer:proposed').visible).toBe(true);

    await renderer.update(<ViewerScene {...props({ layers: layers({ proposed: false }) })} />);
    expect(byName(scene, 'layer:proposed').visible).toBe(false);
    expect(meshOf(scene, 'proposed')).toBe(mesh);
    expect(meshOf(scene, 'proposed')!.geometry).toBe(geometry);
    // the other layers are untouched
    expect(byName(scene, 'layer:speed0').visible).toBe(true);

    await renderer.update(<ViewerScene {...props({ layers: layers({ proposed: true }) })} />);
    expect(byName(scene, 'layer:proposed').visible).toBe(true);
    await renderer.unmount();
  });

  it('a colour-scale change rewrites the lookup texture and uniforms, not the geometry', async () => {
    const renderer = await renderScene(<ViewerScene {...props()} />);
    const scene = await settle(renderer, (s) => !!meshOf(s, 'speed0'));
    const mesh = meshOf(scene, 'speed0')!;
    const material = mesh.material as DataMaterial;
    const geometry = mesh.geometry;
    const versions = Object.fromEntries(Object.entries(geometry.attributes).map(([k, a]) => [k, (a as { version: number }).version]));
    const indexVersion = geometry.index!.version;
    const lut = material.uniforms.uLut.value as DataTexture;
    const lutVersion = lut.version;
    expect(material.uniforms.uMin.value).toBe(0.5);
    expect(material.uniforms.uMax.value).toBe(1.5);

    await renderer.update(<ViewerScene {...props({ colourScale: redScale })} />);

    expect(material.uniforms.uMin.value).toBe(0);
    expect(material.uniforms.uMax.value).toBe(2);
    expect(material.uniforms.uLut.value).toBe(lut);
    expect(lut.version).toBeGreaterThan(lutVersion);
    const texels = lut.image.data as Uint8Array;
    expect(texels[0]).toBeGreaterThan(250); // red end
    expect(texels[255 * 4 + 2]).toBeGreaterThan(250); // blue end
    // same geometry object, no attribute re-uploaded
    expect(meshOf(scene, 'speed0')).toBe(mesh);
    expect(mesh.geometry).toBe(geometry);
    for (const [name, attribute] of Object.entries(geometry.attributes)) expect((attribute as { version: number }).version).toBe(versions[name]);
    expect(geometry.index!.version).toBe(indexVersion);
    await renderer.unmount();
  });

  it('a theme change recolours geometry layers by role', async () => {
    const renderer = await renderScene(<ViewerScene {...props()} />);
    const scene = await settle(renderer, (s) => !!meshOf(s, 'proposed'));
    const material = meshOf(scene, 'proposed')!.material as unknown as { color: { getHexString(): string } };
    expect(`#${material.color.getHexString()}`).toBe('#e9e4d8');
    await renderer.update(<ViewerScene {...props({ theme: 'tron' })} />);
    expect(`#${material.color.getHexString()}`).toBe('#001018');
    await renderer.unmount();
  });

  it('draws an arrow layer as one InstancedMesh with one instance per point', async () => {
    const arrows: SceneLayer = { id: 'wind', kind: 'arrows', url: '/assets/arrows.glb', visible: true, field: 'speed' };
    const renderer = await renderScene(<ViewerScene {...props({ layers: [arrows] })} />);
    const scene = await settle(renderer, (s) => !!byName(s, 'layer:wind')?.children[0]);
    const instanced: InstancedMesh[] = [];
    scene.traverse((o) => {
      if (o instanceof InstancedMesh) instanced.push(o);
    });
    expect(instanced).toHaveLength(1);
    expect(instanced[0].count).toBe(50);
    expect(instanced[0].geometry.getAttribute('value').count).toBe(50);
    await renderer.unmount();
  });

  it('reports a layer that cannot be decoded', async () => {
    const errors: string[] = [];
    const bad: SceneLayer = { id: 'bad', kind: 'geometry', url: '/assets/truncated.glb', visible: true, role: 'surround' };
    files.set('/assets/truncated.glb', files.get('/assets/ground.glb')!.slice(0, 40));
    const renderer = await renderScene(<ViewerScene {...props({ layers: [bad], onLayerError: (id, m) => errors.push(`${id}: ${m}`) })} />);
    await settle(renderer, () => errors.length > 0);
    expect(errors[0]).toMatch(/^bad: truncated GLB/);
    await renderer.unmount();
  });

  it('fits the view to the loaded layers and projects site points onto the canvas', async () => {
    let handle: ViewerHandle | null = null;
    const renderer = await renderScene(<ViewerScene {...props()} handleRef={(h) => void (handle = h)} />);
    await settle(renderer, (s) => !!meshOf(s, 'speed0') && !!meshOf(s, 'proposed') && !!meshOf(s, 'ground'));
    handle!.fitToView();
    const camera = handle!.getCamera();
    expect(camera.up).toEqual([0, 0, 1]);
    // the fixtures span x, y ∈ [−20, 20]: the target is near the middle, the camera south-west and above
    expect(Math.abs(camera.target[0])).toBeLessThan(5);
    expect(camera.position[1]).toBeLessThan(camera.target[1]);
    expect(camera.position[2]).toBeGreaterThan(30);
    const centre = handle!.project([0, 0, 0])!;
    expect(centre.visible).toBe(true);
    for (const corner of [[-20, -20, 0], [20, 20, 0], [-8, -8, 30]] as const) expect(handle!.project([...corner])!.visible).toBe(true);

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
