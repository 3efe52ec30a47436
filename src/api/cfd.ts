/**
 * Canopy's CFD wind calls: the estimate the wizard's cost step shows, for the scenario's
 * geometry, tier and number of directions (POST /api/project/{id}/cfd-estimate/). Types from the
 * server's contract (type-only).
 */
import type { CfdEstimateRequest, CfdEstimateResponse } from '@canopy/contract/cfd.ts';
import type { CfdAnalysis } from '@machines/scenario-wizard/cfd-choice.ts';
import type { WizardValues } from '@machines/scenario-wizard/scenario-wizard.types.ts';
import type { ApiClient } from './client.ts';
import { HttpError } from './errors.ts';
import { bodyFromValues } from './scenarios.ts';

export type { CfdEstimateRequest, CfdEstimateResponse };

/** The estimate's body: the same geometry, surroundings, plane and seasons the scenario is saved with. */
export function cfdEstimateBody(v: WizardValues, analysis: CfdAnalysis): CfdEstimateRequest {
  const body = bodyFromValues(v);
  return {
    geometry: body.geometry,
    cfd_tier: v.cfdTier,
    wind_directions: Number(v.windDirections.trim()),
    project_surrounds: body.project_surrounds,
    pedestrian_plane: body.pedestrian_plane,
    seasons: body.seasons,
    analysis_type: analysis,
  };
}

/** How many times an estimate refused for the user's heavy-work allowance (429) is asked again. */
const BUSY_RETRIES = 6;

/** The wait a 429 names ("… available in N seconds."), or a doubling back-off when it names none. */
function busyWaitMs(error: HttpError, attempt: number): number {
  const detail = (error.data as { detail?: unknown } | null)?.detail;
  const seconds = typeof detail === 'string' ? Number(/(\d+(?:\.\d+)?) seconds?/.exec(detail)?.[1]) : NaN;
  return Number.isFinite(seconds) ? Math.max(250, seconds * 1000) : 500 * 2 ** attempt;
}

/**
 * The estimate. The wizard's preview and its cost step may both ask while the geometry is still
 * being checked, and the server counts each against the user's heavy-work allowance: a 429 is a
 * "not yet", so it is asked again after the wait the server names rather than shown as a failure.
 */
export async function estimateCfd(api: ApiClient, projectId: number, body: CfdEstimateRequest): Promise<CfdEstimateResponse> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await api<CfdEstimateResponse>(`/api/project/${projectId}/cfd-estimate/`, { method: 'POST', body });
    } catch (error) {
      if (!(error instanceof HttpError) || error.status !== 429 || attempt >= BUSY_RETRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, busyWaitMs(error, attempt)));
    }
  }
}
