/**
 * Transport of the turbulent kinetic energy k by the mean flow, beside the lattice Boltzmann
 * populations on the same cells, levels and interfaces, and the eddy viscosity it gives the
 * collision (Level.nut; the kernel adds it to the base viscosity).
 *
 * Why a finite-volume pass and not a second (D3Q7) lattice: k is a scalar with large sources
 * (production and dissipation), and a first-order upwind finite-volume update keeps it positive
 * and bounded whatever the local Péclet number (Patankar, "Numerical Heat Transfer and Fluid Flow",
 * 1980, ch. 5: the upwind scheme's coefficients are all positive); a D3Q7 advection–diffusion
 * lattice needs its relaxation time above ½ by the diffusivity, which at the relaxation times of
 * urban grids (τ ≈ ½) leaves too little numerical diffusion to damp its own odd–even modes, and it
 * would need interface couplings of its own. The pass reuses the velocity the populations carry,
 * so it costs one read of the populations per pass and a 7-point stencil per substep.
 *
 * When: after every second level-0 step, when every level holds its populations at home
 * (solver/step.ts), so the velocities are read where they are. The pass advances k by those two
 * level-0 steps: level l in 2^l substeps of two of its own time steps.
 *
 * The equation, per cell (lattice units of the level):
 *   ∂k/∂t + u·∇k = ∇·((ν_t/σ_k)∇k) + P − ε, ν_t = Cμ^¼√k·ℓ, ε = Cμ^¾k^{3/2}/ℓ (k-l-model.ts),
 * advection in upwind advective form (only inflow faces contribute, so a uniform k stays uniform
 * in the weakly compressible lattice flow), diffusion by face-averaged ν_t, production with the
 * Kato–Launder limiter from centred velocity differences (a wall counts as zero velocity half a
 * cell away), dissipation linearised implicitly (k_new = k* ÷ (1 + dt·Cμ^¾√k/ℓ), never negative).
 * Walls and the domain's slip faces pass no k. On the ground's first layer the production comes
 * from the wall model, as in the wall functions of Launder & Spalding ("The numerical computation
 * of turbulent flows", Comput. Methods Appl. Mech. Eng. 3, 1974): P = ν_t·(∂U/∂z)² with the shear
 * the collision itself is given there, ∂U/∂z = u*·wallShear, u* = √C_f·|u_h| (build-hierarchy.ts
 * wallShearPerFrictionVelocity), so the first layer's equilibrium ν_t is the mixing length's, the
 * one the approach flow was validated with.
 *
 * A measured approach flow held to the building (bc/approach-sources.ts) adds its k source to each
 * cell's production and its body force to each cell's momentum, here, once per pass.
 *
 * Where the grid steps in WebAssembly, the per-cell loops here (velocities, production, substeps,
 * eddy viscosities) run as the kernel module's functions (kernel/k-pass-wat.ts), which compute the
 * same numbers bit for bit; these loops stay the reference and the JavaScript kernel's path.
 */
import { addMomentum, anisotropicStrainNorm, momentsOf, tensorNorm } from '../kernel/cell.ts';
import type { Grid, Level } from '../grid/level.ts';
import { share, type ThreadContext } from '../solver/step.ts';
import { CMU_THREE_QUARTERS, SIGMA_K, eddyViscosity } from './k-l-model.ts';
import { NUT_MAX, ROLE, parentStencil, type KLevel } from './k-fields.ts';
import { cellIndex } from '../grid/layout.ts';
import { brakeFaceCells } from './face-wall-drag.ts';
import { shearLayerFactor } from './shear-layer-length.ts';
import { horizontalStrainShare } from './lateral-length.ts';

const Q = 19;
const WALL = ROLE.WALL,
  GROUND = ROLE.GROUND,
  NONE = ROLE.NONE,
  GIVEN = ROLE.GIVEN;

/** What the transport needs of a level's k arrays (a KLevel, or a test's own). */
export type KGridView = Pick<KLevel, 'role' | 'cells' | 'u' | 'strain' | 'prod' | 'len' | 'groundDrag' | 'groundShear'>;

/**
 * Mean velocity and strain of fluid cells c0..c1 (from the populations at home, pre-collision) and
 * the velocity of prescribed cells p0..p1 (their state). The strain is the lattice's own,
 * S = −Π_neq/(2ρ·cs²·τ) with the cell's τ: the strain the collision acts on.
 */
