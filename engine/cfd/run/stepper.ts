/**
 * Something that advances a grid: on this thread (tests, small runs) or on a pool of worker
 * threads sharing the grid's memory (pool.ts). Both run the same per-thread loop (advance.ts), so
 * their results are identical to the bit: no reduction mixes the threads' numbers.
 */
import type { Grid } from '../grid/level.ts';
import { advance } from '../solver/advance.ts';
import { HEALTH_FIELDS } from '../solver/natural-pass.ts';
import { makeThreadContext, type ThreadContext } from '../solver/step.ts';
import { prepareKernel, type KernelChoice } from '../kernel/run-kernel.ts';

export interface Health {
  /** Largest |ρ − 1| of any fluid cell. */
  maxDensityDeviation: number;
  /** Largest speed, lattice units (the scheme is accurate for ≲ 0.2). */
  maxLatticeSpeed: number;
  nanCells: number;
}

export interface Stepper {
  readonly threads: number;
  /** The kernel stepping the runs of interior cells. */
  readonly kernel: 'wasm' | 'js';
  /** Step counters per level. */
  readonly steps: readonly number[];
  /** Makes `steps` level-0 steps (even); returns the statistics samples taken. */
  advance(steps: number, accumulate: boolean): Promise<number>;
  /** Divergence watch; call after an even number of steps. */
  health(): Promise<Health>;
  /** Sets the step counters (after loading a checkpoint). */
  setSteps(steps: readonly number[]): Promise<void>;
  close(): Promise<void>;
}

export function combineHealth(parts: Float64Array, threads: number): Health {
  let maxDensityDeviation = 0,
    maxLatticeSpeed = 0,
    nanCells = 0;
  for (let t = 0; t < threads; t++) {
    const o = t * HEALTH_FIELDS;
    maxDensityDeviation = Math.max(maxDensityDeviation, parts[o]);
    maxLatticeSpeed = Math.max(maxLatticeSpeed, parts[o + 1]);
    nanCells += parts[o + 2];
  }
  return { maxDensityDeviation, maxLatticeSpeed, nanCells };
}

/** Advances the grid on the calling thread (with the WebAssembly run kernel unless `kernel` is 'js'). */
export function inlineStepper(grid: Grid, kernel: KernelChoice = 'auto'): Stepper {
  const used = prepareKernel(grid, kernel);
  let ctx: ThreadContext = makeThreadContext(grid, 0, 1, () => {}, []);
  const health = new Float64Array(HEALTH_FIELDS);
  return {
    threads: 1,
    kernel: used,
    get steps() {
      return ctx.steps;
    },
    advance: async (steps, accumulate) => advance(grid, ctx, { steps, accumulate, health: null }),
    health: async () => {
      advance(grid, ctx, { steps: 0, accumulate: false, health });
      return combineHealth(health, 1);
    },
    setSteps: async (steps) => {
      ctx = makeThreadContext(grid, 0, 1, () => {}, [...steps]);
    },
    close: async () => {},
  };
}
