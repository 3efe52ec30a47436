/**
 * A `cfd:case` scene below city scale — a wind-tunnel model in metres, above all — is run
 * geometrically enlarged, so that its tallest building is as tall as the product's grid plan
 * assumes (PLANNED_HEIGHT_FLOOR_M). The plan's distances, its finest box, its 10 m reference and
 * its regions of interest are lengths for a city; laid around a 0.16 m model they would ask for
 * hundreds of billions of cells. Enlarged, the model gets the grid a full-size building of its
 * shape gets.
 *
 * Every length scales together: the STL, the probes, the inflow's heights, the roughness lengths
 * fitted to it and a chosen finest cell. Speeds and k do not, so the profile, its shear stress
 * and its turbulence intensity keep their shape. Only the Reynolds number changes. That is the
 * assumption every wind-tunnel study of buildings makes in reverse: the mean flow round
 * sharp-edged bluff bodies does not depend on it once the building Reynolds number exceeds about
 * 1.1·10⁴ (Snyder, "Guideline for fluid modeling of atmospheric diffusion", US EPA 600/8-81-009,
 * 1981). The solver's wall models are high-Reynolds-number models either way.
 */
import { PLANNED_HEIGHT_FLOOR_M } from '../grid/plan.ts';
import type { LogLawFit, TableInlet } from '../bc/abl-inlet.ts';
import type { CaseInflow } from './inputs.ts';
import type { CaseInput } from './plan-case.ts';

/**
 * The factor the scene's lengths are multiplied by: 1 at city scale. Rounded to six figures, so
 * that a model's round lengths stay round (a 0.16 m model stored in single precision: 125, not
 * 125.0000028).
 */
export function caseScale(triangles: Float32Array): number {
  let top = 0;
  for (let v = 2; v < triangles.length; v += 3) top = Math.max(top, triangles[v]);
  return top > 0 && top < PLANNED_HEIGHT_FLOOR_M ? Number((PLANNED_HEIGHT_FLOOR_M / top).toPrecision(6)) : 1;
}

const fitAt = (f: LogLawFit, s: number): LogLawFit => ({ ...f, roughnessLengthM: f.roughnessLengthM * s });

function inflowAt(inflow: CaseInflow, s: number): CaseInflow {
  const inlet: TableInlet = {
    ...inflow.inlet,
    heightsM: inflow.inlet.heightsM.map((z) => z * s),
    roughnessLengthM: inflow.inlet.roughnessLengthM * s,
    aboveTop: typeof inflow.inlet.aboveTop === 'object' ? fitAt(inflow.inlet.aboveTop, s) : inflow.inlet.aboveTop,
  };
  return { ...inflow, inlet, fit: fitAt(inflow.fit, s), wall: fitAt(inflow.wall, s) };
}

/** The case with every length multiplied by s (the same object when s is 1). */
export function scaleCase(c: CaseInput, s: number): CaseInput {
  if (s === 1) return c;
  return {
    ...c,
    triangles: c.triangles.map((v) => v * s),
    probes: c.probes.map((v) => v * s),
    inflow: inflowAt(c.inflow, s),
    finestCellM: c.finestCellM === null ? null : c.finestCellM * s,
  };
}
