/**
 * Results as glTF 2.0 binary (GLB): one mesh of result points (or triangles) with one float
 * vertex attribute per scalar field, metadata in `asset.extras.canopy`. Written and read with
 * @gltf-transform/core's WebIO, which works the same in the browser, a Web Worker and Node.
 * The format is specified in docs/results-format.md; this module is its reference implementation.
 *
 * glTF rules followed (Khronos glTF 2.0 specification, §3.7.2.1 "Meshes — Overview"):
 * application-specific attributes start with an underscore and must not be unsigned integers,
 * so fields are `_UPPER_SNAKE` FLOAT scalars; glTF is Y-up while Canopy's site coordinates are
 * Z-up with +Y = true north (metres), so the mesh keeps site coordinates and its node carries a
 * −90° rotation about X that makes generic glTF viewers show it upright.
 */
import { Document, Primitive, WebIO, type Accessor } from '@gltf-transform/core';
import { z } from 'zod';
import { RESULT_FORMAT_VERSION, resultMetadataSchema, type ResultMetadata, type ResultMetadataInput } from './result-metadata.ts';

export { type ResultMetadata, type ResultMetadataInput } from './result-metadata.ts';

export interface ResultMesh {
  /** x east, y north, z up, metres; 3 numbers per vertex. */
  positions: Float32Array;
  /** Triangles (3 vertex indices each). Absent (and no `lines`): the vertices are points (glTF mode POINTS). */
  indices?: Uint32Array;
  /**
   * Line segments (2 vertex indices each, glTF mode LINES), e.g. streamlines: a polyline of n
   * vertices is n − 1 segments. Never together with `indices` (one primitive has one mode).
   */
  lines?: Uint32Array;
  /** Scalar fields, one value per vertex, keyed by field name (e.g. "comfortClass"). */
  fields: Record<string, Float32Array>;
  metadata: ResultMetadata;
}

export type ResultMeshInput = Omit<ResultMesh, 'metadata'> & { metadata: ResultMetadataInput };

export class ResultGlbError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ResultGlbError';
  }
}

/** Z-up → Y-up: rotation of −90° about X as a quaternion [x, y, z, w]. */
const Z_UP_TO_Y_UP: [number, number, number, number] = [-Math.SQRT1_2, 0, 0, Math.SQRT1_2];
const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]{0,62}$/;

/** "speedRatio" → "_SPEED_RATIO": glTF's custom-attribute rule, in its conventional case. */
export function fieldAttributeName(fieldName: string): string {
  if (!FIELD_NAME.test(fieldName)) {
    throw new ResultGlbError(`field name '${fieldName}' must start with a letter and hold only letters, digits and _`);
  }
  return `_${fieldName.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase()}`;
}

interface FieldEntry {
  name: string;
  attribute: string;
}

const extrasSchema = z.object({
  formatVersion: z.literal(RESULT_FORMAT_VERSION),
  fields: z.array(z.object({ name: z.string(), attribute: z.string().startsWith('_') })),
  metadata: z.unknown(),
});

function metadataError(error: z.ZodError): ResultGlbError {
  return new ResultGlbError(`invalid result metadata: ${z.prettifyError(error)}`);
}

function checkIndices(name: string, indices: Uint32Array, corners: number, vertices: number): void {
  if (!(indices instanceof Uint32Array) || indices.length % corners !== 0)
    throw new ResultGlbError(`${name} must be a Uint32Array of ${corners === 3 ? 'triangles' : 'segments (pairs)'}`);
  for (let k = 0; k < indices.length; k++) {
    if (indices[k] >= vertices)
      throw new ResultGlbError(`${name === 'indices' ? 'index' : 'line index'} ${k} refers to vertex ${indices[k]}, beyond the ${vertices} vertices`);
  }
}

function checkMesh({ positions, indices, lines, fields }: ResultMeshInput): number {
  if (!(positions instanceof Float32Array) || positions.length === 0 || positions.length % 3 !== 0) {
    throw new ResultGlbError('positions must be a non-empty Float32Array of x, y, z triples');
  }
  for (let k = 0; k < positions.length; k++) {
    if (!Number.isFinite(positions[k])) throw new ResultGlbError(`position component ${k} is not finite`);
  }
  const vertices = positions.length / 3;
  if (indices && lines) throw new ResultGlbError('a result holds triangles (indices) or line segments (lines), not both');
  if (indices) checkIndices('indices', indices, 3, vertices);
  if (lines) checkIndices('lines', lines, 2, vertices);
  for (const [name, values] of Object.entries(fields)) {
    if (!(values instanceof Float32Array) || values.length !== vertices) {
      throw new ResultGlbError(`field '${name}' must be a Float32Array of ${vertices} values (one per vertex)`);
    }
  }
  return vertices;
}

