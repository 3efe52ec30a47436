/**
 * The atmospheric boundary layer (ABL) the solver is fed with, and the background eddy viscosity
 * that keeps it from decaying over the fetch.
 *
 * Mean speed: the neutral log law U(z) = (u* / κ)·ln((z + z0)/z0), u* from U_ref at z_ref
 * (shared/DOMAIN.md §2; Richards & Hoxey, "Appropriate boundary conditions for computational wind
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
   * Above the top row: 'constant' (default: the top row's speed, a wind tunnel's free stream) or
   * 'log-fit' (the log law of frictionVelocityMs and roughnessLengthM, shifted to meet the top row).
   */
  aboveTop?: 'constant' | 'log-fit';
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
  describe(): string;
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
      describe: () => `log law: ${spec.referenceSpeedMs} m/s at ${spec.referenceHeightM} m, z0 = ${z0} m, u* = ${us.toFixed(3)} m/s`,
    };
  }
  const { heightsM: zs, speedsMs: us, roughnessLengthM: z0, frictionVelocityMs: ustar } = spec;
  if (zs.length < 2 || zs.length !== us.length) throw new RangeError('inlet table needs two or more (height, speed) pairs');
  for (let i = 1; i < zs.length; i++) if (!(zs[i] > zs[i - 1])) throw new RangeError('inlet table heights must increase');
  const top = zs[zs.length - 1];
  const logAbove = spec.aboveTop === 'log-fit';
  const at = (z: number): number => {
    if (z <= zs[0]) return us[0];
    if (z >= top) return logAbove ? us[us.length - 1] + (ustar / KARMAN) * Math.log((z + z0) / (top + z0)) : us[us.length - 1];
    let i = 1;
    while (zs[i] < z) i++;
    const t = (z - zs[i - 1]) / (zs[i] - zs[i - 1]);
    return us[i - 1] + t * (us[i] - us[i - 1]);
  };
  return {
    speedMs: at,
    shearPerS: (z) => {
      if (logAbove && z > top + 0.5) return ustar / (KARMAN * (z + z0));
      const h = 0.5;
      return (at(z + h) - at(Math.max(0, z - h))) / (z + h - Math.max(0, z - h));
    },
    frictionVelocityMs: ustar,
    roughnessLengthM: z0,
    // In equilibrium with the measured profile under the constant stress u*²: ν = u*²/(dU/dz),
    // never more than the log law's κu*(z + z0) (where the table's shear vanishes at its top).
    backgroundViscosityM2s: (z) => {
      const logLaw = KARMAN * ustar * (Math.max(z, 0) + z0);
      const h = Math.max(1, 0.1 * z);
      const shear = (at(z + h) - at(Math.max(0, z - h))) / (z + h - Math.max(0, z - h));
      return shear > 0 ? Math.min((ustar * ustar) / shear, logLaw) : logLaw;
    },
    turbulentKineticEnergyM2s2: (ustar * ustar) / Math.sqrt(C_MU),
    describe: () => `${spec.description}; wall model z0 = ${z0} m, u* = ${ustar.toFixed(3)} m/s`,
  };
}
