/**
 * Work done on the populations "at home" (after an odd level-0 step, slot q of cell x holds f_q(x)
 * on every level): time statistics over the averaging window and the divergence watch.
 */
import { momentsOf, relaxationTime, tensorNorm } from '../kernel/cell.ts';
import { KIND, MEAN_FIELDS, SLAB_FIELDS } from '../grid/level.ts';
import type { Grid } from '../grid/level.ts';
import { SMAG, type ThreadContext } from './step.ts';

/** Per-thread health record: max |ρ − 1|, max |u| (lattice), NaN count, the cell of the worst ρ. */
export const HEALTH_FIELDS = 4;
const Q = 19;
const FLUID = KIND.FLUID,
  FIELDS = SLAB_FIELDS,
  MEAN = MEAN_FIELDS;
/** Cμ^¼ = 0.09^¼ (Prandtl–Kolmogorov). */
const CMU4 = Math.sqrt(0.3);

/**
 * Adds the current state to the statistics (when `accumulate`) and writes this thread's health
 * into health[thread·HEALTH_FIELDS ..].
 */
export function naturalPass(h: Grid, ctx: ThreadContext, accumulate: boolean, health: Float64Array | null): void {
  const { h: pop, m } = ctx.scratch;
  let maxDrho = 0,
    maxU = 0,
    nan = 0,
    worst = -1;
  const kernel = ctx.runKernel;
  for (const level of h.levels) {
    if (kernel.natural) {
      // The same pass in WebAssembly (kernel/wasm-source.ts naturalFunction).
      const [d, u, nans, cell] = kernel.natural(level, accumulate, health !== null, ctx.thread, ctx.threads, maxDrho, maxU);
      maxDrho = d;
      maxU = u;
      nan += nans;
      if (cell >= 0) worst = level.index * 1e9 + cell;
      continue;
    }
    const { box, pad, f, kind, turb } = level;
    const n = pad.n;
    // Rows (j, k) dealt to the threads in turn: fluid cells per layer vary with the buildings'
    // heights and the pedestrian slab's layers cost more, so contiguous slabs of layers left one
    // thread with most of the pass.
    for (let k = 0; k < box.nz; k++) {
      const slab = accumulate && k < level.slabLayers;
      const nuk = level.nuZ[k];
      for (let j = (((ctx.thread - k * box.ny) % ctx.threads) + ctx.threads) % ctx.threads; j < box.ny; j += ctx.threads) {
        let x = 1 + (j + 1) * pad.px + (k + 1) * pad.pxy;
        for (let i = 0; i < box.nx; i++, x++) {
          if (kind[x] !== FLUID) continue;
          for (let q = 0; q < Q; q++) pop[q] = f[q * n + x];
          momentsOf(pop, m);
          const rho = m[0],
            ux = m[1],
            uy = m[2],
            uz = m[3];
          const sp2 = ux * ux + uy * uy + uz * uz;
          if (health) {
            if (!(rho === rho) || !(sp2 === sp2)) nan++;
            const d = Math.abs(rho - 1);
            if (d > maxDrho) {
              maxDrho = d;
              worst = level.index * 1e9 + x;
            }
            if (sp2 > maxU * maxU) maxU = Math.sqrt(sp2);
          }
          if (!accumulate) continue;
          // Modelled turbulent kinetic energy from the eddy viscosity (see Level.tkeLenZ).
          let kModel: number;
          if (turb) kModel = turb.k[x];
          else {
            const tau = relaxationTime(nuk + level.nuX[i], SMAG * level.len2[x], tensorNorm(m, 4), rho);
            const nuT = (tau - 0.5) / 3;
            kModel = (nuT / (CMU4 * Math.max(Math.sqrt(level.len2[x]), level.tkeLenZ[k]))) ** 2;
          }
          const ms = level.meanSum,
            mo = MEAN * x;
          ms[mo] += ux;
          ms[mo + 1] += uy;
          ms[mo + 2] += uz;
          ms[mo + 3] += ux * ux;
          ms[mo + 4] += uy * uy;
          ms[mo + 5] += uz * uz;
          ms[mo + 6] += kModel;
          if (slab) {
            const sp = Math.sqrt(sp2);
            const o = FIELDS * ((x % pad.pxy) + k * pad.pxy);
            const s = level.slabSum;
            s[o] += sp;
            s[o + 1] += sp2;
            s[o + 2] += ux * ux;
            s[o + 3] += uy * uy;
            s[o + 4] += uz * uz;
            s[o + 5] += kModel;
          }
        }
      }
    }
  }
  if (health) {
    const o = ctx.thread * HEALTH_FIELDS;
    health[o] = maxDrho;
    health[o + 1] = maxU;
    health[o + 2] = nan;
    health[o + 3] = worst;
  }
}
