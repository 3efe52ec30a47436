/**
 * A `cfd:case` run (any geometry from the command line) planned the way the product plans a
 * scenario: every object of the STL is a study building, the probes widen the region of interest,
 * and the grid is the product's nested plan (planScene, four levels) with its finest cell b/8 of
 * the smallest building (b: the smaller plan side of each connected object) unless the user
 * chooses one. The run length is the product's (sceneSchedule), the inflow the user's table. A
 * scene below city scale (a wind-tunnel model) is planned and run enlarged (scale-case.ts); what
 * is reported back is in the user's units.
 */
import { ablProfile } from '../bc/abl-inlet.ts';
import { solverFrame, toSolver } from '../geometry/rotate.ts';
import type { DirectionInput } from '../run/direction.ts';
import { CfdInputError } from '../run/errors.ts';
import { coarseTimeStep, DEFAULT_LIMITS, planScene, sceneSchedule, type PlanLimits, type ScenePlan } from '../run/scene-plan.ts';
import { findComponents } from '../../geometry/mesh/components.ts';
import { weldVertices } from '../../geometry/mesh/weld.ts';
import { CfdCaseError, probesInside, windFromDeg, type CaseInflow } from './inputs.ts';
import { caseScale, scaleCase } from './scale-case.ts';

export interface CaseInput {
  stlFile: string;
  /** World triangles (metres, z up, ground at z = 0). */
  triangles: Float32Array;
  inflow: CaseInflow;
  probes: Float64Array;
  /** Where the flow goes, degrees counter-clockwise from +x. */
  flowAngleDeg: number;
  finestCellM: number | null;
}

export interface CasePlan {
  /** The plan and the solver's input, at the run's scale. */
  scene: ScenePlan;
  input: DirectionInput;
  /** The run's lengths / the user's (1 at city scale; scale-case.ts). */
  scale: number;
  /** The smallest building's plan side and the finest cell, in the user's units. */
  smallestBuildingM: number;
  finestCellM: number;
  /** How many buildings (connected objects with a plan area) the STL holds. */
  buildingCount: number;
}

/** The smaller plan side of the smallest connected object, and how many objects have a plan area. */
function buildings(triangles: Float32Array): { smallestM: number; count: number } {
  const welded = weldVertices(triangles);
  const parts = findComponents(welded.indices, welded.vertexCount, welded.vertices);
  let smallestM = Infinity,
    count = 0;
  for (let c = 0; c < parts.count; c++) {
    const b = parts.bounds;
    const side = Math.min(b[6 * c + 3] - b[6 * c], b[6 * c + 4] - b[6 * c + 1]);
    if (side > 0) {
      smallestM = Math.min(smallestM, side);
      count++;
    }
  }
  return { smallestM, count };
}

/**
 * The finest cell in the user's units, from `refused` up in steps of 10 % and named with two
 * figures, whose grid the limits admit; null if none within a factor of 100 does. Planning is
 * arithmetic on boxes, so the search costs milliseconds.
 */
function finestCellThatFits(plan: (finestDxM: number) => unknown, refused: number): number | null {
  for (let dx = refused * 1.1; dx <= refused * 100; dx *= 1.1) {
    const named = roundUp2(dx);
    try {
      plan(named);
      return named;
    } catch (error) {
      if (!(error instanceof CfdInputError)) throw error;
    }
  }
  return null;
}

/** x rounded up to two significant figures. */
function roundUp2(x: number): number {
  const unit = 10 ** (Math.floor(Math.log10(x)) - 1);
  return +(Math.ceil(x / unit - 1e-9) * unit).toPrecision(2);
}

