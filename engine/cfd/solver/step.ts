/**
 * One level-0 time step of the whole hierarchy, as each thread runs it on its share of the cells.
 *
 * Order (recursive, finer levels sub-cycle twice per parent step, acoustic scaling):
 *   step(l): collide-and-stream level l (its prescribed cells first take their state: the outflow
 *            from the recorded upstream neighbour, the interface ring from the parent's recorded
 *            states, interpolated in space and time) — barrier —
 *            then, if a finer level exists: step(l+1), step(l+1), and restrict the finer level's
 *            fresh state onto the parent's ring of prescribed cells.
 * One barrier per level step: a thread prepares, emits and restricts exactly the prescribed cells
 * it owns, so only the reads of other threads' populations and records need the barrier.
 *
 * Even and odd AA steps alternate per level; a finer level always makes its two steps as a pair,
 * so after every odd level-0 step every level holds its populations "at home" (slot q of cell x is
 * f_q(x)): statistics, divergence checks and checkpoints are taken then.
 */
import {
  MOMENTS,
  anisotropicStrainInPlace,
  emitFromStrain,
  momentsOf,
  regularizedPost,
  relaxationTime,
  relaxationTimeFromStrain,
  strainFromMoments,
  tensorNorm,
} from '../kernel/cell.ts';
import { runKernelFor, type RunKernel } from '../kernel/run-kernel.ts';
import { addSynthetic, removeSynthetic } from '../bc/synthetic-inflow.ts';
import { absorb } from '../bc/absorbing-layer.ts';
import * as lattice from '../lattice/d3q19.ts';
import { DRAG, SOURCE, STENCIL, type Level } from '../grid/level.ts';
import type { Grid } from '../grid/level.ts';

// Module-local copies (imported bindings can compile to getter calls in the hot loops).
const Q = 19;
const OPP = Int32Array.from(lattice.OPP);
const MOM = MOMENTS,
  ST = STENCIL;
/** 18√2: relaxationTime's factor on L²·|Π_neq|/ρ (Hou et al. 1996). */
export const SMAG = 18 * Math.SQRT2;
const OUTLET = SOURCE.OUTLET,
  GHOST = SOURCE.GHOST,
  RESTRICT = SOURCE.RESTRICT;
const GROUND = DRAG.GROUND,
  POROUS = DRAG.POROUS,
  TOP = DRAG.TOP;

export interface ThreadContext {
  thread: number;
  threads: number;
  barrier: () => void;
  /** Step counters per level (each thread keeps its own identical copy). */
  steps: number[];
  scratch: Scratch;
  /** Per level: [runStart, runEnd) of this thread. */
  runSplit: Array<[number, number]>;
  /** Per level: this thread's blocks of prescribed cells, [start, end) pairs (blockShares). */
  preBlocks: Int32Array[];
  /** What steps the runs of interior cells (WebAssembly or the JavaScript reference). */
  runKernel: RunKernel;
}

export interface Scratch {
  h: Float64Array;
  g: Float64Array;
  m: Float64Array;
  w: Float64Array;
  acc: Float64Array;
  /** A velocity gradient (the k closure's production). */
  kGrad: Float64Array;
}

export function makeScratch(): Scratch {
  return {
    h: new Float64Array(Q),
    g: new Float64Array(Q),
    m: new Float64Array(MOMENTS),
    w: new Float64Array(MOMENTS),
    acc: new Float64Array(MOMENTS),
    kGrad: new Float64Array(9),
  };
}

export function share(count: number, thread: number, threads: number): [number, number] {
  return [Math.floor((count * thread) / threads), Math.floor((count * (thread + 1)) / threads)];
}

/** Prescribed cells per block of blockShares. */
const PRE_BLOCK = 64;

/**
 * Block-cyclic shares of a list: blocks of `block` items dealt to the threads in turn, as
 * [start, end) pairs. Prescribed cells are listed by cell index, so the costly kinds cluster (the
 * cells restricted from a finer level sit in its footprint near the ground, a finer level's top
 * face is one run of ghost cells): contiguous shares left one thread with most of the work
 * between two barriers. Blocks keep each thread's writes apart in memory.
 */
