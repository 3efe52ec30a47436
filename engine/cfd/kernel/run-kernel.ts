/**
 * The kernel that collides and streams a level's cells: the runs of interior cells (nearly all),
 * the slow-path cells (next to walls, faces and interfaces, porous, recording) and the prescribed
 * cells. The WebAssembly one (aa-kernel.wat: SIMD over four cells of a run, scalar elsewhere) when
 * the platform runs it and the grid's arrays fit its memory, else the JavaScript one
 * (aa-kernel.generated.ts), which stays the reference.
 *
 * WebAssembly reads only its own memory, so the arrays these loops read and write (populations,
 * runs, viscosities, closure lengths, link tables, recorded and prescribed states) are moved into
 * one WebAssembly.Memory per grid before stepping: shared, so the worker threads of a pool step the
 * same memory, as they do with SharedArrayBuffers (grid/shared.ts). The level keeps typed arrays
 * (views on that memory), so everything else reads and writes them as before.
 */
import type { Grid, Level } from '../grid/level.ts';
import {
  collideRunsEven,
  collideRunsEvenAniso,
  collideRunsOdd,
  collideRunsOddAniso,
  collideSlowEven,
  collideSlowEvenAniso,
  collideSlowOdd,
  collideSlowOddAniso,
  emitPrescribedEven,
  emitPrescribedEvenAniso,
  emitPrescribedOdd,
  emitPrescribedOddAniso,
} from './aa-kernel.generated.ts';
import { AA_KERNEL_WASM_BASE64 } from './aa-kernel-wasm.generated.ts';
import { PRODUCTION_CLOSURE } from './cell-program.ts';
import type { KLevel } from '../turbulence/k-fields.ts';

/** Which run kernel: 'auto' takes WebAssembly where it can; 'js' forces the reference. */
export type KernelChoice = 'auto' | 'js';

export interface RunKernel {
  readonly name: 'wasm' | 'js';
  /** One AA step (odd or even) of runs r0..r1 of the level. */
  step(level: Level, odd: boolean, r0: number, r1: number): void;
  /** One AA step of slow-path cells s0..s1, recording into level.rec[rec]. */
  slow(level: Level, odd: boolean, rec: 0 | 1, s0: number, s1: number): void;
  /**
   * One AA step of the slow list's fixed-offset cells s0..s1 (SlowCells.linked on), without their
   * link table, recording into level.rec[rec]. A kernel without it steps the whole list with `slow`.
   */
  fixed?(level: Level, odd: boolean, rec: 0 | 1, s0: number, s1: number): void;
  /** One AA step of prescribed cells p0..p1 (their states already prepared). */
  emit(level: Level, odd: boolean, p0: number, p1: number): void;
  /**
   * Outlet and ghost states of prescribed cells p0..p1 (solver/step.ts prepare, which the
   * JavaScript kernel runs itself): `step` is the level's step counter, `parentStep` the step its
   * parent has just made (−1 on level 0), `sub` the substep within it.
   */
  prepare?(level: Level, parent: Level | null, step: number, parentStep: number, sub: number, p0: number, p1: number): void;
  /** RESTRICT cells p0..p1 of `level` from `fine` (solver/step.ts restrict). */
  restrict?(level: Level, fine: Level, p0: number, p1: number): void;
  /**
   * This thread's rows of solver/natural-pass.ts over one level: statistics when `accumulate`, the
   * divergence watch when `health`, continuing from the largest |ρ − 1| and speed so far. Returns
   * them updated, the level's NaN count, and the cell of a new largest |ρ − 1| (else −1).
   */
  natural?(level: Level, accumulate: boolean, health: boolean, thread: number, threads: number, maxDrho: number, maxU: number): number[];
  /**
   * The transported-k pass's cell work (turbulence/k-transport.ts, which runs its own loops where
   * a kernel leaves these out): cells c0..c1 of the level's transported list.
   */
  k?: KPassKernel;
}

