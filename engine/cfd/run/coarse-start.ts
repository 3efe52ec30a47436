/**
 * Spin-up on the coarsest level alone (docs/reference/CFD.md §2.3): the initial state (the approach flow
 * everywhere) is washed out on level 0 only, at a few per cent of the whole grid's cost, and the
 * finer levels then start from that flow instead of from rest around the buildings.
 *
 * The hand-over sets every cell of every finer level to the pre-collision populations of the coarse
 * state at its centre — f_eq(ρ, u) + f_neq(Π_neq = −2ρ·cs²·τ·S) — interpolated trilinearly over the
 * coarse fluid cells, with the horizontal velocity and the S_xz, S_yz strains carried relative to
 * the approach profile (as the level interfaces do, build-hierarchy.ts), and the strain rescaled to
 * the finer time step. Level 0 takes the coarse populations as they are (the same cells).
 */
import { buildHierarchy, type Hierarchy } from '../grid/build-hierarchy.ts';
import { cellCentre, cellIndex } from '../grid/layout.ts';
import { KIND } from '../grid/level.ts';
import { MOMENTS, momentsOf, regularizedPost, relaxationTime, relaxationTimeFromStrain, tensorNorm } from '../kernel/cell.ts';
import { SMAG, makeThreadContext, restrictAll } from '../solver/step.ts';
import type { PreparedDirection } from './direction.ts';
import { transferK } from '../turbulence/k-transport.ts';

/** The level-0-only grid a direction spins up on. */
export function coarseHierarchy(prepared: PreparedDirection): Hierarchy {
  const full = prepared.hierarchy;
  const physics = { ...full.physics, columns: full.physics.columns ? [full.physics.columns[0]] : undefined };
  return buildHierarchy({ boxes: [full.levels[0].box], placements: [], solid: [prepared.solid[0]], porous: [prepared.porous[0]], physics });
}

/** Moves the spun-up coarse flow into the full grid (every level), with every level at home. */
export function transferCoarseState(coarse: Hierarchy, full: Hierarchy): void {
  const c = coarse.levels[0];
  full.levels[0].f.set(c.f);
  if (c.turb && full.levels[0].turb) transferK(c, full.levels);
  // The coarse state (ρ, u, S per coarse step) at every coarse fluid cell.
  const n = c.pad.n;
  const state = new Float64Array(MOMENTS * n).fill(NaN);
  const h = new Float64Array(19),
    m = new Float64Array(MOMENTS);
  for (let x = 0; x < n; x++) {
    if (c.kind[x] !== KIND.FLUID) continue;
    for (let q = 0; q < 19; q++) h[q] = c.f[q * n + x];
    momentsOf(h, m);
    const k = Math.floor(x / c.pad.pxy) - 1,
      i = (x % c.pad.px) - 1;
    const tau = relaxationTime(c.nuZ[k] + c.nuX[i] + c.nut[x], SMAG * c.len2[x], tensorNorm(m, 4), m[0]);
    const ks = -1 / (2 * m[0] * (1 / 3) * tau);
    state[MOMENTS * x] = m[0];
    for (let v = 1; v < 4; v++) state[MOMENTS * x + v] = m[v];
    for (let v = 4; v < MOMENTS; v++) state[MOMENTS * x + v] = ks * m[v];
  }
  const col0 = full.physics.columns?.[0];
  const acc = new Float64Array(MOMENTS),
    g = new Float64Array(19),
    pi = new Float64Array(MOMENTS);
  for (let l = 1; l < full.levels.length; l++) {
    const level = full.levels[l];
    const col = full.physics.columns?.[l];
    const { box, pad } = level;
    const prescribed = new Map<number, number>();
    for (let p = 0; p < level.pre.count; p++) prescribed.set(level.pre.cell[p], p);
    for (let k = 0; k < box.nz; k++) {
      for (let j = 0; j < box.ny; j++) {
        for (let i = 0; i < box.nx; i++) {
          const x = cellIndex(pad, i, j, k);
          if (level.kind[x] === KIND.INACTIVE) continue;
          const [px, py, pz] = cellCentre(box, i, j, k);
          const xi = (px - c.box.originM[0]) / c.box.dxM - 0.5,
            yj = (py - c.box.originM[1]) / c.box.dxM - 0.5,
            zk = pz / c.box.dxM - 0.5;
          const i0 = Math.floor(xi),
            j0 = Math.floor(yj),
            k0 = Math.floor(zk);
          const tx = xi - i0,
            ty = yj - j0,
            tz = zk - k0;
          acc.fill(0);
          let wsum = 0;
          for (let corner = 0; corner < 8; corner++) {
            const di = corner & 1,
              dj = (corner >> 1) & 1,
              dk = (corner >> 2) & 1;
            const ci = i0 + di,
              cj = j0 + dj,
              ck = Math.max(0, k0 + dk);
            const w = (di ? tx : 1 - tx) * (dj ? ty : 1 - ty) * (dk ? tz : 1 - tz);
            if (w <= 0 || ci < 0 || cj < 0 || ci >= c.box.nx || cj >= c.box.ny || ck >= c.box.nz) continue;
            const o = MOMENTS * cellIndex(c.pad, ci, cj, ck);
            if (!(state[o] === state[o])) continue;
            const fu = col && col0 && col0.speedMs[ck] > 0 ? col.speedMs[k] / col0.speedMs[ck] : 1;
            const fs = col && col0 && col0.shearPerS[ck] > 0 ? col.shearPerS[k] / col0.shearPerS[ck] : 1;
            for (let v = 0; v < MOMENTS; v++) acc[v] += w * (v === 1 || v === 2 ? fu : v === 8 || v === 9 ? fs : 1) * state[o + v];
            wsum += w;
          }
          if (wsum <= 0) continue; // inside the coarse solid: keep the approach-flow start
          for (let v = 0; v < MOMENTS; v++) acc[v] /= wsum;
          // Strain per step of this level: the coarse step is 2^l of its steps.
          for (let v = 4; v < MOMENTS; v++) acc[v] *= 2 ** -l;
          if (level.kind[x] === KIND.PRESCRIBED) {
            const p = prescribed.get(x);
            if (p !== undefined) for (let v = 0; v < MOMENTS; v++) level.pre.state[MOMENTS * p + v] = acc[v];
            continue;
          }
          const tau = relaxationTimeFromStrain(level.nuZ[k] + level.nuX[i] + level.nut[x], level.len2[x], tensorNorm(acc, 4));
          const kp = -2 * acc[0] * (1 / 3) * tau;
          for (let v = 4; v < MOMENTS; v++) pi[v] = kp * acc[v];
          // Pre-collision populations: f_eq + f_neq, i.e. the regularised form with 1 − 1/τ → 1.
          regularizedPost(acc[0], acc[1], acc[2], acc[3], pi, Infinity, g);
          for (let q = 0; q < 19; q++) level.f[q * pad.n + x] = g[q];
        }
      }
    }
  }
  restrictAll(
    full,
    makeThreadContext(full, 0, 1, () => {}, []),
  );
}
