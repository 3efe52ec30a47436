/**
 * Builds the levels of a run from the boxes, the voxelised geometry and the physics: cell kinds,
 * the fast-path runs, the slow-path and prescribed-cell tables, the interface stencils between
 * levels, and the initial state (the approach flow everywhere).
 *
 * Coarse↔fine coupling (why this one): the finer box's outer ring of cells is prescribed from the
 * coarser level — ρ, u and the strain rate S interpolated trilinearly in space from cells the
 * coarse level records, and linearly (extrapolated half a step) in time — and the coarse cells of
 * the second ring inside the footprint are prescribed from the average of their eight children
 * once the finer level has made its two steps. A prescribed cell sends out f_eq(ρ, u) + (1 − 1/τ)
 * f_neq(S) with its own level's τ, which is the Dupuis & Chopard (2003, Phys. Rev. E 67:066707)
 * rescaling of the non-equilibrium part written in terms of the strain rate: S is continuous
 * across the interface, Π_neq = −2ρ·cs²·τ·S·dt is not. Exchanging moments instead of populations
 * keeps one code path for every prescribed cell (inflow, outflow and both directions of the
 * interface), lets the kernels stream in place (AA pattern) without halo copies, and filters the
 * non-hydrodynamic modes at the interface, which is where grid refinement usually goes unstable.
 * Deeper cells of the coarse level under the finer box are never computed. A restricted cell stands
 * in for a coarse cell, so it carries what that cell would hold: its normal strains relative to the
 * level's column (Level.restrictNormalZ) and, in the ground layer, the wall's drag on the velocity it
 * emits (solver/step.ts finishRestriction).
 */
import { CX, CY, CZ, Q, W } from '../lattice/d3q19.ts';
import type { AblProfile } from '../bc/abl-inlet.ts';
import { KARMAN } from '../bc/abl-inlet.ts';
import { cellCentre, cellIndex, depthInBox, depthInPlacement, padded, type LevelBox, type Padded, type Placement } from './layout.ts';
import { DRAG, KIND, MEAN_FIELDS, SLAB_FIELDS, SOURCE, STENCIL, type Level } from './level.ts';
import { groundReadSlot, interiorReadSlot, readSlot, writeSlot, type Faces, type LinkContext } from './links.ts';
import { f32, f64, i32, i32From, u8 } from './shared.ts';
import { MOMENTS } from '../kernel/cell.ts';
import { distanceToSolid } from '../geometry/distance.ts';
import { buildKLevel, linkToParent, ROLE } from '../turbulence/k-fields.ts';
import { faceWallOf } from '../turbulence/face-wall-drag.ts';
import { setEddyViscosities } from '../turbulence/k-transport.ts';
import { buildAbsorbingLayer, type AbsorbingLayer } from '../bc/absorbing-layer.ts';
import { groundDistance } from '../bc/ground-lengths.ts';
import { approachSources, type TableColumn } from '../bc/approach-sources.ts';
import { C_DES, desLength, inDesZone } from '../turbulence/des-length.ts';
import { CMU_THREE_QUARTERS } from '../turbulence/k-l-model.ts';
import { anisotropicField, buildSyntheticInflow, fourierField, NEUTRAL_SURFACE_LAYER, type SyntheticInflow } from '../bc/synthetic-inflow.ts';