export interface KPassKernel {
  /** Mean velocity and the lattice's strain (k-transport.ts velocities, the transported cells). */
  velocities(level: Level, c0: number, c1: number): void;
  /** Production of k (k-transport.ts production). */
  production(level: Level, c0: number, c1: number): void;
  /** The lateral length's blend into `len` (k-transport.ts lateralLengths; a level with `turb.lateral`). */
  lateralLengths(level: Level, c0: number, c1: number): void;
  /** One substep of dt steps, src → dst (k-transport.ts transportSubstep). */
  substep(level: Level, src: Float32Array, dst: Float32Array, dt: number, c0: number, c1: number): void;
  /**
   * The same substep, keeping its per-cell coefficients (faces, scaled step, production) for
   * `substepAgain`: the first of a level's substeps in a pass, when it makes more than one.
   */
  substepKeep(level: Level, src: Float32Array, dst: Float32Array, dt: number, c0: number, c1: number): void;
  /** A further substep of the pass from the kept coefficients: the same numbers as `substep`. */
  substepAgain(level: Level, src: Float32Array, dst: Float32Array, dt: number, c0: number, c1: number): void;
  /**
   * All `substeps` (even, two or more) of the level's pass on one thread, k → kNext → k …, ending
   * in k: the same numbers as `substepKeep` then `substepAgain` over all cells, substep after
   * substep, walked as a wavefront instead (below).
   */
  substepsOneThread(level: Level, substeps: number, dt: number): void;
  /** The ring's ghost cells g0..g1 take k from the parent level (k-transport.ts fillGiven). */
  ghosts(level: Level, parent: Level, g0: number, g1: number): void;
  /** ν_t from k of the transported cells c0..c1 and the prescribed cells p0..p1. */
  eddyViscosity(level: Level, c0: number, c1: number, p0: number, p1: number): void;
}

