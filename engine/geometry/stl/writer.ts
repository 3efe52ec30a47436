/**
 * STL writers for assets Canopy produces (the repaired mesh, test fixtures). Facet normals are
 * computed from the winding (right-hand rule), which is what every reader trusts anyway.
 */
import { BINARY_HEADER_BYTES, BINARY_RECORD_BYTES } from './detect.ts';

function facetNormal(p: Float32Array, t: number, out: Float64Array): void {
  const o = t * 9;
  const ux = p[o + 3] - p[o];
  const uy = p[o + 4] - p[o + 1];
  const uz = p[o + 5] - p[o + 2];
  const vx = p[o + 6] - p[o];
  const vy = p[o + 7] - p[o + 1];
  const vz = p[o + 8] - p[o + 2];
  const nx = uy * vz - uz * vy;
  const ny = uz * vx - ux * vz;
  const nz = ux * vy - uy * vx;
  const length = Math.hypot(nx, ny, nz);
  const scale = length > 0 ? 1 / length : 0;
  out[0] = nx * scale;
  out[1] = ny * scale;
  out[2] = nz * scale;
}

/**
 * Binary STL of a triangle soup (xyz × 3 per triangle). The header never starts with "solid", so
 * no reader mistakes it for ASCII.
 */
export function writeBinaryStl(positions: Float32Array, name = 'canopy'): Uint8Array {
  const triangles = Math.floor(positions.length / 9);
  const bytes = new Uint8Array(BINARY_HEADER_BYTES + BINARY_RECORD_BYTES * triangles);
  const header = `binary STL ${name}`.slice(0, 80);
  for (let i = 0; i < header.length; i++) {
    const code = header.charCodeAt(i);
    bytes[i] = code < 0x80 ? code : 0x3f;
  }
  const view = new DataView(bytes.buffer);
  view.setUint32(80, triangles, true);
  const normal = new Float64Array(3);
  let at = BINARY_HEADER_BYTES;
  for (let t = 0; t < triangles; t++) {
    facetNormal(positions, t, normal);
    view.setFloat32(at, normal[0], true);
    view.setFloat32(at + 4, normal[1], true);
    view.setFloat32(at + 8, normal[2], true);
    const o = t * 9;
    for (let k = 0; k < 9; k++) view.setFloat32(at + 12 + 4 * k, positions[o + k], true);
    at += BINARY_RECORD_BYTES; // the 2 attribute bytes stay 0
  }
  return bytes;
}

/** ASCII STL; coordinates printed with enough digits to read back the same float32 values. */
export function writeAsciiStl(positions: Float32Array, name = 'canopy'): string {
  const triangles = Math.floor(positions.length / 9);
  const safeName = name.replace(/\s+/g, '_');
  const lines: string[] = [`solid ${safeName}`];
  const normal = new Float64Array(3);
  const f = (value: number): string => String(Math.fround(value));
  for (let t = 0; t < triangles; t++) {
    facetNormal(positions, t, normal);
    lines.push(`  facet normal ${f(normal[0])} ${f(normal[1])} ${f(normal[2])}`, '    outer loop');
    for (let k = 0; k < 3; k++) {
      const o = t * 9 + k * 3;
      lines.push(`      vertex ${f(positions[o])} ${f(positions[o + 1])} ${f(positions[o + 2])}`);
    }
    lines.push('    endloop', '  endfacet');
  }
  lines.push(`endsolid ${safeName}`, '');
  return lines.join('\n');
}