export function blockShares(count: number, thread: number, threads: number, block = PRE_BLOCK): Int32Array {
  const out: number[] = [];
  for (let start = thread * block; start < count; start += threads * block) out.push(start, Math.min(count, start + block));
  return Int32Array.from(out);
}

/** Splits a level's runs so each thread gets about the same number of cells. */
export function splitRuns(level: Level, thread: number, threads: number): [number, number] {
  const total = level.fastCells;
  const lo = (total * thread) / threads,
    hi = (total * (thread + 1)) / threads;
  let acc = 0,
    start = -1,
    end = level.runCount;
  for (let r = 0; r < level.runCount; r++) {
    if (start < 0 && acc >= lo) start = r;
    if (acc >= hi) {
      end = r;
      break;
    }
    acc += level.runs[4 * r + 1];
  }
  if (start < 0) start = level.runCount;
  return [start, Math.max(start, end)];
}

export function makeThreadContext(h: Grid, thread: number, threads: number, barrier: () => void, steps: number[]): ThreadContext {
  return {
    thread,
    threads,
    barrier,
    steps: h.levels.map((_, l) => steps[l] ?? 0),
    scratch: makeScratch(),
    runSplit: h.levels.map((level) => splitRuns(level, thread, threads)),
    // One thread owns every prescribed cell: one block, so each kernel call covers the level's
    // whole list (a block's prepare, emission and restriction touch nothing the others read, so
    // the order of blocks does not change a number; it saves calls into the kernel).
    preBlocks: h.levels.map((level) => (threads === 1 ? Int32Array.of(0, level.pre.count) : blockShares(level.pre.count, thread, threads))),
    runKernel: runKernelFor(h),
  };
}

export function prepare(h: Grid, level: Level, p: number, sub: number, ctx: ThreadContext): void {
  const pre = level.pre;
  const src = pre.source[p];
  const at = p * MOM;
  if (src === OUTLET) {
    const step = ctx.steps[level.index];
    const slot = pre.slots[p * ST];
    if (step === 0 || slot < 0) return;
    const rec = level.rec[(step - 1) & 1];
    pre.state[at] = 1;
    for (let c = 1; c < MOM; c++) pre.state[at + c] = rec[slot * MOM + c];
  } else if (src === GHOST) {
    // The interpolated state changes once per parent step: the first substep computes it and the
    // half-step increment; the second adds the increment (linear extrapolation in time).
    const delta = pre.delta;
    if (sub === 1) {
      for (let m = 0; m < MOM; m++) pre.state[at + m] += delta[at + m];
      return;
    }
    const parent = h.levels[level.index - 1];
    // The parent has just made step s (its counter is s + 1) and recorded into rec[s & 1].
    const s = ctx.steps[parent.index] - 1;
    const cur = parent.rec[s & 1];
    const acc = ctx.scratch.acc;
    acc.fill(0);
    for (let c = 0; c < ST; c++) {
      const slot = pre.slots[p * ST + c];
      if (slot < 0) continue;
      const w = pre.weights[p * ST + c];
      gather(acc, cur, slot * MOM, w, w * pre.factorU[p * ST + c], w * pre.factorS[p * ST + c]);
    }
    if (acc[0] <= 0) return; // no recorded source: keep the last state
    // The state the previous parent step gave (before its half-step increment) is state − delta.
    const ext = s > 0 ? 0.5 : 0;
    for (let m = 0; m < MOM; m++) {
      const now = m < 4 ? acc[m] : 0.5 * acc[m]; // strain per fine step is half the coarse one
      delta[at + m] = ext * (now - (pre.state[at + m] - delta[at + m]));
      pre.state[at + m] = now;
    }
  }
}

/**
 * Adds weight × state to acc, with the horizontal velocity and the S_xz, S_yz strains weighted by
 * their profile factors instead (see PrescribedCells.factorU).
 */
function gather(acc: Float64Array, from: Float32Array | Float64Array, o: number, w: number, wu: number, ws: number): void {
  acc[0] += w * from[o];
  acc[1] += wu * from[o + 1];
  acc[2] += wu * from[o + 2];
  acc[3] += w * from[o + 3];
  acc[4] += w * from[o + 4];
  acc[5] += w * from[o + 5];
  acc[6] += w * from[o + 6];
  acc[7] += w * from[o + 7];
  acc[8] += ws * from[o + 8];
  acc[9] += ws * from[o + 9];
}

