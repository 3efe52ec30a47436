/**
 * The runtime data of one grid level: populations, cell kinds, the work lists the kernels walk,
 * and the buffers that couple it to its neighbours in the hierarchy. Everything lives in typed
 * arrays (shared between worker threads when possible), so a level can be sent to a thread and
 * written to a checkpoint as is.
 */
import type { LevelBox, Padded, Placement } from './layout.ts';
import type { KLevel } from '../turbulence/k-fields.ts';
import type { AbsorbingLayer } from '../bc/absorbing-layer.ts';

/** What a stored cell is. */
export const KIND = {
  /** Solid, covered by a finer level, or padding: never computed. */
  INACTIVE: 0,
  /** Collided and streamed. */
  FLUID: 1,
  /** Sends out the populations of a given state instead of colliding its own. */
  PRESCRIBED: 2,
} as const;

/** Where a prescribed cell's state comes from. */
export const SOURCE = {
  /** The approach flow at the inflow face. */
  INLET: 1,
  /** Its upstream neighbour's velocity and strain at ρ = 1 (the outflow face). */
  OUTLET: 2,
  /** The coarser level, interpolated in space and time (the interface ring of a finer level). */
  GHOST: 3,
  /** The average of its eight children on the finer level (inside a finer level's footprint). */
  RESTRICT: 4,
} as const;

/**
 * Momentum sources and sinks of slow-path cells: the ground's wall stress, vegetation's drag, and
 * the shear stress u*² that drives the top of the domain (Richards & Hoxey 1993), without which no
 * inflow profile can stay horizontally homogeneous over a drag-exerting ground.
 */
export const DRAG = { NONE: 0, GROUND: 1, POROUS: 2, TOP: 3 } as const;

/** Slots per ghost stencil (trilinear) and per restriction (2×2×2 children). */
export const STENCIL = 8;

export interface SlowCells {
  count: number;
  /**
   * The cells before this index need their link table. Those from it on have all their links at
   * fixed offsets, listed by cell index in two parts: to `floor`, cells with no momentum source
   * and an interior cell's links (on the slow path because they record their state, or because
   * their only neighbours off the level are open faces); from `floor` to count, first-layer cells
   * with the ground's source whose links are an interior cell's but for the free-slip floor's
   * reflection in the plane. A kernel may step them without the table (the WebAssembly one does,
   * four neighbours at a time; kernel/wasm-source.ts fixedFunction).
   */
  linked: number;
  floor: number;
  cell: Int32Array;
  /**
   * Odd-step source of each incoming population (absolute index into f), 19 per cell. It is also
   * where the outgoing population of the opposite direction goes: the slot f_q is read from is the
   * slot f_opp(q) is written to (normal, bounce-back and specular links alike; links.ts), so one
   * table serves both.
   */
  read: Int32Array;
  /** Base viscosity (lattice units). */
  nu: Float32Array;
  dragKind: Uint8Array;
  /** Ground: C_f = (κ/ln(z1/z0))²; porous: C_d·a·dx; top: u*² (lattice units). */
  drag: Float32Array;
  /** Slot in `rec` this cell records its state into, or −1. */
  record: Int32Array;
}

export interface PrescribedCells {
  count: number;
  cell: Int32Array;
  /** Odd-step destination of each outgoing population, 19 per cell. */
  write: Int32Array;
  nu: Float32Array;
  source: Uint8Array;
  /** State to send out: ρ, u, S (10 per cell, lattice units of this level). */
  state: Float32Array;
  /** GHOST: the state's change over half a parent step (linear extrapolation in time). */
  delta: Float32Array;
  /**
   * OUTLET: one recorded slot; GHOST: up to 8 recorded slots of the parent level; RESTRICT: the
   * cell indices of the 8 children on the finer level (−1: unused or solid).
   */
  slots: Int32Array;
  /** GHOST: trilinear weights of `slots`. */
  weights: Float32Array;
  /**
   * Per stencil entry (GHOST: the parent cells; RESTRICT: the children), the ratio of the
   * approach flow's speed (factorU) and shear (factorS) at the receiving cell's height to those at
   * the source's height. The horizontal velocity and the horizontal-vertical strain (S_xz, S_yz)
   * are carried across the interface relative to the approach profile: exact for the undisturbed
   * boundary layer, where linear interpolation of a log profile (and of its 1/z shear) is not —
   * and at τ ≈ ½ a percent of error in the strain of an interface cell is several per cent of the
   * shear stress it passes on (see build-hierarchy.ts).
   */
  factorU: Float32Array;
  factorS: Float32Array;
}

