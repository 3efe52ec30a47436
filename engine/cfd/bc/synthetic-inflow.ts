/**
 * Synthetic turbulence at the entry of a resolved (LES) zone: the modelled turbulent kinetic energy
 * of the approach flow, which a RANS closure carries as k alone, handed over as resolved velocity
 * fluctuations — without them a large-eddy simulation downstream of a steady inflow has laminar
 * shear layers and a far too long wake (docs/cfd-validation.md, History).
 *
 * The field is a divergence-free random Fourier sum (Kraichnan, "Diffusion by a random velocity
 * field", Phys. Fluids 13, 1970; in the form of Smirnov, Shi & Celik, "Random flow generation
 * technique for large eddy simulations and particle-dynamics modeling", J. Fluids Eng. 123, 2001):
 *   u'(x, t) = √(3/N) Σ_n [p_n cos(k_n·x̃ + ω_n t) + q_n sin(k_n·x̃ + ω_n t)],
 * with p_n and q_n unit vectors at right angles to k_n, so every mode, and the sum, has no
 * divergence; k_n isotropic Gaussian, so the field is isotropic with unit variance per component
 * (each mode's p_n, q_n carry ⅓ of their energy along any axis on average: √(3/N) makes the sum's
 * variance 1). Scaled by √(2k/3) per cell it carries the kinetic energy k.
 *
 * - Length: for k_n with standard deviation σ per component, the longitudinal correlation's
 *   integral is L11 = (3/2)·√(π/2)/σ (the mean over modes of (1 − k̂₁²)·π·δ(k₁), over the ⅔ that
 *   (1 − k̂₁²) averages to); σ is set from the L11 the caller asks for.
 * - Time: frozen turbulence carried through the entry at the convection speed (Taylor's
 *   hypothesis, x̃ = x − U_c·t), decorrelating over the eddies' time scale T by ω_n ~ N(0, 1/T²)
 *   as in Smirnov et al.; a uniform translation keeps the field divergence-free.
 * - Deterministic by seed (a small counter-based generator), so two runs give the same numbers.
 * - The entry cells are prescribed by their first-order state (velocity and strain, as every
 *   prescribed cell is): the fluctuation's strain ½(∂u'_a/∂x_b + ∂u'_b/∂x_a), exact for the Fourier
 *   sum, is added with its velocity. At τ ≈ ½ the lattice's flux across a face is mostly the
 *   difference between a cell's strain and its neighbours' velocity difference, so a fluctuating
 *   velocity without its strain would drive the cells next to the entry by that mismatch.
 * - The entry cells' own velocity is the parent level's mean there (a running mean over the field's
 *   time scale), not its instantaneous one: the parent's cells next to the entry take back what the
 *   refined box holds (the interfaces are two-way), so an entry that added the fluctuation to the
 *   parent's instantaneous velocity would add it again to its own echo and amplify its low
 *   frequencies (measured: five times the energy handed over, 1.5 cells inside the box).
 * - On a finite entry face, the part of the fluctuation that is uniform over the face (eddies larger
 *   than the face) is taken off at every step: the face's surroundings, coarser RANS levels, carry
 *   no resolved fluctuations to match it, and a net fluctuating flux through the face would pump
 *   the refined box's mass in and out as pressure waves.
 */

/** Velocity and strain: what is added to a prescribed cell's state, from its moment 1 on. */
const STATE = 9;

/** A random Fourier field of unit variance per component; lengths in cells, times in steps. */
export interface FourierField {
  modes: number;
  /** Per mode: wave vector, the two amplitude directions, and the frequency. */
  k: Float64Array;
  p: Float64Array;
  q: Float64Array;
  omega: Float64Array;
  /** √(3/N). */
  amplitude: number;
}

/** Uniform numbers in [0, 1) from a seed (mulberry32): deterministic and cheap. */
function uniform(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Standard normal numbers (Box–Muller) from a uniform source. */
function normal(next: () => number): () => number {
  return () => {
    const u = 1 - next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next());
  };
}

/** a × b, normalised, into out at o (a random direction if a is along b). */
function crossUnit(a: number[], b: number[], out: Float64Array, o: number): void {
  const x = a[1] * b[2] - a[2] * b[1],
    y = a[2] * b[0] - a[0] * b[2],
    z = a[0] * b[1] - a[1] * b[0];
  const n = Math.hypot(x, y, z) || 1;
  out[o] = x / n;
  out[o + 1] = y / n;
  out[o + 2] = z / n;
}

