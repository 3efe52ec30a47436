/**
 * The CPU part of the CFD checks a scenario-to-be gets — the wizard's estimate (estimate.ts) and the
 * CFD part of its geometry validation (cfd-validation.ts): reading every STL, taking the project's
 * surroundings less what stands where the study stands, checking each file voxelises and planning
 * the grid for the tier. A 200 MB STL is seconds of CPU, so this runs as the CPU task
 * 'cfd.planEstimateScene' in a worker thread; the caller does the I/O
 * (cfd-scene.ts readEstimateFiles) and what needs the database (throughput, storing the estimate).
 *
 * Failures the user caused come back as values — an error crossing a thread loses its class.
 */
import { readResultGlb } from '@canopy/engine/results/glb.ts';
import { parseStl } from '@canopy/engine/geometry/index.ts';
import { surroundsForSite } from '@canopy/engine/geometry/site/site-surrounds.ts';
import { checkVoxelizable, VoxelizeError } from '@canopy/engine/cfd/geometry/voxelize.ts';
import { CfdInputError } from '@canopy/engine/cfd/run/errors.ts';
import type { TierId } from '@canopy/engine/cfd/run/scene-plan.ts';
import type { TerrainId } from '@canopy/engine/wind/profile.ts';
import type { GeometryRole, PedestrianPlane } from '@canopy/contract/scenarios.ts';
import type { Config } from '../../../env.ts';
import { planCfd, type CfdPlan } from './cfd-plan.ts';
import { concatSoups, sceneEntry, type CfdGeometry } from './scene-entry.ts';

export interface EstimateFile {
  /** The request field naming it (`geometry.study.0`). */
  field: string;
  filename: string;
  role: GeometryRole;
  bytes: Uint8Array;
}

export interface EstimateSceneInput {
  files: EstimateFile[];
  /**
   * The project's surroundings, when asked for and no surrounds file is given (else null); with the
   * outlines of their trees and green areas, or null when a landscaping file replaces them.
   */
  surrounds: {
    glb: Uint8Array;
    footprints: ReadonlyArray<{ outer: ReadonlyArray<readonly [number, number]> }>;
    landscaping: ReadonlyArray<{ outer: ReadonlyArray<readonly [number, number]> }> | null;
  } | null;
  pedestrianPlane: PedestrianPlane | null;
  tier: TierId;
  terrain: TerrainId;
  config: Pick<Config, 'CFD_THREADS' | 'CFD_MAX_CELLS' | 'CFD_MAX_MEMORY_GB' | 'CFD_TEST_STEPS'>;
}

export type EstimateSceneOutcome =
  /** The geometry is missing or unreadable: the message and the field it is about. */
  | { ok: false; scene: { field: string; message: string } }
  /** Files the solver cannot voxelise, each with its message. */
  | { ok: false; voxel: Array<{ file: string; field: string; message: string }> }
  /** The grid exceeds the installation's limits: the engine's message. */
  | { ok: false; oversize: string }
  /** The plan (without its cropped geometry, which nobody after the plan needs). */
  | { ok: true; plan: CfdPlan };

/**
 * The scenario-to-be's geometry and its grid: uploads by role; the project's surroundings less
 * mapped buildings standing where the study stands (as at submission), and their trees and green
 * areas less those on the study (porous, as the approved scenario's generated landscaping enters the
 * run, site-geometry.ts) when no landscaping is uploaded; a plane upload's vertices,
 * or the corners of the pedestrian plane that will be generated (only its extent matters to the
 * grid). Parse failures name the file and the field.
 */
export async function planEstimateScene(input: EstimateSceneInput): Promise<EstimateSceneOutcome> {
  const geometry: CfdGeometry[] = [];
  const fieldOf = new Map<string, string>();
  const planePoints: number[] = [];
  for (const file of input.files) {
    let soup: Float32Array;
    try {
      soup = parseStl(file.bytes).positions;
    } catch (error) {
      return { ok: false, scene: { field: file.field, message: `${file.filename} is not a readable STL file: ${(error as Error).message}` } };
    }
    fieldOf.set(file.filename, file.field);
    if (file.role === 'presentation_planes') planePoints.push(...soup);
    else {
      const g = sceneEntry(file.filename, file.role, soup);
      if (g) geometry.push(g);
    }
  }
  const study = geometry.filter((g) => g.study);
  if (study.length === 0) return { ok: false, scene: { field: 'geometry.study', message: 'Upload at least one study geometry file.' } };
  if (input.surrounds) {
    const glb = await readResultGlb(input.surrounds.glb);
    const site = surroundsForSite(
      {
        positions: glb.positions,
        indices: glb.indices ?? new Uint32Array(0),
        role: glb.fields.role ?? new Float32Array(0),
        building: glb.fields.building ?? new Float32Array(0),
      },
      input.surrounds.footprints as Parameters<typeof surroundsForSite>[1],
      concatSoups(study.map((g) => g.triangles)),
      (input.surrounds.landscaping ?? []) as Parameters<typeof surroundsForSite>[3],
    );
    if (site.buildingSoup.length) geometry.push({ file: 'Surroundings from OpenStreetMap', role: 'solid', triangles: site.buildingSoup });
    // Trees slow the wind through their cells and may widen the region the grid must cover.
    const green = input.surrounds.landscaping ? sceneEntry('Trees and green areas from OpenStreetMap', 'landscaping', site.landscapingSoup) : null;
    if (green) geometry.push(green);
  }
  if (planePoints.length === 0 && input.pedestrianPlane) {
    // The generated plane spans the study's plan extent plus the margin, at the plane height.
    const b = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
    for (const g of study)
      for (let k = 0; k < g.triangles.length; k += 3) {
        b.minX = Math.min(b.minX, g.triangles[k]!);
        b.maxX = Math.max(b.maxX, g.triangles[k]!);
        b.minY = Math.min(b.minY, g.triangles[k + 1]!);
        b.maxY = Math.max(b.maxY, g.triangles[k + 1]!);
      }
    const m = input.pedestrianPlane.margin_m;
    const z = input.pedestrianPlane.height_m;
    planePoints.push(b.minX - m, b.minY - m, z, b.maxX + m, b.minY - m, z, b.maxX + m, b.maxY + m, z, b.minX - m, b.maxY + m, z);
  }
  if (planePoints.length === 0) {
    return {
      ok: false,
      scene: {
        field: 'geometry.presentation_planes',
        message: 'Upload a presentation plane or have Canopy generate a pedestrian plane (pedestrian_plane): the CFD computes the wind at its points.',
      },
    };
  }
  const voxel: Array<{ file: string; field: string; message: string }> = [];
  for (const g of geometry) {
    try {
      checkVoxelizable(g.file, g.triangles);
    } catch (error) {
      if (!(error instanceof VoxelizeError)) throw error;
      voxel.push({ file: g.file, field: fieldOf.get(g.file) ?? 'geometry', message: error.message });
    }
  }
  if (voxel.length) return { ok: false, voxel };
  try {
    const plan = planCfd({ geometry, points: Float64Array.from(planePoints) }, input.tier, input.terrain, input.config);
    return { ok: true, plan: { ...plan, scene: { ...plan.scene, geometry: [] } } };
  } catch (error) {
    if (error instanceof CfdInputError) return { ok: false, oversize: error.message };
    throw error;
  }
}
