/**
 * Canopy's CFD wind calls: the estimate the wizard's cost step shows, for the scenario's
 * geometry, tier and number of directions (POST /api/project/{id}/cfd-estimate/). Types from the
 * server's contract (type-only).
 */
import type { CfdEstimateRequest, CfdEstimateResponse } from '@canopy/contract/cfd.ts';
import type { CfdAnalysis } from '@machines/scenario-wizard/cfd-choice.ts';
import type { WizardValues } from '@machines/scenario-wizard/scenario-wizard.types.ts';
import type { ApiClient } from './client.ts';
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

export function estimateCfd(api: ApiClient, projectId: number, body: CfdEstimateRequest): Promise<CfdEstimateResponse> {
  return api<CfdEstimateResponse>(`/api/project/${projectId}/cfd-estimate/`, { method: 'POST', body });
}