function velocities(level: Level, turb: KLevel, c0: number, c1: number, p0: number, p1: number, h: Float64Array, m: Float64Array): void {
  const { f, pad } = level;
  const n = pad.n,
    u = turb.u,
    cells = turb.cells;
  for (let c = c0; c < c1; c++) {
    const x = cells[c];
    for (let q = 0; q < Q; q++) h[q] = f[q * n + x];
    momentsOf(h, m);
    u[3 * x] = m[1];
    u[3 * x + 1] = m[2];
    u[3 * x + 2] = m[3];
    const k = Math.floor(x / pad.pxy) - 1,
      i = (x % pad.px) - 1;
    const base = level.nuZ[k] + level.nuX[i];
    const an = level.anisotropic;
    if (an) turb.strain[x] = Math.SQRT2 * anisotropicStrainNorm(m, 3 * (base + an.nutV[x]) + 0.5, 3 * (base + an.nutH[x]) + 0.5);
    else turb.strain[x] = (1.5 / (m[0] * (3 * (base + level.nut[x]) + 0.5))) * Math.SQRT2 * tensorNorm(m, 4);
  }
  const { pre } = level;
  for (let p = p0; p < p1; p++) {
    const x = pre.cell[p];
    u[3 * x] = pre.state[10 * p + 1];
    u[3 * x + 1] = pre.state[10 * p + 2];
    u[3 * x + 2] = pre.state[10 * p + 3];
  }
}

/**
 * ∂u_a/∂x_b at cell x into g[3a + b]: centred where both neighbours carry a velocity, one-sided
 * where one does not; a wall neighbour is u = 0 half a cell away.
 */
export function velocityGradient(view: KGridView, x: number, offsets: readonly number[], g: Float64Array): void {
  const { role, u } = view;
  for (let b = 0; b < 3; b++) {
    const o = offsets[b];
    const yp = x + o,
      ym = x - o;
    const rp = role[yp],
      rm = role[ym];
    const dp = rp === WALL ? 0.5 : 1,
      dm = rm === WALL ? 0.5 : 1;
    for (let a = 0; a < 3; a++) {
      const ux = u[3 * x + a];
      const vp = rp === WALL ? 0 : u[3 * yp + a],
        vm = rm === WALL ? 0 : u[3 * ym + a];
      let d = 0;
      if (rp !== NONE && rm !== NONE) d = (vp - vm) / (dp + dm);
      else if (rp !== NONE) d = (vp - ux) / dp;
      else if (rm !== NONE) d = (ux - vm) / dm;
      g[3 * a + b] = d;
    }
  }
}

/**
 * Production of cells c0..c1 of the transported list, with ν_t from `nut`: Kato and Launder's
 * ν_t·|S|·|Ω|, written as ν_t·|S|²·min(1, |Ω|/|S|) with |S|² the lattice's own strain (so a shear
 * flow produces exactly what the mixing length's equilibrium assumes, and the approach flow keeps
 * its profile) and the ratio |Ω|/|S| from the velocity differences (whose errors cancel in it),
 * bounded by the standard production where rotation exceeds strain (as the MMK model bounds it:
 * Tsuchiya, Murakami, Mochida, Kondo & Ishida, J. Wind Eng. Ind. Aerodyn. 67–68, 1997).
 */
export function production(view: KGridView, k: Float32Array, nut: Float32Array, offsets: readonly number[], c0: number, c1: number, g: Float64Array): void {
  const { cells, role, u, prod } = view;
  for (let c = c0; c < c1; c++) {
    const x = cells[c];
    if (role[x] === GROUND) {
      const ux = u[3 * x],
        uy = u[3 * x + 1];
      const shear = Math.sqrt(view.groundDrag * (ux * ux + uy * uy)) * view.groundShear;
      prod[x] = nut[x] * shear * shear;
      continue;
    }
    velocityGradient(view, x, offsets, g);
    let s2 = 0,
      o2 = 0;
    for (let a = 0; a < 3; a++) {
      for (let b = 0; b < 3; b++) {
        const s = 0.5 * (g[3 * a + b] + g[3 * b + a]),
          o = 0.5 * (g[3 * a + b] - g[3 * b + a]);
        s2 += s * s;
        o2 += o * o;
      }
    }
    const ratio = s2 > 0 ? Math.min(1, Math.sqrt(o2 / s2)) : 1;
    const s = view.strain[x];
    prod[x] = nut[x] * s * s * ratio;
  }
}

/**
 * The detached-eddy zone's length of cells c0..c1, adapted to the resolved flow: C_DES·Δ times
 * F_KH of the cell's velocity gradient (shear-layer-length.ts). ν_t and ε of the pass take it.
 */