export interface Physics {
  profile: AblProfile;
  /** Lattice velocity per m/s, dt/dx (the same on every level under acoustic scaling). */
  latticePerMs: number;
  /** Smagorinsky constant Cs. */
  smagorinsky: number;
  /**
   * 'mixing-length' (default): ν_t = ℓ²|S| with Prandtl's mixing length ℓ = κ·d from the nearest
   * wall (ground or building), at least Cs·Δ (see closureLengths). 'background': a Smagorinsky
   * LES over a prescribed ABL eddy viscosity ν_abl(z) (abl-inlet.ts). 'k-l': the one-equation
   * k–ℓ closure with transported k and the same length ℓ (engine/cfd/turbulence): ν_t = Cμ^¼·√k·ℓ,
   * given to the collision per cell instead of ℓ²|S|. 'k-l-des': the same, with the detached-eddy
   * length ℓ = min(ℓ, C_DES·Δ) in a zone of level `desLevel` and every finer one (turbulence/des-length.ts).
   */
  closure?: 'background' | 'mixing-length' | 'k-l' | 'k-l-des';
  /**
   * The coarsest level whose detached-eddy zone (turbulence/des-length.ts) takes the DES length
   * ('k-l-des'); the finer levels have zones too, and the synthetic entry is on this one's face.
   */
  desLevel?: number;
  /**
   * With 'k-l-des': synthetic turbulence (bc/synthetic-inflow.ts) on the inflow face of the
   * DES level's ring, carrying the approach flow's k into the zone as resolved fluctuations;
   * its seed.
   */
  syntheticSeed?: number;
  /** With 'k-l-des': the zone's length adapted to young shear layers (turbulence/shear-layer-length.ts). */
  shearLayerAdapted?: boolean;
  /** With 'k-l-des': the zone reaches the ground within this distance of a building face, m (turbulence/des-length.ts; a trial). */
  desBaseBandM?: number;
  /**
   * With a synthetic entry: its fluctuations carry the neutral surface layer's stress shape
   * (bc/synthetic-inflow.ts anisotropicField; a trial) instead of isotropic ones.
   */
  anisotropicEntry?: boolean;
  /**
   * With a synthetic entry: its Fourier modes (SYNTHETIC_MODES by default). Each seed is one
   * realisation whose per-component variance over the face is off the ensemble's by about √(2/N).
   */
  syntheticModes?: number;
  maxMixingLengthM?: number;
  /**
   * With 'k-l': horizontal strain takes a length the ground does not limit, κ·(distance to the
   * nearest building face), blended in by its share of the strain (turbulence/lateral-length.ts; a trial).
   */
  lateralLength?: boolean;
  /** With the lateral length: only cells whose strain is more than this share horizontal take it (a diagnosis; default 0). */
  lateralShareAbove?: number;
  /**
   * With the lateral length: its bound, m — a free shear flow's mixing length, α·δ, instead of a
   * wall's, which grows with the distance (a trial; docs/cfd-validation.md part 21).
   */
  lateralCapM?: number;
  /**
   * The lateral length's anisotropic form: the collision relaxes the horizontal deviatoric
   * stresses with ν_h from the length without the ground and the others with the wall length's
   * ν (Level.anisotropic; the JavaScript kernel only; a trial). Implies the lateral length.
   */
  lateralAnisotropic?: boolean;
  /** Length of the outflow sponge, level-0 cells. */
  spongeCells: number;
  /**
   * How far the outflow's absorbing layer takes a cell towards the approach flow per application
   * at the outflow face (bc/absorbing-layer.ts; 0 to 1, growing as the square of the depth).
   */
  spongeStrength: number;
  /** Cells whose centre is below this height collect pedestrian statistics, m. */
  slabHeightM: number;
  /**
   * The approach flow each level sustains (its precursor column, see precursor.ts), per cell
   * layer of that level; without it, the analytic profile.
   */
  columns?: Array<ColumnProfile | null>;
  /**
   * Feed the inflow face with the profile itself (a measured approach flow) rather than with the
   * precursor's equilibrium column; without `holdApproach` the flow then relaxes towards the
   * model's equilibrium over the fetch.
   */
  inletFromProfile?: boolean;
  /**
   * With a measured approach flow fed as it is and transported k: hold it to the building by the
   * body force and k source that make it a steady solution of the closure (bc/approach-sources.ts).
   */
  holdApproach?: boolean;
  /** With transported k: the building faces' wall model in the ground's form (turbulence/face-wall-drag.ts; a trial). */
  faceWallModel?: boolean;
}

/** Mean speed and shear of the approach flow at each cell layer of one level. */
export interface ColumnProfile {
  speedMs: Float64Array;
  shearPerS: Float64Array;
  /**
   * The normal strains S_xx, S_yy, S_zz the level's lattice holds in that flow (1/s, three per
   * layer; bc/precursor.ts), or absent when the column is not the lattice's own equilibrium. A
   * homogeneous boundary layer has none, but the lattice's near-wall layers carry a non-equilibrium
   * Π_xx, Π_yy, Π_zz of a few per cent of the shear's that alternates in sign from layer to layer
   * and differs from level to level (see Level.restrictNormalZ).
   */
  normalStrainPerS?: Float64Array;
}

export interface HierarchySpec {
  boxes: LevelBox[];
  /** placements[l]: where level l + 1 sits inside level l. */
  placements: Placement[];
  /** Per level, unpadded (i fastest, then j, then k): 1 where solid. */
  solid: Uint8Array[];
  /** Per level, unpadded: porous drag density C_d·a (1/m), 0 where none. */
  porous?: Array<Float32Array | null>;
  physics: Physics;
  /**
   * 'domain' (default): inflow at x = 0, outflow at the far end, free-slip sides and top.
   * 'column': periodic in x and y with no inflow or outflow — the precursor of the approach flow.
   */
  mode?: 'domain' | 'column';
}

export interface Hierarchy {
  levels: Level[];
  physics: Physics;
  /** Level-0 time step, s. */
  dt0S: number;
}

const LEVEL0_FACES: Faces = { xLow: 'open', xHigh: 'open', yLow: 'slip', yHigh: 'slip', zLow: 'slip', zHigh: 'slip' };
const REFINED_FACES: Faces = { xLow: 'open', xHigh: 'open', yLow: 'open', yHigh: 'open', zLow: 'slip', zHigh: 'open' };
const COLUMN_FACES: Faces = { xLow: 'periodic', xHigh: 'periodic', yLow: 'periodic', yHigh: 'periodic', zLow: 'slip', zHigh: 'slip' };