export const jsRunKernel: RunKernel = {
  name: 'js',
  step(level, odd, r0, r1) {
    const { pad } = level;
    const an = level.anisotropic;
    const args = [level.f, pad.n, pad.px, pad.pxy, level.runs, r0, r1, level.nuZ, level.nuX, level.len2] as const;
    if (an) (odd ? collideRunsOddAniso : collideRunsEvenAniso)(...args, an.nutV, an.nutH);
    else (odd ? collideRunsOdd : collideRunsEven)(...args, level.nut);
  },
  slow(level, odd, rec, s0, s1) {
    const { slow } = level;
    const an = level.anisotropic;
    const args = [
      level.f,
      level.pad.n,
      slow.cell,
      slow.read,
      slow.nu,
      level.len2,
      slow.dragKind,
      slow.drag,
      slow.record,
      level.rec[rec],
      level.wallShear,
      s0,
      s1,
    ] as const;
    if (an) (odd ? collideSlowOddAniso : collideSlowEvenAniso)(...args, an.nutV, an.nutH);
    else (odd ? collideSlowOdd : collideSlowEven)(...args, level.nut);
  },
  emit(level, odd, p0, p1) {
    const { pre } = level;
    const an = level.anisotropic;
    const args = [level.f, level.pad.n, pre.cell, pre.write, pre.nu, level.len2, pre.state, p0, p1] as const;
    if (an) (odd ? emitPrescribedOddAniso : emitPrescribedEvenAniso)(...args, an.nutV, an.nutH);
    else (odd ? emitPrescribedOdd : emitPrescribedEven)(...args, level.nut);
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

type Fn = (...args: number[]) => void;
interface WasmExports {
  collideRunsEven: Fn;
  collideRunsOdd: Fn;
  collideSlowEven: Fn;
  collideSlowOdd: Fn;
  collideFixedEven: Fn;
  collideFixedOdd: Fn;
  collideFloorEven: Fn;
  collideFloorOdd: Fn;
  emitPrescribedEven: Fn;
  emitPrescribedOdd: Fn;
  preparePrescribed: Fn;
  restrictPrescribed: Fn;
  naturalPass: (...args: number[]) => number[];
  kVelocities: Fn;
  kProduction: Fn;
  kLateralLengths: Fn;
  kSubstep: Fn;
  kSubstepStore: Fn;
  kSubstepReuse: Fn;
  kSubstepStoreSlab: Fn;
  kSubstepReuseSlab: Fn;
  kGhosts: Fn;
  kEddyViscosity: Fn;
}

/** Byte addresses of the closure's per-cell arrays (all but `skip`), in the order the module takes them. */
function closureArrays(level: Level, skip: string[] = []): number[] {
  return PRODUCTION_CLOSURE.inputs.filter((input) => !skip.includes(input)).map((input) => closureArray(level, input).byteOffset);
}

function closureArray(level: Level, input: string): Float32Array {
  const array = (level as unknown as Record<string, unknown>)[input];
  if (!(array instanceof Float32Array)) throw new Error(`the closure reads level.${input}, which is not a per-cell float32 array`);
  return array;
}

const instances = new WeakMap<WebAssembly.Memory, RunKernel>();

/**
 * The WebAssembly run kernel on a grid's memory (one instance per memory and thread); `kScratch`,
 * the grid's scratch for the k substeps (prepareKernel), in that memory.
 */
export function wasmRunKernel(memory: WebAssembly.Memory, kScratch?: Grid['kScratch']): RunKernel {
  const cached = instances.get(memory);
  if (cached) return cached;
  const module = wasmKernelModule();
  if (!module) throw new Error('the WebAssembly CFD kernel cannot run on this platform');
  const exports = new WebAssembly.Instance(module, { env: { memory } }).exports as unknown as WasmExports;
  const scratchFor = (cells: number): number => {
    if (!kScratch || kScratch.coef.length < 8 * cells) throw new Error('the grid has no scratch for the k substeps (prepareKernel makes it)');
    return kScratch.coef.byteOffset;
  };
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
        ...closureArrays(level),
      );
    },
    slow(level, odd, rec, s0, s1) {
      const { slow } = level;
      (odd ? exports.collideSlowOdd : exports.collideSlowEven)(
        level.f.byteOffset,
        level.pad.n,
        slow.cell.byteOffset,
        slow.read.byteOffset,
        slow.nu.byteOffset,
        ...closureArrays(level),
        slow.dragKind.byteOffset,
        slow.drag.byteOffset,
        slow.record.byteOffset,
        level.rec[rec].byteOffset,
        level.wallShear,
        s0,
        s1,
      );
    },
    fixed(level, odd, rec, s0, s1) {
      const { slow, pad } = level;
      const parts: Array<[Fn, number, number]> = [
        [odd ? exports.collideFixedOdd : exports.collideFixedEven, Math.max(s0, slow.linked), Math.min(s1, slow.floor)],
        [odd ? exports.collideFloorOdd : exports.collideFloorEven, Math.max(s0, slow.floor), s1],
      ];
      for (const [collide, a, b] of parts)
        if (a < b)
          collide(
            level.f.byteOffset,
            pad.n,
            pad.px,
            pad.pxy,
            slow.cell.byteOffset,
            slow.nu.byteOffset,
            ...closureArrays(level),
            slow.drag.byteOffset,
            slow.record.byteOffset,
            level.rec[rec].byteOffset,
            level.wallShear,
            a,
            b,
          );
    },
    emit(level, odd, p0, p1) {
      const { pre } = level;
      (odd ? exports.emitPrescribedOdd : exports.emitPrescribedEven)(
        level.f.byteOffset,
        level.pad.n,
        pre.cell.byteOffset,
        pre.write.byteOffset,
        pre.nu.byteOffset,
        level.len2.byteOffset,
        pre.state.byteOffset,
        p0,
        p1,
        level.nut.byteOffset,
      );
    },
    prepare(level, parent, step, parentStep, sub, p0, p1) {
      const { pre } = level;
      exports.preparePrescribed(
        pre.state.byteOffset,
        pre.delta.byteOffset,
        pre.source.byteOffset,
        pre.slots.byteOffset,
        pre.weights.byteOffset,
        pre.factorU.byteOffset,
        pre.factorS.byteOffset,
        parent && parentStep >= 0 ? parent.rec[parentStep & 1].byteOffset : 0,
        parentStep > 0 ? 0.5 : 0,
        sub,
        step > 0 ? 1 : 0,
        step > 0 ? level.rec[(step - 1) & 1].byteOffset : 0,
        p0,
        p1,
      );
    },
    restrict(level, fine, p0, p1) {
      const { pre } = level;
      exports.restrictPrescribed(
        pre.state.byteOffset,
        pre.source.byteOffset,
        pre.slots.byteOffset,
        pre.factorU.byteOffset,
        pre.factorS.byteOffset,
        fine.f.byteOffset,
        fine.pad.n,
        fine.pad.px,
        fine.pad.pxy,
        fine.nuZ.byteOffset,
        fine.nuX.byteOffset,
        ...closureArrays(fine),
        p0,
        p1,
      );
    },
    natural(level, accumulate, health, thread, threads, maxDrho, maxU) {
      const { pad, box } = level;
      return exports.naturalPass(
        level.f.byteOffset,
        pad.n,
        pad.px,
        pad.pxy,
        box.nx,
        box.ny,
        box.nz,
        level.kind.byteOffset,
        level.nuZ.byteOffset,
        level.nuX.byteOffset,
        level.len2.byteOffset,
        ...closureArrays(level, ['len2', 'nut']),
        level.tkeLenZ.byteOffset,
        level.turb ? level.turb.k.byteOffset : 0,
        level.turb ? 1 : 0,
        level.meanSum.byteOffset,
        level.slabSum.byteOffset,
        level.slabLayers,
        accumulate ? 1 : 0,
        health ? 1 : 0,
        thread,
        threads,
        maxDrho,
        maxU,
      );
    },
    k: {
      velocities(level, c0, c1) {
        const { pad } = level;
        const turb = level.turb!;
        exports.kVelocities(
          level.f.byteOffset,
          pad.n,
          pad.px,
          pad.pxy,
          turb.cells.byteOffset,
          c0,
          c1,
          level.nuZ.byteOffset,
          level.nuX.byteOffset,
          level.nut.byteOffset,
          turb.u.byteOffset,
          turb.strain.byteOffset,
        );
      },
      production(level, c0, c1) {
        const turb = level.turb!;
        exports.kProduction(
          turb.cells.byteOffset,
          c0,
          c1,
          turb.role.byteOffset,
          turb.u.byteOffset,
          turb.strain.byteOffset,
          turb.prod.byteOffset,
          level.nut.byteOffset,
          level.pad.px,
          level.pad.pxy,
          turb.groundDrag,
          turb.groundShear,
        );
      },
      lateralLengths(level, c0, c1) {
        const turb = level.turb!;
        const lateral = turb.lateral!;
        exports.kLateralLengths(
          turb.cells.byteOffset,
          c0,
          c1,
          turb.role.byteOffset,
          turb.u.byteOffset,
          turb.len.byteOffset,
          lateral.free.byteOffset,
          lateral.wall.byteOffset,
          lateral.above,
          level.pad.px,
          level.pad.pxy,
        );
      },
      substep(level, src, dst, dt, c0, c1) {
        const turb = level.turb!;
        exports.kSubstep(
          turb.cells.byteOffset,
          c0,
          c1,
          turb.role.byteOffset,
          turb.u.byteOffset,
          turb.prod.byteOffset,
          turb.len.byteOffset,
          level.nut.byteOffset,
          src.byteOffset,
          dst.byteOffset,
          dt,
          level.pad.px,
          level.pad.pxy,
        );
      },
      substepKeep(level, src, dst, dt, c0, c1) {
        const turb = level.turb!;
        exports.kSubstepStore(
          turb.cells.byteOffset,
          c0,
          c1,
          turb.role.byteOffset,
          turb.u.byteOffset,
          turb.prod.byteOffset,
          turb.len.byteOffset,
          level.nut.byteOffset,
          src.byteOffset,
          dst.byteOffset,
          dt,
          level.pad.px,
          level.pad.pxy,
          scratchFor(turb.cells.length),
        );
      },
      substepAgain(level, src, dst, dt, c0, c1) {
        const turb = level.turb!;
        exports.kSubstepReuse(
          turb.cells.byteOffset,
          c0,
          c1,
          turb.len.byteOffset,
          src.byteOffset,
          dst.byteOffset,
          dt,
          level.pad.px,
          level.pad.pxy,
          scratchFor(turb.cells.length),
        );
      },
      substepsOneThread(level, substeps, dt) {
        const turb = level.turb!;
        const rows = kScratch?.rows[level.index];
        if (!rows) throw new Error('the grid has no rows for the k substeps (prepareKernel makes them)');
        const { ny, nz } = level.box;
        const { px, pxy } = level.pad;
        const coef = scratchFor(turb.cells.length);
        const [cells, role, u, prod, len, nut, k, kNext] = [turb.cells, turb.role, turb.u, turb.prod, turb.len, level.nut, turb.k, turb.kNext].map(
          (a) => a.byteOffset,
        );
        // A wavefront over the slabs of rows along y (every height): at stage t, substep s works on
        // slab t − s, substeps in ascending order. Substep s of slab j reads slabs j − 1..j + 1 of
        // its source, which substep s − 1 has finished (slab j + 1 at this stage, before it) and
        // substep s + 1, which writes into the same buffer, has not yet reached (slab j − 1 comes
        // later in this stage); so every cell sees what the substep-by-substep sweep gives it,
        // while a slab's coefficients are read again within a few slabs, from the cache.
        for (let t = 0; t < ny + substeps - 1; t++)
          for (let s = 0; s < substeps; s++) {
            const j = t - s;
            if (j < 0 || j >= ny) continue;
            const [src, dst] = s & 1 ? [kNext, k] : [k, kNext];
            if (s === 0) exports.kSubstepStoreSlab(rows.byteOffset, j, ny, nz, cells, role, u, prod, len, nut, src, dst, dt, px, pxy, coef);
            else exports.kSubstepReuseSlab(rows.byteOffset, j, ny, nz, cells, len, src, dst, dt, px, pxy, coef);
          }
      },
      ghosts(level, parent, g0, g1) {
        const turb = level.turb!;
        exports.kGhosts(
          turb.ghostCell.byteOffset,
          turb.ghostFrom.byteOffset,
          turb.ghostWeight.byteOffset,
          g0,
          g1,
          parent.turb!.k.byteOffset,
          turb.k.byteOffset,
          turb.kNext.byteOffset,
        );
      },
      eddyViscosity(level, c0, c1, p0, p1) {
        const turb = level.turb!;
        exports.kEddyViscosity(turb.cells.byteOffset, c0, c1, turb.k.byteOffset, turb.len.byteOffset, level.nut.byteOffset);
        exports.kEddyViscosity(level.pre.cell.byteOffset, p0, p1, turb.k.byteOffset, turb.len.byteOffset, level.nut.byteOffset);
      },
    },
  };
  instances.set(memory, kernel);
  return kernel;
}

