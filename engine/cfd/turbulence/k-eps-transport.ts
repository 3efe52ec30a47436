/**
 * Transport of k and ε for the realizable k–ε closure (k-eps-model.ts): the k–ℓ closure's pass
 * (k-transport.ts) with the dissipation carried as a second scalar by the same explicit
 * finite-volume substeps, on the same cells, with the same ring, restriction and outflow handling.
 * JavaScript only (a trial: the WebAssembly k pass is the k–ℓ closure's); the populations still
 * collide in whichever kernel the grid steps with.
 *
 * Per cell and substep of dt steps (lattice units of the level), both from the substep's start:
 *   k:  k′ = k + dt·(transport of k) + dt·P,          k_new = k′ ÷ (1 + dt·ε/k)
 *   ε:  ε′ = ε + dt·(transport of ε) + dt·C1·S·ε,     ε_new = ε′ ÷ (1 + dt·C2·ε/(k + √(νε)))
 * Each sink is linearised about the substep's start and taken implicitly (the form written above
 * is the backward-Euler step of −(ε/k)·k and −(C2·ε/(k + √(νε)))·ε with the coefficient frozen):
 * positive for any dt, so the stiff sinks — C2·ε/k is the inverse of the turbulence's time scale,
 * large in the thin layers next to walls — set no bound on the substep. The transport part is
 * first-order upwind with face-averaged ν_t/σ (σ_k = 1, σ_ε = 1.2), scaled down where its
 * coefficients exceed 0.9/dt, exactly as for k alone. The production of k is the k–ℓ closure's
 * (Kato–Launder, with the lattice's strain; k-transport.ts production); ε's source C1·S·ε takes the
 * lattice's |S| = √(2 S:S) too, so in a shear flow both see the strain the approach flow is built on.
 *
 * Walls: the cells next to a wall — the ground's first layer and every cell with a face on a
 * building — take ε from the wall function at their own length, ε = Cμ^¾·k^{3/2}/ℓ with ℓ = κ·d
 * (Launder & Spalding, "The numerical computation of turbulent flows", Comput. Methods Appl. Mech.
 * Eng. 3, 1974; for the atmospheric surface layer, ε = u*³/(κ(z + z0)), Richards & Hoxey, JWEIA
 * 46–47, 1993), after k is updated. On the ground's first layer that gives ν_t = Cμ^¼·√k·ℓ, the
 * k–ℓ closure's, with the same wall-model production, so the approach flow's first layer is the
 * one the solver was validated with.
 *
 * The ring of a finer level takes k as in the k–ℓ closure, and ε from it and the parent's
 * turbulence length L = Cμ^¾·k^{3/2}/ε, interpolated by the same stencil and bounded by the ring
 * cell's own ℓ: in the log layer L = κ(z + z0) is linear in height, so the interpolation is exact
 * above the parent's first centre, and below it the bound gives the wall function's value at the
 * fine cell's height (k is constant with height there, ε is not). The parent's cells under a finer
 * level take the mean of their children for ε as for k.
 */
import type { Grid, Level } from '../grid/level.ts';
import { share, type ThreadContext } from '../solver/step.ts';
import { SIGMA_K } from './k-l-model.ts';
import { C2_EPS, SIGMA_EPS, c1Of, strainInvariantPart, wallEpsilon } from './k-eps-model.ts';
import { ROLE, type KLevel } from './k-fields.ts';
import { eddyViscosities, offsetsOf, production, velocities, velocityGradient, type KGridView } from './k-transport.ts';

const WALL = ROLE.WALL,
  GROUND = ROLE.GROUND,
  NONE = ROLE.NONE;

/** What the k–ε substep needs of a level (a KLevel with ε, or a test's own). */
export type KEpsView = KGridView & { cmuPart: Float32Array; nuMolecular: number };

/** The least k the sinks divide by (lattice units; far below any flow's k). */
const K_FLOOR = 1e-14;

/**
 * The realizable Cμ's strain part A_s·U* of cells c0..c1 (−1 on the ground's first layer, whose
 * wall function assumes the log layer's equilibrium Cμ0), from the velocity differences.
 */
