/**
 * Directional arrows (e.g. wind vectors at pedestrian height) as ONE InstancedMesh: one draw call
 * for any number of arrows. Each instance's matrix places a flat arrow at a point, turned to the
 * flow direction, as long as its speed against the legend's top speed (a full-length arrow spans
 * the point spacing) and as wide as reads at the default zoom; its colour comes from the `value`
 * instance attribute (the speed) through the same lookup-texture shader as data layers.
 *
 * An arrow layer is a result GLB of points (docs/results-format.md) with either vector fields
 * `u`, `v` (and optionally `w`) — east, north, up components — or `directionDeg`, the direction
 * the flow goes towards in degrees clockwise from north. The colour field is the layer's `field`
 * (the speed, in m/s, for Canopy's wind arrows), else the vector's magnitude.
 */
import { Box3, InstancedBufferAttribute, InstancedMesh, Matrix4, Quaternion, Shape, ShapeGeometry, Vector3, type BufferGeometry, type Material } from 'three';
import type { DecodedLayer } from '../workers/decode-glb.ts';

/**
 * The arrow's widths as fractions of its full length (the point spacing). Flat, in the ground's
 * plane, seen from above: a shaft 0.35 of the spacing wide and a head 0.8 of it, so neighbouring
 * arrows do not touch and each still shows its direction. The old round shaft was 0.08 of the
 * spacing across: at the fitted view of a typical plane of 4000 arrows under half a pixel, hair-thin.
 */
export const ARROW_SHAFT_WIDTH = 0.35;
export const ARROW_HEAD_WIDTH = 0.8;
const HEAD_LENGTH = 0.4;

/** A unit-length flat arrow along +Y centred on the origin, in the XY plane: shaft then head. */
export function unitArrowGeometry(): BufferGeometry {
  const w = ARROW_SHAFT_WIDTH / 2;
  const h = ARROW_HEAD_WIDTH / 2;
  const neck = 0.5 - HEAD_LENGTH;
  const shape = new Shape();
  shape.moveTo(-w, -0.5);
  shape.lineTo(w, -0.5);
  shape.lineTo(w, neck);
  shape.lineTo(h, neck);
  shape.lineTo(0, 0.5);
  shape.lineTo(-h, neck);
  shape.lineTo(-w, neck);
  shape.closePath();
  return new ShapeGeometry(shape);
}

const VECTOR_PARTS: ReadonlySet<string> = new Set(['u', 'v', 'w', 'directionDeg']);

/** The value each arrow is coloured by: the layer's field (the speed) when the file has it, else the vector's magnitude. */
export function arrowColourValues(
  data: DecodedLayer,
  field: string | undefined,
  magnitudes: Float32Array,
): { field: string | undefined; values: Float32Array } {
  // A component of the vector is its direction, not its strength: results stored before their rows
  // listed the colour field first name `u` first, and a signed east velocity is no speed scale.
  if (field && data.fields[field] && !VECTOR_PARTS.has(field)) return { field, values: data.fields[field] };
  if (data.fields.speed) return { field: 'speed', values: data.fields.speed };
  return { field: undefined, values: magnitudes };
}

/**
 * Each arrow's length as a fraction of the full length: its speed over the reference speed (the
 * top of the legend's range, which the legend's scale arrow shows), within [0, 1]. An arrow with no
 * speed known is drawn at full length (its direction is all it tells).
 */
export function arrowLengthFractions(speeds: Float32Array, referenceSpeed: number, out: Float32Array = new Float32Array(speeds.length)): Float32Array {
  const ref = referenceSpeed > 0 ? referenceSpeed : 1;
  for (let i = 0; i < speeds.length; i++) {
    const v = speeds[i]!;
    out[i] = Number.isFinite(v) ? Math.min(1, Math.max(0, v / ref)) : 1;
  }
  return out;
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

/**
 * Writes one matrix per arrow (column-major, 16 floats) into `out`: at its point, turned to its
 * direction, `length` × its fraction long. Its width shrinks with it down to half (a slow arrow
 * stays a visible arrow, not a sliver).
 */
export function arrowMatrices(
  positions: Float32Array,
  directions: Float32Array,
  length: number,
  out: Float32Array = new Float32Array((positions.length / 3) * 16),
  fractions?: Float32Array,
): Float32Array {
  const up = new Vector3(0, 1, 0);
  const dir = new Vector3();
  const pos = new Vector3();
  const q = new Quaternion();
  const s = new Vector3();
  const m = new Matrix4();
  for (let i = 0; i < positions.length / 3; i++) {
    const f = fractions ? fractions[i]! : 1;
    dir.fromArray(directions, i * 3);
    q.setFromUnitVectors(up, dir);
    pos.fromArray(positions, i * 3);
    s.set(length * Math.max(0.5, f), length * f, length);
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
  fractions?: Float32Array,
): InstancedMesh {
  const count = positions.length / 3;
  const instanced = geometry.clone();
  instanced.setAttribute('value', new InstancedBufferAttribute(values, 1));
  const mesh = new InstancedMesh(instanced, material, count);
  arrowMatrices(positions, directions, length, mesh.instanceMatrix.array as Float32Array, fractions);
  mesh.instanceMatrix.needsUpdate = true;
  mesh.computeBoundingBox();
  mesh.computeBoundingSphere();
  return mesh;
}
