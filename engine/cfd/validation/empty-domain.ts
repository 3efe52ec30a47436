/**
 * The empty-domain check through the product's own pipeline: a scenario is planned exactly as the
 * server plans one (planScene with the tier, the terrain's log-law inlet referenced at 10 m, the
 * scene schedule, a generated pedestrian plane at 1.5 m), then run with its geometry taken away.
 * With nothing in the way, the speed ratio anywhere must be the log law's
 * ln((z + z0)/z0) / ln((10 + z0)/z0) — at 2, 10 and 30 m all along the fetch, and at every
 * pedestrian point. Whatever the grid does to the approach flow (the coarse level-0 cells, the
 * refinement interfaces, the wall model) shows up here as a deviation from that ratio.
 *
 * Why a real scenario's plan: the grid (how many levels, where the interfaces sit, how tall the
 * first cell is) is what decides whether the reference and the near-ground flow come out right, and
 * a hand-made grid need not be the one users get.
 */
import { ablProfile } from '../bc/abl-inlet.ts';
import { boxTriangles } from '../geometry/box-mesh.ts';
import { coarseTimeStep, planScene, sceneSchedule, TIERS, type ScenePlan, type TierId } from '../run/scene-plan.ts';
import type { DirectionInput, DirectionResult, RunSchedule } from '../run/direction.ts';
import { CFD_REFERENCE_HEIGHT_M, CFD_REFERENCE_SPEED_MS, terrainInlet } from '../../analyses/cfd-wind.ts';
import { pedestrianPlane } from '../../geometry/site/pedestrian-plane.ts';
import { TERRAINS, type TerrainId } from '../../wind/profile.ts';

/** Heights of the lines of probes along the fetch, m. */
export const FETCH_HEIGHTS_M = [2, 10, 30] as const;

export const ALL_TIERS = Object.keys(TIERS) as TierId[];
export const ALL_TERRAINS = Object.keys(TERRAINS) as TerrainId[];

export interface EmptyDomainCase {
  tier: TierId;
  terrain: TerrainId;
  scene: ScenePlan;
  schedule: RunSchedule;
  /** Pedestrian points (world xyz): the generated plane of the scenario. */
  points: Float64Array;
  /** Probes along the fetch (world xyz): per height in FETCH_HEIGHTS_M, from the inflow to the sponge. */
  probes: Float64Array;
  /** Streamwise position of each probe, m (solver frame: 0 at the centre of the region). */
  probeX: Float64Array;
  probeHeight: Float64Array;
}

/**
 * The scenario: one 20 m × 20 m × 20 m study block at the origin with the default generated
 * pedestrian plane (1.5 m, 40 m margin; 4 m spacing, enough to cover every cell of the finest
 * level without thousands of points).
 */
export function emptyDomainCase(tier: TierId, terrain: TerrainId): EmptyDomainCase {
  const study = boxTriangles(-10, -10, 0, 10, 10, 20);
  const plane = pedestrianPlane({ study, spacingM: 4 });
  const points = Float64Array.from(plane.positions);
  const scene = planScene({
    geometry: [{ file: 'study.stl', role: 'solid', study: true, triangles: study }],
    points,
    tier,
    referenceSpeedMs: CFD_REFERENCE_SPEED_MS,
  });
  const schedule = sceneSchedule(scene, CFD_REFERENCE_SPEED_MS, coarseTimeStep(scene.plan, terrainInlet(terrain)));
  // The plane lost its points inside the block; with the block gone, put them back on the grid.
  const full: number[] = [];
  for (let y = plane.extent.minY; y <= plane.extent.maxY + 1e-9; y += plane.spacingM)
    for (let x = plane.extent.minX; x <= plane.extent.maxX + 1e-9; x += plane.spacingM) full.push(x, y, plane.heightM);
  const box0 = scene.plan.boxes[0];
  const sponge = Math.max(2, Math.round(box0.nx * 0.1));
  const x0 = box0.originM[0] + 1.5 * box0.dxM,
    x1 = box0.originM[0] + (box0.nx - sponge - 1) * box0.dxM;
  const probes: number[] = [],
    probeX: number[] = [],
    probeHeight: number[] = [];
  const step = TIERS[tier].finestDxM * 2;
  for (const z of FETCH_HEIGHTS_M)
    for (let x = x0; x <= x1; x += step) {
      probes.push(scene.centre[0] + x, scene.centre[1], z);
      probeX.push(x);
      probeHeight.push(z);
    }
  return {
    tier,
    terrain,
    scene,
    schedule,
    points: Float64Array.from(full),
    probes: Float64Array.from(probes),
    probeX: Float64Array.from(probeX),
    probeHeight: Float64Array.from(probeHeight),
  };
}