function shearLayerLengths(view: KGridView, base: Float32Array, offsets: readonly number[], c0: number, c1: number, g: Float64Array): void {
  const { cells, len } = view;
  for (let c = c0; c < c1; c++) {
    const x = cells[c];
    if (!(base[x] > 0)) continue;
    velocityGradient(view, x, offsets, g);
    len[x] = base[x] * shearLayerFactor(g);
  }
}

/**
 * The lateral length's trial (lateral-length.ts): each cell's length between its wall length and
 * the length without the ground, by the share of its strain that is horizontal. ν_t and ε take it.
 */
function lateralLengths(view: KGridView, lateral: NonNullable<KLevel['lateral']>, offsets: readonly number[], c0: number, c1: number, g: Float64Array): void {
  const { cells, len } = view;
  const { free, wall, above } = lateral;
  for (let c = c0; c < c1; c++) {
    const x = cells[c];
    if (!(free[x] > 0)) continue;
    velocityGradient(view, x, offsets, g);
    const w = horizontalStrainShare(g);
    len[x] = w > above ? wall[x] + w * (free[x] - wall[x]) : wall[x];
  }
}

/**
 * One explicit substep of length dt (time steps of the level) for cells c0..c1: src → dst.
 * Positive coefficients whatever dt: where the transport's coefficients sum to more than 0.9/dt
 * (a fast or very viscous cell), the transport part is scaled down to keep k bounded.
 */
export function transportSubstep(
  view: KGridView,
  nut: Float32Array,
  src: Float32Array,
  dst: Float32Array,
  dt: number,
  offsets: readonly number[],
  c0: number,
  c1: number,
): void {
  const { cells, role, u, prod, len } = view;
  const ox = offsets[0],
    oy = offsets[1],
    oz = offsets[2];
  for (let c = c0; c < c1; c++) {
    const x = cells[c];
    const kx = src[x],
      nx = nut[x];
    let acc = 0,
      coef = 0;
    for (let face = 0; face < 6; face++) {
      const axis = face >> 1;
      const sign = face & 1 ? -1 : 1;
      const y = x + sign * (axis === 0 ? ox : axis === 1 ? oy : oz);
      const r = role[y];
      if (r === WALL || r === NONE) continue;
      const un = sign * 0.5 * (u[3 * x + axis] + u[3 * y + axis]);
      const a = (un < 0 ? -un : 0) + (0.5 * (nx + nut[y])) / SIGMA_K;
      acc += a * (src[y] - kx);
      coef += a;
    }
    const dtT = coef * dt > 0.9 ? 0.9 / coef : dt;
    const kStar = Math.max(0, kx + dtT * acc + dt * prod[x]);
    dst[x] = kStar / (1 + (dt * CMU_THREE_QUARTERS * Math.sqrt(Math.max(kx, 0))) / len[x]);
  }
}

/** ν_t of cells c0..c1 of the transported list and prescribed cells p0..p1. */
function eddyViscosities(level: Level, turb: KLevel, c0: number, c1: number, p0: number, p1: number): void {
  const { k, len, cells } = turb;
  const nut = level.nut;
  for (let c = c0; c < c1; c++) {
    const x = cells[c];
    nut[x] = Math.min(eddyViscosity(k[x], len[x]), NUT_MAX);
  }
  for (let p = p0; p < p1; p++) {
    const x = level.pre.cell[p];
    nut[x] = Math.min(eddyViscosity(k[x], len[x]), NUT_MAX);
  }
  const an = level.anisotropic,
    lateral = turb.lateral;
  if (!an || !lateral) return;
  // The anisotropic form: ν_v from the wall length, ν_h from the length without the ground.
  const both = (x: number) => {
    an.nutV[x] = Math.min(eddyViscosity(k[x], lateral.wall[x]), NUT_MAX);
    an.nutH[x] = Math.min(eddyViscosity(k[x], lateral.free[x] > 0 ? lateral.free[x] : lateral.wall[x]), NUT_MAX);
  };
  for (let c = c0; c < c1; c++) both(cells[c]);
  for (let p = p0; p < p1; p++) both(level.pre.cell[p]);
}

