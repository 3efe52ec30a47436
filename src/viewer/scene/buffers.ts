/** BufferGeometry from decoded arrays: the typed arrays are used as they are (no copy). */
import { BufferAttribute, BufferGeometry } from 'three';
import type { DecodedLayer } from '../workers/decode-glb.ts';

export function meshGeometry(data: DecodedLayer, values?: Float32Array): BufferGeometry {
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(data.positions, 3));
  // Triangles, or the segment pairs of a line layer (drawn as LineSegments).
  const index = data.indices ?? data.lines;
  if (index) geometry.setIndex(new BufferAttribute(index, 1));
  if (values) geometry.setAttribute('value', new BufferAttribute(values, 1));
  geometry.computeBoundingBox();
  geometry.computeBoundingSphere();
  return geometry;
}