/** Speed and shear of the approach flow at the centre of layer k of a level. */
function approach(physics: Physics, l: number, dxM: number, k: number): { speedMs: number; shearPerS: number } {
  const column = physics.columns?.[l];
  if (column && k < column.speedMs.length) return { speedMs: column.speedMs[k], shearPerS: column.shearPerS[k] };
  const z = (k + 0.5) * dxM;
  return { speedMs: physics.profile.speedMs(z), shearPerS: physics.profile.shearPerS(z) };
}

function unpadded(box: LevelBox, i: number, j: number, k: number): number {
  return i + box.nx * (j + box.ny * k);
}

interface Draft {
  box: LevelBox;
  kind: Uint8Array;
  source: Map<number, number>;
  recorders: Map<number, number>;
  ghostStencils: Map<number, { slots: number[]; weights: number[]; factorU: number[]; factorS: number[] }>;
}

function draftLevel(spec: HierarchySpec, l: number): Draft {
  const box = spec.boxes[l];
  const pad = padded(box);
  const solid = spec.solid[l];
  if (solid.length !== box.nx * box.ny * box.nz) throw new RangeError(`level ${l}: solid mask has ${solid.length} cells, box has ${box.nx * box.ny * box.nz}`);
  const kind = u8(pad.n);
  const source = new Map<number, number>();
  const below = l + 1 < spec.boxes.length ? spec.placements[l] : null;
  for (let k = 0; k < box.nz; k++) {
    for (let j = 0; j < box.ny; j++) {
      for (let i = 0; i < box.nx; i++) {
        const x = cellIndex(pad, i, j, k);
        if (solid[unpadded(box, i, j, k)]) continue;
        const covered = below ? depthInPlacement(below, i, j, k) : -1;
        if (covered >= 2) continue;
        if (covered === 1) {
          kind[x] = KIND.PRESCRIBED;
          source.set(x, SOURCE.RESTRICT);
          continue;
        }
        if (l === 0 && spec.mode !== 'column' && (i === 0 || i === box.nx - 1)) {
          kind[x] = KIND.PRESCRIBED;
          source.set(x, i === 0 ? SOURCE.INLET : SOURCE.OUTLET);
          continue;
        }
        if (l > 0 && depthInBox(box, i, j, k) === 0) {
          kind[x] = KIND.PRESCRIBED;
          source.set(x, SOURCE.GHOST);
          continue;
        }
        kind[x] = KIND.FLUID;
      }
    }
  }
  return { box, kind, source, recorders: new Map(), ghostStencils: new Map() };
}

function record(parent: Draft, x: number): number {
  let slot = parent.recorders.get(x);
  if (slot === undefined) {
    slot = parent.recorders.size;
    parent.recorders.set(x, slot);
  }
  return slot;
}

/** The column's normal strains at layer k of level l (1/s), zero where it has none. */
function columnNormal(physics: Physics, l: number, k: number, axis: number): number {
  const normal = physics.columns?.[l]?.normalStrainPerS;
  return normal && 3 * k + axis < normal.length ? normal[3 * k + axis] : 0;
}

function ratio(a: number, b: number): number {
  return b > 0 && a > 0 ? a / b : 1;
}

/** Trilinear stencil of each ghost cell of `fine` over the recorded cells of `coarse`. */
function ghostStencils(coarse: Draft, fine: Draft, physics: Physics, l: number): void {
  const cp = padded(coarse.box),
    fp = padded(fine.box);
  const cb = coarse.box,
    fb = fine.box;
  for (const [x, src] of fine.source) {
    if (src !== SOURCE.GHOST) continue;
    const k = Math.floor(x / fp.pxy) - 1;
    const j = Math.floor((x % fp.pxy) / fp.px) - 1;
    const i = (x % fp.px) - 1;
    const [cx, cy, cz] = cellCentre(fb, i, j, k);
    const xi = (cx - cb.originM[0]) / cb.dxM - 0.5;
    const yj = (cy - cb.originM[1]) / cb.dxM - 0.5;
    const zk = (cz - cb.originM[2]) / cb.dxM - 0.5;
    const i0 = Math.floor(xi),
      j0 = Math.floor(yj),
      k0 = Math.floor(zk);
    const tx = xi - i0,
      ty = yj - j0,
      tz = zk - k0;
    const slots: number[] = [];
    const weights: number[] = [];
    const factorU: number[] = [];
    const factorS: number[] = [];
    const here = approach(physics, l, fb.dxM, k);
    let total = 0;
    for (let c = 0; c < 8; c++) {
      const di = c & 1,
        dj = (c >> 1) & 1,
        dk = (c >> 2) & 1;
      // Below the first cell centre the ground is a wall: use the first layer (no extrapolation).
      const ci = i0 + di,
        cj = j0 + dj,
        ck = Math.max(0, k0 + dk);
      const w = (di ? tx : 1 - tx) * (dj ? ty : 1 - ty) * (dk ? tz : 1 - tz);
      if (w <= 0) continue;
      if (ci < 0 || cj < 0 || ci >= cb.nx || cj >= cb.ny || ck >= cb.nz) continue;
      const cx2 = cellIndex(cp, ci, cj, ck);
      if (coarse.kind[cx2] !== KIND.FLUID) continue;
      const there = approach(physics, l - 1, cb.dxM, ck);
      slots.push(record(coarse, cx2));
      weights.push(w);
      factorU.push(ratio(here.speedMs, there.speedMs));
      factorS.push(ratio(here.shearPerS, there.shearPerS));
      total += w;
    }
    for (let s = 0; s < weights.length; s++) weights[s] /= total;
    fine.ghostStencils.set(x, { slots, weights, factorU, factorS });
  }
}

