/**
 * POST /api/project/{id}/cfd-estimate/: the scenario wizard's cost step for Canopy's CFD. Access
 * first (the right to create scenarios in the project), then the geometry read from the uploads,
 * the grid planned for the tier and what it costs. Geometry the solver cannot take is a 400 naming
 * the file's field; a grid over the limits is a 400 on `cfd_tier` with the numbers and the way out.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import type { AuthUser } from '../../../kernel/auth-user.ts';
import type { AppDeps } from '../../../deps.ts';
import { simulationPrices } from '../../../db/schema/index.ts';
import { DomainError } from '../../../kernel/domain-errors.ts';
import type { CfdEstimateRequestSchema, CfdEstimateResponse } from '@canopy/contract/cfd.ts';
import type { z } from '@hono/zod-openapi';
import { requireAddScenario } from '../../scenarios/index.ts';
import { CfdSceneError, planEstimate, readEstimateFiles } from './cfd-scene.ts';
import { cfdDirectionsAtOnce, cfdLimits, cfdThreads, cfdThroughput, estimateOf, oversizeMessage } from './cfd-plan.ts';

type Request = z.output<typeof CfdEstimateRequestSchema>;

export async function cfdEstimate(
  deps: Pick<AppDeps, 'blobStore' | 'config' | 'heavy'>,
  db: Db,
  user: AuthUser,
  projectId: number,
  body: Request,
): Promise<CfdEstimateResponse> {
  await requireAddScenario(db, user, projectId);
  let read;
  try {
    read = await readEstimateFiles(db, deps.blobStore, projectId, {
      geometry: body.geometry,
      projectSurrounds: body.project_surrounds,
      pedestrianPlane: body.pedestrian_plane,
    });
  } catch (error) {
    if (error instanceof CfdSceneError) throw DomainError.field(error.field, error.message);
    throw error;
  }
  // Reading, voxel checks and the grid plan of a large STL: seconds of CPU, in the heavy-work pool
  // and counted against the user's allowance (429 over it), as remesh-stl/ and ingestion are.
  const outcome = await planEstimate((task, input, transfer) => deps.heavy.run(user.id, task, input, transfer), read, {
    tier: body.cfd_tier,
    terrain: body.terrain,
    config: deps.config,
  });
  if (!outcome.ok) {
    if ('scene' in outcome) throw DomainError.field(outcome.scene.field, outcome.scene.message);
    if ('voxel' in outcome) throw DomainError.field(outcome.voxel[0]!.field, `Canopy’s CFD cannot turn ${outcome.voxel[0]!.message}`);
    throw DomainError.field('cfd_tier', oversizeMessage(new Error(outcome.oversize), body.cfd_tier));
  }
  const plan = outcome.plan;
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
    credits: price ? price.credits * estimate.compute_factor : null,
  };
}