/** The run kernel for a grid as prepared by prepareKernel. */
export function runKernelFor(grid: Grid): RunKernel {
  return grid.memory ? wasmRunKernel(grid.memory, grid.kScratch) : jsRunKernel;
}

/**
 * The most memory a grid whose arrays take `gridBytes` (grid/plan.ts planMemoryBytes) holds at
 * once: with the WebAssembly kernel, prepareKernel copies the arrays the kernels read (nearly all of
 * them: populations, statistics, the transported k's arrays, the link tables) into one
 * WebAssembly.Memory, and the grid's own arrays are still alive until the copy is done, so the
 * peak is about twice the grid; the JavaScript kernel steps the arrays where they are. The memory
 * also holds the k substeps' scratch, 64 B per transported cell of the largest level (a quarter
 * of what its own arrays take, about 10 MB on the demo district), which planMemoryBytes' margin
 * per cell covers (run/scene-memory.test.ts measures it).
 */
export function peakGridBytes(gridBytes: number, choice: KernelChoice = 'auto'): number {
  return choice === 'auto' && wasmKernelModule() ? 2 * gridBytes : gridBytes;
}

const PAGE = 65536;
/** wasm32 addresses 4 GiB; a memory is at most 65536 pages. */
const MAX_PAGES = 65536;
type Moving = Float32Array | Float64Array | Int32Array | Uint8Array;
/** The arrays the kernels read and write, each with a way to put its replacement in its place. */
function moving(level: Level): Array<[Moving, (to: Moving) => void]> {
  const { slow, pre, rec } = level;
  const put =
    <T extends object>(o: T, key: keyof T) =>
    (to: Moving) => {
      (o as Record<keyof T, Moving>)[key] = to;
    };
  return [
    [level.f, put(level, 'f')],
    [level.runs, put(level, 'runs')],
    [level.nuZ, put(level, 'nuZ')],
    [level.nuX, put(level, 'nuX')],
    [level.len2, put(level, 'len2')],
    [level.kind, put(level, 'kind')],
    [level.tkeLenZ, put(level, 'tkeLenZ')],
    [level.meanSum, put(level, 'meanSum')],
    [level.slabSum, put(level, 'slabSum')],
    [rec[0], put(rec, 0)],
    [rec[1], put(rec, 1)],
    [slow.cell, put(slow, 'cell')],
    [slow.read, put(slow, 'read')],
    [slow.nu, put(slow, 'nu')],
    [slow.dragKind, put(slow, 'dragKind')],
    [slow.drag, put(slow, 'drag')],
    [slow.record, put(slow, 'record')],
    [pre.cell, put(pre, 'cell')],
    [pre.write, put(pre, 'write')],
    [pre.nu, put(pre, 'nu')],
    [pre.state, put(pre, 'state')],
    [pre.delta, put(pre, 'delta')],
    [pre.source, put(pre, 'source')],
    [pre.slots, put(pre, 'slots')],
    [pre.weights, put(pre, 'weights')],
    [pre.factorU, put(pre, 'factorU')],
    [pre.factorS, put(pre, 'factorS')],
    // The closure's other per-cell arrays (len2 is above; nut, which the k pass writes, among them).
    ...PRODUCTION_CLOSURE.inputs
      .filter((input) => input !== 'len2')
      .map((input) => [closureArray(level, input), put(level as unknown as Record<string, Moving>, input)] as [Moving, (to: Moving) => void]),
    // The transported k's arrays, which the statistics pass (k) and the k pass (all) read and write.
    ...(level.turb ? turbArrays(level.turb) : []),
  ];
}