/** Writes a result mesh as GLB bytes. Throws ResultGlbError on invalid input or metadata. */
export async function writeResultGlb(result: ResultMeshInput): Promise<Uint8Array> {
  checkMesh(result);
  const parsed = resultMetadataSchema.safeParse(result.metadata);
  if (!parsed.success) throw metadataError(parsed.error);

  const entries: FieldEntry[] = Object.keys(result.fields).map((name) => ({ name, attribute: fieldAttributeName(name) }));
  const attributes = new Set<string>();
  for (const { name, attribute } of entries) {
    if (attributes.has(attribute)) throw new ResultGlbError(`field '${name}' maps to attribute ${attribute}, which another field already uses`);
    attributes.add(attribute);
  }

  const document = new Document();
  const buffer = document.createBuffer();
  const accessor = (array: Float32Array | Uint32Array, type: 'SCALAR' | 'VEC3'): Accessor =>
    document.createAccessor().setType(type).setArray(array).setBuffer(buffer);
  const primitive = document.createPrimitive().setAttribute('POSITION', accessor(result.positions, 'VEC3'));
  if (result.indices) primitive.setIndices(accessor(result.indices, 'SCALAR')).setMode(Primitive.Mode.TRIANGLES);
  else if (result.lines) primitive.setIndices(accessor(result.lines, 'SCALAR')).setMode(Primitive.Mode.LINES);
  else primitive.setMode(Primitive.Mode.POINTS);
  for (const { name, attribute } of entries) primitive.setAttribute(attribute, accessor(result.fields[name], 'SCALAR'));

  const mesh = document.createMesh('result').addPrimitive(primitive);
  const node = document.createNode('result').setMesh(mesh).setRotation(Z_UP_TO_Y_UP);
  document.createScene('result').addChild(node);
  const asset = document.getRoot().getAsset();
  asset.generator = 'Canopy engine (glTF-Transform)';
  asset.extras = { canopy: { formatVersion: RESULT_FORMAT_VERSION, fields: entries, metadata: parsed.data } };
  return new WebIO().writeBinary(document);
}

const GLB_MAGIC = 0x46546c67; // "glTF"
const JSON_CHUNK = 0x4e4f534a; // "JSON"

/** Header checks first, so a truncated or foreign file gets a precise message. */
function checkGlbHeader(bytes: Uint8Array): void {
  if (bytes.byteLength < 20) throw new ResultGlbError(`not a GLB file: ${bytes.byteLength} bytes is shorter than a GLB header`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== GLB_MAGIC) throw new ResultGlbError('not a GLB file: it does not start with "glTF"');
  const version = view.getUint32(4, true);
  if (version !== 2) throw new ResultGlbError(`unsupported GLB version ${version} (expected 2)`);
  const declared = view.getUint32(8, true);
  if (declared > bytes.byteLength) {
    throw new ResultGlbError(`truncated GLB: the header declares ${declared} bytes but only ${bytes.byteLength} are present`);
  }
  if (view.getUint32(16, true) !== JSON_CHUNK) throw new ResultGlbError('not a valid GLB: the first chunk is not JSON');
  if (12 + 8 + view.getUint32(12, true) > declared) throw new ResultGlbError('truncated GLB: the JSON chunk runs past the end of the file');
}

/** Reads GLB bytes written by `writeResultGlb` (or any writer following the format). */
export async function readResultGlb(bytes: Uint8Array): Promise<ResultMesh> {
  checkGlbHeader(bytes);
  let document: Document;
  try {
    document = await new WebIO().readBinary(bytes);
  } catch (error) {
    throw new ResultGlbError(`not a readable GLB: ${error instanceof Error ? error.message : String(error)}`);
  }

  const extras = extrasSchema.safeParse((document.getRoot().getAsset().extras as Record<string, unknown> | undefined)?.canopy);
  if (!extras.success) throw new ResultGlbError(`not a Canopy result: asset.extras.canopy is missing or malformed (${z.prettifyError(extras.error)})`);
  const metadata = resultMetadataSchema.safeParse(extras.data.metadata);
  if (!metadata.success) throw metadataError(metadata.error);

  const meshes = document.getRoot().listMeshes();
  if (meshes.length !== 1 || meshes[0].listPrimitives().length !== 1) {
    throw new ResultGlbError(`a result holds exactly one mesh with one primitive; found ${meshes.length} meshes`);
  }
  const primitive = meshes[0].listPrimitives()[0];
  const position = primitive.getAttribute('POSITION');
  const positions = position?.getArray();
  if (!position || position.getType() !== 'VEC3' || !(positions instanceof Float32Array)) {
    throw new ResultGlbError('the mesh needs a float VEC3 POSITION attribute');
  }
  const vertices = position.getCount();
  const indexArray = primitive.getIndices()?.getArray();
  // LINES is the only non-triangle mode with indices a Canopy result uses; any other keeps the
  // reading of format version 1 (indices are triangles).
  const isLines = primitive.getMode() === Primitive.Mode.LINES;
  const indices = indexArray && !isLines ? Uint32Array.from(indexArray) : undefined;
  const lines = indexArray && isLines ? Uint32Array.from(indexArray) : undefined;
  if (lines && lines.length % 2 !== 0) throw new ResultGlbError('a LINES primitive needs an even number of indices');

  const names = new Map(extras.data.fields.map((f) => [f.attribute, f.name]));
  const fields: Record<string, Float32Array> = {};
  for (const semantic of primitive.listSemantics()) {
    if (!semantic.startsWith('_')) continue;
    const field = primitive.getAttribute(semantic);
    const values = field?.getArray();
    if (!field || field.getType() !== 'SCALAR' || !(values instanceof Float32Array) || field.getCount() !== vertices) {
      throw new ResultGlbError(`attribute ${semantic} must be a float scalar with one value per vertex`);
    }
    fields[names.get(semantic) ?? semantic.slice(1)] = values.slice();
  }
  for (const { name, attribute } of extras.data.fields) {
    if (!(name in fields)) throw new ResultGlbError(`field '${name}' is listed in the metadata but attribute ${attribute} is missing`);
  }
  return { positions: positions.slice(), indices, ...(lines ? { lines } : {}), fields, metadata: metadata.data };
}
