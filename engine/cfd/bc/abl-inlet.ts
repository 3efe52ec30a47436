/**
 * The atmospheric boundary layer (ABL) the solver is fed with, and the background eddy viscosity
 * that keeps it from decaying over the fetch.
 *
 * Mean speed: the neutral log law U(z) = (u* / κ)·ln((z + z0)/z0), u* from U_ref at z_ref
 * (docs/reference/DOMAIN.md §2; Richards & Hoxey, "Appropriate boundary conditions for computational wind
 * engineering models using the k-ε turbulence model", JWEIA 46–47, 1993), or a measured table
 * (the AIJ Case A approach flow).
 *
 * Why a background viscosity: at the grids Canopy can afford (metres), the eddies that carry the
 * ABL's shear stress down to the ground are far smaller than a cell and the inflow carries no
 * resolved turbulence, so a pure Smagorinsky LES has almost no stress in the approach flow: the
 * ground stress then brakes only the first cell layer and the profile collapses within a few
 * hundred metres. The approach flow's own turbulence is therefore modelled, as a RANS model of the
 * ABL would (Richards & Hoxey 1993: ν_t = κ u* (z + z0), k = u*²/√Cμ), and added to the local
 * Smagorinsky viscosity: ν = ν_abl(z) + ν_sgs. With it the log profile is an exact equilibrium of
 * the ground's wall stress (a horizontally homogeneous ABL); around buildings, the resolved
 * unsteadiness and the Smagorinsky term add what the buildings generate. This is a hybrid in the
 * spirit of detached-eddy simulation: modelled ABL turbulence, resolved building wakes.
 */

export const KARMAN = 0.41;
/** Cμ of the standard k-ε model (Launder & Spalding 1974); k = u*²/√Cμ in an equilibrium ABL. */
export const C_MU = 0.09;

export interface LogLawInlet {
  kind: 'log';
  /** Aerodynamic roughness length of the upstream terrain, m. */
  roughnessLengthM: number;
  /** Mean speed at the reference height, m/s. */
  referenceSpeedMs: number;
  referenceHeightM: number;
}

export interface TableInlet {
  kind: 'table';
  /** Heights (m, increasing) and mean speeds (m/s) of a measured approach flow. */
  heightsM: readonly number[];
  speedsMs: readonly number[];
  /** Roughness length used by the ground's wall model and the background viscosity, m. */
  roughnessLengthM: number;
  /** Friction velocity of the approach flow, m/s (from a log-law fit of the table). */
  frictionVelocityMs: number;
  /**
   * Above the top row: 'constant' (default: the top row's speed, a wind tunnel's free stream) or a
   * log law (its u* and z0, e.g. fitted to the whole table), shifted to meet the top row.
   */
  aboveTop?: 'constant' | LogLawFit;
  /** Measured turbulent kinetic energy at `heightsM` (m²/s²), if the table has it. */
  tkeM2s2?: readonly number[];
  description: string;
}

export type InletSpec = LogLawInlet | TableInlet;

export interface AblProfile {
  /** Mean streamwise speed at height z (m), m/s. */
  speedMs(zM: number): number;
  /** dU/dz at height z, 1/s. */
  shearPerS(zM: number): number;
  frictionVelocityMs: number;
  roughnessLengthM: number;
  /** Background (modelled ABL) eddy viscosity at height z, m²/s. */
  backgroundViscosityM2s(zM: number): number;
  /** Turbulent kinetic energy of the approach flow (modelled), m²/s². */
  turbulentKineticEnergyM2s2: number;
  /**
   * The approach flow's k at height z, m²/s²: a measured table's own column where it has one
   * (interpolated in ln z, constant beyond its rows), else the equilibrium u*²/√Cμ.
   */
  tkeAtM2s2(zM: number): number;
  describe(): string;
}

export interface LogLawFit {
  frictionVelocityMs: number;
  roughnessLengthM: number;
}

/**
 * Least-squares fit of U = (u* / κ)·ln(z/z0) to the rows of a measured profile with 0 < z ≤ upToM
 * (and U > 0); null with fewer than two such rows or a speed that does not grow with height.
 */
export function fitLogLaw(heightsM: readonly number[], speedsMs: readonly number[], upToM = Infinity): LogLawFit | null {
  const xs: number[] = [],
    ys: number[] = [];
  heightsM.forEach((z, i) => {
    if (z > 0 && z <= upToM && speedsMs[i] > 0) {
      xs.push(Math.log(z));
      ys.push(speedsMs[i]);
    }
  });
  if (xs.length < 2) return null;
  const n = xs.length;
  const mx = xs.reduce((a, x) => a + x, 0) / n,
    my = ys.reduce((a, y) => a + y, 0) / n;
  let sxy = 0,
    sxx = 0;
  for (let i = 0; i < n; i++) {
    sxy += (xs[i] - mx) * (ys[i] - my);
    sxx += (xs[i] - mx) ** 2;
  }
  const slope = sxy / sxx;
  if (!(slope > 0)) return null;
  return { frictionVelocityMs: KARMAN * slope, roughnessLengthM: Math.exp(mx - my / slope) };
}

