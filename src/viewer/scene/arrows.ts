/**
 * Directional arrows (e.g. wind vectors at pedestrian height) as ONE InstancedMesh: one draw call
 * for any number of arrows. Each instance's matrix places a unit arrow at a point, turned to the
 * flow direction and scaled to the point spacing; its colour comes from the `value` instance
 * attribute through the same lookup-texture shader as data layers.
 *
 * An arrow layer is a result GLB of points (docs/results-format.md) with either vector fields
 * `u`, `v` (and optionally `w`) — east, north, up components — or `directionDeg`, the direction
 * the flow goes towards in degrees clockwise from north. The colour field is the layer's `field`,
 * else the vector's magnitude.
 */
import {
  Box3,
  ConeGeometry,
  CylinderGeometry,
  InstancedBufferAttribute,
  InstancedMesh,
  Matrix4,
  Quaternion,
  Vector3,
  type BufferGeometry,
  type Material,
} from 'three';
import { mergeGeometries } from 'three/examples/jsm/utils/BufferGeometryUtils.js';
import type { DecodedLayer } from '../workers/decode-glb.ts';

/** A unit-length arrow along +Y centred on the origin: shaft then head. */
export function unitArrowGeometry(): BufferGeometry {
  const shaft = new CylinderGeometry(0.04, 0.04, 0.6, 6, 1).translate(0, -0.2, 0);
  const head = new ConeGeometry(0.14, 0.4, 8, 1).translate(0, 0.3, 0);
  const merged = mergeGeometries([shaft, head]);
  shaft.dispose();
  head.dispose();
  if (!merged) throw new Error('arrow geometry could not be merged');
  return merged;
}

/** Flow direction per point (unit vectors, xyz) and magnitude. */
export function arrowVectors(data: DecodedLayer): { directions: Float32Array; magnitudes: Float32Array } {
  const count = data.positions.length / 3;
  const directions = new Float32Array(count * 3);
  const magnitudes = new Float32Array(count);
  const { u, v, w, directionDeg } = data.fields;
  if (!(u && v) && !directionDeg) throw new Error('an arrow layer needs fields u and v, or directionDeg');
  for (let i = 0; i < count; i++) {
    let x: number;
    let y: number;
    let z = 0;
    if (u && v) {
      x = u[i];
      y = v[i];
      z = w ? w[i] : 0;
    } else {
      const rad = (directionDeg[i] * Math.PI) / 180;
      x = Math.sin(rad);
      y = Math.cos(rad);
    }
    const m = Math.hypot(x, y, z);
    magnitudes[i] = Number.isFinite(m) ? m : Number.NaN;
    if (m > 0 && Number.isFinite(m)) directions.set([x / m, y / m, z / m], i * 3);
    else directions.set([0, 1, 0], i * 3);
  }
  return { directions, magnitudes };
}

/** Arrow length: 90 % of the mean spacing of the points on the ground (plan area / count). */
export function arrowLength(positions: Float32Array): number {
  const box = new Box3();
  box.setFromArray(positions);
  const count = positions.length / 3;
  const area = Math.max(1e-6, (box.max.x - box.min.x) * (box.max.y - box.min.y));
  return Math.max(0.1, 0.9 * Math.sqrt(area / Math.max(1, count)));
}

/** Writes one matrix per arrow (column-major, 16 floats) into `out`. */
export function arrowMatrices(
  positions: Float32Array,
  directions: Float32Array,
  length: number,
  out: Float32Array = new Float32Array((positions.length / 3) * 16),
): Float32Array {
  const up = new Vector3(0, 1, 0);
  const dir = new Vector3();
  const pos = new Vector3();
  const q = new Quaternion();
  const s = new Vector3(length, length, length);
  const m = new Matrix4();
  for (let i = 0; i < positions.length / 3; i++) {
    dir.fromArray(directions, i * 3);
    q.setFromUnitVectors(up, dir);
    pos.fromArray(positions, i * 3);
    m.compose(pos, q, s).toArray(out, i * 16);
  }
  return out;
}

/** The InstancedMesh of a whole arrow layer (geometry and material owned by the caller). */
export function createArrowMesh(
  geometry: BufferGeometry,
  material: Material,
  positions: Float32Array,
  directions: Float32Array,
  values: Float32Array,
  length = arrowLength(positions),
): InstancedMesh {
  const count = positions.length / 3;
  const instanced = geometry.clone();
  instanced.setAttribute('value', new InstancedBufferAttribute(values, 1));
  const mesh = new InstancedMesh(instanced, material, count);
  arrowMatrices(positions, directions, length, mesh.instanceMatrix.array as Float32Array);
  mesh.instanceMatrix.needsUpdate = true;
  mesh.computeBoundingBox();
  mesh.computeBoundingSphere();
  return mesh;
}