/**
 * A field of `modes` modes with longitudinal integral length `l11` (cells) and time scale
 * `timeScale` (steps), from `seed`.
 */
export function fourierField(modes: number, l11: number, timeScale: number, seed: number): FourierField {
  const gauss = normal(uniform(seed));
  const sigma = (1.5 * Math.sqrt(Math.PI / 2)) / l11;
  const k = new Float64Array(3 * modes),
    p = new Float64Array(3 * modes),
    q = new Float64Array(3 * modes),
    omega = new Float64Array(modes);
  for (let n = 0; n < modes; n++) {
    const kn = [sigma * gauss(), sigma * gauss(), sigma * gauss()];
    k.set(kn, 3 * n);
    crossUnit([gauss(), gauss(), gauss()], kn, p, 3 * n);
    crossUnit([gauss(), gauss(), gauss()], kn, q, 3 * n);
    omega[n] = gauss() / timeScale;
  }
  return { modes, k, p, q, omega, amplitude: Math.sqrt(3 / modes) };
}

/**
 * The shape of a turbulent flow's Reynolds stresses, each over k: ⟨u′u′⟩/k, ⟨v′v′⟩/k, ⟨w′w′⟩/k
 * (summing to 2) and ⟨u′w′⟩/k, with x along the mean flow and z up.
 */
export interface StressShape {
  uu: number;
  vv: number;
  ww: number;
  uw: number;
}

/**
 * The neutral atmospheric surface layer's: σ_u, σ_v, σ_w = 2.39, 1.92, 1.25 u* and ⟨u′w′⟩ = −u*²
 * (Panofsky & Dutton, "Atmospheric Turbulence", Wiley 1984, ch. 7; k = 5.48 u*²). An isotropic field
 * with the same k has σ_u 21 % too small, σ_w 33 % too large, and carries no shear stress.
 */
export const NEUTRAL_SURFACE_LAYER: StressShape = stressShape(2.39, 1.92, 1.25);

function stressShape(su: number, sv: number, sw: number): StressShape {
  const k = 0.5 * (su * su + sv * sv + sw * sw);
  return { uu: (su * su) / k, vv: (sv * sv) / k, ww: (sw * sw) / k, uw: -1 / k };
}

/**
 * The field made anisotropic with the transformation of Smirnov, Shi & Celik (2001, §3): taken as
 * given in the principal frame of the stresses, each mode's amplitude directions are stretched by
 * c_j = √λ_j (λ_j the eigenvalues of the stresses over 2k/3) and its wave vector shrunk by c̄/c_j
 * (c̄ the mean of the c_j), then both are turned into the flow's frame. Every mode stays free of
 * divergence (k̃·p̃ = c̄·k·p = 0), the variances and ⟨u′w′⟩ become the shape's times 2k/3 when the
 * caller scales by √(2k/3) as before (their sum, k, unchanged), and the correlation lengths grow
 * along the directions that carry more energy. y is a principal axis (no ⟨u′v′⟩, ⟨v′w′⟩).
 */
export function anisotropicField(f: FourierField, shape: StressShape): FourierField {
  const a = 1.5 * shape.uu,
    d = 1.5 * shape.ww,
    c = 1.5 * shape.uw;
  const mid = 0.5 * (a + d),
    half = Math.hypot(0.5 * (a - d), c);
  const theta = 0.5 * Math.atan2(2 * c, a - d);
  const cs = Math.cos(theta),
    sn = Math.sin(theta);
  // Principal axes (columns): e1 = (cos θ, 0, sin θ), e2 = y, e3 = (−sin θ, 0, cos θ).
  const stretch = [Math.sqrt(mid + half), Math.sqrt(1.5 * shape.vv), Math.sqrt(Math.max(0, mid - half))];
  const mean = (stretch[0] + stretch[1] + stretch[2]) / 3;
  const turn = (v: Float64Array, o: number, by: (j: number) => number, out: Float64Array) => {
    const x1 = v[o] * by(0),
      x2 = v[o + 1] * by(1),
      x3 = v[o + 2] * by(2);
    out[o] = cs * x1 - sn * x3;
    out[o + 1] = x2;
    out[o + 2] = sn * x1 + cs * x3;
  };
  const k = new Float64Array(f.k.length),
    p = new Float64Array(f.p.length),
    q = new Float64Array(f.q.length);
  for (let n = 0; n < f.modes; n++) {
    turn(f.k, 3 * n, (j) => mean / stretch[j], k);
    turn(f.p, 3 * n, (j) => stretch[j], p);
    turn(f.q, 3 * n, (j) => stretch[j], q);
  }
  return { ...f, k, p, q };
}

