import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMeasured } from './aij-case-a.ts';
import { aijProbeLayout, type AijData } from './aij-evaluate.ts';
import { aijInflowCsv, aijThroughCase } from './aij-through-case.ts';

const data = (name: string) => readFileSync(new URL(`./data/${name}`, import.meta.url), 'utf8');
const aij: AijData = {
  profileCsv: data('approach-profile-b10.csv'),
  given: parseMeasured(data('measured-profiles.csv')),
  more: parseMeasured(data('vertical-stations-more.csv')),
  plane: parseMeasured(data('horizontal-plane-z0125.csv')),
  plane125: parseMeasured(data('horizontal-plane-z125.csv')),
};

describe('AIJ Case A as cfd:case runs it', () => {
  it('gives the approach table as an INFLOW.csv: z_m, U_ms, k_m2s2, without the ground row', () => {
    const lines = aijInflowCsv(aij.profileCsv).trim().split('\n');
    expect(lines[0]).toBe('z_m,U_ms,k_m2s2');
    expect(lines[1]).toBe('0.625,2.745,0.3719965');
    expect(lines.length).toBe(aij.profileCsv.trim().split('\n').length - 1);
  });

  it('plans b/8 of the 10 m building with the product planner and reads every point of the layout in its order', () => {
    const layout = aijProbeLayout(aij);
    const plan = aijThroughCase(aij, layout);
    expect(plan.scale).toBe(1);
    expect(plan.finestCellM).toBe(1.25);
    expect(plan.scene.plan.boxes.at(-1)!.dxM).toBe(1.25);
    const probes = plan.input.probes!;
    expect(probes.length).toBe(3 * layout.probes.length);
    const p = layout.probes[layout.plane[0]];
    expect([probes[3 * layout.plane[0]], probes[3 * layout.plane[0] + 1], probes[3 * layout.plane[0] + 2]]).toEqual([
      10 * p.xOverB,
      10 * p.yOverB,
      10 * p.zOverB,
    ]);
  });
});
