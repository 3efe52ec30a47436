/** The projects, sharing, company and permission calls: paths, queries and bodies (fake fetch, no network). */
import { describe, expect, it, vi } from 'vitest';
import { createApiClient, createLocalLock } from './client.ts';
import { fetchAllPages, relativeUrl } from './pages.ts';
import * as projects from './projects.ts';
import * as sharing from './sharing.ts';
import * as company from './company.ts';
import { fetchProjectPermissions } from './permissions.ts';

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;

function json(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function client(handler: Handler = () => json(200, { count: 0, next: null, previous: null, results: [] })) {
  const calls: Array<{ method: string; url: URL; body: unknown }> = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    calls.push({ method: init.method ?? 'GET', url, body: typeof init.body === 'string' ? JSON.parse(init.body) : null });
    return handler(url, init);
  });
  const api = createApiClient({
    tokens: { read: () => null, write: () => {} },
    lock: createLocalLock(),
    fetch: fetch as typeof globalThis.fetch,
    baseURL: 'http://canopy.test',
  });
  return { api, calls };
}

describe('project calls', () => {
  it('asks for a page of a tab with search and ordering; the all tab sends no tab', async () => {
    const { api, calls } = client();
    await projects.listProjects(api, { tab: 'favorites', search: ' tor ', ordering: 'name', page: 2, pageSize: 24 });
    await projects.listProjects(api, { tab: 'all', search: '', ordering: '-created', page: 1, pageSize: 999 });
    expect(calls[0]!.url.pathname).toBe('/api/project/');
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({ page: '2', page_size: '24', ordering: 'name', tab: 'favorites', search: 'tor' });
    expect(Object.fromEntries(calls[1]!.url.searchParams)).toEqual({ page: '1', page_size: '999', ordering: '-created' });
  });

  it('stars with POST and unstars with DELETE on /api/user/favorites/{id}/', async () => {
    const { api, calls } = client(() => json(201, { project_id: 7, is_favorite: true }));
    await projects.setFavorite(api, 7, true);
    await projects.setFavorite(api, 7, false);
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual(['POST /api/user/favorites/7/', 'DELETE /api/user/favorites/7/']);
  });

  it('saves, updates and deletes parameter sets under the project', async () => {
    const { api, calls } = client(() => json(200, {}));
    const draft = { name: 'A', analysis_type: 'solar' as const, values: { metric: 'sun_hours' } };
    await projects.saveParameterSet(api, 7, draft);
    await projects.updateParameterSet(api, 7, { id: 3, ...draft });
    await projects.deleteParameterSet(api, 7, 3);
    expect(calls.map((c) => [c.method, c.url.pathname, c.body])).toEqual([
      ['POST', '/api/project/7/save-parameter-set/', draft],
      ['POST', '/api/project/7/update-parameter-set/', { id: 3, ...draft }],
      ['POST', '/api/project/7/delete-parameter-set/', { id: 3 }],
    ]);
  });
});

describe('pages', () => {
  it('fetch-all asks for 999 a page and follows next (as a path) until none', async () => {
    const { api, calls } = client((url) =>
      url.searchParams.get('page') === '2'
        ? json(200, { count: 3, next: null, previous: 'x', results: [3] })
        : json(200, { count: 3, next: 'http://public.example/api/service-line/?page=2&page_size=999', previous: null, results: [1, 2] }),
    );
    expect(await fetchAllPages<number>(api, '/api/service-line/')).toEqual([1, 2, 3]);
    expect(calls.map((c) => c.url.href)).toEqual([
      'http://canopy.test/api/service-line/?page_size=999',
      'http://canopy.test/api/service-line/?page=2&page_size=999',
    ]);
    expect(relativeUrl('/a?b=1')).toBe('/a?b=1');
  });
});

describe('sharing calls', () => {
  it('answers a share, dismisses a notification, shares and invites', async () => {
    const { api, calls } = client(() => json(200, {}));
    await sharing.answerShare(api, 4, 'accepted');
    await sharing.dismissNotification(api, 9);
    await sharing.createProjectShare(api, 7, { email: 'bea@x.test' });
    await sharing.updateProjectShare(api, 7, 4, { share_status: 'pending' });
    await sharing.deleteProjectShare(api, 7, 4);
    await sharing.inviteUser(api, 7, { email: 'new@x.test' });
    expect(calls.map((c) => [c.method, c.url.pathname, c.body])).toEqual([
      ['POST', '/api/user/project-shares/4', { share_status: 'accepted' }],
      ['POST', '/api/user/dismiss-notification/9', null],
      ['POST', '/api/project/7/project-share/', { email: 'bea@x.test' }],
      ['PATCH', '/api/project/7/project-share/4/', { share_status: 'pending' }],
      ['DELETE', '/api/project/7/project-share/4/', null],
      ['POST', '/api/project/7/user-invite/', { email: 'new@x.test' }],
    ]);
  });
});

describe('company calls', () => {
  it('pages users and usage, changes users, manages share group members', async () => {
    const { api, calls } = client(() => json(200, { count: 0, next: null, previous: null, results: [] }));
    await company.listCompanyUsers(api, 3);
    await company.updateCompanyUser(api, 5, { role: 2 });
    await company.listSubscriptionUsage(api, 2, '-credits_used');
    await company.addShareGroupMembers(api, 8, [5, 6]);
    await company.removeShareGroupMember(api, 8, 5);
    expect(calls.map((c) => [c.method, c.url.pathname + c.url.search, c.body])).toEqual([
      ['GET', '/api/company/users?page=3', null],
      ['PATCH', '/api/company/users/5', { role: 2 }],
      ['GET', '/api/company/subscription-usage?page=2&order_by=-credits_used', null],
      ['POST', '/api/company/share-groups/8/users', { users: [5, 6] }],
      ['DELETE', '/api/company/share-groups/8/users/5', null],
    ]);
  });
});

describe('permission calls', () => {
  it('repeats user_permission for every permission string', async () => {
    const { api, calls } = client(() => json(200, { '7': ['projects.change_project'] }));
    expect(await fetchProjectPermissions(api, ['projects.change_project', 'projects.add_insight'])).toEqual({ '7': ['projects.change_project'] });
    expect(calls[0]!.url.pathname).toBe('/api/project-permissions/');
    expect(calls[0]!.url.searchParams.getAll('user_permission')).toEqual(['projects.change_project', 'projects.add_insight']);
  });
});