/** u' of unit variance at (x, y, z) (cells) and time t (steps) into out[0..2]. */
export function fieldVelocity(f: FourierField, x: number, y: number, z: number, t: number, out: Float64Array): void {
  let u = 0,
    v = 0,
    w = 0;
  for (let n = 0; n < f.modes; n++) {
    const theta = f.k[3 * n] * x + f.k[3 * n + 1] * y + f.k[3 * n + 2] * z + f.omega[n] * t;
    const c = Math.cos(theta),
      s = Math.sin(theta);
    u += f.p[3 * n] * c + f.q[3 * n] * s;
    v += f.p[3 * n + 1] * c + f.q[3 * n + 1] * s;
    w += f.p[3 * n + 2] * c + f.q[3 * n + 2] * s;
  }
  out[0] = f.amplitude * u;
  out[1] = f.amplitude * v;
  out[2] = f.amplitude * w;
}

/**
 * The synthetic fluctuations of one level's entry cells (prescribed cells whose velocity the
 * fluctuation is added to), the field evaluated on a fixed plane carried at the convection speed.
 */
export interface SyntheticInflow {
  field: FourierField;
  /** Prescribed-cell indices (Level.pre), ascending. */
  cells: Int32Array;
  /** √(2k/3) per cell, lattice units: the energy handed over. */
  scale: Float32Array;
  /** Per cell and mode: cos and sin of the phase's fixed part k_n·(0, y, z). */
  cosA: Float64Array;
  sinA: Float64Array;
  /** Per mode: the phase's rate, ω_n − k_x·U_c (per step). */
  rate: Float64Array;
  /**
   * The running mean of each cell's velocity as the parent gives it (three per cell; NaN until the
   * cell's first step, which takes the parent's velocity as it is), and its time constant (steps).
   */
  base: Float64Array;
  meanSteps: number;
  /** What was last added to each cell's velocity and strain (nine per cell: u, v, w, then xx, yy, zz, xy, xz, yz). */
  added: Float32Array;
  /**
   * Scratch: cos and sin of the rate × t per mode; every cell's fluctuation (nine per cell, as
   * `added`) at step `nextStep`: a step's ring is prepared block by block, and the field is computed
   * once per step for all of them.
   */
  cosB: Float64Array;
  sinB: Float64Array;
  next: Float64Array;
  nextStep: number;
}

/**
 * The entry's fluctuations: cells at (y, z) (cells of the level), each with its √(2k/3), the field,
 * and the convection speed (lattice units: cells per step).
 */
export function buildSyntheticInflow(
  field: FourierField,
  cells: ArrayLike<number>,
  y: ArrayLike<number>,
  z: ArrayLike<number>,
  scale: ArrayLike<number>,
  convection: number,
  meanSteps = 1,
): SyntheticInflow {
  const m = field.modes,
    n = cells.length;
  const cosA = new Float64Array(n * m),
    sinA = new Float64Array(n * m);
  for (let c = 0; c < n; c++)
    for (let i = 0; i < m; i++) {
      const a = field.k[3 * i + 1] * y[c] + field.k[3 * i + 2] * z[c];
      cosA[c * m + i] = Math.cos(a);
      sinA[c * m + i] = Math.sin(a);
    }
  const rate = new Float64Array(m);
  for (let i = 0; i < m; i++) rate[i] = field.omega[i] - field.k[3 * i] * convection;
  return {
    field,
    cells: Int32Array.from(cells),
    scale: Float32Array.from(scale),
    cosA,
    sinA,
    rate,
    base: new Float64Array(3 * n).fill(NaN),
    meanSteps: Math.max(1, meanSteps),
    added: new Float32Array(STATE * n),
    cosB: new Float64Array(m),
    sinB: new Float64Array(m),
    next: new Float64Array(STATE * n),
    nextStep: NaN,
  };
}

