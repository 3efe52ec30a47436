/**
 * The model readers against small files made here by the formats' own rules (OBJ: Wavefront
 * Appendix B1; glTF: Khronos glTF 2.0 §3.4, §3.7, §4.4), checked for where the triangles land in
 * Canopy's frame (metres, z up, y north) and for the message a broken file gets.
 */
import { describe, expect, it } from 'vitest';
import { ModelImportError } from './import-error.ts';
import { modelFormatOf } from './model-format.ts';
import { orientModel, readRawModel } from './read-model.ts';
import type { ReadLimits } from './triangle-soup.ts';

const limits = (over: Partial<ReadLimits> = {}): ReadLimits => ({ maxTriangles: 1_000_000, deadline: Date.now() + 60_000, ...over });
const text = (s: string) => new TextEncoder().encode(s);

function bounds(p: Float32Array): { min: number[]; max: number[] } {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < p.length; i++) {
    min[i % 3] = Math.min(min[i % 3]!, p[i]!);
    max[i % 3] = Math.max(max[i % 3]!, p[i]!);
  }
  return { min, max };
}

/** A box 10 × 20 × 30 units as OBJ quads; `yUp` writes the height on y, as Y-up exporters do. */
function boxObj(yUp: boolean, negative = false): string {
  const corners: number[][] = [];
  for (const z of [0, 30]) for (const y of [0, 20]) for (const x of [0, 10]) corners.push(yUp ? [x, z, -y] : [x, y, z]);
  const v = corners.map((c) => `v ${c.join(' ')}`).join('\n');
  const quads = [
    [1, 3, 4, 2],
    [5, 6, 8, 7],
    [1, 2, 6, 5],
    [3, 7, 8, 4],
    [1, 5, 7, 3],
    [2, 4, 8, 6],
  ];
  const ref = (i: number) => (negative ? String(i - 9) : `${i}/${i}/1`);
  return `# box\no box\n${v}\nvn 0 0 1\n${quads.map((q) => `f ${q.map(ref).join(' ')}`).join('\n')}\nl 1 2\n`;
}

/** A GLB of one triangle primitive, by the §4.4 layout (header, JSON chunk, BIN chunk, 4-byte aligned). */
function glb(gltf: object, bin: Uint8Array): Uint8Array {
  const pad = (n: number) => (4 - (n % 4)) % 4;
  let json = JSON.stringify(gltf);
  json += ' '.repeat(pad(json.length));
  const jsonBytes = text(json);
  const binLength = bin.length + pad(bin.length);
  const total = 12 + 8 + jsonBytes.length + 8 + binLength;
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0x46546c67, true);
  view.setUint32(4, 2, true);
  view.setUint32(8, total, true);
  view.setUint32(12, jsonBytes.length, true);
  view.setUint32(16, 0x4e4f534a, true);
  out.set(jsonBytes, 20);
  const at = 20 + jsonBytes.length;
  view.setUint32(at, binLength, true);
  view.setUint32(at + 4, 0x004e4942, true);
  out.set(bin, at + 8);
  return out;
}

/** One right triangle 0..4 on glTF's x and 0..3 on its −z (ground plane, normal +Y), raised 2 m by its node. */
function triangleGltf(node: object = { mesh: 0, translation: [0, 2, 0] }): { json: object; bin: Uint8Array } {
  const positions = new Float32Array([0, 0, 0, 4, 0, 0, 0, 0, -3]);
  const indices = new Uint16Array([0, 1, 2, 0]); // padded to 4 bytes
  const bin = new Uint8Array(36 + 8);
  bin.set(new Uint8Array(positions.buffer), 0);
  bin.set(new Uint8Array(indices.buffer), 36);
  const json = {
    asset: { version: '2.0' },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [node],
    meshes: [{ primitives: [{ attributes: { POSITION: 0 }, indices: 1 }] }],
    accessors: [
      { bufferView: 0, componentType: 5126, count: 3, type: 'VEC3' },
      { bufferView: 1, componentType: 5123, count: 3, type: 'SCALAR' },
    ],
    bufferViews: [
      { buffer: 0, byteOffset: 0, byteLength: 36 },
      { buffer: 0, byteOffset: 36, byteLength: 6 },
    ],
    buffers: [{ byteLength: bin.length }],
  };
  return { json, bin };
}

function importError(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ModelImportError);
    return (error as Error).message;
  }
  throw new Error('expected the read to fail');
}

describe('model formats', () => {
  it('are told by extension', () => {
    expect(modelFormatOf('Tower.IFC')).toBe('ifc');
    expect(modelFormatOf('site.v2.glb')).toBe('glb');
    expect(modelFormatOf('massing.3dm')).toBe('3dm');
    expect(modelFormatOf('notes.txt')).toBeNull();
  });
});

