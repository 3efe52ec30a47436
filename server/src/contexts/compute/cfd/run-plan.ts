/**
 * The CPU part of planning a submitted CFD run (the 'cfd.wind' job): parse the scenario's stored
 * geometry, check every file voxelises, plan the grid and the run length. Seconds of CPU for a
 * large study, so it runs as the CPU task 'cfd.planRun' in the job runtime's threads; the job keeps
 * the I/O. Failures the user caused come back as values (an error crossing a thread loses its
 * class), already worded for the simulation's status.
 */
import { checkVoxelizable, VoxelizeError } from '@canopy/engine/cfd/geometry/voxelize.ts';
import { CfdInputError } from '@canopy/engine/cfd/run/errors.ts';
import type { TierId } from '@canopy/engine/cfd/run/scene-plan.ts';
import type { TerrainId } from '@canopy/engine/wind/profile.ts';
import type { Config } from '../../../env.ts';
import { CfdSceneError, cfdSceneOf, type CfdSceneFile } from './cfd-scene.ts';
import { oversizeMessage, planCfd, type CfdPlan } from './cfd-plan.ts';

export interface RunPlanInput {
  files: CfdSceneFile[];
  tier: TierId;
  terrain: TerrainId;
  config: Pick<Config, 'CFD_THREADS' | 'CFD_MAX_CELLS' | 'CFD_MAX_MEMORY_GB' | 'CFD_TEST_STEPS'>;
}

export type RunPlanOutcome =
  /** The plan, without its cropped geometry (each direction crops its own again). */
  | { ok: true; plan: CfdPlan }
  /** Why the run cannot start, for the user. */
  | { ok: false; reason: string };

export async function planRun(input: RunPlanInput): Promise<RunPlanOutcome> {
  try {
    const scene = await cfdSceneOf(input.files);
    for (const g of scene.geometry) checkVoxelizable(g.file, g.triangles);
    const plan = planCfd(scene, input.tier, input.terrain, input.config);
    return { ok: true, plan: { ...plan, scene: { ...plan.scene, geometry: [] } } };
  } catch (error) {
    if (error instanceof CfdInputError) return { ok: false, reason: oversizeMessage(error, input.tier) };
    if (error instanceof VoxelizeError || error instanceof CfdSceneError) return { ok: false, reason: `the geometry cannot be simulated: ${error.message}` };
    throw error;
  }
}