/**
 * The ground's wall model for a measured profile: the log law of its surface layer, the lowest
 * tenth of the profile (at least its two lowest rows above the ground). Why the surface layer: the
 * wall model brakes the first cell as the log law of its z0 and u* says, so those must be the ones
 * the measured flow has near the ground, or the solver pulls the near-ground flow towards another
 * profile over the fetch (Blocken, Stathopoulos & Carmeliet 2007, "CFD simulation of the atmospheric
 * boundary layer: wall function problems", Atmos. Environ. 41:238–252). A fit over the whole
 * profile would take the shear of the upper layers, where a wind tunnel's boundary layer is no
 * longer a constant-stress layer.
 */
export function surfaceLayerFit(heightsM: readonly number[], speedsMs: readonly number[]): LogLawFit | null {
  const above = heightsM.filter((z) => z > 0);
  if (above.length < 2) return null;
  return fitLogLaw(heightsM, speedsMs, Math.max(0.1 * above[above.length - 1], above[1]));
}

export function frictionVelocity(referenceSpeedMs: number, referenceHeightM: number, roughnessLengthM: number): number {
  if (!(roughnessLengthM > 0)) throw new RangeError(`roughness length must be positive, got ${roughnessLengthM}`);
  if (!(referenceHeightM > roughnessLengthM)) throw new RangeError('reference height must exceed the roughness length');
  return (KARMAN * referenceSpeedMs) / Math.log((referenceHeightM + roughnessLengthM) / roughnessLengthM);
}

export function ablProfile(spec: InletSpec): AblProfile {
  if (spec.kind === 'log') {
    const z0 = spec.roughnessLengthM;
    const us = frictionVelocity(spec.referenceSpeedMs, spec.referenceHeightM, z0);
    return {
      speedMs: (z) => (us / KARMAN) * Math.log((Math.max(z, 0) + z0) / z0),
      shearPerS: (z) => us / (KARMAN * (Math.max(z, 0) + z0)),
      frictionVelocityMs: us,
      roughnessLengthM: z0,
      backgroundViscosityM2s: (z) => KARMAN * us * (Math.max(z, 0) + z0),
      turbulentKineticEnergyM2s2: (us * us) / Math.sqrt(C_MU),
      tkeAtM2s2: () => (us * us) / Math.sqrt(C_MU),
      describe: () => `log law: ${spec.referenceSpeedMs} m/s at ${spec.referenceHeightM} m, z0 = ${z0} m, u* = ${us.toFixed(3)} m/s`,
    };
  }
  const { heightsM: zs, speedsMs: us, roughnessLengthM: z0, frictionVelocityMs: ustar } = spec;
  if (zs.length < 2 || zs.length !== us.length) throw new RangeError('inlet table needs two or more (height, speed) pairs');
  for (let i = 1; i < zs.length; i++) if (!(zs[i] > zs[i - 1])) throw new RangeError('inlet table heights must increase');
  // Between its rows a measured profile is interpolated linearly in ln z (exact where it is a log
  // law, as a boundary layer nearly is); below its first row above the ground, the wall model's log
  // law takes it down to the ground (a row at z = 0, the wall, is not a speed to interpolate to).
  const rz: number[] = [],
    ru: number[] = [];
  zs.forEach((z, i) => {
    if (z > 0) {
      rz.push(z);
      ru.push(us[i]);
    }
  });
  if (rz.length < 1) throw new RangeError('inlet table needs a height above the ground');
  const top = rz[rz.length - 1];
  const above = spec.aboveTop && spec.aboveTop !== 'constant' ? spec.aboveTop : null;
  const wallShape = (z: number) => Math.log((z + z0) / z0);
  const at = (z: number): number => {
    if (z <= 0) return 0;
    if (z < rz[0]) return (ru[0] * wallShape(z)) / wallShape(rz[0]);
    if (z >= top)
      return above
        ? ru[ru.length - 1] + (above.frictionVelocityMs / KARMAN) * Math.log((z + above.roughnessLengthM) / (top + above.roughnessLengthM))
        : ru[ru.length - 1];
    let i = 1;
    while (rz[i] < z) i++;
    const t = Math.log(z / rz[i - 1]) / Math.log(rz[i] / rz[i - 1]);
    return ru[i - 1] + t * (ru[i] - ru[i - 1]);
  };
  const shear = (z: number): number => {
    if (z < rz[0]) return ru[0] / (wallShape(rz[0]) * (Math.max(z, 0) + z0));
    if (z >= top) return above ? above.frictionVelocityMs / (KARMAN * (z + above.roughnessLengthM)) : 0;
    const windowed = windowedSlope(rz, ru, z);
    if (windowed !== null) return windowed / z;
    let i = 1;
    while (rz[i] < z) i++;
    return (ru[i] - ru[i - 1]) / Math.log(rz[i] / rz[i - 1]) / z;
  };
  return {
    speedMs: at,
    shearPerS: shear,
    frictionVelocityMs: ustar,
    roughnessLengthM: z0,
    // In equilibrium with the measured profile under the constant stress u*²: ν = u*²/(dU/dz),
    // never more than the log law's κu*(z + z0) (where the table's shear vanishes at its top).
    backgroundViscosityM2s: (z) => {
      const logLaw = KARMAN * ustar * (Math.max(z, 0) + z0);
      const h = Math.max(1, 0.1 * z);
      const dudz = (at(z + h) - at(Math.max(0, z - h))) / (z + h - Math.max(0, z - h));
      return dudz > 0 ? Math.min((ustar * ustar) / dudz, logLaw) : logLaw;
    },
    turbulentKineticEnergyM2s2: (ustar * ustar) / Math.sqrt(C_MU),
    tkeAtM2s2: tableTke(spec),
    describe: () => `${spec.description}; wall model z0 = ${z0} m, u* = ${ustar.toFixed(3)} m/s`,
  };
}

