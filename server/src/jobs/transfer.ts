/**
 * Moving large typed arrays between the request thread and the CPU pool's threads instead of
 * copying them: a 200 MB STL or a result GLB copied by structured clone costs the receiving thread
 * a pass over every byte, and that thread is the event loop on the way back.
 */
import { move, transferableSymbol, valueSymbol } from 'piscina';

/**
 * The buffers of `arrays` that may be handed over: each once, and only whole buffers larger than
 * Node's Buffer pool slab (a small Buffer shares its ArrayBuffer with unrelated Buffers, which
 * must never be detached).
 */
export function transferables(arrays: ReadonlyArray<ArrayBufferView | undefined>): ArrayBuffer[] {
  const out = new Set<ArrayBuffer>();
  for (const view of arrays) {
    if (!view || !(view.buffer instanceof ArrayBuffer)) continue;
    if (view.buffer.byteLength <= Buffer.poolSize) continue;
    out.add(view.buffer);
  }
  return [...out];
}

const MOVING = Symbol.for('canopy.cpu.moving');

interface Moving {
  [MOVING]: true;
  value: unknown;
  buffers: ArrayBuffer[];
}

/**
 * A task's result whose typed arrays move to the caller. The caller receives `value` itself:
 * cpu-worker.ts hands it to piscina as a transfer, the inline pool unwraps it.
 */
export function moving<T>(value: T, arrays: ReadonlyArray<ArrayBufferView | undefined>): T {
  const marked: Moving = { [MOVING]: true, value, buffers: transferables(arrays) };
  return marked as unknown as T;
}

function isMoving(result: unknown): result is Moving {
  return typeof result === 'object' && result !== null && (result as Partial<Moving>)[MOVING] === true;
}

/** In a worker thread: the result as piscina transfers it. */
export function forPiscina(result: unknown): unknown {
  if (!isMoving(result)) return result;
  return move({ [transferableSymbol]: result.buffers, [valueSymbol]: result.value } as never);
}

/** On the calling thread (inline pool): the plain value. */
export function unwrapMoving(result: unknown): unknown {
  return isMoving(result) ? result.value : result;
}
