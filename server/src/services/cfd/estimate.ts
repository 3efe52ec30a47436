/**
 * POST /api/project/{id}/cfd-estimate/: the scenario wizard's cost step for Canopy's CFD. Access
 * first (the right to create scenarios in the project), then the geometry read from the uploads,
 * the grid planned for the tier and what it costs. Geometry the solver cannot take is a 400 naming
 * the file's field; a grid over the limits is a 400 on `cfd_tier` with the numbers and the way out.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { AuthUser } from '../../auth/authenticate.ts';
import type { AppDeps } from '../../deps.ts';
import { simulationPrices } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import type { CfdEstimateRequestSchema, CfdEstimateResponse } from '@canopy/contract/cfd.ts';
import type { z } from '@hono/zod-openapi';
import { checkVoxelizable, VoxelizeError } from '@canopy/engine/cfd/geometry/voxelize.ts';
import { CfdInputError } from '@canopy/engine/cfd/run/errors.ts';
import { requireAddScenario } from '../scenarios/access.ts';
import { CfdSceneError, loadEstimateScene } from './cfd-scene.ts';
import { cfdDirectionsAtOnce, cfdLimits, cfdThreads, cfdThroughput, estimateOf, oversizeMessage, planCfd } from './cfd-plan.ts';

type Request = z.output<typeof CfdEstimateRequestSchema>;

export async function cfdEstimate(deps: Pick<AppDeps, 'blobStore' | 'config'>, db: Db, user: AuthUser, projectId: number, body: Request): Promise<CfdEstimateResponse> {
  await requireAddScenario(db, user, projectId);
  let scene;
  try {
    scene = await loadEstimateScene(db, deps.blobStore, projectId, { geometry: body.geometry, projectSurrounds: body.project_surrounds, pedestrianPlane: body.pedestrian_plane });
  } catch (error) {
    if (error instanceof CfdSceneError) throw ApiError.field(error.field, error.message);
    throw error;
  }
  for (const g of scene.geometry) {
    try {
      checkVoxelizable(g.file, g.triangles);
    } catch (error) {
      if (!(error instanceof VoxelizeError)) throw error;
      throw ApiError.field(scene.fileFields?.get(g.file) ?? 'geometry', `Canopy’s CFD cannot turn ${error.message}`);
    }
  }
  let plan;
  try {
    plan = planCfd(scene, body.cfd_tier, body.terrain, deps.config);
  } catch (error) {
    if (error instanceof CfdInputError) throw ApiError.field('cfd_tier', oversizeMessage(error, body.cfd_tier));
    throw error;
  }
  const threads = cfdThreads(deps.config);
  const estimate = estimateOf(plan, body.wind_directions, await cfdThroughput(db, threads), threads, cfdDirectionsAtOnce(deps.config));
  const [price] = await db
    .select({ credits: simulationPrices.credits })
    .from(simulationPrices)
    .where(and(eq(simulationPrices.simulationType, body.analysis_type), eq(simulationPrices.creditType, 'CFD')));
  const limits = cfdLimits(deps.config);
  const seasons = body.seasons.length;
  return {
    ...estimate,
    limits: { max_cells: limits.maxCells, max_memory_bytes: limits.maxMemoryBytes },
    credit_type: 'CFD',
    unit_credits: price?.credits ?? null,
    seasons,
    credits: price ? price.credits * estimate.compute_factor * seasons : null,
  };
}
