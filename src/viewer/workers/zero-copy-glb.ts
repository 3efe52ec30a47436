/**
 * A zero-copy reader for result GLBs as `writeResultGlb` lays them out (docs/results-format.md):
 * tightly packed arrays (indices, non-interleaved attributes) are views into the file's own
 * ArrayBuffer and interleaved vertex attributes take one strided copy, so a 1M-vertex layer is
 * ready soon after its JSON chunk is parsed and the metadata checked, and the buffers go back to
 * the main thread by transfer. It applies the reference reader's checks (header, Canopy block,
 * metadata schema, one mesh with one primitive, float VEC3 POSITION, float scalar fields with one
 * value per vertex); for anything it does not handle itself (sparse accessors, external
 * buffers, unaligned data) it returns null and the caller uses the reference reader.
 */
import { ResultGlbError } from '@canopy/engine/results/glb.ts';
import { RESULT_FORMAT_VERSION, resultMetadataSchema } from '@canopy/engine/results/result-metadata.ts';
import type { DecodedLayer } from './decoded-layer.ts';

const GLB_MAGIC = 0x46546c67; // "glTF"
const JSON_CHUNK = 0x4e4f534a;
const BIN_CHUNK = 0x004e4942;
const FLOAT = 5126;
const UNSIGNED_INT = 5125;
const UNSIGNED_SHORT = 5123;
const UNSIGNED_BYTE = 5121;
const TRIANGLES = 4;
const LINES = 1;
const POINTS = 0;

interface Accessor {
  bufferView?: number;
  byteOffset?: number;
  componentType: number;
  count: number;
  type: string;
  sparse?: unknown;
}
interface BufferView {
  buffer: number;
  byteOffset?: number;
  byteLength: number;
  byteStride?: number;
}
interface Gltf {
  asset?: { extras?: { canopy?: { formatVersion?: unknown; fields?: Array<{ name: string; attribute: string }>; metadata?: unknown } } };
  meshes?: Array<{ primitives: Array<{ attributes: Record<string, number>; indices?: number; mode?: number }> }>;
  accessors?: Accessor[];
  bufferViews?: BufferView[];
  buffers?: Array<{ uri?: string; byteLength: number }>;
}

