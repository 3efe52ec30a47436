/**
 * The calls of the viewer's comfort re-classification (issue 15): the criteria as data (GET
 * /api/criteria/) and saving a re-classified map as a layer (POST …/reclassified-comfort/). Types
 * from the server's contract (type-only).
 */
import type { Criterion } from '@engine/wind/criteria.ts';
import type { Asset } from '@server/contract/viewer.ts';
import type { ReclassifiedComfort } from '@server/contract/reclassified.ts';
import type { ApiClient } from './client.ts';

export type { ReclassifiedComfort };

export function listCriteria(api: ApiClient): Promise<Criterion[]> {
  return api<Criterion[]>('/api/criteria/');
}

export function saveReclassifiedComfort(api: ApiClient, ids: { projectId: number; configurationId: number; simulationId: number }, body: ReclassifiedComfort): Promise<Asset> {
  return api<Asset>(`/api/project/${ids.projectId}/configuration/${ids.configurationId}/simulation/${ids.simulationId}/reclassified-comfort/`, { method: 'POST', body });
}
