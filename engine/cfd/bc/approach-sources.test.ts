import { describe, expect, it } from 'vitest';
import { approachSources, type TableColumn } from './approach-sources.ts';
import { C_MU } from './abl-inlet.ts';
import { eddyViscosity } from '../turbulence/k-l-model.ts';

/**
 * A column that carries the stress s through every face in the lattice's steady state (lattice
 * units): any lengths, k = s/√Cμ (the k–ℓ closure's equilibrium), strains G = s/ν_t and speeds
 * stepping by the trapezoidal rule of the strains (bc/ground-lengths.ts), a wall drag that takes s.
 * `topStress` null: a refined level, the same column continuing above its top.
 */
function uniformStress(nz: number, s: number, topStress: number | null, tkeScale = 1): TableColumn {
  const tke = (s / Math.sqrt(C_MU)) * tkeScale;
  const length = (k: number) => 0.41 * (k + 0.5) + 0.3 * Math.sin(k);
  const strain = (k: number) => s / eddyViscosity(tke, length(k));
  const speeds = [0.04];
  for (let k = 1; k <= nz; k++) speeds.push(speeds[k - 1] + 0.5 * (strain(k - 1) + strain(k)));
  const u0 = speeds[0];
  const groundDrag = s / (u0 * u0 - s * u0);
  return {
    nz,
    speed: (k) => speeds[k],
    shear: strain,
    tke: () => tke,
    length,
    groundDrag,
    groundShear: strain(0) / (Math.sqrt(groundDrag) * u0),
    topStress,
  };
}

describe('approachSources', () => {
  it('leaves a column that already is the lattice’s steady state under the closure alone', () => {
    const { force, sourceK } = approachSources(uniformStress(12, 2e-5, null));
    for (let k = 0; k < 12; k++) {
      expect(Math.abs(force[k])).toBeLessThan(1e-12);
      expect(Math.abs(sourceK[k])).toBeLessThan(1e-12);
    }
  });

  it('adds up, over level 0’s column, to the stress through its top less the stress through the ground', () => {
    const column = uniformStress(10, 2e-5, 5e-5);
    const total = approachSources(column).force.reduce((a, b) => a + b, 0);
    const u0 = column.speed(0),
      drag = column.groundDrag * u0;
    expect(total).toBeCloseTo(-(5e-5 - (drag * u0) / (1 + drag)), 12);
  });

  it('holds back the lower layers where the stress grows with height', () => {
    // The same speeds with k growing with height: ν_t and with it the stress grow upwards, and every
    // layer would gain momentum from the one above.
    const base = uniformStress(10, 2e-5, null);
    const column: TableColumn = { ...base, tke: (k) => base.tke(k) * (1 + 0.3 * k) };
    const { force } = approachSources(column);
    for (let k = 1; k < 9; k++) expect(force[k]).toBeLessThan(0);
  });

  it('feeds k where the closure would dissipate more than the shear produces, and drains it where less', () => {
    expect(approachSources(uniformStress(8, 2e-5, null, 4)).sourceK[4]).toBeGreaterThan(0);
    expect(approachSources(uniformStress(8, 2e-5, null, 0.25)).sourceK[4]).toBeLessThan(0);
  });
});