/** Takes the last fluctuation off the velocity of the entry's cells among prescribed cells p0..p1. */
export function removeSynthetic(s: SyntheticInflow, state: Float32Array, moments: number, p0: number, p1: number): void {
  for (let c = 0; c < s.cells.length; c++) {
    const p = s.cells[c];
    if (p < p0 || p >= p1) continue;
    for (let a = 0; a < STATE; a++) {
      state[p * moments + 1 + a] -= s.added[STATE * c + a];
      s.added[STATE * c + a] = 0;
    }
  }
}

/**
 * The fluctuation of every entry cell at step t into s.next (nine per cell, lattice units): its
 * velocity less the velocity's mean over the face, and its strain.
 */
export function entryFluctuation(s: SyntheticInflow, t: number): Float64Array {
  const { field, cosA, sinA, cosB, sinB, next } = s;
  if (s.nextStep === t) return next;
  s.nextStep = t;
  const m = field.modes,
    n = s.cells.length;
  const { k, p, q } = field;
  for (let i = 0; i < m; i++) {
    cosB[i] = Math.cos(s.rate[i] * t);
    sinB[i] = Math.sin(s.rate[i] * t);
  }
  const mean = [0, 0, 0];
  const d = new Float64Array(9);
  for (let c = 0; c < n; c++) {
    let u = 0,
      v = 0,
      w = 0;
    d.fill(0);
    const o = c * m;
    for (let i = 0; i < m; i++) {
      // cos and sin of (fixed part + rate·t) by the angle-sum identities.
      const co = cosA[o + i] * cosB[i] - sinA[o + i] * sinB[i],
        si = sinA[o + i] * cosB[i] + cosA[o + i] * sinB[i];
      const ua = p[3 * i] * co + q[3 * i] * si,
        va = p[3 * i + 1] * co + q[3 * i + 1] * si,
        wa = p[3 * i + 2] * co + q[3 * i + 2] * si;
      u += ua;
      v += va;
      w += wa;
      // ∂/∂x_b of the mode: (−p sin θ + q cos θ)·k_b.
      const gu = q[3 * i] * co - p[3 * i] * si,
        gv = q[3 * i + 1] * co - p[3 * i + 1] * si,
        gw = q[3 * i + 2] * co - p[3 * i + 2] * si;
      for (let b = 0; b < 3; b++) {
        const kb = k[3 * i + b];
        d[b] += gu * kb;
        d[3 + b] += gv * kb;
        d[6 + b] += gw * kb;
      }
    }
    const g = field.amplitude * s.scale[c];
    const at = STATE * c;
    next[at] = g * u;
    next[at + 1] = g * v;
    next[at + 2] = g * w;
    next[at + 3] = g * d[0];
    next[at + 4] = g * d[4];
    next[at + 5] = g * d[8];
    next[at + 6] = 0.5 * g * (d[1] + d[3]);
    next[at + 7] = 0.5 * g * (d[2] + d[6]);
    next[at + 8] = 0.5 * g * (d[5] + d[7]);
    mean[0] += g * u;
    mean[1] += g * v;
    mean[2] += g * w;
  }
  for (let c = 0; c < n; c++) for (let a = 0; a < 3; a++) next[STATE * c + a] -= mean[a] / Math.max(1, n);
  return next;
}

/**
 * Sets the entry's cells among prescribed cells p0..p1 to the parent's running-mean velocity plus
 * the fluctuation at step t, and adds the fluctuation's strain; what was added is kept for
 * removeSynthetic.
 */
export function addSynthetic(s: SyntheticInflow, state: Float32Array, moments: number, p0: number, p1: number, t: number): void {
  const next = entryFluctuation(s, t);
  const relax = 1 / s.meanSteps;
  for (let c = 0; c < s.cells.length; c++) {
    const p = s.cells[c];
    if (p < p0 || p >= p1) continue;
    for (let a = 0; a < STATE; a++) {
      const at = p * moments + 1 + a;
      let add = next[STATE * c + a];
      if (a < 3) {
        const was = s.base[3 * c + a];
        s.base[3 * c + a] = Number.isNaN(was) ? state[at] : was + relax * (state[at] - was);
        add += s.base[3 * c + a] - state[at];
      }
      state[at] += add;
      s.added[STATE * c + a] = add;
    }
  }
}