/** One prescribed cell, as loops: the reference the generated emitPrescribedEven/Odd are tested against. */
export function emitPrescribedReference(level: Level, p: number, odd: boolean, ctx: ThreadContext): void {
  const { pre, f, pad } = level;
  const { w, g } = ctx.scratch;
  const at = p * MOM;
  const tau = relaxationTimeFromStrain(pre.nu[p] + level.nut[pre.cell[p]], level.len2[pre.cell[p]], tensorNorm(pre.state, at + 4));
  emitFromStrain(pre.state, at, tau, w, g);
  const x = pre.cell[p];
  if (odd) {
    const base = p * Q;
    for (let q = 0; q < Q; q++) f[pre.write[base + q]] = g[q];
  } else {
    for (let q = 0; q < Q; q++) f[OPP[q] * pad.n + x] = g[q];
  }
}

/**
 * One slow-path cell, as loops: the reference the generated collideSlowEven/Odd are tested
 * against (the solver runs the generated ones).
 */
export function collideSlowReference(level: Level, s: number, odd: boolean, recOut: Float32Array, ctx: ThreadContext): void {
  const { slow, f, pad } = level;
  const n = pad.n;
  const { h, g, m } = ctx.scratch;
  const x = slow.cell[s];
  const base = s * Q;
  if (odd) for (let q = 0; q < Q; q++) h[q] = f[slow.read[base + q]];
  else for (let q = 0; q < Q; q++) h[q] = f[q * n + x];
  momentsOf(h, m);
  const rho = m[0];
  const tau = relaxationTime(slow.nu[s] + level.nut[x], SMAG * level.len2[x], tensorNorm(m, 4), rho);
  let ux = m[1],
    uy = m[2],
    uz = m[3];
  let dux = 0,
    duy = 0,
    duz = 0;
  const kind = slow.dragKind[s];
  if (kind === GROUND) {
    // Log-law wall stress on the first layer over a free-slip floor: Δu = −C_f·|u_h|·u_h per step,
    // taken implicitly so it can never reverse the flow.
    const sp = Math.sqrt(ux * ux + uy * uy);
    const c = slow.drag[s] * sp;
    const k = -c / (1 + c);
    dux = k * ux;
    duy = k * uy;
    // The first cell's shear is the wall model's, not what the populations say: with a mirror
    // below, a cell's own gradient estimate is about half the true one, and at τ ≈ ½ that error
    // dominates the flux to the next cell up (cf. Malaspinas & Sagaut, "Wall model for large-eddy
    // simulation based on the lattice Boltzmann method", J. Comput. Phys. 275, 2014, who rebuild
    // the first cell's non-equilibrium part from the wall model). ∂u/∂z = u*·wallShear along u_h,
    // u* = √C_f·|u_h| (wallShear: the gradient consistent with the lattice's flux to the next
    // cell, build-hierarchy.ts); Π_neq = −2ρ·cs²·τ·S.
    const g = -(rho * tau * Math.sqrt(slow.drag[s]) * level.wallShear) / 3;
    m[8] = g * ux;
    m[9] = g * uy;
  } else if (kind === POROUS) {
    // Vegetation as a porous medium: Δu = −C_d·a·dx·|u|·u per step (implicit).
    const sp = Math.sqrt(ux * ux + uy * uy + uz * uz);
    const c = slow.drag[s] * sp;
    const k = -c / (1 + c);
    dux = k * ux;
    duy = k * uy;
    duz = k * uz;
  } else if (kind === TOP) {
    // The ABL's shear stress u*² drives the top layer along the inflow (+x).
    dux = slow.drag[s];
  }
  // Exact-difference forcing: the equilibrium is taken at the shifted velocity.
  regularizedPost(rho, ux + dux, uy + duy, uz + duz, m, tau, g);
  const slot = slow.record[s];
  if (slot >= 0) {
    ux += 0.5 * dux;
    uy += 0.5 * duy;
    uz += 0.5 * duz;
    const o = slot * MOM;
    recOut[o] = rho;
    recOut[o + 1] = ux;
    recOut[o + 2] = uy;
    recOut[o + 3] = uz;
    strainFromMoments(m, tau, recOut, o);
  }
  if (odd) for (let q = 0; q < Q; q++) f[slow.read[base + OPP[q]]] = g[q];
  else for (let q = 0; q < Q; q++) f[OPP[q] * n + x] = g[q];
}