describe('OBJ', () => {
  it('reads quads as two triangles each, in the unit the user states', () => {
    const raw = readRawModel('obj', text(boxObj(false)), limits(), 60);
    const model = orientModel('obj', raw, { units: 'mm', upAxis: 'z' });
    expect(model.triangles).toBe(12);
    expect(model.unitsFrom).toBe('user');
    const b = bounds(model.positions);
    expect(b.min).toEqual([0, 0, 0]);
    expect(b.max.map((v) => Number(v.toFixed(6)))).toEqual([0.01, 0.02, 0.03]);
  });

  it('turns a Y-up export so its height is on z and its depth runs north', () => {
    const model = orientModel('obj', readRawModel('obj', text(boxObj(true, true)), limits(), 60), { units: 'm', upAxis: 'y' });
    const b = bounds(model.positions);
    expect(b.min).toEqual([0, 0, 0]);
    expect(b.max).toEqual([10, 20, 30]);
  });

  it('asks for units rather than guessing them', () => {
    const raw = readRawModel('obj', text(boxObj(false)), limits(), 60);
    expect(importError(() => orientModel('obj', raw, {}))).toMatch(/OBJ files do not say their units/);
  });

  it('names the line of a face that points past the vertices', () => {
    expect(importError(() => readRawModel('obj', text('v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 7\n'), limits(), 60))).toBe(
      'line 4: the face refers to vertex 7, but only 3 vertices come before it.',
    );
  });

  it('says when there are vertices but no faces, and when the file is binary', () => {
    expect(importError(() => readRawModel('obj', text('v 0 0 0\nv 1 0 0\n'), limits(), 60))).toMatch(/2 vertices but no faces/);
    expect(importError(() => readRawModel('obj', new Uint8Array([0x76, 0, 1, 2]), limits(), 60))).toMatch(/not a text OBJ file/);
  });

  it('stops at the triangle limit with the limit in words', () => {
    expect(importError(() => readRawModel('obj', text(boxObj(false)), limits({ maxTriangles: 5 }), 60))).toMatch(/more than 5 triangles/);
  });
});

describe('glTF', () => {
  it('reads a GLB in metres, its node transform applied, turned from Y-up to Z-up', () => {
    const { json, bin } = triangleGltf();
    const model = orientModel('glb', readRawModel('glb', glb(json, bin), limits(), 60), {});
    expect(model).toMatchObject({ triangles: 1, unitsFrom: 'file', upAxis: 'y', upAxisFrom: 'format', metresPerUnit: 1 });
    // glTF (x, y, z) → Canopy (x, −z, y): the ground triangle lies at z = 2, spanning 4 m east and 3 m north.
    expect(Array.from(model.positions)).toEqual([0, 0, 2, 4, 0, 2, 0, 3, 2]);
  });

  it('keeps the winding outward under a mirroring node scale', () => {
    const { json, bin } = triangleGltf({ mesh: 0, scale: [-1, 1, 1] });
    const p = orientModel('glb', readRawModel('glb', glb(json, bin), limits(), 60), {}).positions;
    // Normal of the emitted triangle still points up (+z) after the mirror.
    const nz = (p[3]! - p[0]!) * (p[7]! - p[1]!) - (p[4]! - p[1]!) * (p[6]! - p[0]!);
    expect(nz).toBeGreaterThan(0);
  });

  it('reads a .gltf with its buffer embedded as a base64 data URI', () => {
    const { json, bin } = triangleGltf();
    const embedded = { ...json, buffers: [{ byteLength: bin.length, uri: `data:application/octet-stream;base64,${Buffer.from(bin).toString('base64')}` }] };
    const model = orientModel('gltf', readRawModel('gltf', text(JSON.stringify(embedded)), limits(), 60), {});
    expect(model.triangles).toBe(1);
  });

  it('explains compressed meshes, separate buffer files and cut-short files', () => {
    const { json, bin } = triangleGltf();
    expect(importError(() => readRawModel('glb', glb({ ...json, extensionsRequired: ['KHR_draco_mesh_compression'] }, bin), limits(), 60))).toMatch(
      /Draco-compressed, which Canopy does not read/,
    );
    const external = { ...json, buffers: [{ byteLength: bin.length, uri: 'scene.bin' }] };
    expect(importError(() => readRawModel('gltf', text(JSON.stringify(external)), limits(), 60))).toMatch(/separate file "scene.bin"/);
    const whole = glb(json, bin);
    expect(importError(() => readRawModel('glb', whole.subarray(0, whole.length - 20), limits(), 60))).toMatch(/cut short/);
    expect(importError(() => readRawModel('glb', text('glTF but not really a binary glTF file'), limits(), 60))).toMatch(/GLB magic|glTF version/);
  });
});