export interface Level {
  index: number;
  box: LevelBox;
  pad: Padded;
  /** Where the next finer level sits inside this one (null on the finest). */
  child: Placement | null;
  /** Shifted populations h = f − w, structure of arrays: slot q of cell x at q·n + x. */
  f: Float32Array;
  kind: Uint8Array;
  /** Base viscosity by height and by streamwise position (lattice units). */
  nuZ: Float32Array;
  nuX: Float32Array;
  /**
   * Square of each cell's eddy-viscosity length (lattice units, padded indexing): ν_t = L²·|S|;
   * L = Cs·Δ for Smagorinsky, max(Cs·Δ, κ·d) in the mixing-length closure, d the distance to the
   * nearest wall (ground or building).
   */
  len2: Float32Array;
  /**
   * The approach flow's mixing length κ(z + z0) by height (lattice units) where the closure's own
   * length does not carry it (the background closure), else 0: the modelled turbulent kinetic
   * energy is k = (ν_t / (Cμ^¼·ℓ))², ℓ the larger of the two (Prandtl–Kolmogorov, ν_t = Cμ^¼·√k·ℓ),
   * which is u*²/√Cμ in the approach flow's log layer.
   */
  tkeLenZ: Float32Array;
  /**
   * Eddy viscosity per cell (lattice units, padded indexing) that the collision adds to the base
   * viscosity: the transported-k closure's ν_t = Cμ^¼·√k·ℓ (turbulence/k-transport.ts), zero with
   * the mixing length (whose ν_t the collision computes from len2 and the local strain).
   */
  nut: Float32Array;
  /**
   * The lateral length's anisotropic form (a trial, turbulence/lateral-length.ts): the collision
   * takes ν_v (the wall length's eddy viscosity) for every stress but the horizontal deviatoric
   * ones, which take ν_h (the length without the ground); `nut` keeps the blend the k pass uses.
   * The JavaScript kernel only. null otherwise.
   */
  anisotropic: { nutV: Float32Array; nutH: Float32Array } | null;
  /** The transported-k closure's arrays (turbulence/k-fields.ts), or null with the other closures. */
  turb: KLevel | null;
  /**
   * What the restriction adds to the averaged S_xx, S_yy, S_zz of its cells in each layer (three per
   * layer, lattice units of this level; zero on the finest), so that the normal strains are carried relative to the approach flow as u_h and the
   * shear are: this level's column's own minus the mean of the children's columns' (their two layers). The lattice's
   * near-wall layers hold normal non-equilibrium stresses of their own, alternating in sign from
   * layer to layer and different on each level; averaged across as they were, they reached the
   * coarser level's populations along x, whose mass flux depends on Π_xx, and the near-ground flow
   * sped up towards a finer box's outflow face and kept the gain downstream. Zero where the columns
   * are not the lattice's equilibrium (a measured approach profile). The ghosts take the parent's
   * strains as they are: carrying them relatively too made each finer level's entry overshoot
   * (docs/cfd-validation.md, "What was tried").
   */
  restrictNormalZ: Float32Array;
  /** The ground's log-law drag coefficient C_f = (κ/ln((z1 + z0)/z0))² of this level's first layer. */
  groundDrag: number;
  /** Level 0's outflow layer, relaxed towards the approach flow (bc/absorbing-layer.ts); null elsewhere. */
  sponge: AbsorbingLayer | null;
  /** Runs of fast-path cells: first cell, length, k, i — four integers each. */
  runs: Int32Array;
  runCount: number;
  fastCells: number;
  slow: SlowCells;
  pre: PrescribedCells;
  /** Recorded states (ρ, u, S) of this level's last two steps: rec[step % 2]. */
  rec: [Float32Array, Float32Array];
  recCount: number;
  /**
   * Statistics of every fluid cell over the averaging window (padded indexing, MEAN_FIELDS per
   * cell): Σu, Σv, Σw, Σu², Σv², Σw², Σk_model — so the mean velocity and the turbulent kinetic
   * energy (resolved plus modelled) can be read wherever results are asked for, not only near the
   * ground.
   */
  meanSum: Float32Array;
  /** Pedestrian slab statistics for cells with k < slabLayers: Σ|U|, Σ|U|², Σu², Σv², Σw², Σk_sgs. */
  slabSum: Float64Array;
  slabLayers: number;
  /**
   * The ground wall model's shear per unit friction velocity at the first cell, 1/(κ(z1 + z0)),
   * lattice units (z1 = half a cell): ∂u/∂z = u*·wallShear, with the gradient made consistent with
   * the lattice's flux to the next cell (build-hierarchy.ts wallShearPerFrictionVelocity).
   */
  wallShear: number;
}

export const SLAB_FIELDS = 6;
export const MEAN_FIELDS = 7;

/** What the stepping code needs of a hierarchy (no closures, so it can be sent to a worker thread). */
export interface Grid {
  levels: Level[];
  /**
   * The WebAssembly memory the run loops' arrays live in, when the grid steps with the
   * WebAssembly kernel (kernel/run-kernel.ts prepareKernel); absent for the JavaScript kernel.
   */
  memory?: WebAssembly.Memory;
  /**
   * Scratch in that memory for the transported-k pass (kernel/k-pass-wat.ts): `coef`, the
   * coefficients a level's first k substep of a pass keeps for its further substeps, 8 doubles per
   * transported cell of the largest level; `rows`, per level, the first transported cell of each
   * row of cells along x (rows ordered by height, then y; one more entry, the count), which the
   * one-thread wavefront over the substeps walks. Absent with the JavaScript kernel.
   */
  kScratch?: { coef: Float64Array; rows: Int32Array[] };
}
