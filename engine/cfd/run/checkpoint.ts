/**
 * The whole evolving state of a run as bytes, and back: every level's populations, recorded
 * interface states, prescribed-cell states and statistics, the step counters and the caller's
 * progress record. Taken with every level at home (after an even number of level-0 steps), so a
 * resumed run continues bit for bit where the saved one was. Writing the bytes to disk (temporary
 * file, fsync, rename) is the caller's business: the numerics do no I/O.
 *
 * Layout: magic "CFDCKPT1", a JSON header (length-prefixed, little-endian u32), then the arrays in
 * the header's order, each 8-byte aligned.
 */
import type { Hierarchy } from '../grid/build-hierarchy.ts';

const MAGIC = 'CFDCKPT1';

export interface CheckpointHeader<P> {
  steps: number[];
  samples: number;
  /** A digest of the grid, so a checkpoint is never loaded into a different run. */
  gridKey: string;
  progress: P;
}

type Arr = Float32Array | Float64Array;

function stateArrays(h: Hierarchy): Arr[] {
  const out: Arr[] = [];
  for (const level of h.levels) {
    out.push(level.f, level.rec[0], level.rec[1], level.pre.state, level.pre.delta, level.meanSum, level.slabSum);
    if (level.turb) out.push(level.turb.k, level.turb.kNext, level.nut);
  }
  return out;
}

/** A short description of the grid's shape; equal keys mean equal array sizes. */
export function gridKey(h: Hierarchy): string {
  return h.levels.map((l) => `${l.box.dxM}:${l.box.nx}x${l.box.ny}x${l.box.nz}:${l.fastCells}/${l.slow.count}/${l.pre.count}`).join('|');
}

export function saveCheckpoint<P>(h: Hierarchy, header: Omit<CheckpointHeader<P>, 'gridKey'>): Uint8Array {
  if ((header.steps[0] & 1) !== 0) throw new Error('checkpoints are taken after an even number of level-0 steps');
  const json = new TextEncoder().encode(JSON.stringify({ ...header, gridKey: gridKey(h) }));
  const arrays = stateArrays(h);
  const align = (n: number) => (n + 7) & ~7;
  let size = align(MAGIC.length + 4 + json.length);
  for (const a of arrays) size += align(a.byteLength);
  const out = new Uint8Array(size);
  out.set(new TextEncoder().encode(MAGIC), 0);
  new DataView(out.buffer).setUint32(MAGIC.length, json.length, true);
  out.set(json, MAGIC.length + 4);
  let o = align(MAGIC.length + 4 + json.length);
  for (const a of arrays) {
    out.set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength), o);
    o += align(a.byteLength);
  }
  return out;
}

/** Restores a checkpoint into a hierarchy built from the same inputs; returns its header. */
export function loadCheckpoint<P>(h: Hierarchy, bytes: Uint8Array): CheckpointHeader<P> {
  if (new TextDecoder().decode(bytes.subarray(0, MAGIC.length)) !== MAGIC) throw new Error('not a Canopy CFD checkpoint');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const jsonLength = view.getUint32(MAGIC.length, true);
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(MAGIC.length + 4, MAGIC.length + 4 + jsonLength))) as CheckpointHeader<P>;
  if (header.gridKey !== gridKey(h)) throw new Error('the checkpoint belongs to another grid');
  const align = (n: number) => (n + 7) & ~7;
  let o = align(MAGIC.length + 4 + jsonLength);
  for (const a of stateArrays(h)) {
    if (o + a.byteLength > bytes.byteLength) throw new Error('the checkpoint is truncated');
    new Uint8Array(a.buffer, a.byteOffset, a.byteLength).set(bytes.subarray(o, o + a.byteLength));
    o += align(a.byteLength);
  }
  return header;
}

/** The step counters a checkpoint was taken at (without loading it). */
export function checkpointSteps(bytes: Uint8Array): number[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const jsonLength = view.getUint32(MAGIC.length, true);
  return (JSON.parse(new TextDecoder().decode(bytes.subarray(MAGIC.length + 4, MAGIC.length + 4 + jsonLength))) as CheckpointHeader<unknown>).steps;
}