function fillGiven(h: Grid, level: Level, turb: KLevel, ctx: ThreadContext): void {
  const { k, kNext } = turb;
  const [o0, o1] = share(turb.outletCell.length, ctx.thread, ctx.threads);
  for (let o = o0; o < o1; o++) {
    const v = k[turb.outletFrom[o]];
    k[turb.outletCell[o]] = v;
    kNext[turb.outletCell[o]] = v;
  }
  if (level.index === 0) return;
  const parent = h.levels[level.index - 1].turb!;
  const [g0, g1] = share(turb.ghostCell.length, ctx.thread, ctx.threads);
  if (ctx.runKernel.k) {
    ctx.runKernel.k.ghosts(level, h.levels[level.index - 1], g0, g1);
    return;
  }
  for (let g = g0; g < g1; g++) {
    let v = 0;
    for (let c = 0; c < 8; c++) {
      const from = turb.ghostFrom[8 * g + c];
      if (from >= 0) v += turb.ghostWeight[8 * g + c] * parent.k[from];
    }
    k[turb.ghostCell[g]] = v;
    kNext[turb.ghostCell[g]] = v;
  }
}

function restrictK(fine: KLevel, parent: KLevel, ctx: ThreadContext): void {
  const [r0, r1] = share(parent.restrictCell.length, ctx.thread, ctx.threads);
  for (let r = r0; r < r1; r++) {
    let sum = 0,
      count = 0;
    for (let c = 0; c < 8; c++) {
      const x = parent.restrictFrom[8 * r + c];
      if (x < 0) continue;
      sum += fine.k[x];
      count++;
    }
    if (count > 0) {
      parent.k[parent.restrictCell[r]] = sum / count;
      parent.kNext[parent.restrictCell[r]] = sum / count;
    }
  }
}

export function offsetsOf(level: Level): [number, number, number] {
  return [1, level.pad.px, level.pad.pxy];
}

/**
 * Advances k on every level by two level-0 steps and sets the eddy viscosity the collision reads:
 * every thread runs it on its share of the cells, with barriers where a thread reads what another
 * wrote. Call with every level at home (after an even number of level-0 steps).
 */
export function turbulencePass(h: Grid, ctx: ThreadContext): void {
  const { thread, threads } = ctx;
  const g = ctx.scratch.kGrad;
  // The WebAssembly kernel's loops where the grid steps in WebAssembly; these loops are the reference.
  // A shear-layer-adapted length changes with the flow, which only these loops compute.
  const kernel = h.levels.some((level) => level.turb?.desBase) ? undefined : ctx.runKernel.k;
  // The step ends with each thread restricting onto its own blocks of prescribed cells (no barrier
  // after it), and the prescribed cells' velocities below are shared out differently: without this
  // barrier a thread could read another's prescribed state before or after that thread wrote it,
  // and two threads would not give one thread's numbers.
  ctx.barrier();
  for (const level of h.levels) {
    const turb = level.turb!;
    const [c0, c1] = share(turb.cells.length, thread, threads);
    const [p0, p1] = share(level.pre.count, thread, threads);
    if (kernel) {
      kernel.velocities(level, c0, c1);
      velocities(level, turb, 0, 0, p0, p1, ctx.scratch.h, ctx.scratch.m);
    } else velocities(level, turb, c0, c1, p0, p1, ctx.scratch.h, ctx.scratch.m);
  }
  ctx.barrier();
  for (const level of h.levels) {
    const turb = level.turb!;
    const [c0, c1] = share(turb.cells.length, thread, threads);
    if (kernel) {
      if (turb.lateral) kernel.lateralLengths(level, c0, c1);
      kernel.production(level, c0, c1);
    } else {
      if (turb.desBase) shearLayerLengths(turb, turb.desBase, offsetsOf(level), c0, c1, g);
      if (turb.lateral) lateralLengths(turb, turb.lateral, offsetsOf(level), c0, c1, g);
      production(turb, turb.k, level.nut, offsetsOf(level), c0, c1, g);
    }
    if (turb.drive) addSourceK(turb, turb.drive.sourceK, level.pad.pxy, c0, c1);
  }
  for (const level of h.levels) {
    const turb = level.turb!;
    fillGiven(h, level, turb, ctx);
    ctx.barrier();
    const [c0, c1] = share(turb.cells.length, thread, threads);
    const substeps = 2 ** level.index;
    const offsets = offsetsOf(level);
    let src = turb.k,
      dst = turb.kNext;
    if (kernel && threads === 1 && substeps > 1) {
      // One thread walks the level's substeps as a wavefront (the same numbers, ending in k).
      kernel.substepsOneThread(level, substeps, 2);
      continue;
    }
    for (let s = 0; s < substeps; s++) {
      // Velocities, ν_t and production stay as they are through the pass: a level that makes more
      // than one substep keeps the first one's coefficients and reuses them (the same numbers).
      if (kernel) (substeps === 1 ? kernel.substep : s === 0 ? kernel.substepKeep : kernel.substepAgain)(level, src, dst, 2, c0, c1);
      else transportSubstep(turb, level.nut, src, dst, 2, offsets, c0, c1);
      ctx.barrier();
      [src, dst] = [dst, src];
    }
    if (src !== turb.k) {
      for (let c = c0; c < c1; c++) turb.k[turb.cells[c]] = src[turb.cells[c]];
      ctx.barrier();
    }
  }
  for (let l = h.levels.length - 1; l > 0; l--) restrictK(h.levels[l].turb!, h.levels[l - 1].turb!, ctx);
  ctx.barrier();
  for (const level of h.levels) {
    const turb = level.turb!;
    const [c0, c1] = share(turb.cells.length, thread, threads);
    const [p0, p1] = share(level.pre.count, thread, threads);
    if (kernel) kernel.eddyViscosity(level, c0, c1, p0, p1);
    else eddyViscosities(level, turb, c0, c1, p0, p1);
    // The pass stands for two level-0 steps, 2·2^l of this level's.
    if (turb.drive) driveMomentum(level, turb, turb.drive.force, 2 ** (level.index + 1), c0, c1);
  }
  ctx.barrier();
  if (h.levels.some((level) => level.turb!.faceWall)) {
    for (const level of h.levels) {
      const wall = level.turb!.faceWall;
      if (!wall) continue;
      const [f0, f1] = share(wall.cells.length, thread, threads);
      brakeFaceCells(level, level.turb!, wall, 2 ** (level.index + 1), f0, f1);
    }
    ctx.barrier();
  }
}

