/**
 * The log law as the lattice holds it next to the ground: the strain each cell layer must carry,
 * and the closure length that makes the closure carry it.
 *
 * Why: in a horizontally homogeneous column at steady state the regularised lattice's momentum flux
 * through the face between layers k and k+1 works out, exactly, to
 *   u*² = (u_{k+1} − u_k)/6 + ½(1 − 1/τ_k)·P_k + ½(1 − 1/τ_{k+1})·P_{k+1},
 * with P_k = −Π_xz the layer's non-equilibrium shear moment, and the moment each layer receives by
 * streaming ties P_k to its neighbours'. Taken
 * together (layers k−1|k and k|k+1, and the streaming of layer k) they give two facts:
 *   - every layer above the first carries the stress exactly: ν_k·G_k = u*², with G_k its strain
 *     dU/dz and ν_k its viscosity (lattice units);
 *   - the speed steps by the mean of the two layers' strains: u_{k+1} − u_k = (G_k + G_{k+1})/2,
 *     the trapezoidal rule.
 * With Prandtl's length ℓ = κ(z + z0) at the cell centre the strains are the log law's derivative,
 * u* / (κ(z + z0)), and the trapezoidal rule of 1/z falls short of the log law's step ln(z₂/z₁) where
 * the profile bends most: between the first two layers (where the wall model sets the first layer's
 * strain). The second layer then sits 1.5–1.8 % below the log law on every level, and since a fixed
 * height falls on a different layer of each level, readings at that height step between levels
 * (docs/cfd-validation.md, "What was tried", part 8).
 *
 * The strains that make the trapezoidal rule give the log law's steps at every layer,
 *   (G_k + G_{k+1})/2 = (u* / κ)·ln((a + 1)/a),  a = k + ½ + z0 (cells),
 * and tend to its derivative with height, are the alternating sums
 *   G_k = (2u* / κ)·Σ_{j≥0} (−1)^j·ln((a + j + 1)/(a + j)),
 * and the closure carries G_k at the stress u*² when ν = ℓ²·G_k = u*²/G_k, i.e. ℓ_k = u* / G_k: κ times
 * the "lattice distance" groundDistance(a) below, which is a itself times 1 + about 1/(6a²)
 * (6 % at the second layer, 0.8 % at the fifth). This is the consistency of inlet, wall
 * function and turbulence model that Blocken, Stathopoulos & Carmeliet (Atmos. Environ. 41, 2007)
 * ask for, taken to the discrete equations of the first cells; the wall's own stress stays the log
 * law's, as in the lattice Boltzmann wall functions of Han, Ooka & Kikumoto ("A wall function
 * approach in lattice Boltzmann method", arXiv:2009.04352, 2020).
 */

/** Pairs summed before the tail's integral takes over (tail error below 1e-9 of the sum). */
const PAIRS = 2000;

/**
 * Σ_{j≥0} (−1)^j·ln((a + j + 1)/(a + j)) for a > 0: the alternating sum of the log law's steps, in
 * pairs ln((a+2m+1)²/((a+2m)(a+2m+2))) = −ln(1 − 1/(a+2m+1)²), their tail by its integral.
 */
function alternatingSteps(a: number): number {
  let sum = 0;
  for (let m = 0; m < PAIRS; m++) {
    const b = a + 2 * m + 1;
    sum -= Math.log1p(-1 / (b * b));
  }
  // Σ_{m≥M} 1/(a+2m+1)² ≈ ∫_{M−½}^∞ dm/(a+2m+1)² = 1/(2(a + 2M)).
  return sum + 1 / (2 * (a + 2 * PAIRS));
}

/**
 * The distance (cells) at which Prandtl's length κ·d gives a ground layer the strain the lattice
 * needs to hold the log law, for a layer whose centre lies a = k + ½ + z0 cells above the log law's
 * origin: 1/(2·Σ(−1)^j ln((a+j+1)/(a+j))). Tends to a with height.
 */
export function groundDistance(a: number): number {
  // Far from the ground the correction is below 1e-5 of a: use a itself.
  if (a > 150) return a;
  return 1 / (2 * alternatingSteps(a));
}
