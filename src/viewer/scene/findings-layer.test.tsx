/**
 * The findings layer under @react-three/test-renderer: each highlight is a fill of exactly its
 * triangles in its severity's colour, pulled towards the camera (polygon offset) so it sits on the
 * faces it marks, plus its edges as lines; the picked finding is drawn stronger; none is pickable.
 */
import ReactThreeTestRenderer from '@react-three/test-renderer';
import { describe, expect, it } from 'vitest';
import { Color, Raycaster, Vector3, type LineBasicMaterial, type LineSegments, type Mesh, type MeshBasicMaterial } from 'three';
import type { FindingHighlight } from '../contracts.ts';
import { FindingsLayer } from './findings-layer.tsx';
import { HIGHLIGHT_COLOURS } from './highlight-colours.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const open: FindingHighlight = {
  id: 'open-1',
  triangles: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 0, 0, 2, 0, 0, 1, 1, 0]),
  edges: new Float32Array([0, 0, 0, 1, 0, 0]),
  tone: 'error',
};
const related: FindingHighlight = { id: 'cut-1:related', triangles: new Float32Array([5, 5, 0, 6, 5, 0, 5, 6, 0]), tone: 'related' };

describe('the findings layer', () => {
  it('draws each finding’s triangles and edges in its colour, on top of the faces they mark', async () => {
    const renderer = await ReactThreeTestRenderer.create(<FindingsLayer highlights={[open, related]} />);
    const meshes = renderer.scene.findAllByType('Mesh').map((m) => m.instance as Mesh);
    expect(meshes.map((m) => m.geometry.getAttribute('position').count)).toEqual([6, 3]);
    const fill = meshes[0]!.material as MeshBasicMaterial;
    expect(fill.color.getHexString()).toBe(new Color(HIGHLIGHT_COLOURS.error).getHexString());
    expect((meshes[1]!.material as MeshBasicMaterial).color.getHexString()).toBe(new Color(HIGHLIGHT_COLOURS.related).getHexString());
    expect(fill.polygonOffset).toBe(true);
    expect(fill.polygonOffsetFactor).toBeLessThan(0);
    const lines = renderer.scene.findAllByType('LineSegments').map((l) => l.instance as LineSegments);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.geometry.getAttribute('position').count).toBe(2);
    expect((lines[0]!.material as LineBasicMaterial).color.getHexString()).toBe(new Color(HIGHLIGHT_COLOURS.error).getHexString());
    // Not pickable: a ray through the highlighted face meets nothing of this layer.
    const ray = new Raycaster(new Vector3(0.2, 0.2, 5), new Vector3(0, 0, -1));
    expect(ray.intersectObjects(meshes, false)).toEqual([]);
    await renderer.unmount();
  });

  it('draws the picked finding stronger than the others', async () => {
    const renderer = await ReactThreeTestRenderer.create(<FindingsLayer highlights={[open]} />);
    const opacity = () => ((renderer.scene.findAllByType('Mesh')[0]!.instance as Mesh).material as MeshBasicMaterial).opacity;
    const before = opacity();
    await renderer.update(<FindingsLayer highlights={[{ ...open, selected: true }]} />);
    expect(opacity()).toBeGreaterThan(before);
    await renderer.unmount();
  });
});
