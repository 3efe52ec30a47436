/**
 * Wavefront OBJ geometry (Wavefront Technologies, "Advanced Visualizer" manual, Appendix B1,
 * "Object Files (.obj)"): `v x y z [w]` vertices and `f` faces whose corners are `v`, `v/vt`,
 * `v//vn` or `v/vt/vn`, 1-based, or negative to count back from the latest vertex. Faces of more
 * than three corners are split as fans (exporters write planar convex faces). Lines, points,
 * curves, groups and materials are not geometry Canopy uses and are skipped. OBJ carries no units
 * and no up-axis, so the caller states both.
 */
import { ModelImportError } from './import-error.ts';
import { TriangleSoup, type ReadLimits } from './triangle-soup.ts';

const PROGRESS_EVERY_LINES = 65_536;

export function readObj(bytes: Uint8Array, limits: ReadLimits, budgetSeconds: number): Float32Array {
  if (bytes.includes(0)) throw new ModelImportError('it is not a text OBJ file (it contains binary data).');
  const text = new TextDecoder('utf-8').decode(bytes);
  const soup = new TriangleSoup(limits, budgetSeconds);
  let verts = new Float64Array(3 * 1024);
  let nv = 0;
  const corner: number[] = [];
  let lineNo = 0;
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    let line = text.slice(start, end);
    lineNo++;
    // A trailing backslash joins the next line (the format's line continuation).
    while (line.endsWith('\\') && end < text.length) {
      const next = text.indexOf('\n', end + 1);
      const stop = next < 0 ? text.length : next;
      line = line.slice(0, -1) + ' ' + text.slice(end + 1, stop);
      end = stop;
      lineNo++;
    }
    start = end + 1;
    if (lineNo % PROGRESS_EVERY_LINES === 0) limits.onProgress?.(start / text.length);
    const c0 = line.charCodeAt(0);
    if (c0 !== 0x76 /* v */ && c0 !== 0x66 /* f */) continue;
    const parts = line.trim().split(/\s+/);
    if (parts[0] === 'v') {
      if (parts.length < 4) throw new ModelImportError(`line ${lineNo}: a vertex needs x, y and z ("${line.trim().slice(0, 60)}").`);
      const x = Number(parts[1]);
      const y = Number(parts[2]);
      const z = Number(parts[3]);
      if (!Number.isFinite(x) || !Number.isFinite(y) || !Number.isFinite(z)) {
        throw new ModelImportError(`line ${lineNo}: the vertex "${line.trim().slice(0, 60)}" has a coordinate that is not a number.`);
      }
      if (3 * nv + 3 > verts.length) {
        const grown = new Float64Array(verts.length * 2);
        grown.set(verts);
        verts = grown;
      }
      verts[3 * nv] = x;
      verts[3 * nv + 1] = y;
      verts[3 * nv + 2] = z;
      nv++;
    } else if (parts[0] === 'f') {
      corner.length = 0;
      for (let i = 1; i < parts.length; i++) {
        const ref = parts[i]!;
        const slash = ref.indexOf('/');
        const n = Number(slash < 0 ? ref : ref.slice(0, slash));
        if (!Number.isInteger(n) || n === 0) throw new ModelImportError(`line ${lineNo}: "${ref}" is not a vertex number.`);
        const index = n > 0 ? n - 1 : nv + n;
        if (index < 0 || index >= nv) {
          throw new ModelImportError(`line ${lineNo}: the face refers to vertex ${n}, but only ${nv} vertices come before it.`);
        }
        corner.push(index);
      }
      if (corner.length < 3) throw new ModelImportError(`line ${lineNo}: a face needs at least three corners.`);
      const a = 3 * corner[0]!;
      for (let i = 1; i + 1 < corner.length; i++) {
        const b = 3 * corner[i]!;
        const c = 3 * corner[i + 1]!;
        soup.push(verts[a]!, verts[a + 1]!, verts[a + 2]!, verts[b]!, verts[b + 1]!, verts[b + 2]!, verts[c]!, verts[c + 1]!, verts[c + 2]!);
      }
    }
  }
  if (soup.triangles === 0) {
    throw new ModelImportError(
      nv === 0
        ? 'it has no vertices ("v" lines): it is not an OBJ model.'
        : `it has ${nv} vertices but no faces ("f" lines); Canopy needs surfaces, not points or lines.`,
    );
  }
  limits.onProgress?.(1);
  return soup.finish();
}
