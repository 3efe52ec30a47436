/**
 * The kernel that steps a level's runs of interior cells (nearly all of its cells): the
 * WebAssembly one (aa-kernel.wat, SIMD over four cells) when the platform runs it and the grid's
 * arrays fit its memory, else the JavaScript one (aa-kernel.generated.ts), which stays the
 * reference. Cells next to walls, faces and interfaces, and prescribed cells, always take the
 * JavaScript slow path; both paths work on the same populations.
 *
 * WebAssembly reads only its own memory, so the arrays the run loops read (populations, runs,
 * base viscosities and the closure's per-cell lengths) are moved into one WebAssembly.Memory per
 * grid before stepping: shared, so the worker threads of a pool step the same memory, as they do
 * with SharedArrayBuffers (grid/shared.ts). The level keeps typed arrays (views on that memory),
 * so everything else reads and writes them as before.
 */
import type { Grid, Level } from '../grid/level.ts';
import { collideRunsEven, collideRunsOdd } from './aa-kernel.generated.ts';
import { AA_KERNEL_WASM_BASE64 } from './aa-kernel-wasm.generated.ts';

/** Which run kernel: 'auto' takes WebAssembly where it can; 'js' forces the reference. */
export type KernelChoice = 'auto' | 'js';

export interface RunKernel {
  readonly name: 'wasm' | 'js';
  /** One AA step (odd or even) of runs r0..r1 of the level. */
  step(level: Level, odd: boolean, r0: number, r1: number): void;
}

export const jsRunKernel: RunKernel = {
  name: 'js',
  step(level, odd, r0, r1) {
    const { pad } = level;
    (odd ? collideRunsOdd : collideRunsEven)(level.f, pad.n, pad.px, pad.pxy, level.runs, r0, r1, level.nuZ, level.nuX, level.len2);
  },
};

let compiled: WebAssembly.Module | null | undefined;

/** The compiled module, or null where the platform cannot run it (no SIMD, no shared memory). */
export function wasmKernelModule(): WebAssembly.Module | null {
  if (compiled !== undefined) return compiled;
  compiled = null;
  try {
    const bytes = Uint8Array.from(atob(AA_KERNEL_WASM_BASE64), (c) => c.charCodeAt(0));
    if (typeof SharedArrayBuffer !== 'undefined' && WebAssembly.validate(bytes)) compiled = new WebAssembly.Module(bytes);
  } catch {
    compiled = null;
  }
  return compiled;
}

interface WasmExports {
  collideRunsEven(...args: number[]): void;
  collideRunsOdd(...args: number[]): void;
}

const instances = new WeakMap<WebAssembly.Memory, RunKernel>();

/** The WebAssembly run kernel on a grid's memory (one instance per memory and thread). */
export function wasmRunKernel(memory: WebAssembly.Memory): RunKernel {
  const cached = instances.get(memory);
  if (cached) return cached;
  const module = wasmKernelModule();
  if (!module) throw new Error('the WebAssembly CFD kernel cannot run on this platform');
  const exports = new WebAssembly.Instance(module, { env: { memory } }).exports as unknown as WasmExports;
  const kernel: RunKernel = {
    name: 'wasm',
    step(level, odd, r0, r1) {
      const { pad } = level;
      (odd ? exports.collideRunsOdd : exports.collideRunsEven)(
        level.f.byteOffset,
        pad.n,
        pad.px,
        pad.pxy,
        level.runs.byteOffset,
        r0,
        r1,
        level.nuZ.byteOffset,
        level.nuX.byteOffset,
        level.len2.byteOffset,
      );
    },
  };
  instances.set(memory, kernel);
  return kernel;
}

/** The run kernel for a grid as prepared by useKernel. */
export function runKernelFor(grid: Grid): RunKernel {
  return grid.memory ? wasmRunKernel(grid.memory) : jsRunKernel;
}

const PAGE = 65536;
/** wasm32 addresses 4 GiB; a memory is at most 65536 pages. */
const MAX_PAGES = 65536;
type Moved = 'f' | 'runs' | 'nuZ' | 'nuX' | 'len2';
const MOVED: readonly Moved[] = ['f', 'runs', 'nuZ', 'nuX', 'len2'];

/**
 * Prepares a grid for stepping: with `auto` (and a platform that runs the module), moves the
 * arrays the run loops read into a shared WebAssembly.Memory and records it on the grid, so every
 * thread's context steps its runs in WebAssembly. Returns the kernel's name. Call before the grid
 * is handed to worker threads; a grid already prepared is left as it is.
 */
export function useKernel(grid: Grid, choice: KernelChoice = 'auto'): 'wasm' | 'js' {
  if (grid.memory) return 'wasm';
  if (choice === 'js' || !wasmKernelModule()) return 'js';
  const align = (b: number) => (b + 15) & ~15;
  let bytes = 0;
  for (const level of grid.levels) for (const key of MOVED) bytes += align(level[key].byteLength);
  const pages = Math.max(1, Math.ceil(bytes / PAGE));
  if (pages > MAX_PAGES) return 'js';
  let memory: WebAssembly.Memory;
  try {
    memory = new WebAssembly.Memory({ initial: pages, maximum: pages, shared: true });
  } catch {
    return 'js'; // the address space for it could not be reserved
  }
  let at = 0;
  for (const level of grid.levels) {
    for (const key of MOVED) {
      const old = level[key];
      const view = old instanceof Int32Array ? new Int32Array(memory.buffer, at, old.length) : new Float32Array(memory.buffer, at, old.length);
      view.set(old);
      (level as unknown as Record<Moved, Int32Array | Float32Array>)[key] = view;
      at += align(old.byteLength);
    }
  }
  grid.memory = memory;
  return 'wasm';
}