/** The held approach flow's k source (bc/approach-sources.ts), added to the production of cells c0..c1. */
function addSourceK(turb: KLevel, sourceK: Float32Array, pxy: number, c0: number, c1: number): void {
  const { cells, prod } = turb;
  for (let c = c0; c < c1; c++) {
    const x = cells[c];
    prod[x] += sourceK[Math.floor(x / pxy) - 1];
  }
}

/**
 * The held approach flow's body force (bc/approach-sources.ts) over `steps` time steps of the
 * level, on cells c0..c1, whose populations are at home (kernel/cell.ts addMomentum). The force is thousands of times smaller than the flow's
 * accelerations around a building, so applying it once per pass rather than every step is exact
 * to far below the lattice's own error.
 */
function driveMomentum(level: Level, turb: KLevel, force: Float32Array, steps: number, c0: number, c1: number): void {
  const { f, pad } = level;
  const n = pad.n,
    cells = turb.cells;
  for (let c = c0; c < c1; c++) {
    const x = cells[c];
    addMomentum(f, n, x, steps * force[Math.floor(x / pad.pxy) - 1], 0, 0);
  }
}

/** ν_t of every cell of a level from its k (after building or loading a state). */
export function setEddyViscosities(level: Level): void {
  eddyViscosities(level, level.turb!, 0, level.turb!.cells.length, 0, level.pre.count);
}

/**
 * Hands the spun-up k of a level-0-only grid to the full grid: level 0 takes it as it is, every
 * finer level interpolates its parent's (trilinear over the cells that carry k), then ν_t follows.
 */
export function transferK(coarse: Level, levels: Level[]): void {
  const top = levels[0].turb!;
  top.k.set(coarse.turb!.k);
  top.kNext.set(coarse.turb!.kNext);
  setEddyViscosities(levels[0]);
  const from: number[] = [],
    weight: number[] = [];
  for (let l = 1; l < levels.length; l++) {
    const level = levels[l],
      parent = levels[l - 1];
    const turb = level.turb!,
      pt = parent.turb!;
    const { box, pad } = level;
    for (let k = 0; k < box.nz; k++) {
      for (let j = 0; j < box.ny; j++) {
        for (let i = 0; i < box.nx; i++) {
          const x = cellIndex(pad, i, j, k);
          const r = turb.role[x];
          if (r !== ROLE.FLUID && r !== GROUND && r !== GIVEN) continue;
          from.length = 0;
          weight.length = 0;
          parentStencil({ box: parent.box, pad: parent.pad, role: pt.role }, box, i, j, k, from, weight);
          let v = 0,
            w = 0;
          for (let c = 0; c < 8; c++) {
            if (from[c] < 0) continue;
            v += weight[c] * pt.k[from[c]];
            w += weight[c];
          }
          if (w <= 0) continue;
          turb.k[x] = v / w;
          turb.kNext[x] = v / w;
        }
      }
    }
    setEddyViscosities(level);
  }
}