/**
 * How far either side of a height a measured table's rows are taken into its shear: a factor 1.25
 * in z. Written down before any run it judged; see windowedSlope.
 */
const SHEAR_WINDOW = 1.25;

/**
 * The slope dU/d(ln z) of a measured table at height z: the least-squares line of U against ln z
 * through the rows within a factor SHEAR_WINDOW of z, when there are three or more of them (else
 * null, and the two rows either side give it). Why: a measured profile's row-to-row slope carries
 * the measurement's scatter divided by the rows' spacing, and where rows are dense that dominates
 * (AIJ Case A: 4.491, 4.502, 4.586, 4.606 m/s at 20, 20.625, 21.25, 22.5 m, a slope that jumps
 * eightfold from one pair of rows to the next). The strain is what the inflow and every level's
 * interface ring send out, so that scatter became a dip just inside each refined box
 * (docs/cfd-validation.md, "What was tried"). A line in ln z is exact for a log law, so the window
 * keeps a boundary layer's shear and drops only what varies faster than a quarter of the height,
 * the scale of the largest eddies there; where rows are sparse (near the ground, at the top) the
 * slope stays the two rows' own.
 */
function windowedSlope(rz: readonly number[], ru: readonly number[], z: number): number | null {
  let n = 0,
    sx = 0,
    sy = 0,
    sxx = 0,
    sxy = 0;
  for (let i = 0; i < rz.length; i++) {
    if (rz[i] < z / SHEAR_WINDOW || rz[i] > z * SHEAR_WINDOW) continue;
    const x = Math.log(rz[i]);
    n++;
    sx += x;
    sy += ru[i];
    sxx += x * x;
    sxy += x * ru[i];
  }
  if (n < 3) return null;
  return (n * sxy - sx * sy) / (n * sxx - sx * sx);
}

/** A table's k at any height: its own column (linear in ln z, constant beyond its rows), else u*²/√Cμ. */
function tableTke(spec: TableInlet): (zM: number) => number {
  const equilibrium = (spec.frictionVelocityMs * spec.frictionVelocityMs) / Math.sqrt(C_MU);
  const ks = spec.tkeM2s2;
  if (!ks || ks.length !== spec.heightsM.length) return () => equilibrium;
  const rz: number[] = [],
    rk: number[] = [];
  spec.heightsM.forEach((z, i) => {
    if (z > 0 && Number.isFinite(ks[i])) {
      rz.push(z);
      rk.push(ks[i]);
    }
  });
  if (rz.length === 0) return () => equilibrium;
  return (z) => {
    if (z <= rz[0]) return rk[0];
    if (z >= rz[rz.length - 1]) return rk[rk.length - 1];
    let i = 1;
    while (rz[i] < z) i++;
    const t = Math.log(z / rz[i - 1]) / Math.log(rz[i] / rz[i - 1]);
    return rk[i - 1] + t * (rk[i] - rk[i - 1]);
  };
}
