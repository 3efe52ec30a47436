/**
 * The shear-layer-adapted sub-grid length of Shur, Spalart, Strelets & Travin ("An enhanced version
 * of DES with rapid transition from RANS to LES in separated flows", Flow Turbul. Combust. 95,
 * 2015): in the detached-eddy zone the LES length C_DES·Δ is multiplied by F_KH(VTM), which falls to
 * 0.1 where the resolved flow is still a two-dimensional shear layer, so that a layer just separated
 * from an edge has little eddy viscosity and its Kelvin–Helmholtz instability grows on the grid
 * instead of being damped (the "grey area" of DES), and is 1 in developed three-dimensional
 * turbulence.
 *
 * VTM = √6·|(S·ω) × ω| / (|ω|²·√(3·tr(S²) − tr(S)²)) (the vortex-tilting measure: zero when the
 * vorticity is an eigenvector of the strain, as in a plane shear layer),
 * F_KH = max(F_min, min(F_max, F_min + (F_max − F_min)·(VTM − a1)/(a2 − a1))), F_min = 0.1,
 * F_max = 1, a1 = 0.15, a2 = 0.3 (their values). Their Δ̃_ω (the cell's extent across the vorticity)
 * is for anisotropic cells; on the lattice's cubes it is 0.82–0.94 Δ, and Δ itself is kept, the
 * length the one-equation model's C_DES was derived with (des-length.ts). Their VTM is averaged over
 * a cell and its neighbours; here each cell's own is taken. The molecular-viscosity factor
 * max(1, 0.2ν/ν_t) is 1 (no molecular viscosity on these grids).
 */

const F_MIN = 0.1,
  F_MAX = 1,
  A1 = 0.15,
  A2 = 0.3;

/** F_KH of a velocity gradient g (∂u_a/∂x_b at g[3a + b]); 1 where there is no vorticity. */
export function shearLayerFactor(g: ArrayLike<number>): number {
  const wx = g[7] - g[5],
    wy = g[2] - g[6],
    wz = g[3] - g[1];
  const w2 = wx * wx + wy * wy + wz * wz;
  if (!(w2 > 0)) return F_MAX;
  const sxx = g[0],
    syy = g[4],
    szz = g[8],
    sxy = 0.5 * (g[1] + g[3]),
    sxz = 0.5 * (g[2] + g[6]),
    syz = 0.5 * (g[5] + g[7]);
  const ax = sxx * wx + sxy * wy + sxz * wz,
    ay = sxy * wx + syy * wy + syz * wz,
    az = sxz * wx + syz * wy + szz * wz;
  const cx = ay * wz - az * wy,
    cy = az * wx - ax * wz,
    cz = ax * wy - ay * wx;
  const tr = sxx + syy + szz;
  const tr2 = sxx * sxx + syy * syy + szz * szz + 2 * (sxy * sxy + sxz * sxz + syz * syz);
  const den = w2 * Math.sqrt(Math.max(0, 3 * tr2 - tr * tr));
  if (!(den > 0)) return F_MAX;
  const vtm = (Math.sqrt(6) * Math.hypot(cx, cy, cz)) / den;
  return Math.max(F_MIN, Math.min(F_MAX, F_MIN + ((F_MAX - F_MIN) * (vtm - A1)) / (A2 - A1)));
}
