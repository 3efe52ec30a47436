/**
 * The calls of the viewer's comfort re-classification: the criteria as data (GET
 * /api/criteria/) and saving a re-classified map as a layer (POST …/reclassified-comfort/). Types
 * from the server's contract (type-only).
 */
import type { Criterion } from '@canopy/engine/wind/criteria.ts';
import type { Asset } from '@canopy/contract/viewer.ts';
import type { ReclassifiedComfort } from '@canopy/contract/reclassified.ts';
import type { SubmitPostprocessing, SubmittedJob } from '@canopy/contract/analyses.ts';
import type { ApiClient } from './client.ts';

export type { ReclassifiedComfort, SubmitPostprocessing, SubmittedJob };

export function listCriteria(api: ApiClient): Promise<Criterion[]> {
  return api<Criterion[]>('/api/criteria/');
}

/** POST submit-postprocessing/: wind comfort (and safety) maps from the simulation's speed-up ratios, as a job. */
export function submitPostprocessing(
  api: ApiClient,
  ids: { projectId: number; configurationId: number; simulationId: number },
  body: SubmitPostprocessing,
): Promise<SubmittedJob> {
  return api<SubmittedJob>(`/api/project/${ids.projectId}/configuration/${ids.configurationId}/simulation/${ids.simulationId}/submit-postprocessing/`, {
    method: 'POST',
    body,
  });
}

export function saveReclassifiedComfort(
  api: ApiClient,
  ids: { projectId: number; configurationId: number; simulationId: number },
  body: ReclassifiedComfort,
): Promise<Asset> {
  return api<Asset>(`/api/project/${ids.projectId}/configuration/${ids.configurationId}/simulation/${ids.simulationId}/reclassified-comfort/`, {
    method: 'POST',
    body,
  });
}
