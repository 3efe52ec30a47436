/**
 * glTF 2.0 geometry (Khronos glTF 2.0 Specification, 2021): a `.glb` (§4.4: 12-byte header with
 * magic "glTF" and version 2, then a JSON chunk and an optional BIN chunk) or a `.gltf` JSON whose
 * buffers are embedded as base64 data URIs. The default scene's nodes are walked with their
 * transforms (§3.7.3: a column-major `matrix`, or translation × rotation × scale) and every
 * triangle primitive (§3.7.2.1: modes 4, 5 and 6) is read. glTF is in metres and +Y up (§3.4);
 * the caller turns it to Canopy's Z-up.
 */
import { ModelImportError } from './import-error.ts';
import { TriangleSoup, type ReadLimits } from './triangle-soup.ts';

interface Accessor {
  bufferView?: number;
  byteOffset?: number;
  componentType: number;
  count: number;
  type: string;
  sparse?: unknown;
  normalized?: boolean;
}
interface BufferView {
  buffer: number;
  byteOffset?: number;
  byteLength: number;
  byteStride?: number;
}
interface Primitive {
  attributes: Record<string, number>;
  indices?: number;
  mode?: number;
  extensions?: Record<string, unknown>;
}
interface GltfNode {
  children?: number[];
  mesh?: number;
  matrix?: number[];
  translation?: number[];
  rotation?: number[];
  scale?: number[];
}
interface Gltf {
  asset?: { version?: string };
  scene?: number;
  scenes?: Array<{ nodes?: number[] }>;
  nodes?: GltfNode[];
  meshes?: Array<{ primitives: Primitive[] }>;
  accessors?: Accessor[];
  bufferViews?: BufferView[];
  buffers?: Array<{ uri?: string; byteLength: number }>;
  extensionsRequired?: string[];
}

const GLB_MAGIC = 0x46546c67;
const CHUNK_JSON = 0x4e4f534a;
const CHUNK_BIN = 0x004e4942;
const FLOAT = 5126;
const INDEX_BYTES: Record<number, number> = { 5121: 1, 5123: 2, 5125: 4 };
const COMPRESSION: Record<string, string> = {
  KHR_draco_mesh_compression: 'Draco',
  EXT_meshopt_compression: 'meshoptimizer',
  KHR_mesh_quantization: 'quantized (KHR_mesh_quantization)',
};

function fail(message: string): never {
  throw new ModelImportError(message);
}

function splitGlb(bytes: Uint8Array): { json: Gltf; bin: Uint8Array | undefined } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 20) fail('it is shorter than a GLB header.');
  if (view.getUint32(0, true) !== GLB_MAGIC) fail('it does not start with the GLB magic "glTF".');
  const version = view.getUint32(4, true);
  if (version !== 2) fail(`it is glTF version ${version}; Canopy reads glTF 2.0.`);
  const length = view.getUint32(8, true);
  if (length > bytes.length) fail(`it is cut short: the header says ${length} bytes, the file has ${bytes.length}.`);
  let at = 12;
  let json: Gltf | undefined;
  let bin: Uint8Array | undefined;
  while (at + 8 <= length) {
    const chunkLength = view.getUint32(at, true);
    const type = view.getUint32(at + 4, true);
    const body = bytes.subarray(at + 8, at + 8 + chunkLength);
    if (body.length < chunkLength) fail('a chunk runs past the end of the file: it is cut short.');
    if (type === CHUNK_JSON && !json) json = parseJson(new TextDecoder().decode(body));
    else if (type === CHUNK_BIN && !bin) bin = body;
    at += 8 + chunkLength;
  }
  if (!json) fail('it has no JSON chunk.');
  return { json, bin };
}

function parseJson(text: string): Gltf {
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== 'object' || Array.isArray(value)) fail('its JSON is not a glTF object.');
    return value as Gltf;
  } catch (error) {
    if (error instanceof ModelImportError) throw error;
    fail(`its JSON cannot be read (${(error as Error).message}).`);
  }
}