function collideLevel(h: Grid, level: Level, sub: number, ctx: ThreadContext): void {
  const step = ctx.steps[level.index];
  const odd = (step & 1) === 1;
  const [r0, r1] = ctx.runSplit[level.index];
  ctx.runKernel.step(level, odd, r0, r1);
  const kernel = ctx.runKernel;
  const { slow } = level;
  // A kernel that steps the fixed-offset cells on their own takes the rest of the slow list
  // through the link tables; the others take all of it.
  const linked = kernel.fixed ? slow.linked : slow.count;
  const [s0, s1] = share(linked, ctx.thread, ctx.threads);
  kernel.slow(level, odd, (step & 1) as 0 | 1, s0, s1);
  if (kernel.fixed) {
    const [g0, g1] = share(slow.count - linked, ctx.thread, ctx.threads);
    kernel.fixed(level, odd, (step & 1) as 0 | 1, linked + g0, linked + g1);
  }
  const blocks = ctx.preBlocks[level.index];
  const parent = level.index > 0 ? h.levels[level.index - 1] : null;
  // The parent has just made step s (its counter is s + 1); −1 on level 0.
  const parentStep = parent ? ctx.steps[parent.index] - 1 : -1;
  // Synthetic fluctuations on an entry ring (bc/synthetic-inflow.ts): taken off before the ring's
  // state is prepared (its time extrapolation must see the parent's flow alone), put on after.
  const synthetic = level.turb?.synthetic;
  for (let b = 0; b < blocks.length; b += 2) {
    const p0 = blocks[b],
      p1 = blocks[b + 1];
    if (synthetic) removeSynthetic(synthetic, level.pre.state, MOM, p0, p1);
    if (kernel.prepare) kernel.prepare(level, parent, step, parentStep, sub, p0, p1);
    else for (let p = p0; p < p1; p++) prepare(h, level, p, sub, ctx);
    if (synthetic) addSynthetic(synthetic, level.pre.state, MOM, p0, p1, step);
    kernel.emit(level, odd, p0, p1);
  }
}

/**
 * What makes a restricted cell stand in for the coarse cell it replaces, after the average of its
 * children (RESTRICT cells among p0..p1):
 * - the normal strains carried relative to the columns: the layer's offset (Level.restrictNormalZ)
 *   added to S_xx, S_yy, S_zz;
 * - in the ground layer, the wall stress: a computed cell there collides towards its velocity less
 *   the log-law drag, u/(1 + C_f·|u_h|) (collideSlowReference), so its neighbours receive
 *   populations of that velocity. Emitting the children's mean velocity instead, the footprint's
 *   ground layer gave back to the coarse level the wall stress C_f·|u_h|·u_h its ground would have
 *   taken there, every step: a momentum source that sped up the near-ground flow over and behind
 *   every finer box.
 */
function finishRestriction(level: Level, p0: number, p1: number): void {
  const { pre, pad, restrictNormalZ, groundDrag } = level;
  for (let p = p0; p < p1; p++) {
    if (pre.source[p] !== RESTRICT) continue;
    const at = p * MOM;
    const k = Math.floor(pre.cell[p] / pad.pxy) - 1;
    for (let a = 0; a < 3; a++) pre.state[at + 4 + a] += restrictNormalZ[3 * k + a];
    if (k === 0) {
      const ux = pre.state[at + 1],
        uy = pre.state[at + 2];
      const c = groundDrag * Math.sqrt(ux * ux + uy * uy);
      pre.state[at + 1] = ux / (1 + c);
      pre.state[at + 2] = uy / (1 + c);
    }
  }
}

