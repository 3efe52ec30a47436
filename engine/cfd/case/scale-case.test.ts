import { describe, expect, it } from 'vitest';
import { loadCase, type CaseArgs } from './load-case.ts';
import { CfdCaseError } from './inputs.ts';
import { planCase } from './plan-case.ts';
import { caseScale } from './scale-case.ts';
import { boxTriangles } from '../geometry/box-mesh.ts';
import { ablProfile, type TableInlet } from '../bc/abl-inlet.ts';
import { writeBinaryStl } from '../../geometry/stl/writer.ts';

/** The same single 1:1:2 building, its approach flow and probes, at a length scale of `s` (1: b = 10 m). */
function files(s: number) {
  const rows = [
    [0.625, 2.745, 0.372],
    [2.5, 3.175, 0.437],
    [10, 3.824, 0.52],
    [20, 4.491, 0.6],
    [40, 5.1, 0.55],
  ];
  const all: Record<string, string | Float32Array> = {
    'b.stl': boxTriangles(-5 * s, -5 * s, 0, 5 * s, 5 * s, 20 * s),
    'in.csv': 'z_m,U_ms,k_m2s2\n' + rows.map(([z, u, k]) => `${z * s},${u},${k}`).join('\n') + '\n',
    'p.csv':
      'x_m,y_m,z_m\n' +
      [
        [-7.5, 0, 1.25],
        [-2.5, -6.25, 1.25],
        [12.5, 0, 10],
        [32.5, -5, 1.25],
      ]
        .map((p) => p.map((v) => v * s).join(','))
        .join('\n') +
      '\n',
  };
  return (path: string): Uint8Array => {
    const f = all[path];
    return f instanceof Float32Array ? writeBinaryStl(f) : new TextEncoder().encode(f);
  };
}

const ARGS: CaseArgs = { stl: 'b.stl', inflow: 'in.csv', probes: 'p.csv', out: 'out.csv' };
/** A grid plan's numbers to a micrometre, so that two plans of one scene compare equal. */
const rounded = (v: unknown) => JSON.parse(JSON.stringify(v, (_, x) => (typeof x === 'number' ? Math.round(x * 1e6) / 1e6 : x)));
const plan = (s: number, args: Partial<CaseArgs> = {}) => planCase(loadCase({ ...ARGS, ...args }, files(s)));

describe('cfd:case below city scale', () => {
  it('runs a 1:125 wind-tunnel model as the full-size building: the same grid, run length, inflow and probes', () => {
    const full = plan(1);
    const model = plan(1 / 125);
    expect(full.scale).toBe(1);
    expect(model.scale).toBe(125);
    // Reported in the model's units.
    expect(model.smallestBuildingM).toBeCloseTo(0.08, 6);
    expect(model.finestCellM).toBeCloseTo(0.01, 6);
    // The solver sees the full-size case.
    expect(rounded(model.scene.plan)).toEqual(rounded(full.scene.plan));
    expect(model.input.schedule).toEqual(full.input.schedule);
    expect(model.input.directionDeg).toBe(full.input.directionDeg);
    model.input.centre.forEach((v, i) => expect(v).toBeCloseTo(full.input.centre[i], 4));
    model.input.probes!.forEach((v, i) => expect(v).toBeCloseTo(full.input.probes![i], 4));
    const [m, f] = [ablProfile(model.input.inlet), ablProfile(full.input.inlet)];
    for (const z of [0.3, 1.25, 7, 20, 60, 200]) expect(m.speedMs(z)).toBeCloseTo(f.speedMs(z), 6);
    // The ground's wall model: the same roughness length and friction velocity.
    const [mi, fi] = [model.input.inlet, full.input.inlet] as TableInlet[];
    expect(mi.roughnessLengthM).toBeCloseTo(fi.roughnessLengthM, 8);
    expect(mi.frictionVelocityMs).toBeCloseTo(fi.frictionVelocityMs, 10);
  });

  it('scales a chosen finest cell with the model and names it in the model’s units when the grid is too large', () => {
    expect(rounded(plan(1 / 125, { 'finest-cell': '0.02' }).scene.plan)).toEqual(rounded(plan(1, { 'finest-cell': '2.5' }).scene.plan));
    let message = '';
    try {
      plan(1 / 125, { 'finest-cell': '0.0004' });
    } catch (error) {
      expect(error).toBeInstanceOf(CfdCaseError);
      message = (error as Error).message;
    }
    const named = /^the grid for this geometry needs [\d.]+ million cells .* Choose a larger --finest-cell \(now 0\.0004 m; ([\d.]+) m fits the limits\)/.exec(
      message,
    );
    expect(named).not.toBeNull();
    // The suggestion is in the model's units too: at full scale it is 125 times larger.
    expect(plan(1 / 125, { 'finest-cell': named![1] }).finestCellM).toBe(Number(named![1]));
  });

  it('leaves a scene whose tallest building reaches the plan’s 20 m as it is', () => {
    expect(caseScale(boxTriangles(0, 0, 0, 10, 10, 20))).toBe(1);
    expect(caseScale(boxTriangles(0, 0, 0, 10, 10, 120))).toBe(1);
    expect(caseScale(boxTriangles(0, 0, 0, 10, 10, 5))).toBe(4);
  });
});