function hasNonStreamableNeighbour(box: LevelBox, pad: ReturnType<typeof padded>, kind: Uint8Array, i: number, j: number, k: number): boolean {
  for (let q = 1; q < Q; q++) {
    const ti = i + CX[q],
      tj = j + CY[q],
      tk = k + CZ[q];
    if (ti < 0 || tj < 0 || tk < 0 || ti >= box.nx || tj >= box.ny || tk >= box.nz) return true;
    if (kind[cellIndex(pad, ti, tj, tk)] === KIND.INACTIVE) return true;
  }
  return false;
}

/**
 * Each cell's closure length squared (lattice units): Cs for Smagorinsky; for the mixing-length
 * closure Prandtl's ℓ = κ·d (d the distance from the cell centre to the nearest wall — the ground
 * or a building face, half a cell beyond the nearest solid cell's centre), never below Cs and never
 * above maxMixingLengthM. In the approach flow d = z and ν_t = (κz)²|dU/dz| = κu*z, the log law's
 * equilibrium; near buildings the length shrinks with the distance to their faces. The ground's
 * distance is the one the lattice needs to hold the log law at every layer (ground-lengths.ts:
 * z + z0 plus a correction that matters in the first few layers), not z + z0 itself.
 */
function closureLengths(
  box: LevelBox,
  pad: ReturnType<typeof padded>,
  solid: Uint8Array,
  physics: Physics,
  des: boolean,
): { len2: Float32Array; zoneCells: number; free: Float32Array | null } {
  const len2 = f32(pad.n);
  const cs = physics.smagorinsky;
  let zoneCells = 0;
  if (physics.closure === 'background') {
    len2.fill(cs * cs);
    return { len2, zoneCells, free: null };
  }
  // The length without the ground's limit, where the ground limits it (turbulence/lateral-length.ts).
  const free = physics.lateralLength || physics.lateralAnisotropic ? f32(pad.n) : null;
  const toSolid = distanceToSolid(solid, box.nx, box.ny, box.nz);
  const cap = (physics.maxMixingLengthM ?? Infinity) / box.dxM;
  const freeCap = (physics.lateralCapM ?? Infinity) / box.dxM;
  const z0 = physics.profile.roughnessLengthM / box.dxM;
  // Above the ground the distance the lattice needs to hold the log law (ground-lengths.ts).
  const ground = Float64Array.from({ length: box.nz }, (_, k) => groundDistance(k + 0.5 + z0));
  const baseBand = (physics.desBaseBandM ?? 0) / box.dxM;
  for (let k = -1; k <= box.nz; k++) {
    for (let j = -1; j <= box.ny; j++) {
      for (let i = -1; i <= box.nx; i++) {
        const ii = Math.min(Math.max(i, 0), box.nx - 1),
          jj = Math.min(Math.max(j, 0), box.ny - 1),
          kk = Math.min(Math.max(k, 0), box.nz - 1);
        const face = Math.max(0.5, toSolid[ii + box.nx * (jj + box.ny * kk)] - 0.5);
        let l = wallLength(Math.min(ground[kk], face), cs, cap);
        if (free) {
          // Without a building in the level there is no such length (and nothing lateral to blend).
          const unlimited = Math.min(wallLength(face, cs, cap), freeCap);
          if (unlimited > l && Number.isFinite(unlimited)) free[cellIndex(pad, i, j, k)] = unlimited;
        }
        if (des && inDesZone(face, kk + 0.5, KARMAN * (kk + 0.5 + z0), baseBand)) {
          l = desLength(l);
          zoneCells++;
        }
        len2[cellIndex(pad, i, j, k)] = l * l;
      }
    }
  }
  return { len2, zoneCells, free };
}

/**
 * The measured table on a level's cell layers in lattice units, with the closure's length in the
 * approach flow (closureLengths without a building), for approachSources.
 */
function tableColumn(physics: Physics, box: LevelBox, l: number, groundDrag: number, groundShear: number, topDrive: number): TableColumn {
  const { profile, latticePerMs: lp } = physics;
  const dtS = lp * box.dxM; // acoustic scaling: dt/dx is the same on every level
  const z0 = profile.roughnessLengthM / box.dxM;
  const cap = (physics.maxMixingLengthM ?? Infinity) / box.dxM;
  const z = (k: number) => (k + 0.5) * box.dxM;
  return {
    nz: box.nz,
    speed: (k) => profile.speedMs(z(k)) * lp,
    shear: (k) => profile.shearPerS(z(k)) * dtS,
    tke: (k) => profile.tkeAtM2s2(z(k)) * lp * lp,
    length: (k) => wallLength(groundDistance(k + 0.5 + z0), physics.smagorinsky, cap),
    groundDrag,
    groundShear,
    topStress: l === 0 ? topDrive : null,
  };
}

