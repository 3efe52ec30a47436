/**
 * A measured approach flow held to the building: the body force and the k source that make a
 * measured profile (a wind tunnel's U and k, fed as it is) a steady, horizontally homogeneous
 * solution of the k–ℓ closure on a level's cell layers.
 *
 * Why: a horizontally homogeneous approach flow needs the inflow, the wall model and the closure to
 * agree (Richards & Hoxey, "Appropriate boundary conditions for computational wind engineering
 * models using the k-ε turbulence model", JWEIA 46–47, 1993; Blocken, Stathopoulos & Carmeliet,
 * Atmos. Environ. 41, 2007). A log-law inflow is made to agree by its precursor column
 * (precursor.ts). A measured table is not: with its k and the closure's length ℓ = κz the stress
 * ν_t·∂U/∂z grows with height, so the lower layers gain momentum from above along the fetch, and
 * near the ground its k is several times what the closure's dissipation Cμ^¾·k^{3/2}/ℓ lets live
 * there, so it decays within a few building widths. In the tunnel the same flow reaches the model
 * unchanged: it was measured there. Source terms computed from the inflow profile make it a solution
 * of the model's equations (Parente, Gorlé, van Beeck & Benocci, "A comprehensive modelling approach
 * for the neutral atmospheric boundary layer: consistent inflow conditions, wall function and
 * turbulence model", Boundary-Layer Meteorol. 140, 2011, in the turbulence equations of k–ε); here
 * in the momentum equation as well, because a measured U is no more an equilibrium than its k.
 *
 * Both are functions of height alone, the same at every horizontal position, as the tunnel's
 * upstream drive is; they have no free constant. docs/cfd-validation.md, part 23.
 *
 * Units: lattice units of the level (cells, its own time step); the k pass applies them
 * (turbulence/k-transport.ts).
 */
import { CMU_THREE_QUARTERS, SIGMA_K, eddyViscosity } from '../turbulence/k-l-model.ts';
import { NUT_MAX } from '../turbulence/k-fields.ts';

export interface ApproachSources {
  /** Velocity added per time step of the level (lattice units), per cell layer. */
  force: Float32Array;
  /** k added per time step of the level (lattice units), per cell layer. */
  sourceK: Float32Array;
}

/** The measured column on a level's layers, lattice units; layer `nz` is the one above the top. */
export interface TableColumn {
  nz: number;
  /** Streamwise speed at the centre of layer k. */
  speed(k: number): number;
  /**
   * ∂U/∂z at the centre of layer k, per time step of the level: read only for the layer above a
   * refined level's top face (inside, the strains are the lattice's own, approachSources).
   */
  shear(k: number): number;
  /** The table's k at the centre of layer k. */
  tke(k: number): number;
  /** The closure's length at the centre of layer k in the approach flow, cells. */
  length(k: number): number;
  /** The ground's drag coefficient C_f (wall stress C_f·u²) and the wall model's first-layer shear per unit u*. */
  groundDrag: number;
  groundShear: number;
  /**
   * The stress through the top face: level 0's driving stress at its slip top; null for a refined
   * level, whose top face is an interface with the table's flow above it.
   */
  topStress: number | null;
}

/**
 * The body force f and the k source S_k = ε − P − D of the column, layer by layer: with them every
 * layer of the column, held at the table's U and k, neither gains nor loses.
 *
 * The fluxes are the lattice's own, not a finite-difference reading of the table: in a steady,
 * horizontally homogeneous column of the regularised lattice (populations streamed from the layers
 * above and below, relaxed with τ = 3ν + ½, Π_neq = −τ·G/3), the strain G_k each layer carries
 * satisfies 2τ_k·G_k − (τ_{k−1} − 1)·G_{k−1} − (τ_{k+1} − 1)·G_{k+1} = u_{k+1} − u_{k−1}, and the stress
 * through the face above layer k is T = [(u_{k+1} − u_k) + (τ_k − 1)·G_k + (τ_{k+1} − 1)·G_{k+1}]/6
 * (the momentum the crossing populations carry; for a uniform stress these reduce to ν_k·G_k = u*²
 * and the trapezoidal steps of bc/ground-lengths.ts). The first layer's strain is the wall model's
 * (solver/step.ts), the ground takes the implicit drag C_f·u₀²/(1 + C_f·u₀); a slip top mirrors the
 * top layer's populations and passes level 0's driving stress; a refined level's top face has the
 * table's flow above it. Production takes the same strains, as the k pass does (P = ν_t·G²); the
 * diffusion of k is by the faces' mean ν_t/σ_k, and the ground and a slip top pass none.
 */