export function cmuParts(view: KEpsView, offsets: readonly number[], c0: number, c1: number, g: Float64Array): void {
  const { cells, role, cmuPart } = view;
  for (let c = c0; c < c1; c++) {
    const x = cells[c];
    if (role[x] === GROUND) {
      cmuPart[x] = -1;
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
    cmuPart[x] = strainInvariantPart(g, s2, o2, view.strain[x]);
  }
}

/** One substep of k and ε for cells c0..c1: (kSrc, eSrc) → (kDst, eDst). */
export function kEpsSubstep(
  view: KEpsView,
  nut: Float32Array,
  kSrc: Float32Array,
  kDst: Float32Array,
  eSrc: Float32Array,
  eDst: Float32Array,
  dt: number,
  offsets: readonly number[],
  c0: number,
  c1: number,
): void {
  const { cells, role, u, prod, len, strain } = view;
  const nuMol = view.nuMolecular;
  const ox = offsets[0],
    oy = offsets[1],
    oz = offsets[2];
  for (let c = c0; c < c1; c++) {
    const x = cells[c];
    const kx = kSrc[x],
      ex = eSrc[x],
      nx = nut[x];
    let accK = 0,
      coefK = 0,
      accE = 0,
      coefE = 0,
      wall = role[x] === GROUND;
    for (let face = 0; face < 6; face++) {
      const axis = face >> 1;
      const sign = face & 1 ? -1 : 1;
      const y = x + sign * (axis === 0 ? ox : axis === 1 ? oy : oz);
      const r = role[y];
      if (r === WALL) {
        wall = true;
        continue;
      }
      if (r === NONE) continue;
      const un = sign * 0.5 * (u[3 * x + axis] + u[3 * y + axis]);
      const up = un < 0 ? -un : 0;
      const ny = nut[y];
      // k's face viscosity is the k–ℓ pass's arithmetic mean; ε's the harmonic mean (Patankar
      // 1980, §4.2): with ν_t ∝ z and ε ∝ 1/z, the log layer's, it makes the discrete flux
      // ν·Δε the exact one at the face, where the arithmetic mean overstates it by
      // 1 + 1/(4z(z + 1)) — 7 % between the second and third layers, enough to pull ε 5–8 % low
      // over the first ten layers of an empty channel (k-eps-transport.test.ts).
      const aK = up + (0.5 * (nx + ny)) / SIGMA_K,
        aE = up + (nx + ny > 0 ? (2 * nx * ny) / (nx + ny) : 0) / SIGMA_EPS;
      accK += aK * (kSrc[y] - kx);
      coefK += aK;
      accE += aE * (eSrc[y] - ex);
      coefE += aE;
    }
    const dtK = coefK * dt > 0.9 ? 0.9 / coefK : dt;
    const kStar = Math.max(0, kx + dtK * accK + dt * prod[x]);
    const kNew = kStar / (1 + (dt * Math.max(ex, 0)) / Math.max(kx, K_FLOOR));
    kDst[x] = kNew;
    if (wall) {
      eDst[x] = wallEpsilon(kNew, len[x]);
      continue;
    }
    const s = strain[x];
    const eta = ex > 0 ? (s * kx) / ex : 0;
    const dtE = coefE * dt > 0.9 ? 0.9 / coefE : dt;
    const eStar = Math.max(0, ex + dtE * accE + dt * c1Of(eta) * s * ex);
    const denom = Math.max(kx, 0) + Math.sqrt(nuMol * Math.max(ex, 0));
    eDst[x] = denom > 0 ? eStar / (1 + (dt * C2_EPS * ex) / denom) : 0;
  }
}

/** Outflow copies; the ring from the parent (k as the k–ℓ closure's ring, ε from the length). */
function fillGiven(h: Grid, level: Level, turb: KLevel, ctx: ThreadContext): void {
  const { k, kNext } = turb;
  const eps = turb.eps!,
    epsNext = turb.epsNext!;
  const [o0, o1] = share(turb.outletCell.length, ctx.thread, ctx.threads);
  for (let o = o0; o < o1; o++) {
    const from = turb.outletFrom[o],
      to = turb.outletCell[o];
    k[to] = kNext[to] = k[from];
    eps[to] = epsNext[to] = eps[from];
  }
  if (level.index === 0) return;
  const parent = h.levels[level.index - 1].turb!;
  const pEps = parent.eps!;
  const [g0, g1] = share(turb.ghostCell.length, ctx.thread, ctx.threads);
  for (let g = g0; g < g1; g++) {
    let v = 0,
      length = 0;
    for (let c = 0; c < 8; c++) {
      const from = turb.ghostFrom[8 * g + c];
      if (from < 0) continue;
      const w = turb.ghostWeight[8 * g + c];
      const pk = parent.k[from],
        pe = pEps[from];
      v += w * pk;
      // The parent's turbulence length Cμ^¾·k^{3/2}/ε (its ℓ where ε is the wall function's).
      length += w * (pe > 0 ? wallEpsilon(pk, 1) / pe : parent.len[from]);
    }
    const x = turb.ghostCell[g];
    k[x] = kNext[x] = v;
    // The parent's length is in its cells: twice as many of the fine level's.
    const own = Math.min(2 * length, turb.len[x]);
    eps[x] = epsNext[x] = own > 0 ? wallEpsilon(v, own) : 0;
  }
}

function restrict(fine: KLevel, parent: KLevel, ctx: ThreadContext): void {
  const [r0, r1] = share(parent.restrictCell.length, ctx.thread, ctx.threads);
  const fe = fine.eps!,
    pe = parent.eps!,
    pn = parent.epsNext!;
  for (let r = r0; r < r1; r++) {
    let sumK = 0,
      sumE = 0,
      count = 0;
    for (let c = 0; c < 8; c++) {
      const x = parent.restrictFrom[8 * r + c];
      if (x < 0) continue;
      sumK += fine.k[x];
      sumE += fe[x];
      count++;
    }
    if (count > 0) {
      const x = parent.restrictCell[r];
      parent.k[x] = parent.kNext[x] = sumK / count;
      pe[x] = pn[x] = sumE / count;
    }
  }
}

/**
 * Advances k and ε on every level by two level-0 steps and sets the eddy viscosity the collision
 * reads (the k–ℓ pass's order and barriers: k-transport.ts turbulencePass).
 */
export function kEpsPass(h: Grid, ctx: ThreadContext): void {
  const { thread, threads } = ctx;
  const g = ctx.scratch.kGrad;
  ctx.barrier();
  for (const level of h.levels) {
    const turb = level.turb!;
    const [c0, c1] = share(turb.cells.length, thread, threads);
    const [p0, p1] = share(level.pre.count, thread, threads);
    velocities(level, turb, c0, c1, p0, p1, ctx.scratch.h, ctx.scratch.m);
  }
  ctx.barrier();
  for (const level of h.levels) {
    const turb = level.turb!;
    const view = turb as KEpsView;
    const [c0, c1] = share(turb.cells.length, thread, threads);
    const offsets = offsetsOf(level);
    production(turb, turb.k, level.nut, offsets, c0, c1, g);
    if (turb.realizableCmu) cmuParts(view, offsets, c0, c1, g);
  }
  for (const level of h.levels) {
    const turb = level.turb!;
    fillGiven(h, level, turb, ctx);
    ctx.barrier();
    const [c0, c1] = share(turb.cells.length, thread, threads);
    const substeps = 2 ** level.index;
    const offsets = offsetsOf(level);
    let kSrc = turb.k,
      kDst = turb.kNext,
      eSrc = turb.eps!,
      eDst = turb.epsNext!;
    for (let s = 0; s < substeps; s++) {
      kEpsSubstep(turb as KEpsView, level.nut, kSrc, kDst, eSrc, eDst, 2, offsets, c0, c1);
      ctx.barrier();
      [kSrc, kDst] = [kDst, kSrc];
      [eSrc, eDst] = [eDst, eSrc];
    }
    if (kSrc !== turb.k) {
      for (let c = c0; c < c1; c++) {
        const x = turb.cells[c];
        turb.k[x] = kSrc[x];
        turb.eps![x] = eSrc[x];
      }
      ctx.barrier();
    }
  }
  for (let l = h.levels.length - 1; l > 0; l--) restrict(h.levels[l].turb!, h.levels[l - 1].turb!, ctx);
  ctx.barrier();
  for (const level of h.levels) {
    const turb = level.turb!;
    const [c0, c1] = share(turb.cells.length, thread, threads);
    const [p0, p1] = share(level.pre.count, thread, threads);
    eddyViscosities(level, turb, c0, c1, p0, p1);
  }
  ctx.barrier();
}