function dataUri(uri: string, index: number): Uint8Array {
  const match = /^data:[^;,]*(;base64)?,(.*)$/s.exec(uri);
  if (!match) {
    fail(`buffer ${index} is the separate file "${uri.slice(0, 80)}"; export a single .glb, or a .gltf with embedded buffers.`);
  }
  if (!match[1]) fail(`buffer ${index} is a data URI that is not base64.`);
  const binary = atob(match[2]!);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

type Mat = Float64Array;

function multiply(a: Mat, b: Mat): Mat {
  const out = new Float64Array(16);
  for (let c = 0; c < 4; c++)
    for (let r = 0; r < 4; r++) {
      let s = 0;
      for (let k = 0; k < 4; k++) s += a[k * 4 + r]! * b[c * 4 + k]!;
      out[c * 4 + r] = s;
    }
  return out;
}

function localMatrix(node: GltfNode): Mat {
  if (node.matrix) {
    if (node.matrix.length !== 16 || !node.matrix.every(Number.isFinite)) fail('a node has a matrix that is not 16 numbers.');
    return Float64Array.from(node.matrix);
  }
  const [tx, ty, tz] = node.translation ?? [0, 0, 0];
  const [x, y, z, w] = node.rotation ?? [0, 0, 0, 1];
  const [sx, sy, sz] = node.scale ?? [1, 1, 1];
  const values = [tx, ty, tz, x, y, z, w, sx, sy, sz];
  if (!values.every((v) => typeof v === 'number' && Number.isFinite(v))) fail('a node has a translation, rotation or scale that is not numbers.');
  const [X, Y, Z, W] = [x!, y!, z!, w!];
  // Column-major rotation × scale, then the translation (glTF §3.7.3.1, T * R * S).
  return Float64Array.from([
    (1 - 2 * (Y * Y + Z * Z)) * sx!,
    2 * (X * Y + Z * W) * sx!,
    2 * (X * Z - Y * W) * sx!,
    0,
    2 * (X * Y - Z * W) * sy!,
    (1 - 2 * (X * X + Z * Z)) * sy!,
    2 * (Y * Z + X * W) * sy!,
    0,
    2 * (X * Z + Y * W) * sz!,
    2 * (Y * Z - X * W) * sz!,
    (1 - 2 * (X * X + Y * Y)) * sz!,
    0,
    tx!,
    ty!,
    tz!,
    1,
  ]);
}

export function readGltf(bytes: Uint8Array, binary: boolean, limits: ReadLimits, budgetSeconds: number): Float32Array {
  let json: Gltf;
  let glbBin: Uint8Array | undefined;
  if (binary) ({ json, bin: glbBin } = splitGlb(bytes));
  else json = parseJson(new TextDecoder().decode(bytes));
  const version = json.asset?.version;
  if (typeof version !== 'string') fail('it has no asset.version: it is not a glTF file.');
  if (!version.startsWith('2.')) fail(`it is glTF version ${version}; Canopy reads glTF 2.0.`);
  for (const ext of json.extensionsRequired ?? []) {
    if (COMPRESSION[ext]) fail(`its meshes are ${COMPRESSION[ext]}-compressed, which Canopy does not read; export it again without mesh compression.`);
  }

  const buffers = (json.buffers ?? []).map((b, i) => {
    if (b.uri === undefined) {
      if (!glbBin) fail(`buffer ${i} has no data: the GLB has no BIN chunk.`);
      return glbBin;
    }
    return dataUri(b.uri, i);
  });
  const accessors = json.accessors ?? [];
  const views = json.bufferViews ?? [];

  /** The accessor's element `i` component `k` reader, its bytes checked to lie inside the buffer. */
  function accessorReader(index: number, what: string): { count: number; get: (i: number, k: number) => number } {
    const acc = accessors[index];
    if (!acc) fail(`a primitive's ${what} refers to accessor ${index}, which does not exist.`);
    if (acc.sparse) fail(`accessor ${index} (${what}) is sparse, which Canopy does not read.`);
    if (acc.bufferView === undefined) return { count: acc.count, get: () => 0 };
    const bv = views[acc.bufferView];
    if (!bv) fail(`accessor ${index} refers to buffer view ${acc.bufferView}, which does not exist.`);
    const buffer = buffers[bv.buffer];
    if (!buffer) fail(`buffer view ${acc.bufferView} refers to buffer ${bv.buffer}, which does not exist.`);
    const size = what === 'POSITION' ? 4 : INDEX_BYTES[acc.componentType];
    if (what === 'POSITION' && (acc.componentType !== FLOAT || acc.type !== 'VEC3')) {
      fail(`its positions (accessor ${index}) are not 3 × float32; export without quantization.`);
    }
    if (what !== 'POSITION' && (!size || acc.type !== 'SCALAR')) fail(`its indices (accessor ${index}) are not unsigned integers.`);
    const components = what === 'POSITION' ? 3 : 1;
    const stride = bv.byteStride ?? size! * components;
    const start = (bv.byteOffset ?? 0) + (acc.byteOffset ?? 0);
    const lastByte = acc.count === 0 ? start : start + stride * (acc.count - 1) + size! * components;
    if (lastByte > (bv.byteOffset ?? 0) + bv.byteLength || lastByte > buffer.length) {
      fail(`accessor ${index} (${what}) runs past the end of its buffer: the file is cut short or corrupt.`);
    }
    const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    const get =
      size === 4 && what === 'POSITION'
        ? (i: number, k: number) => view.getFloat32(start + i * stride + 4 * k, true)
        : size === 4
          ? (i: number) => view.getUint32(start + i * stride, true)
          : size === 2
            ? (i: number) => view.getUint16(start + i * stride, true)
            : (i: number) => view.getUint8(start + i * stride);
    return { count: acc.count, get };
  }

  const soup = new TriangleSoup(limits, budgetSeconds);
  const p = new Float64Array(9);

  function emitPrimitive(prim: Primitive, m: Mat): void {
    const mode = prim.mode ?? 4;
    if (mode !== 4 && mode !== 5 && mode !== 6) return; // points and lines are not surfaces
    if (prim.attributes.POSITION === undefined) return;
    const pos = accessorReader(prim.attributes.POSITION, 'POSITION');
    const idx = prim.indices !== undefined ? accessorReader(prim.indices, 'indices') : null;
    const n = idx ? idx.count : pos.count;
    const vertex = (i: number): number => {
      const v = idx ? idx.get(i, 0) : i;
      if (v >= pos.count) fail(`an index (${v}) points past the ${pos.count} positions of its primitive.`);
      return v;
    };
    // A mirroring transform (negative determinant) flips the winding; glTF §3.7.4 says to reverse it.
    const det = m[0]! * (m[5]! * m[10]! - m[9]! * m[6]!) - m[4]! * (m[1]! * m[10]! - m[9]! * m[2]!) + m[8]! * (m[1]! * m[6]! - m[5]! * m[2]!);
    const emit = (a: number, b: number, c: number) => {
      const corners = det < 0 ? [a, c, b] : [a, b, c];
      for (let j = 0; j < 3; j++) {
        const v = vertex(corners[j]!);
        const x = pos.get(v, 0);
        const y = pos.get(v, 1);
        const z = pos.get(v, 2);
        p[3 * j] = m[0]! * x + m[4]! * y + m[8]! * z + m[12]!;
        p[3 * j + 1] = m[1]! * x + m[5]! * y + m[9]! * z + m[13]!;
        p[3 * j + 2] = m[2]! * x + m[6]! * y + m[10]! * z + m[14]!;
      }
      if (!p.every(Number.isFinite)) fail('a vertex position is not a finite number.');
      soup.push(p[0]!, p[1]!, p[2]!, p[3]!, p[4]!, p[5]!, p[6]!, p[7]!, p[8]!);
    };
    if (mode === 4) for (let i = 0; i + 2 < n; i += 3) emit(i, i + 1, i + 2);
    else if (mode === 5) {
      // A strip's odd triangles swap their first two corners to keep the winding (glTF §3.7.2.1).
      for (let i = 0; i + 2 < n; i++) {
        if (i % 2 === 0) emit(i, i + 1, i + 2);
        else emit(i + 1, i, i + 2);
      }
    } else for (let i = 1; i + 1 < n; i++) emit(0, i, i + 1);
  }

  const nodes = json.nodes ?? [];
  const visiting = new Set<number>();
  function walk(index: number, parent: Mat): void {
    const node = nodes[index];
    if (!node) fail(`node ${index} is referred to but does not exist.`);
    if (visiting.has(index)) fail(`node ${index} is its own ancestor: the node tree has a cycle.`);
    visiting.add(index);
    const m = multiply(parent, localMatrix(node));
    if (node.mesh !== undefined) {
      const mesh = json.meshes?.[node.mesh];
      if (!mesh) fail(`node ${index} refers to mesh ${node.mesh}, which does not exist.`);
      for (const prim of mesh.primitives ?? []) emitPrimitive(prim, m);
    }
    for (const child of node.children ?? []) walk(child, m);
    visiting.delete(index);
  }

  const identity = Float64Array.from([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
  const scene = json.scenes?.[json.scene ?? 0];
  let roots = scene?.nodes;
  if (!roots) {
    // No scene: the nodes no other node lists as a child are the roots.
    const children = new Set(nodes.flatMap((n) => n.children ?? []));
    roots = nodes.map((_, i) => i).filter((i) => !children.has(i));
  }
  for (const root of roots) walk(root, identity);
  if (soup.triangles === 0) fail('its scene has no triangle meshes.');
  limits.onProgress?.(1);
  return soup.finish();
}