function turbArrays(turb: KLevel): Array<[Moving, (to: Moving) => void]> {
  const keys = ['k', 'kNext', 'len', 'u', 'strain', 'prod', 'role', 'cells', 'ghostCell', 'ghostFrom', 'ghostWeight'] as const;
  const lateral = turb.lateral;
  return [
    ...keys.map((key) => [
      turb[key],
      (to: Moving) => {
        (turb as unknown as Record<string, Moving>)[key] = to;
      },
    ]),
    // The lateral length's two lengths (a trial), which its blend reads.
    ...(lateral
      ? (['free', 'wall'] as const).map((key) => [
          lateral[key],
          (to: Moving) => {
            lateral[key] = to as Float32Array;
          },
        ])
      : []),
  ] as Array<[Moving, (to: Moving) => void]>;
}

/**
 * The first transported cell of each row of the level (rows along x, by height then y: row
 * z·ny + y), and the count at the end: the transported cells are listed by cell index, which
 * orders them so. Nothing for a level without the transported k.
 */
function rowStarts(level: Level): Int32Array {
  if (!level.turb) return new Int32Array(0);
  const { box, pad } = level;
  const cells = level.turb.cells;
  const out = new Int32Array(box.nz * box.ny + 1);
  let c = 0;
  for (let r = 0; r <= box.nz * box.ny; r++) {
    while (c < cells.length && (Math.floor(cells[c] / pad.pxy) - 1) * box.ny + Math.floor((cells[c] % pad.pxy) / pad.px) - 1 < r) c++;
    out[r] = c;
  }
  return out;
}

