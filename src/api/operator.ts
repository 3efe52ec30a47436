/**
 * The installation operator's calls: /api/operator/… (superusers only), plus the existing
 * operator routes it reuses — issuing a subscription (POST /api/company/subscriptions), the price
 * lists and /api/bad-stations.
 */
import type {
  CompanyLimits,
  CompanyLimitsUpdate,
  EulaPublish,
  EulaVersion,
  OperatorCompany,
  OperatorCompanyCreate,
  SimulationPriceUpdate,
  SubscriptionUpdate,
} from '@canopy/contract/operator.ts';
import type { SimulationPrice, Subscription, SubscriptionCreate, SubscriptionTypePrice } from '@canopy/contract/subscriptions.ts';
import type { BadStation } from '@canopy/contract/weather.ts';
import type { ApiClient } from './client.ts';
import { fetchAllPages } from './pages.ts';

export const listCompanies = (api: ApiClient) => fetchAllPages<OperatorCompany>(api, '/api/operator/companies/');

export const createCompany = (api: ApiClient, body: OperatorCompanyCreate) => api<OperatorCompany>('/api/operator/companies/', { method: 'POST', body });

export const listCompanySubscriptions = (api: ApiClient, companyId: number) =>
  fetchAllPages<Subscription>(api, `/api/operator/companies/${companyId}/subscriptions/`);

export const companyLimits = (api: ApiClient, companyId: number) => api<CompanyLimits>(`/api/operator/companies/${companyId}/limits/`);

export const updateCompanyLimits = (api: ApiClient, companyId: number, body: CompanyLimitsUpdate) =>
  api<CompanyLimits>(`/api/operator/companies/${companyId}/limits/`, { method: 'PATCH', body });

export const issueSubscription = (api: ApiClient, body: SubscriptionCreate) => api<Subscription>('/api/company/subscriptions', { method: 'POST', body });

export const updateSubscription = (api: ApiClient, id: number, body: SubscriptionUpdate) =>
  api<Subscription>(`/api/operator/subscriptions/${id}/`, { method: 'PATCH', body });

export const listSimulationPrices = (api: ApiClient) => fetchAllPages<SimulationPrice>(api, '/api/company/simulation-prices');

export const listPlanPrices = (api: ApiClient) => fetchAllPages<SubscriptionTypePrice>(api, '/api/company/subscription-type-prices');

export const updateSimulationPrice = (api: ApiClient, id: number, body: SimulationPriceUpdate) =>
  api<SimulationPrice>(`/api/operator/simulation-prices/${id}/`, { method: 'PATCH', body });

export const listBadStations = (api: ApiClient) => fetchAllPages<BadStation>(api, '/api/bad-stations/');

export const addBadStation = (api: ApiClient, body: { wmo: string; name?: string; reason: string }) =>
  api<BadStation>('/api/bad-stations/', { method: 'POST', body });

export const removeBadStation = (api: ApiClient, id: number) => api<void>(`/api/bad-stations/${id}/`, { method: 'DELETE' });

export const listEulaVersions = (api: ApiClient) => fetchAllPages<EulaVersion>(api, '/api/operator/eula/');

export const publishEula = (api: ApiClient, body: EulaPublish) => api<EulaVersion>('/api/operator/eula/', { method: 'POST', body });
