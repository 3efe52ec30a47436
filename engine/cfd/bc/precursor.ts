/**
 * The approach flow the solver itself sustains: a precursor run of a periodic column of one cell
 * per level resolution, driven at the top by the ABL's shear stress u*² and braked at the ground by
 * the log-law wall model, relaxed to its steady state from the analytic profile.
 *
 * Why: at the cell Reynolds numbers of urban runs the lattice's viscous flux near the ground is a
 * small difference of large terms, so the discrete flow does not hold the continuous log law
 * exactly in the first few cells. Feeding the inflow (and the level interfaces) with the profile the
 * discrete model holds in equilibrium makes the approach flow horizontally homogeneous by
 * construction (Blocken, Stathopoulos & Carmeliet, "CFD simulation of the atmospheric boundary
 * layer: wall function problems", Atmos. Environ. 41, 2007, ask exactly this consistency of inlet,
 * wall function and turbulence model). In steady state the first cell's speed is the log law's at
 * its centre (the wall stress must equal the driving stress u*²); the cells above differ from the
 * log law by what the discretisation makes of it, a few per cent at most.
 */
import { Q } from '../lattice/d3q19.ts';
import { momentsOf, relaxationTime, tensorNorm } from '../kernel/cell.ts';
import { buildHierarchy, type ColumnProfile, type Physics } from '../grid/build-hierarchy.ts';
import { cellIndex } from '../grid/layout.ts';
import { makeThreadContext } from '../solver/step.ts';
import { advance } from '../solver/advance.ts';
import { KARMAN } from './abl-inlet.ts';

export interface PrecursorResult extends ColumnProfile {
  steps: number;
  /** Largest relative change of any layer's speed over the last check interval. */
  residual: number;
}

export function equilibriumColumn(physics: Physics, dxM: number, nz: number): PrecursorResult {
  // The transported-k closure's log-layer equilibrium is the mixing length's (k-l-model.ts), so the
  // column is relaxed with the mixing length: no k to carry in a column of one cell.
  const base: Physics = {
    ...physics,
    columns: undefined,
    spongeCells: 0,
    closure: physics.closure === 'k-l' || physics.closure === 'k-l-des' ? 'mixing-length' : physics.closure,
  };
  const h = buildHierarchy({
    boxes: [{ dxM, originM: [0, 0, 0], nx: 1, ny: 1, nz }],
    placements: [],
    solid: [new Uint8Array(nz)],
    physics: base,
    mode: 'column',
  });
  const level = h.levels[0];
  const ctx = makeThreadContext(h, 0, 1, () => {}, [0]);
  const speed = () => {
    const pop = new Float64Array(Q),
      m = new Float64Array(10),
      u = new Float64Array(nz);
    for (let k = 0; k < nz; k++) {
      const x = cellIndex(level.pad, 0, 0, k);
      for (let q = 0; q < Q; q++) pop[q] = level.f[q * level.pad.n + x];
      momentsOf(pop, m);
      u[k] = m[1];
    }
    return u;
  };
  // The near-ground layers relax on their diffusion time z/(κ u*); give the lowest dozen cells
  // several of those, and stop earlier once nothing moves.
  const uStarLattice = physics.profile.frictionVelocityMs * physics.latticePerMs;
  const chunk = 200;
  const maxSteps = Math.min(400_000, Math.ceil((4 * 12) / (KARMAN * uStarLattice) / chunk) * chunk);
  let previous = speed();
  let steps = 0,
    residual = Infinity;
  while (steps < maxSteps) {
    advance(h, ctx, { steps: chunk, accumulate: false, health: null });
    steps += chunk;
    const now = speed();
    residual = 0;
    for (let k = 0; k < nz; k++) residual = Math.max(residual, Math.abs(now[k] - previous[k]) / Math.max(1e-12, Math.abs(now[k])));
    previous = now;
    if (!(residual === residual)) throw new Error('the approach-flow precursor diverged (check the inflow and the grid)');
    if (residual < 1e-6) break;
  }
  const speedMs = new Float64Array(nz),
    shearPerS = new Float64Array(nz),
    normalStrainPerS = new Float64Array(3 * nz);
  const pop = new Float64Array(Q),
    m = new Float64Array(10);
  const dt = physics.latticePerMs * dxM;
  for (let k = 0; k < nz; k++) {
    const x = cellIndex(level.pad, 0, 0, k);
    for (let q = 0; q < Q; q++) pop[q] = level.f[q * level.pad.n + x];
    momentsOf(pop, m);
    const tau = relaxationTime(level.nuZ[k], 18 * Math.SQRT2 * level.len2[x], tensorNorm(m, 4), m[0]);
    const sxz = -m[8] / (2 * m[0] * (1 / 3) * tau);
    speedMs[k] = m[1] / physics.latticePerMs;
    shearPerS[k] = (2 * sxz) / dt;
    for (let a = 0; a < 3; a++) normalStrainPerS[3 * k + a] = -m[4 + a] / (2 * m[0] * (1 / 3) * tau) / dt;
  }
  return { speedMs, shearPerS, normalStrainPerS, steps, residual };
}