/** Prandtl's ℓ = κ·d of a cell at distance d from the nearest wall, between Cs and the cap (cells). */
function wallLength(distance: number, cs: number, cap: number): number {
  return Math.min(Math.max(cs, KARMAN * distance), cap);
}

/**
 * The strain the wall model gives the first cell, per unit friction velocity (lattice units, cells
 * of size 1, roughness length z0 in cells): the one with which the lattice's trapezoidal step to the
 * second cell is the log law's, given the second cell's own strain (ground-lengths.ts):
 * 1/(κ·groundDistance(½ + z0)), 0.76–0.95 of the log law's derivative at the centre for z0 from 0
 * to 2 cells. The earlier form, 2·ln((3/2 + z0)/(½ + z0)) − ½·ln((5/2 + z0)/(½ + z0)) in units of
 * u* / κ, assumed the second cell's strain to be the log law's centred difference; the closure gives
 * it the derivative instead, and the second cell sat 1.5–1.8 % below the log law.
 */
function wallShearPerFrictionVelocity(z0: number): number {
  return 1 / (KARMAN * groundDistance(0.5 + z0));
}

/** Kinematic viscosity of air at about 15 °C, m²/s. */
const AIR_VISCOSITY_M2S = 1.5e-5;

/** Modes of the synthetic field: enough that its statistics over the face are near the ensemble's. */
const SYNTHETIC_MODES = 128;
/**
 * Longitudinal integral length over k^{3/2}/ε in high-Reynolds-number turbulence (Pope, "Turbulent
 * Flows", 2000, §6.5: the model spectrum gives L11 ≈ 0.43·k^{3/2}/ε).
 */
const L11_OVER_L = 0.43;

/**
 * The synthetic turbulence of a level's inflow face (its ring cells at the upstream end whose
 * downstream neighbour is in the detached-eddy zone: the zone's entry): each cell carries the
 * approach flow's k at its height; the eddies' length and time scale and their convection speed
 * are the approach flow's at half the level's height — the largest eddies the refined box can hold (its surroundings, the
 * coarser levels, are RANS and carry none): L11 = 0.43·ℓ/Cμ^¾ with the k–ℓ closure's ℓ = κ(z + z0)
 * (ε = Cμ^¾·k^{3/2}/ℓ), T = k/ε.
 */
function syntheticInflowOf(level: Level, physics: Physics, seed: number): SyntheticInflow {
  const { box, pad, pre } = level;
  const lp = physics.latticePerMs;
  const profile = physics.profile;
  const cells: number[] = [],
    ys: number[] = [],
    zs: number[] = [],
    scale: number[] = [];
  for (let p = 0; p < pre.count; p++) {
    if (pre.source[p] !== SOURCE.GHOST) continue;
    const x = pre.cell[p];
    const i = (x % pad.px) - 1,
      j = Math.floor((x % pad.pxy) / pad.px) - 1,
      k = Math.floor(x / pad.pxy) - 1;
    // Only where the zone begins: the cell inside the face takes the DES length.
    if (i !== 0 || k < 1 || level.turb!.len[x + 1] > C_DES * (1 + 1e-6)) continue;
    cells.push(p);
    ys.push(j + 0.5);
    zs.push(k + 0.5);
    scale.push(Math.sqrt((2 / 3) * profile.tkeAtM2s2((k + 0.5) * box.dxM)) * lp);
  }
  const zRef = 0.5 * box.nz * box.dxM;
  const ell = (KARMAN * (zRef + profile.roughnessLengthM)) / box.dxM;
  const lT = ell / CMU_THREE_QUARTERS;
  const kRef = profile.tkeAtM2s2(zRef) * lp * lp;
  const timeScale = lT / Math.sqrt(kRef);
  const isotropic = fourierField(physics.syntheticModes ?? SYNTHETIC_MODES, L11_OVER_L * lT, timeScale, seed);
  const field = physics.anisotropicEntry ? anisotropicField(isotropic, NEUTRAL_SURFACE_LAYER) : isotropic;
  return buildSyntheticInflow(field, cells, ys, zs, scale, profile.speedMs(zRef) * lp, timeScale);
}

/** Initial shifted populations of every cell: equilibrium at ρ = 1 with the approach flow. */
function initialise(level: Level, physics: Physics): void {
  const { box, pad, f } = level;
  for (let k = -1; k <= box.nz; k++) {
    const ux = approach(physics, level.index, box.dxM, Math.min(Math.max(k, 0), box.nz - 1)).speedMs * physics.latticePerMs;
    const u2 = 1.5 * ux * ux;
    for (let j = -1; j <= box.ny; j++) {
      for (let i = -1; i <= box.nx; i++) {
        const x = cellIndex(pad, i, j, k);
        for (let q = 0; q < Q; q++) {
          const cu = CX[q] * ux;
          f[q * pad.n + x] = W[q] * (3 * cu + 4.5 * cu * cu - u2);
        }
      }
    }
  }
}

