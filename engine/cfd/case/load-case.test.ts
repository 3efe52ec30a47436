import { describe, expect, it } from 'vitest';
import { loadCase, type CaseArgs } from './load-case.ts';
import { CfdCaseError, windFromDeg } from './inputs.ts';
import { planCase } from './plan-case.ts';
import { boxTriangles } from '../geometry/box-mesh.ts';
import { ablProfile } from '../bc/abl-inlet.ts';
import { solverFrame, toSolver } from '../geometry/rotate.ts';
import { writeBinaryStl } from '../../geometry/stl/writer.ts';

const INFLOW = 'z_m,U_ms,k_m2s2\n1,2.5,0.4\n5,3.4,0.5\n10,3.8,0.55\n20,4.5,0.6\n';
const PROBES = 'x_m,y_m,z_m\n-10,0,1.25\n10,-7.5,1.25\n30,0,5\n';

function files(overrides: Record<string, string | Uint8Array | null> = {}) {
  const all: Record<string, string | Uint8Array | null> = {
    'b.stl': writeBinaryStl(boxTriangles(-5, -5, 0, 5, 5, 20)),
    'in.csv': INFLOW,
    'p.csv': PROBES,
    ...overrides,
  };
  return (path: string): Uint8Array => {
    const f = all[path];
    if (f === undefined || f === null) throw Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' });
    return typeof f === 'string' ? new TextEncoder().encode(f) : f;
  };
}

const ARGS: CaseArgs = { stl: 'b.stl', inflow: 'in.csv', probes: 'p.csv', out: 'out.csv' };
const refused = (args: CaseArgs, read = files()) => {
  try {
    planCase(loadCase(args, read));
  } catch (error) {
    expect(error).toBeInstanceOf(CfdCaseError);
    return (error as Error).message;
  }
  throw new Error('not refused');
};

describe('cfd:case inputs', () => {
  it('reads a good case: the probes in order, the inflow continued above its top row by the fitted log law, b/8 of the smallest building', () => {
    const c = loadCase({ ...ARGS, 'flow-angle': '90' }, files());
    expect(Array.from(c.probes)).toEqual([-10, 0, 1.25, 10, -7.5, 1.25, 30, 0, 5]);
    expect(c.inflow.k).toEqual([0.4, 0.5, 0.55, 0.6]);
    const profile = ablProfile(c.inflow.inlet);
    expect(profile.speedMs(10)).toBeCloseTo(3.8, 10);
    // Between rows: linear in ln z.
    expect(profile.speedMs(15)).toBeCloseTo(3.8 + (0.7 * Math.log(1.5)) / Math.log(2), 10);
    // Above the table: growing, and continuous at its top.
    expect(profile.speedMs(20.001)).toBeCloseTo(4.5, 3);
    expect(profile.speedMs(60)).toBeGreaterThan(profile.speedMs(40));
    expect(profile.speedMs(40)).toBeGreaterThan(4.5);
    const plan = planCase(c);
    expect(plan.finestCellM).toBeCloseTo(10 / 8, 6);
    expect(plan.buildingCount).toBe(1);
    // Flow angle 90°: the flow goes towards +y, so the solver's +x (its inflow direction) is world +y.
    const frame = solverFrame(plan.input.directionDeg, 0, 0);
    const [x, y] = toSolver(frame, 0, 100);
    expect(x).toBeCloseTo(100, 6);
    expect(y).toBeCloseTo(0, 6);
    expect(plan.input.probes).toBe(c.probes);
  });

  it('turns the flow counter-clockwise seen from above (0°: towards +x)', () => {
    expect(windFromDeg(0)).toBe(270);
    expect(windFromDeg(90)).toBe(180);
    expect(windFromDeg(-90)).toBe(0);
    expect(windFromDeg(450)).toBe(180);
  });

  it('names a missing option and a file it cannot read', () => {
    expect(refused({ ...ARGS, probes: undefined })).toMatch(/--probes is missing \(usage: npm run cfd:case/);
    expect(refused({ ...ARGS, inflow: 'nowhere.csv' })).toBe('cannot read --inflow nowhere.csv: no such file');
    expect(refused(ARGS, files({ 'b.stl': new TextEncoder().encode('solid x\nfacet normal 0 0 1\n') }))).toMatch(/^--stl b\.stl is not a readable STL: /);
  });

  it('names wrong columns, non-numbers and impossible profiles by file, row and column', () => {
    expect(refused(ARGS, files({ 'in.csv': 'z,U\n1,2\n' }))).toBe(
      'in.csv: wrong columns — expected z_m,U_ms,[k_m2s2], found z,U (missing z_m, U_ms) (unknown z, U)',
    );
    expect(refused(ARGS, files({ 'p.csv': 'x_m,y_m\n1,2\n' }))).toMatch(/^p\.csv: wrong columns — expected x_m,y_m,z_m, found x_m,y_m \(missing z_m\)/);
    expect(refused(ARGS, files({ 'p.csv': 'x_m,y_m,z_m\n1,2,abc\n' }))).toBe("p.csv, row 2, column z_m: 'abc' is not a number");
    expect(refused(ARGS, files({ 'in.csv': 'z_m,U_ms\n10,3\n5,4\n' }))).toBe('in.csv, row 3: z_m must increase from row to row (10 then 5)');
    expect(refused({ ...ARGS, 'flow-angle': 'north' })).toBe("--flow-angle: 'north' is not a number of degrees");
    expect(refused({ ...ARGS, 'finest-cell': '0' })).toBe("--finest-cell: '0' is not a positive length in metres");
  });

  it('refuses a probe inside a building, with its row', () => {
    expect(refused(ARGS, files({ 'p.csv': 'x_m,y_m,z_m\n-10,0,1\n0.5,0.3,10\n' }))).toBe('1 probe lies inside a building of b.stl: row 3 (0.5, 0.3, 10)');
  });

  it('counts the buildings, so that a run around a group can be told to check its grid', () => {
    const two = new Float32Array([...boxTriangles(-5, -5, 0, 5, 5, 20), ...boxTriangles(15, -5, 0, 21, 5, 10)]);
    const plan = planCase(loadCase(ARGS, files({ 'b.stl': writeBinaryStl(two) })));
    expect(plan.buildingCount).toBe(2);
    expect(plan.smallestBuildingM).toBeCloseTo(6, 6);
  });

  it('refuses a grid over the memory limit with its numbers and the way out: a finest cell that fits', () => {
    const message = refused({ ...ARGS, 'finest-cell': '0.05' });
    const named =
      /grid for this geometry needs \d+(\.\d+)? million cells and \d+(\.\d+)? GiB \(limits: 12\.0 million cells, 4\.0 GiB\)\. Choose a larger --finest-cell \(now 0\.05 m; ([\d.]+) m fits the limits\)/.exec(
        message,
      );
    expect(named).not.toBeNull();
    const fits = Number(named![3]);
    // It does fit, and a cell a quarter smaller does not: the suggestion is close to the finest that fits.
    expect(planCase(loadCase({ ...ARGS, 'finest-cell': String(fits) }, files())).finestCellM).toBe(fits);
    expect(refused({ ...ARGS, 'finest-cell': String(+(fits / 1.25).toPrecision(3)) })).toMatch(/Choose a larger --finest-cell/);
  });
});