/**
 * Prepares a grid for stepping: with `auto` (and a platform that runs the module), moves the
 * arrays the run loops read into a shared WebAssembly.Memory and records it on the grid, so every
 * thread's context steps its runs in WebAssembly. Returns the kernel's name. Call before the grid
 * is handed to worker threads; a grid already prepared is left as it is.
 */
export function prepareKernel(grid: Grid, choice: KernelChoice = 'auto'): 'wasm' | 'js' {
  if (grid.memory) return 'wasm';
  // The anisotropic eddy viscosity (a trial) has only the JavaScript kernel.
  if (choice === 'js' || !wasmKernelModule() || grid.levels.some((level) => level.anisotropic)) return 'js';
  const align = (b: number) => (b + 15) & ~15;
  let bytes = 0;
  for (const level of grid.levels) for (const [array] of moving(level)) bytes += align(array.byteLength);
  // The k substeps' scratch: 8 doubles per transported cell of the largest level (in pairs of
  // cells), and each level's row starts.
  const scratchLength = 8 * 2 * Math.ceil(Math.max(0, ...grid.levels.map((level) => level.turb?.cells.length ?? 0)) / 2);
  bytes += 8 * scratchLength;
  const rows = grid.levels.map(rowStarts);
  for (const r of rows) bytes += align(r.byteLength);
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
    for (const [old, put] of moving(level)) {
      const view =
        old instanceof Int32Array
          ? new Int32Array(memory.buffer, at, old.length)
          : old instanceof Uint8Array
            ? new Uint8Array(memory.buffer, at, old.length)
            : old instanceof Float64Array
              ? new Float64Array(memory.buffer, at, old.length)
              : new Float32Array(memory.buffer, at, old.length);
      view.set(old);
      put(view);
      at += align(old.byteLength);
    }
  }
  const coef = new Float64Array(memory.buffer, at, scratchLength);
  at += 8 * scratchLength;
  grid.kScratch = {
    coef,
    rows: rows.map((r) => {
      const view = new Int32Array(memory.buffer, at, r.length);
      view.set(r);
      at += align(r.byteLength);
      return view;
    }),
  };
  grid.memory = memory;
  return 'wasm';
}
