import { describe, expect, it } from 'vitest';
import { buildingGrid } from '../test/small-grids.ts';
import { inlineStepper } from '../run/stepper.ts';
import type { Grid } from '../grid/level.ts';
import {
  collideRunsEven,
  collideRunsEvenAniso,
  collideRunsOdd,
  collideRunsOddAniso,
  emitPrescribedEven,
  emitPrescribedEvenAniso,
} from './aa-kernel.generated.ts';
import { prepareKernel } from './run-kernel.ts';
import { anisotropicStrainInPlace, anisotropicStrainNorm } from './cell.ts';

/** Two levels over a building with the transported-k closure; `aniso`: the lateral length's anisotropic form. */
const make = (aniso: boolean): Grid => buildingGrid(false, aniso ? { lateralAnisotropic: true } : {});

const largest = (a: Float32Array, b: Float32Array) => a.reduce((w, v, i) => Math.max(w, Math.abs(v - b[i])), 0);

describe('the anisotropic eddy viscosity in the JavaScript kernel', () => {
  it('is the ordinary collision when the horizontal stresses take the same eddy viscosity', async () => {
    const grid = make(false);
    await inlineStepper(grid, 'js').advance(16, false);
    for (const level of grid.levels) {
      const { pad, pre } = level;
      for (const [plain, aniso] of [
        [collideRunsEven, collideRunsEvenAniso],
        [collideRunsOdd, collideRunsOddAniso],
      ] as const) {
        const a = level.f.slice(),
          b = level.f.slice();
        plain(a, pad.n, pad.px, pad.pxy, level.runs, 0, level.runs.length / 4, level.nuZ, level.nuX, level.len2, level.nut);
        aniso(b, pad.n, pad.px, pad.pxy, level.runs, 0, level.runs.length / 4, level.nuZ, level.nuX, level.len2, level.nut, level.nut);
        expect(largest(a, level.f)).toBeGreaterThan(1e-6);
        expect(largest(a, b)).toBeLessThan(1e-7);
      }
      const a = level.f.slice(),
        b = level.f.slice();
      emitPrescribedEven(a, pad.n, pre.cell, pre.write, pre.nu, level.len2, pre.state, 0, pre.count, level.nut);
      emitPrescribedEvenAniso(b, pad.n, pre.cell, pre.write, pre.nu, level.len2, pre.state, 0, pre.count, level.nut, level.nut);
      expect(largest(a, b)).toBeLessThan(1e-7);
    }
  });

  it('steps on the JavaScript kernel with a longer horizontal eddy viscosity near the ground and the wall one in the approach flow', async () => {
    const grid = make(true);
    expect(prepareKernel(grid)).toBe('js');
    await inlineStepper(grid, 'js').advance(24, false);
    for (const level of grid.levels) {
      const an = level.anisotropic!;
      const turb = level.turb!;
      let longer = 0;
      for (const x of turb.cells) {
        expect(Number.isFinite(level.f[x])).toBe(true);
        expect(an.nutH[x]).toBeGreaterThanOrEqual(an.nutV[x]);
        if (an.nutH[x] > 1.5 * an.nutV[x]) longer++;
        // Where the ground does not limit the length, the two are one.
        if (!(turb.lateral!.free[x] > 0)) expect(an.nutH[x]).toBe(an.nutV[x]);
      }
      expect(longer).toBeGreaterThan(0);
    }
  });
});

describe('the strain of the anisotropic form', () => {
  const S = [0.01, -0.004, -0.006, 0.003, 0.002, -0.001];
  const rho = 1.02;
  /** Π_neq from S as a prescribed cell builds it: −2ρ·cs²·τ per part, τH for the horizontal deviatoric one. */
  const piOf = (tau: number, tauH: number) => {
    const kp = (-2 * rho * tau) / 3,
      kph = (-2 * rho * tauH) / 3;
    const pm = 0.5 * kp * (S[0] + S[1]),
      pd = 0.5 * kph * (S[0] - S[1]);
    return Float64Array.from([rho, 0, 0, 0, pm + pd, pm - pd, kp * S[2], kph * S[3], kp * S[4], kp * S[5]]);
  };

  it('gives back the strain a prescribed cell was built from, whatever the two relaxation times', () => {
    for (const [tau, tauH] of [
      [0.51, 0.51],
      [0.52, 0.9],
      [0.7, 0.55],
    ]) {
      const m = piOf(tau, tauH);
      anisotropicStrainInPlace(m, tau, tauH);
      S.forEach((s, c) => expect(m[4 + c]).toBeCloseTo(s, 14));
      const norm = Math.sqrt(S[0] ** 2 + S[1] ** 2 + S[2] ** 2 + 2 * (S[3] ** 2 + S[4] ** 2 + S[5] ** 2));
      expect(anisotropicStrainNorm(piOf(tau, tauH), tau, tauH)).toBeCloseTo(norm, 14);
    }
  });

  it('is the isotropic strain when the two relaxation times agree', () => {
    const m = piOf(0.6, 0.6);
    const iso = Array.from(m.subarray(4), (p) => (-1.5 / (rho * 0.6)) * p);
    anisotropicStrainInPlace(m, 0.6, 0.6);
    iso.forEach((s, c) => expect(m[4 + c]).toBeCloseTo(s, 15));
  });
});
