/**
 * Typed arrays on SharedArrayBuffer when the platform has it (Node worker threads, cross-origin
 * isolated pages), so the worker threads of one run step the same memory; ordinary buffers
 * otherwise (one thread).
 */
const canShare = typeof SharedArrayBuffer !== 'undefined';

function buffer(bytes: number): ArrayBuffer | SharedArrayBuffer {
  return canShare ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes);
}

export function f32(n: number): Float32Array {
  return new Float32Array(buffer(4 * n));
}
export function f64(n: number): Float64Array {
  return new Float64Array(buffer(8 * n));
}
export function i32(n: number): Int32Array {
  return new Int32Array(buffer(4 * n));
}
export function u8(n: number): Uint8Array {
  return new Uint8Array(buffer(n));
}
export function i32From(values: ArrayLike<number>): Int32Array {
  const a = i32(values.length);
  a.set(values);
  return a;
}