/** The run of a case: wind from the west (along +x), no geometry at all. */
export function emptyDomainInput(c: EmptyDomainCase, schedule: RunSchedule = c.schedule): DirectionInput {
  return {
    directionDeg: 270,
    index: 0,
    total: 1,
    centre: c.scene.centre,
    plan: c.scene.plan,
    geometry: [],
    inlet: terrainInlet(c.terrain),
    referenceHeightM: CFD_REFERENCE_HEIGHT_M,
    schedule,
    points: c.points,
    probes: c.probes,
  };
}

export interface FetchDeviation {
  heightM: number;
  /** Largest |ratio / log-law ratio − 1| along the fetch. */
  worst: number;
  /** Where it is (solver x, m). */
  atX: number;
  /** Largest change of the ratio from the first probe downstream of the inflow (the interfaces' loss). */
  worstFromInflow: number;
  atXFromInflow: number;
}

export interface EmptyDomainScore {
  tier: TierId;
  terrain: TerrainId;
  fetch: FetchDeviation[];
  /** Largest |ratio / log-law ratio − 1| over the pedestrian points, and the log law's ratio there. */
  pedestrianWorst: number;
  pedestrianLogRatio: number;
  pedestrianMeanRatio: number;
  referenceSpeedMs: number;
}

/** How far the run's speed ratios are from the log law of the terrain. */
export function scoreEmptyDomain(c: EmptyDomainCase, result: DirectionResult): EmptyDomainScore {
  const profile = ablProfile(terrainInlet(c.terrain));
  const ref = profile.speedMs(CFD_REFERENCE_HEIGHT_M);
  const logRatio = (z: number) => profile.speedMs(z) / ref;
  const probes = result.probes!;
  const refSpeed = result.manifest.reference.speedMs;
  const fetch: FetchDeviation[] = FETCH_HEIGHTS_M.map((heightM) => {
    let worst = 0,
      atX = NaN,
      worstFromInflow = 0,
      atXFromInflow = NaN,
      first = NaN;
    for (let p = 0; p < c.probeX.length; p++) {
      if (c.probeHeight[p] !== heightM || probes.level[p] < 0) continue;
      const ratio = Math.hypot(probes.u[p], probes.v[p]) / refSpeed;
      const d = Math.abs(ratio / logRatio(heightM) - 1);
      if (!(d <= worst)) {
        worst = d;
        atX = c.probeX[p];
      }
      if (Number.isNaN(first)) first = ratio;
      const di = Math.abs(ratio / first - 1);
      if (!(di <= worstFromInflow)) {
        worstFromInflow = di;
        atXFromInflow = c.probeX[p];
      }
    }
    return { heightM, worst, atX, worstFromInflow, atXFromInflow };
  });
  const ped = result.pedestrian;
  let pedestrianWorst = 0,
    sum = 0,
    n = 0;
  const zPed = c.points[2];
  for (let p = 0; p < ped.speedRatio.length; p++) {
    if (ped.level[p] < 0) {
      pedestrianWorst = Infinity;
      continue;
    }
    pedestrianWorst = Math.max(pedestrianWorst, Math.abs(ped.speedRatio[p] / logRatio(c.points[3 * p + 2]) - 1));
    sum += ped.speedRatio[p];
    n++;
  }
  return {
    tier: c.tier,
    terrain: c.terrain,
    fetch,
    pedestrianWorst,
    pedestrianLogRatio: logRatio(zPed),
    pedestrianMeanRatio: sum / Math.max(1, n),
    referenceSpeedMs: refSpeed,
  };
}