/** The fluid cells of level 0's outflow layer, each relaxed towards the approach column at its height. */
function absorbingLayerOf(box: LevelBox, pad: Padded, kind: Uint8Array, physics: Physics): AbsorbingLayer | null {
  const cells: { i: number; k: number; x: number }[] = [];
  for (let k = 0; k < box.nz; k++)
    for (let j = 0; j < box.ny; j++)
      for (let i = Math.max(0, box.nx - 1 - physics.spongeCells); i < box.nx; i++) {
        const x = cellIndex(pad, i, j, k);
        if (kind[x] === KIND.FLUID) cells.push({ i, k, x });
      }
  return buildAbsorbingLayer(
    cells,
    box.nx,
    physics.spongeCells,
    physics.spongeStrength,
    (k) => approach(physics, 0, box.dxM, k).speedMs * physics.latticePerMs,
  );
}

export function buildHierarchy(spec: HierarchySpec): Hierarchy {
  const { boxes, placements, physics } = spec;
  if (boxes.length < 1) throw new RangeError('a grid needs at least one level');
  if (placements.length !== boxes.length - 1) throw new RangeError('one placement per refined level');
  const drafts = boxes.map((_, l) => draftLevel(spec, l));
  for (let l = 1; l < boxes.length; l++) ghostStencils(drafts[l - 1], drafts[l], physics, l);
  // The outflow face copies its upstream neighbour.
  const outletSlot = new Map<number, number>();
  for (const [x, src] of drafts[0].source) {
    if (src === SOURCE.OUTLET && drafts[0].kind[x - 1] === KIND.FLUID) outletSlot.set(x, record(drafts[0], x - 1));
  }

  const dx0 = boxes[0].dxM;
  const dt0S = physics.latticePerMs * dx0;
  const levels: Level[] = drafts.map((d, l) => {
    const box = d.box;
    const pad = padded(box);
    const latticeNu = physics.latticePerMs / box.dxM; // ν_lat = ν·dt/dx² = ν·(dt/dx)/dx
    const nuZ = f32(box.nz);
    const mixing = physics.closure !== 'background';
    const tkeLenZ = f32(box.nz);
    for (let k = 0; k < box.nz; k++) {
      const z = (k + 0.5) * box.dxM;
      nuZ[k] = mixing ? 0 : physics.profile.backgroundViscosityM2s(z) * latticeNu;
      tkeLenZ[k] = mixing ? 0 : (KARMAN * (z + physics.profile.roughnessLengthM)) / box.dxM;
    }
    // A detached-eddy zone only around buildings: a level without one keeps the RANS length.
    const des = physics.closure === 'k-l-des' && physics.desLevel !== undefined && l >= physics.desLevel && spec.solid[l].some((v) => v !== 0);
    const { len2: lengths, zoneCells, free } = closureLengths(box, pad, spec.solid[l], physics, des);
    const transported = physics.closure === 'k-l' || physics.closure === 'k-l-des';
    // With transported k the collision takes ν_t per cell (Level.nut) and no strain-based part.
    const len2 = transported ? f32(pad.n) : lengths;
    // Base viscosity by x: none added; the outflow's layer absorbs by relaxing towards the
    // approach flow instead (sponge below).
    const nuX = f32(box.nx);
    const sponge = l === 0 && spec.mode !== 'column' && physics.spongeCells > 0 ? absorbingLayerOf(box, pad, d.kind, physics) : null;
    const porous = spec.porous?.[l] ?? null;
    const z0 = physics.profile.roughnessLengthM;
    // The log law as the inflow writes it, ln((z + z0)/z0): finite and positive even where the
    // roughness length reaches the first cell centre (city terrain at 4 m cells, z0 = 2 m).
    const groundDrag = (KARMAN / Math.log((0.5 * box.dxM + z0) / z0)) ** 2;
    const wallShear = wallShearPerFrictionVelocity(z0 / box.dxM);
    const slabLayers = Math.max(1, Math.min(box.nz, Math.ceil(physics.slabHeightM / box.dxM)));

    // Classify fluid cells: fast path unless they need anything the unrolled kernel lacks.
    const runs: number[] = [];
    const slowList: number[] = [];
    let fastCells = 0;
    const faces = spec.mode === 'column' ? COLUMN_FACES : l === 0 ? LEVEL0_FACES : REFINED_FACES;
    const ctx: LinkContext = {
      box,
      pad,
      kind: d.kind,
      faces,
      slipSolids: physics.faceWallModel === true && (physics.closure === 'k-l' || physics.closure === 'k-l-des'),
    };
    const topDrive = (physics.profile.frictionVelocityMs * physics.latticePerMs) ** 2;
    for (let k = 0; k < box.nz; k++) {
      for (let j = 0; j < box.ny; j++) {
        let runStart = -1;
        const flush = (iEnd: number) => {
          if (runStart >= 0) {
            runs.push(cellIndex(pad, runStart, j, k), iEnd - runStart, k, runStart);
            fastCells += iEnd - runStart;
            runStart = -1;
          }
        };
        for (let i = 0; i < box.nx; i++) {
          const x = cellIndex(pad, i, j, k);
          if (d.kind[x] !== KIND.FLUID) {
            flush(i);
            continue;
          }
          const slow =
            k === 0 || d.recorders.has(x) || (porous !== null && porous[unpadded(box, i, j, k)] > 0) || hasNonStreamableNeighbour(box, pad, d.kind, i, j, k);
          if (slow) {
            flush(i);
            slowList.push(x);
          } else if (runStart < 0) {
            runStart = i;
          }
        }
        flush(box.nx);
      }
    }

    const coords = (x: number): [number, number, number] => [(x % pad.px) - 1, Math.floor((x % pad.pxy) / pad.px) - 1, Math.floor(x / pad.pxy) - 1];
    // Cells whose links are all at fixed offsets go last (SlowCells.linked), still in cell order:
    // a kernel can step them without their table. 0: the table; 1: an interior cell's links and
    // no source; 2: the first layer's links over the floor and the ground's source.
    const fixedKind = (x: number): number => {
      const [i, j, k] = coords(x);
      if (porous !== null && porous[unpadded(box, i, j, k)] > 0) return 0;
      if (k === 0) {
        for (let q = 0; q < Q; q++) if (readSlot(ctx, i, j, k, q) !== groundReadSlot(pad, x, q)) return 0;
        return 2;
      }
      if (l === 0 && k === box.nz - 1) return 0; // the top's driving stress
      for (let q = 0; q < Q; q++) if (readSlot(ctx, i, j, k, q) !== interiorReadSlot(pad, x, q)) return 0;
      return 1;
    };
    const kinds = slowList.map(fixedKind);
    const ordered = [0, 1, 2].flatMap((kind) => slowList.filter((_, s) => kinds[s] === kind));
    const ns = ordered.length;
    const slow = {
      count: ns,
      linked: kinds.filter((kind) => kind === 0).length,
      floor: ns - kinds.filter((kind) => kind === 2).length,
      cell: i32From(ordered),
      read: i32(ns * Q),
      nu: f32(ns),
      dragKind: u8(ns),
      drag: f32(ns),
      record: i32(ns),
    };
    for (let s = 0; s < ns; s++) {
      const x = ordered[s];
      const [i, j, k] = coords(x);
      for (let q = 0; q < Q; q++) {
        slow.read[s * Q + q] = readSlot(ctx, i, j, k, q);
      }
      slow.nu[s] = nuZ[k] + nuX[i];
      const porosity = porous ? porous[unpadded(box, i, j, k)] : 0;
      if (porosity > 0) {
        slow.dragKind[s] = DRAG.POROUS;
        slow.drag[s] = porosity * box.dxM;
      } else if (k === 0) {
        slow.dragKind[s] = DRAG.GROUND;
        slow.drag[s] = groundDrag;
      } else if (l === 0 && k === box.nz - 1) {
        slow.dragKind[s] = DRAG.TOP;
        slow.drag[s] = topDrive;
      }
      slow.record[s] = d.recorders.get(x) ?? -1;
    }

    const preList = [...d.source.keys()].sort((a, b) => a - b);
    const np = preList.length;
    const pre = {
      count: np,
      cell: i32From(preList),
      write: i32(np * Q),
      nu: f32(np),
      source: u8(np),
      state: f32(np * MOMENTS),
      delta: f32(np * MOMENTS),
      slots: i32(np * STENCIL).fill(-1),
      weights: f32(np * STENCIL),
      factorU: f32(np * STENCIL).fill(1),
      factorS: f32(np * STENCIL).fill(1),
    };
    for (let p = 0; p < np; p++) {
      const x = preList[p];
      const [i, j, k] = coords(x);
      for (let q = 0; q < Q; q++) pre.write[p * Q + q] = writeSlot(ctx, i, j, k, q);
      pre.nu[p] = nuZ[k] + nuX[i];
      const src = d.source.get(x)!;
      pre.source[p] = src;
      // Every prescribed cell starts in the approach flow; the inflow keeps it. S_xz = ½·dU/dz per
      // time step of this level.
      const zc = (k + 0.5) * box.dxM;
      const flow =
        src === SOURCE.INLET && physics.inletFromProfile
          ? { speedMs: physics.profile.speedMs(zc), shearPerS: physics.profile.shearPerS(zc) }
          : approach(physics, l, box.dxM, k);
      pre.state[p * MOMENTS] = 1;
      pre.state[p * MOMENTS + 1] = flow.speedMs * physics.latticePerMs;
      pre.state[p * MOMENTS + 8] = 0.5 * flow.shearPerS * dt0S * 2 ** -l;
      if (src === SOURCE.OUTLET) {
        pre.slots[p * STENCIL] = outletSlot.get(x) ?? -1;
      } else if (src === SOURCE.GHOST) {
        const st = d.ghostStencils.get(x)!;
        for (let s = 0; s < st.slots.length; s++) {
          pre.slots[p * STENCIL + s] = st.slots[s];
          pre.weights[p * STENCIL + s] = st.weights[s];
          pre.factorU[p * STENCIL + s] = st.factorU[s];
          pre.factorS[p * STENCIL + s] = st.factorS[s];
        }
      } else if (src === SOURCE.RESTRICT) {
        const at = placements[l];
        const fine = drafts[l + 1];
        const fp = padded(fine.box);
        for (let c = 0; c < 8; c++) {
          const fi = 2 * (i - at.ax) + (c & 1),
            fj = 2 * (j - at.ay) + ((c >> 1) & 1),
            fk = 2 * k + ((c >> 2) & 1);
          const fx = cellIndex(fp, fi, fj, fk);
          if (fine.kind[fx] !== KIND.FLUID) continue;
          pre.slots[p * STENCIL + c] = fx;
          const there = approach(physics, l + 1, fine.box.dxM, fk);
          pre.factorU[p * STENCIL + c] = ratio(flow.speedMs, there.speedMs);
          pre.factorS[p * STENCIL + c] = ratio(flow.shearPerS, there.shearPerS);
        }
      }
    }

    // What the restriction adds to the normal strains, by layer, per step of this level.
    const restrictNormalZ = f32(3 * box.nz);
    if (l + 1 < boxes.length)
      for (let k = 0; k < box.nz; k++)
        for (let a = 0; a < 3; a++) {
          const children = 0.5 * (columnNormal(physics, l + 1, 2 * k, a) + columnNormal(physics, l + 1, 2 * k + 1, a));
          restrictNormalZ[3 * k + a] = (columnNormal(physics, l, k, a) - children) * dt0S * 2 ** -l;
        }
    const recCount = d.recorders.size;
    const level: Level = {
      index: l,
      box,
      pad,
      child: l + 1 < boxes.length ? placements[l] : null,
      f: f32(Q * pad.n),
      kind: d.kind,
      nuZ,
      nuX,
      len2,
      tkeLenZ,
      runs: i32From(runs),
      runCount: runs.length / 4,
      fastCells,
      slow,
      pre,
      rec: [f32(Math.max(1, recCount) * MOMENTS), f32(Math.max(1, recCount) * MOMENTS)],
      recCount,
      meanSum: f32(MEAN_FIELDS * pad.n),
      slabSum: f64(SLAB_FIELDS * pad.pxy * (slabLayers + 1)),
      slabLayers,
      wallShear,
      nut: f32(pad.n),
      anisotropic: null,
      turb: null,
      restrictNormalZ,
      groundDrag,
      sponge,
    };
    if (transported) {
      const lp2 = physics.latticePerMs * physics.latticePerMs;
      level.turb = buildKLevel(
        {
          box,
          pad,
          kind: d.kind,
          solid: spec.solid[l],
          preCell: pre.cell,
          preSource: pre.source,
          preSlots: pre.slots,
          len2: lengths,
          groundDrag,
          groundShear: wallShear,
        },
        (z) => physics.profile.tkeAtM2s2(z) * lp2,
      );
    }
    if (level.turb && free && physics.closure === 'k-l') {
      // The ground's first layer keeps its wall-function length.
      for (const x of level.turb.cells) if (level.turb.role[x] === ROLE.GROUND) free[x] = 0;
      level.turb.lateral = { free, wall: level.turb.len.slice(), above: physics.lateralShareAbove ?? 0 };
      if (physics.lateralAnisotropic) level.anisotropic = { nutV: f32(pad.n), nutH: f32(pad.n) };
    }
    if (level.turb && des && physics.shearLayerAdapted) {
      const base = f32(pad.n);
      for (const x of level.turb.cells) if (Math.abs(level.turb.len[x] - C_DES) < 1e-6) base[x] = C_DES;
      level.turb.desBase = base;
    }
    // The entry of a zone that has cells (none without buildings: the approach flow is left alone).
    if (level.turb && zoneCells > 0 && l > 0 && l === physics.desLevel && physics.syntheticSeed !== undefined)
      level.turb.synthetic = syntheticInflowOf(level, physics, physics.syntheticSeed);
    if (level.turb && physics.holdApproach && physics.inletFromProfile && spec.mode !== 'column')
      level.turb.drive = approachSources(tableColumn(physics, box, l, groundDrag, wallShear, topDrive));
    if (level.turb && physics.faceWallModel)
      level.turb.faceWall = faceWallOf(level.turb, pad.px, pad.pxy, (AIR_VISCOSITY_M2S * physics.latticePerMs) / box.dxM);
    initialise(level, physics);
    return level;
  });
  for (let l = 1; l < levels.length; l++) {
    const fine = levels[l],
      parent = levels[l - 1];
    if (fine.turb && parent.turb)
      linkToParent({ box: parent.box, pad: parent.pad, turb: parent.turb }, { box: fine.box, pad: fine.pad, turb: fine.turb, pre: fine.pre });
  }
  for (const level of levels) if (level.turb) setEddyViscosities(level);
  return { levels, physics, dt0S };
}