export function planCase(user: CaseInput, limits: PlanLimits = DEFAULT_LIMITS): CasePlan {
  if (user.triangles.length < 9) throw new CfdCaseError(`${user.stlFile}: no triangles`);
  let minZ = Infinity;
  for (let v = 2; v < user.triangles.length; v += 3) minZ = Math.min(minZ, user.triangles[v]);
  if (minZ < -0.01) throw new CfdCaseError(`${user.stlFile}: the geometry reaches z = ${minZ.toFixed(2)} m, below the ground (z = 0: metres, z up)`);
  const inside = probesInside(user.triangles, user.probes);
  if (inside.length > 0) {
    const list = inside.slice(0, 10).map((p) => `row ${p + 2} (${user.probes[3 * p]}, ${user.probes[3 * p + 1]}, ${user.probes[3 * p + 2]})`);
    throw new CfdCaseError(
      `${inside.length} probe${inside.length > 1 ? 's lie' : ' lies'} inside a building of ${user.stlFile}: ${list.join(', ')}${inside.length > 10 ? ', …' : ''}`,
    );
  }
  const scale = caseScale(user.triangles);
  const c = scaleCase(user, scale);
  const { smallestM: smallestBuildingM, count: buildingCount } = buildings(c.triangles);
  const finestCellM = c.finestCellM ?? smallestBuildingM / 8;
  if (!Number.isFinite(finestCellM)) throw new CfdCaseError(`${c.stlFile}: no object with a plan area (every object is flat seen from above)`);
  const profile = ablProfile(c.inflow.inlet);
  const referenceSpeedMs = profile.speedMs(10);
  const plan = (finestDxM: number) =>
    planScene(
      {
        geometry: [{ file: c.stlFile, role: 'solid', study: true, triangles: c.triangles }],
        points: c.probes,
        tier: 'rapid',
        finestDxM,
        referenceSpeedMs,
      },
      limits,
    );
  let scene: ScenePlan;
  try {
    scene = plan(finestCellM);
  } catch (error) {
    if (error instanceof CfdInputError) {
      const fits = finestCellThatFits((userDx) => plan(userDx * scale), finestCellM / scale);
      throw new CfdCaseError(
        `${error.message.replace(/^the .* finest cells grid/, 'the grid').replace(/ Choose a coarser tier.*$/, '')} ` +
          `Choose a larger --finest-cell (now ${+(finestCellM / scale).toPrecision(3)} m` +
          `${fits === null ? '' : `; ${fits} m fits the limits`}), or fewer, closer probes.`,
      );
    }
    throw error;
  }
  const directionDeg = windFromDeg(c.flowAngleDeg);
  // Every probe must lie in the computed domain (it is turned with the flow).
  const frame = solverFrame(directionDeg, scene.centre[0], scene.centre[1]);
  const box0 = scene.plan.boxes[0];
  for (let p = 0; p < c.probes.length / 3; p++) {
    const [x, y] = toSolver(frame, c.probes[3 * p], c.probes[3 * p + 1]);
    const z = c.probes[3 * p + 2];
    if (
      x < box0.originM[0] ||
      x > box0.originM[0] + box0.nx * box0.dxM ||
      y < box0.originM[1] ||
      y > box0.originM[1] + box0.ny * box0.dxM ||
      z > box0.nz * box0.dxM
    )
      throw new CfdCaseError(
        `probe row ${p + 2} (${user.probes[3 * p]}, ${user.probes[3 * p + 1]}, ${user.probes[3 * p + 2]}) lies outside the computed domain`,
      );
  }
  const schedule = sceneSchedule(scene, referenceSpeedMs, coarseTimeStep(scene.plan, c.inflow.inlet));
  const input: DirectionInput = {
    directionDeg,
    index: 0,
    total: 1,
    centre: scene.centre,
    plan: scene.plan,
    geometry: scene.geometry,
    inlet: c.inflow.inlet,
    inletFromProfile: true,
    referenceHeightM: 10,
    schedule,
    points: new Float64Array(0),
    probes: c.probes,
  };
  return { scene, input, scale, smallestBuildingM: smallestBuildingM / scale, finestCellM: finestCellM / scale, buildingCount };
}
