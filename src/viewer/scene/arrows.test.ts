import { describe, expect, it } from 'vitest';
import { Box3, Matrix4, MeshBasicMaterial, PerspectiveCamera, Quaternion, Vector3 } from 'three';
import type { DecodedLayer } from '../workers/decode-glb.ts';
import {
  ARROW_HEAD_WIDTH,
  ARROW_SHAFT_WIDTH,
  arrowColourValues,
  arrowLength,
  arrowLengthFractions,
  arrowMatrices,
  arrowVectors,
  createArrowMesh,
  unitArrowGeometry,
} from './arrows.ts';
import { fitCameraState } from './camera.ts';
import { DEFAULT_MAX_ARROWS } from '@canopy/engine/analyses/wind-arrows.ts';

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

  it('draws a flat arrow 0.35 of the spacing wide with a head 0.8 wide, lying in the ground plane', () => {
    const geometry = unitArrowGeometry();
    geometry.computeBoundingBox();
    const box = geometry.boundingBox!;
    expect(box.max.y - box.min.y).toBeCloseTo(1, 6);
    expect(box.max.x - box.min.x).toBeCloseTo(ARROW_HEAD_WIDTH, 6);
    expect(box.max.z - box.min.z).toBe(0);
    // The shaft's width: the vertices below the head.
    const p = geometry.getAttribute('position');
    const shaft = Array.from({ length: p.count }, (_, i) => [p.getX(i), p.getY(i)] as const).filter(([, y]) => y < 0);
    expect(Math.max(...shaft.map(([x]) => x)) - Math.min(...shaft.map(([x]) => x))).toBeCloseTo(ARROW_SHAFT_WIDTH, 6);
  });

  it("reads at the default zoom: on a 300 m plane of the engine's most arrows, the fitted view shows shafts 2 px wide and heads 5", () => {
    // The engine's most arrows on a 300 m × 300 m plane at 1.5 m, an 800 × 600 canvas, the viewer's fitted camera.
    const side = 300;
    const n = DEFAULT_MAX_ARROWS;
    const perRow = Math.round(Math.sqrt(n));
    const positions = new Float32Array(perRow * perRow * 3).map((_, k) =>
      k % 3 === 2 ? 1.5 : ((k % 3 === 0 ? Math.floor(k / 3) % perRow : Math.floor(k / 3 / perRow)) / (perRow - 1) - 0.5) * side,
    );
    const length = arrowLength(positions);
    const state = fitCameraState(new Box3().setFromArray(positions), 45, 800 / 600);
    const camera = new PerspectiveCamera(45, 800 / 600, 0.1, 5000);
    camera.position.fromArray(state.position);
    camera.up.set(0, 0, 1);
    camera.lookAt(new Vector3().fromArray(state.target));
    camera.updateMatrixWorld();
    /** Width on screen (px) of a span of `metres` across the view's centre, east–west. */
    const pixels = (metres: number) => {
      const a = new Vector3(-metres / 2, 0, 1.5).project(camera);
      const b = new Vector3(metres / 2, 0, 1.5).project(camera);
      return (Math.abs(b.x - a.x) / 2) * 800;
    };
    expect(pixels(ARROW_SHAFT_WIDTH * length)).toBeGreaterThan(2);
    expect(pixels(ARROW_HEAD_WIDTH * length)).toBeGreaterThan(5);
    // The round shaft it replaces (0.08 of the spacing across) was under a pixel even at these spacings.
    expect(pixels(0.08 * length)).toBeLessThan(1);
  });

  it("colours by speed: the layer's field, else the file's speed, else the vector's magnitude", () => {
    const magnitudes = Float32Array.from([0.5, 0.7]);
    const withSpeed = layer({ u: [1, 0], v: [0, 1], speed: [3, 6] });
    expect(arrowColourValues(withSpeed, undefined, magnitudes)).toEqual({ field: 'speed', values: Float32Array.from([3, 6]) });
    expect(arrowColourValues(layer({ u: [1, 0], v: [0, 1], gust: [9, 8] }), 'gust', magnitudes).values).toEqual(Float32Array.from([9, 8]));
    expect(arrowColourValues(layer({ u: [1, 0], v: [0, 1] }), 'speed', magnitudes)).toEqual({ field: undefined, values: magnitudes });
    // A layer whose row names its east component first is still coloured by its speed, or the magnitude.
    expect(arrowColourValues(withSpeed, 'u', magnitudes)).toEqual({ field: 'speed', values: Float32Array.from([3, 6]) });
    expect(arrowColourValues(layer({ u: [1, 0], v: [0, 1] }), 'u', magnitudes)).toEqual({ field: undefined, values: magnitudes });
  });

  it("makes each arrow as long as its speed against the reference (the legend's top), narrowing to half at most", () => {
    expect([...arrowLengthFractions(Float32Array.from([0, 2.5, 5, 7, Number.NaN]), 5)]).toEqual([0, 0.5, 1, 1, 1]);
    const out = arrowMatrices(new Float32Array([0, 0, 1.5, 5, 0, 1.5]), new Float32Array([0, 1, 0, 0, 1, 0]), 4, undefined, Float32Array.from([1, 0.25]));
    const scale = (i: number) => {
      const s = new Vector3();
      new Matrix4().fromArray(out, i * 16).decompose(new Vector3(), new Quaternion(), s);
      return [s.x, s.y].map((v) => +v.toFixed(6));
    };
    expect(scale(0)).toEqual([4, 4]);
    expect(scale(1)).toEqual([2, 1]);
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
