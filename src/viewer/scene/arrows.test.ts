import { describe, expect, it } from 'vitest';
import { Matrix4, MeshBasicMaterial, Quaternion, Vector3 } from 'three';
import type { DecodedLayer } from '../workers/decode-glb.ts';
import { arrowMatrices, arrowVectors, createArrowMesh, unitArrowGeometry } from './arrows.ts';

const layer = (fields: Record<string, number[]>): DecodedLayer => ({
  positions: new Float32Array([0, 0, 1.5, 10, 0, 1.5]),
  fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, Float32Array.from(v)])),
  metadata: { analysis: 'x', metric: 'y', units: 'm/s', provenance: { engine: 't', version: '1' } },
});

describe('arrows', () => {
  it('reads directions from u/v components or from directionDeg (clockwise from north)', () => {
    const uv = arrowVectors(layer({ u: [3, 0], v: [4, -2] }));
    expect([...uv.magnitudes]).toEqual([5, 2]);
    expect([...uv.directions].map((x) => +x.toFixed(6))).toEqual([0.6, 0.8, 0, 0, -1, 0]);
    const deg = arrowVectors(layer({ directionDeg: [90, 180] }));
    expect(deg.directions[0]).toBeCloseTo(1, 6); // east
    expect(deg.directions[4]).toBeCloseTo(-1, 6); // south
    expect(() => arrowVectors(layer({ speed: [1, 2] }))).toThrow(/u and v, or directionDeg/);
  });

  it('places, turns and scales each instance', () => {
    const out = arrowMatrices(new Float32Array([5, 6, 1.5]), new Float32Array([1, 0, 0]), 2);
    const m = new Matrix4().fromArray(out);
    const p = new Vector3();
    const q = new Quaternion();
    const s = new Vector3();
    m.decompose(p, q, s);
    expect(p.toArray()).toEqual([5, 6, 1.5]);
    expect(s.x).toBeCloseTo(2, 6);
    // the unit arrow's +Y now points east
    const tip = new Vector3(0, 1, 0).applyQuaternion(q);
    expect(tip.x).toBeCloseTo(1, 6);
  });

  it('builds one InstancedMesh with a per-instance value attribute', () => {
    const n = 10_000;
    const positions = new Float32Array(n * 3).map((_, k) => k);
    const directions = new Float32Array(n * 3).map((_, k) => (k % 3 === 1 ? 1 : 0));
    const mesh = createArrowMesh(unitArrowGeometry(), new MeshBasicMaterial(), positions, directions, new Float32Array(n).fill(2));
    expect(mesh.isInstancedMesh).toBe(true);
    expect(mesh.count).toBe(n);
    expect(mesh.geometry.getAttribute('value').count).toBe(n);
  });
});
