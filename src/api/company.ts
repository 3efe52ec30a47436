/**
 * Company administration calls (SPEC §7 "Company"): the company, its users and roles, share groups
 * and their members, subscriptions, usage and prices.
 */
import type { CompanyUser, CompanyUserCreate, CompanyUserPage, CompanyUserUpdate, OwnCompany, Role } from '@canopy/contract/company.ts';
import type { ShareGroup, ShareGroupCreate, ShareGroupMember, ShareGroupMembership, ShareGroupUpdate } from '@canopy/contract/share-groups.ts';
import type { SimulationPrice, Subscription, SubscriptionTypePrice, SubscriptionUsagePage, UsageOrdering } from '@canopy/contract/subscriptions.ts';
import type { ApiClient } from './client.ts';
import { fetchAllPages } from './pages.ts';

export function getOwnCompany(api: ApiClient): Promise<OwnCompany> {
  return api<OwnCompany>('/api/company');
}

export function listCompanyUsers(api: ApiClient, page: number): Promise<CompanyUserPage> {
  return api<CompanyUserPage>('/api/company/users', { query: { page } });
}

export function listAllCompanyUsers(api: ApiClient): Promise<CompanyUser[]> {
  return fetchAllPages<CompanyUser>(api, '/api/company/users');
}

export function createCompanyUser(api: ApiClient, body: CompanyUserCreate): Promise<CompanyUser> {
  return api<CompanyUser>('/api/company/users', { method: 'POST', body });
}

export function updateCompanyUser(api: ApiClient, id: number, body: CompanyUserUpdate): Promise<CompanyUser> {
  return api<CompanyUser>(`/api/company/users/${id}`, { method: 'PATCH', body });
}

export async function deleteCompanyUser(api: ApiClient, id: number): Promise<void> {
  await api<unknown>(`/api/company/users/${id}`, { method: 'DELETE' });
}

export function listRoles(api: ApiClient): Promise<Role[]> {
  return fetchAllPages<Role>(api, '/api/roles/');
}

export function listShareGroups(api: ApiClient): Promise<ShareGroup[]> {
  return fetchAllPages<ShareGroup>(api, '/api/company/share-groups');
}

export function createShareGroup(api: ApiClient, body: ShareGroupCreate): Promise<ShareGroup> {
  return api<ShareGroup>('/api/company/share-groups', { method: 'POST', body });
}

export function updateShareGroup(api: ApiClient, id: number, body: ShareGroupUpdate): Promise<ShareGroup> {
  return api<ShareGroup>(`/api/company/share-groups/${id}`, { method: 'PATCH', body });
}

export async function deleteShareGroup(api: ApiClient, id: number): Promise<void> {
  await api<unknown>(`/api/company/share-groups/${id}`, { method: 'DELETE' });
}

export function listShareGroupMembers(api: ApiClient, groupId: number): Promise<ShareGroupMember[]> {
  return fetchAllPages<ShareGroupMember>(api, `/api/company/share-groups/${groupId}/users`);
}

export function addShareGroupMembers(api: ApiClient, groupId: number, users: number[]): Promise<ShareGroupMembership> {
  return api<ShareGroupMembership>(`/api/company/share-groups/${groupId}/users`, { method: 'POST', body: { users } });
}

export async function removeShareGroupMember(api: ApiClient, groupId: number, userId: number): Promise<void> {
  await api<unknown>(`/api/company/share-groups/${groupId}/users/${userId}`, { method: 'DELETE' });
}

export function listSubscriptions(api: ApiClient): Promise<Subscription[]> {
  return fetchAllPages<Subscription>(api, '/api/company/subscriptions');
}

export function listAvailableSubscriptions(api: ApiClient): Promise<Subscription[]> {
  return fetchAllPages<Subscription>(api, '/api/company/available-subscriptions');
}

export function listSubscriptionUsage(api: ApiClient, page: number, ordering: UsageOrdering): Promise<SubscriptionUsagePage> {
  return api<SubscriptionUsagePage>('/api/company/subscription-usage', { query: { page, order_by: ordering } });
}

export function listSubscriptionTypePrices(api: ApiClient): Promise<SubscriptionTypePrice[]> {
  return fetchAllPages<SubscriptionTypePrice>(api, '/api/company/subscription-type-prices');
}

export function listSimulationPrices(api: ApiClient): Promise<SimulationPrice[]> {
  return fetchAllPages<SimulationPrice>(api, '/api/company/simulation-prices');
}
