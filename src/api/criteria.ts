/**
 * Wind comfort criteria calls: GET /api/criteria/ (the built-in criteria and the
 * caller's company's tables) and the company's own tables under /api/company/criteria/.
 */
import type { CompanyCriterion, CompanyCriterionInput } from '@canopy/contract/criteria.ts';
import type { Criterion } from '@canopy/engine/wind/criteria.ts';
import type { ApiClient } from './client.ts';
import { fetchAllPages } from './pages.ts';

/** GET /api/criteria/: each with `origin` 'builtin' or 'company'. */
export function listCriteria(api: ApiClient): Promise<Array<Criterion & { origin?: 'builtin' | 'company' }>> {
  return api<Array<Criterion & { origin?: 'builtin' | 'company' }>>('/api/criteria/');
}

export function listCompanyCriteria(api: ApiClient): Promise<CompanyCriterion[]> {
  return fetchAllPages<CompanyCriterion>(api, '/api/company/criteria/');
}

export function createCompanyCriterion(api: ApiClient, body: CompanyCriterionInput): Promise<CompanyCriterion> {
  return api<CompanyCriterion>('/api/company/criteria/', { method: 'POST', body });
}

export function replaceCompanyCriterion(api: ApiClient, pk: number, body: CompanyCriterionInput): Promise<CompanyCriterion> {
  return api<CompanyCriterion>(`/api/company/criteria/${pk}/`, { method: 'PUT', body });
}

export function deleteCompanyCriterion(api: ApiClient, pk: number): Promise<void> {
  return api<void>(`/api/company/criteria/${pk}/`, { method: 'DELETE' });
}