/** Fine cells' state (natural layout) averaged onto the parent's RESTRICT cells this thread owns. */
function restrict(h: Grid, level: Level, ctx: ThreadContext): void {
  const fine = h.levels[level.index + 1];
  const { pre } = level;
  const fp = fine.pad;
  const { h: pop, m, acc } = ctx.scratch;
  const blocks = ctx.preBlocks[level.index];
  const kernel = ctx.runKernel;
  if (kernel.restrict) {
    for (let b = 0; b < blocks.length; b += 2) {
      kernel.restrict(level, fine, blocks[b], blocks[b + 1]);
      finishRestriction(level, blocks[b], blocks[b + 1]);
    }
    return;
  }
  for (let b = 0; b < blocks.length; b += 2)
    for (let p = blocks[b]; p < blocks[b + 1]; p++) {
      if (pre.source[p] !== RESTRICT) continue;
      acc.fill(0);
      let count = 0;
      for (let c = 0; c < ST; c++) {
        const fx = pre.slots[p * ST + c];
        if (fx < 0) continue;
        for (let q = 0; q < Q; q++) pop[q] = fine.f[q * fp.n + fx];
        momentsOf(pop, m);
        const k = Math.floor(fx / fp.pxy) - 1,
          i = (fx % fp.px) - 1;
        const an = fine.anisotropic;
        const tau = relaxationTime(fine.nuZ[k] + fine.nuX[i] + (an ? an.nutV[fx] : fine.nut[fx]), SMAG * fine.len2[fx], tensorNorm(m, 4), m[0]);
        // Strain from Π_neq, then the same weighting as the ghosts' (profile factors on u_h, S_xz, S_yz).
        if (an) anisotropicStrainInPlace(m, tau, 3 * (fine.nuZ[k] + fine.nuX[i] + an.nutH[fx]) + 0.5);
        else {
          const ks = -1 / (2 * m[0] * (1 / 3) * tau);
          for (let t = 4; t < MOM; t++) m[t] *= ks;
        }
        gather(acc, m, 0, 1, pre.factorU[p * ST + c], pre.factorS[p * ST + c]);
        count++;
      }
      const at = p * MOM;
      if (count === 0) {
        pre.state[at] = 1;
        for (let t = 1; t < MOM; t++) pre.state[at + t] = 0;
        continue;
      }
      for (let t = 0; t < 4; t++) pre.state[at + t] = acc[t] / count;
      // Strain per coarse step is twice the strain per fine step.
      for (let t = 4; t < MOM; t++) pre.state[at + t] = (2 * acc[t]) / count;
    }
  for (let b = 0; b < blocks.length; b += 2) finishRestriction(level, blocks[b], blocks[b + 1]);
}

function stepLevel(h: Grid, l: number, sub: number, ctx: ThreadContext): void {
  const level = h.levels[l];
  collideLevel(h, level, sub, ctx);
  ctx.barrier();
  const even = (ctx.steps[l] & 1) === 0;
  ctx.steps[l]++;
  if (level.sponge && even) {
    // Every cell's post-collision populations are at home after an even step; the layer's cells
    // are read next by this level's next collision, which the finer levels' barriers (or this
    // one) keep behind the relaxation.
    const [c0, c1] = share(level.sponge.count, ctx.thread, ctx.threads);
    absorb(level.f, level.pad.n, level.sponge, c0, c1);
    if (l + 1 === h.levels.length) ctx.barrier();
  }
  if (l + 1 < h.levels.length) {
    stepLevel(h, l + 1, 0, ctx);
    stepLevel(h, l + 1, 1, ctx);
    restrict(h, level, ctx);
  }
}

/**
 * Restricts every finer level onto its parent's RESTRICT cells (all threads' shares), e.g. after
 * the state was set from elsewhere (the coarse spin-up).
 */
export function restrictAll(h: Grid, ctx: ThreadContext): void {
  for (let l = 0; l + 1 < h.levels.length; l++) restrict(h, h.levels[l], ctx);
}

/** Advances the hierarchy by one level-0 step (every finer level by 2^l of its own). */
export function coarseStep(h: Grid, ctx: ThreadContext): void {
  stepLevel(h, 0, 0, ctx);
}