export function approachSources(column: TableColumn): ApproachSources {
  const { nz, groundDrag, groundShear, topStress } = column;
  const slipTop = topStress !== null;
  const above = slipTop ? nz : nz + 1;
  const u = Float64Array.from({ length: above }, (_, k) => column.speed(k));
  const tke = Float64Array.from({ length: above }, (_, k) => column.tke(k));
  const len = Float64Array.from({ length: above }, (_, k) => column.length(k));
  const nu = Float64Array.from({ length: above }, (_, k) => Math.min(eddyViscosity(tke[k], len[k]), NUT_MAX));
  const tau = Float64Array.from(nu, (v) => 3 * v + 0.5);
  const shear = latticeStrains(column, u, tau, Math.sqrt(groundDrag) * u[0] * groundShear);
  const drag = groundDrag * u[0];
  // Stress through the lower face of each layer (k = nz: the top's).
  const faceStress = (k: number): number => {
    if (k === 0) return (drag * u[0]) / (1 + drag);
    if (k === nz && slipTop) return topStress;
    return (u[k] - u[k - 1] + (tau[k - 1] - 1) * shear[k - 1] + (tau[k] - 1) * shear[k]) / 6;
  };
  const diffusion = (k: number): number => {
    let d = 0;
    if (k > 0) d += (0.5 * (nu[k - 1] + nu[k]) * (tke[k - 1] - tke[k])) / SIGMA_K;
    if (k + 1 < above) d += (0.5 * (nu[k + 1] + nu[k]) * (tke[k + 1] - tke[k])) / SIGMA_K;
    return d;
  };
  const force = new Float32Array(nz),
    sourceK = new Float32Array(nz);
  for (let k = 0; k < nz; k++) {
    force[k] = -(faceStress(k + 1) - faceStress(k));
    const production = nu[k] * shear[k] * shear[k];
    const dissipation = (CMU_THREE_QUARTERS * Math.max(tke[k], 0) ** 1.5) / len[k];
    sourceK[k] = dissipation - production - diffusion(k);
  }
  return { force, sourceK };
}

/**
 * The strains G_1..G_{nz−1} of the steady column (approachSources), G_0 given by the wall model and,
 * above a refined level, the table's own shear: a tridiagonal system, diagonally dominant for
 * τ > ½ (Thomas algorithm). The slip top's row: its populations going down are its own mirrored,
 * so (3τ − 1)·G − (τ_{k−1} − 1)·G_{k−1} = u_k − u_{k−1}.
 */
function latticeStrains(column: TableColumn, u: Float64Array, tau: Float64Array, wallStrain: number): Float64Array {
  const { nz } = column;
  const slipTop = column.topStress !== null;
  const g = new Float64Array(u.length);
  g[0] = wallStrain;
  if (!slipTop) g[nz] = column.shear(nz);
  const n = nz - 1; // unknowns G_1..G_{nz−1}
  if (n <= 0) return g;
  const a = new Float64Array(n),
    b = new Float64Array(n),
    c = new Float64Array(n),
    d = new Float64Array(n);
  for (let r = 0; r < n; r++) {
    const k = r + 1;
    const top = k === nz - 1 && slipTop;
    a[r] = -(tau[k - 1] - 1);
    b[r] = top ? 3 * tau[k] - 1 : 2 * tau[k];
    c[r] = top ? 0 : -(tau[k + 1] - 1);
    d[r] = top ? u[k] - u[k - 1] : u[k + 1] - u[k - 1];
  }
  d[0] -= a[0] * g[0];
  if (!slipTop) d[n - 1] -= c[n - 1] * g[nz];
  for (let r = 1; r < n; r++) {
    const m = a[r] / b[r - 1];
    b[r] -= m * c[r - 1];
    d[r] -= m * d[r - 1];
  }
  g[n] = d[n - 1] / b[n - 1];
  for (let r = n - 2; r >= 0; r--) g[r + 1] = (d[r] - c[r] * g[r + 2]) / b[r];
  return g;
}