/** Decodes without copying, or returns null when the file needs the general reader. */
export function readResultGlbZeroCopy(buffer: ArrayBuffer): DecodedLayer | null {
  const view = new DataView(buffer);
  if (buffer.byteLength < 20) throw new ResultGlbError(`not a GLB file: ${buffer.byteLength} bytes is shorter than a GLB header`);
  if (view.getUint32(0, true) !== GLB_MAGIC) throw new ResultGlbError('not a GLB file: it does not start with "glTF"');
  if (view.getUint32(4, true) !== 2) throw new ResultGlbError(`unsupported GLB version ${view.getUint32(4, true)} (expected 2)`);
  const declared = view.getUint32(8, true);
  if (declared > buffer.byteLength) throw new ResultGlbError(`truncated GLB: the header declares ${declared} bytes but only ${buffer.byteLength} are present`);
  const jsonLength = view.getUint32(12, true);
  if (view.getUint32(16, true) !== JSON_CHUNK) throw new ResultGlbError('not a valid GLB: the first chunk is not JSON');
  if (20 + jsonLength > declared) throw new ResultGlbError('truncated GLB: the JSON chunk runs past the end of the file');
  let gltf: Gltf;
  try {
    gltf = JSON.parse(new TextDecoder().decode(new Uint8Array(buffer, 20, jsonLength))) as Gltf;
  } catch {
    return null; // let the reference reader word the error
  }
  const binHeader = 20 + jsonLength;
  if (binHeader + 8 > declared || view.getUint32(binHeader + 4, true) !== BIN_CHUNK) return null;
  const binStart = binHeader + 8;
  const binLength = view.getUint32(binHeader, true);
  if (binStart + binLength > declared) return null;
  if ((gltf.buffers ?? []).some((b) => b.uri !== undefined)) return null;

  const canopy = gltf.asset?.extras?.canopy;
  if (!canopy || canopy.formatVersion !== RESULT_FORMAT_VERSION || !Array.isArray(canopy.fields)) return null;
  const metadata = resultMetadataSchema.safeParse(canopy.metadata);
  if (!metadata.success) return null;
  if (gltf.meshes?.length !== 1 || gltf.meshes[0].primitives.length !== 1) return null;
  const primitive = gltf.meshes[0].primitives[0];
  const mode = primitive.mode ?? TRIANGLES;
  if (mode !== TRIANGLES && mode !== LINES && mode !== POINTS) return null;

  const array = (index: number, type: string, components: number[]): Float32Array | Uint32Array | Uint16Array | Uint8Array | null => {
    const accessor = gltf.accessors?.[index];
    if (!accessor || accessor.sparse || accessor.bufferView === undefined || accessor.type !== type || !components.includes(accessor.componentType))
      return null;
    const bufferView = gltf.bufferViews?.[accessor.bufferView];
    if (!bufferView || bufferView.buffer !== 0) return null;
    const size = { SCALAR: 1, VEC3: 3 }[type] ?? 0;
    const bytes = accessor.componentType === FLOAT || accessor.componentType === UNSIGNED_INT ? 4 : accessor.componentType === UNSIGNED_SHORT ? 2 : 1;
    const offset = binStart + (bufferView.byteOffset ?? 0) + (accessor.byteOffset ?? 0);
    const length = accessor.count * size;
    const stride = bufferView.byteStride ?? size * bytes;
    if (stride !== size * bytes) {
      // Interleaved vertex attributes (gltf-transform's default layout): one strided copy.
      if (accessor.componentType !== FLOAT || offset % 4 !== 0 || stride % 4 !== 0) return null;
      if (offset + (accessor.count - 1) * stride + size * 4 > binStart + binLength) return null;
      const all = new Float32Array(buffer, 0, Math.floor(buffer.byteLength / 4));
      const out = new Float32Array(length);
      const step = stride / 4;
      for (let i = 0, src = offset / 4; i < accessor.count; i++, src += step) for (let c = 0; c < size; c++) out[i * size + c] = all[src + c];
      return out;
    }
    if (offset % bytes !== 0 || offset + length * bytes > binStart + binLength) return null;
    if (accessor.componentType === FLOAT) return new Float32Array(buffer, offset, length);
    if (accessor.componentType === UNSIGNED_INT) return new Uint32Array(buffer, offset, length);
    if (accessor.componentType === UNSIGNED_SHORT) return new Uint16Array(buffer, offset, length);
    return new Uint8Array(buffer, offset, length);
  };

  const positions = primitive.attributes.POSITION === undefined ? null : array(primitive.attributes.POSITION, 'VEC3', [FLOAT]);
  if (!(positions instanceof Float32Array)) return null;
  const vertices = positions.length / 3;
  let indices: Uint32Array | undefined;
  if (primitive.indices !== undefined) {
    const raw = array(primitive.indices, 'SCALAR', [UNSIGNED_INT, UNSIGNED_SHORT, UNSIGNED_BYTE]);
    if (!raw) return null;
    indices = raw instanceof Uint32Array ? raw : Uint32Array.from(raw);
  }
  // A LINES primitive's indices are segment pairs, handed out as `lines` (the reference reader's
  // name); the reference reader words the errors of a malformed one.
  if (mode === LINES && (!indices || indices.length % 2 !== 0 || indices.some((i) => i >= vertices))) return null;
  const names = new Map(canopy.fields.map((f) => [f.attribute, f.name]));
  const fields: Record<string, Float32Array> = {};
  for (const [semantic, index] of Object.entries(primitive.attributes)) {
    if (!semantic.startsWith('_')) continue;
    const values = array(index, 'SCALAR', [FLOAT]);
    if (!(values instanceof Float32Array) || values.length !== vertices) return null;
    fields[names.get(semantic) ?? semantic.slice(1)] = values;
  }
  for (const { name } of canopy.fields) if (!(name in fields)) return null;
  if (mode === LINES) return { positions, lines: indices, fields, metadata: metadata.data };
  return { positions, indices, fields, metadata: metadata.data };
}
