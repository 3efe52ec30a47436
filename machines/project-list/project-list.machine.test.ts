/** The project list machine, by events and snapshots, with a fake page service and fake timers. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ServerError } from '@machines/shared/actors.ts';
import { projectListMachine } from './project-list.machine.ts';
import type { PageRequest, ProjectPage, ProjectTab } from './project-list.types.ts';
import { project } from './project-list.fixtures.ts';
import { selectError, selectHasMore, selectIsEmpty, selectPageCounter, selectProjects, selectTabLoaded, selectTabLoading } from './project-list.selectors.ts';

const invalidPage: ServerError = { kind: 'http', status: 404, detail: 'Invalid page.', fields: {}, body: { detail: 'Invalid page.' } };
const serverDown: ServerError = { kind: 'http', status: 500, detail: 'Server error.', fields: {}, body: null };

/** A server with `total` projects per tab, answering pages like DRF. */
function fakeServer(total: number, options: { failWith?: (request: PageRequest) => ServerError | null } = {}) {
  const requests: PageRequest[] = [];
  const fetchPage = vi.fn(async (request: PageRequest): Promise<ProjectPage> => {
    requests.push(request);
    const failure = options.failWith?.(request);
    if (failure) throw failure;
    const ids = Array.from({ length: total }, (_, i) => i + 1);
    const start = (request.page - 1) * request.pageSize;
    if (request.page < 1 || (start >= ids.length && request.page > 1)) throw invalidPage;
    const slice = ids.slice(start, start + request.pageSize);
    return {
      count: total,
      next: start + request.pageSize < total ? `http://x/api/project/?page=${request.page + 1}` : null,
      previous: request.page > 1 ? `http://x/api/project/?page=${request.page - 1}` : null,
      results: slice.map((id) => project(id, { name: `${request.tab} ${id}` })),
    };
  });
  return { fetchPage, requests };
}

function start(server: ReturnType<typeof fakeServer>, input = {}) {
  const actor = createActor(
    projectListMachine.provide({ actors: { fetchPage: fromPromise<ProjectPage, PageRequest>(({ input }) => server.fetchPage(input)) } }),
    { input },
  );
  actor.start();
  return actor;
}

async function settle() {
  await vi.advanceTimersByTimeAsync(0);
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('project list', () => {
  it('starts on the all tab at page 1 and keeps a page counter per tab', async () => {
    const server = fakeServer(30);
    const actor = start(server);
    expect(selectTabLoading('all')(actor.getSnapshot())).toBe(true);
    expect(server.requests[0]).toEqual({ tab: 'all', search: '', ordering: '-created', page: 1, pageSize: 24 });
    await settle();
    const s = actor.getSnapshot();
    expect(s.value).toBe('idle');
    expect(selectProjects(s)).toHaveLength(24);
    expect(selectPageCounter(s)).toBe(2);
    expect(selectTabLoaded('all')(s)).toBe(true);
    expect(selectTabLoaded('favorites')(s)).toBe(false);
    expect(selectHasMore(s)).toBe(true);
  });

  it('fetches page by page until there is no next page', async () => {
    const server = fakeServer(50);
    const actor = start(server);
    await settle();
    actor.send({ type: 'page.next' });
    await settle();
    actor.send({ type: 'page.next' });
    await settle();
    expect(server.requests.map((r) => r.page)).toEqual([1, 2, 3]);
    expect(selectProjects(actor.getSnapshot())).toHaveLength(50);
    expect(selectHasMore(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'page.next' });
    await settle();
    expect(server.requests).toHaveLength(3);
  });

  it("stops quietly on 'Invalid page.' — no error, no more pages", async () => {
    let pages = 0;
    const server = fakeServer(30, { failWith: (r) => (r.page === 2 && ++pages ? invalidPage : null) });
    const actor = start(server);
    await settle();
    actor.send({ type: 'page.next' });
    await settle();
    const s = actor.getSnapshot();
    expect(s.value).toBe('idle');
    expect(selectError(s)).toBeNull();
    expect(selectHasMore(s)).toBe(false);
    expect(selectProjects(s)).toHaveLength(24);
  });

  it('stores other errors, shows them and retries', async () => {
    let fail = true;
    const server = fakeServer(5, { failWith: () => (fail ? serverDown : null) });
    const actor = start(server);
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(selectError(actor.getSnapshot())).toBe('Server error.');
    fail = false;
    actor.send({ type: 'list.retry' });
    expect(selectError(actor.getSnapshot())).toBeNull();
    await settle();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(selectProjects(actor.getSnapshot())).toHaveLength(5);
  });

  it('fetches all with page_size 999, following next until none', async () => {
    const server = fakeServer(2500);
    const actor = start(server);
    await settle();
    actor.send({ type: 'list.fetchAll' });
    expect(actor.getSnapshot().value).toBe('fetchingAll');
    await settle();
    await settle();
    await settle();
    expect(server.requests.slice(1).map((r) => [r.page, r.pageSize])).toEqual([
      [1, 999],
      [2, 999],
      [3, 999],
    ]);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(selectProjects(actor.getSnapshot())).toHaveLength(2500);
    expect(new Set(selectProjects(actor.getSnapshot()).map((p) => p.id)).size).toBe(2500);
  });

  it('keeps each tab loaded: switching back does not fetch again', async () => {
    const server = fakeServer(3);
    const actor = start(server);
    await settle();
    actor.send({ type: 'tab.select', tab: 'favorites' });
    expect(selectTabLoading('favorites')(actor.getSnapshot())).toBe(true);
    expect(selectTabLoading('all')(actor.getSnapshot())).toBe(false);
    await settle();
    actor.send({ type: 'tab.select', tab: 'all' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(server.requests.map((r) => r.tab)).toEqual(['all', 'favorites']);
    expect(selectProjects(actor.getSnapshot())[0]!.name).toBe('all 1');
  });

  it('searches after the debounce, from page 1 on every tab', async () => {
    const server = fakeServer(40);
    const actor = start(server);
    await settle();
    actor.send({ type: 'page.next' });
    await settle();
    actor.send({ type: 'search.change', search: 'Tor' });
    actor.send({ type: 'search.change', search: 'Toronto' });
    expect(actor.getSnapshot().value).toBe('debouncing');
    await vi.advanceTimersByTimeAsync(299);
    expect(server.requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(server.requests.at(-1)).toMatchObject({ search: 'Toronto', page: 1 });
    expect(server.requests).toHaveLength(3);
    expect(selectPageCounter(actor.getSnapshot())).toBe(2);
  });

  it('each keystroke restarts the debounce', async () => {
    const server = fakeServer(3);
    const actor = start(server);
    await settle();
    actor.send({ type: 'search.change', search: 'T' });
    await vi.advanceTimersByTimeAsync(200);
    actor.send({ type: 'search.change', search: 'To' });
    await vi.advanceTimersByTimeAsync(299);
    expect(server.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.requests.at(-1)).toMatchObject({ search: 'To', page: 1 });
  });

  it('searches at once on Enter', async () => {
    const server = fakeServer(3);
    const actor = start(server);
    await settle();
    actor.send({ type: 'search.change', search: 'x' });
    actor.send({ type: 'search.submit' });
    await settle();
    expect(server.requests.at(-1)).toMatchObject({ search: 'x', page: 1 });
  });

  it('orders from page 1', async () => {
    const server = fakeServer(30);
    const actor = start(server);
    await settle();
    actor.send({ type: 'page.next' });
    await settle();
    actor.send({ type: 'ordering.change', ordering: 'name' });
    await settle();
    expect(server.requests.at(-1)).toMatchObject({ ordering: 'name', page: 1 });
    expect(selectProjects(actor.getSnapshot())).toHaveLength(24);
  });

  it('reset starts every counter at 1 again and keeps job types and criteria', async () => {
    const server = fakeServer(30);
    const actor = start(server, { tab: 'demos' as ProjectTab });
    await settle();
    actor.send({ type: 'reference.set', jobTypes: [{ id: 1 }], criteria: [{ id: 'lawson' }] });
    actor.send({ type: 'page.next' });
    await settle();
    actor.send({ type: 'search.change', search: 'abc' });
    actor.send({ type: 'list.reset' });
    const s = actor.getSnapshot();
    expect(s.context.tab).toBe('all');
    expect(s.context.search).toBe('');
    expect(Object.values(s.context.tabs).map((t) => t.page)).toEqual([1, 1, 1, 1]);
    expect(Object.values(s.context.tabs).every((t) => !t.loaded)).toBe(true);
    expect(s.context.jobTypes).toEqual([{ id: 1 }]);
    expect(s.context.criteria).toEqual([{ id: 'lawson' }]);
  });

  it('a saved favorite shows on every loaded tab and unloads the favorites tab', async () => {
    const server = fakeServer(3);
    const actor = start(server);
    await settle();
    actor.send({ type: 'tab.select', tab: 'favorites' });
    await settle();
    actor.send({ type: 'tab.select', tab: 'all' });
    actor.send({ type: 'favorite.changed', projectId: 2, favorite: true });
    const s = actor.getSnapshot();
    expect(s.context.tabs.all.projects.find((p) => p.id === 2)!.is_favorite).toBe(true);
    expect(s.context.tabs.favorites.loaded).toBe(false);
  });

  it('an invalidated shown tab is fetched again; another waits until shown', async () => {
    const server = fakeServer(3);
    const actor = start(server);
    await settle();
    actor.send({ type: 'tab.invalidate', tab: 'shared' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'tab.invalidate', tab: 'all' });
    expect(actor.getSnapshot().value).toBe('loadingPage');
    await settle();
    expect(server.requests.map((r) => r.page)).toEqual([1, 1]);
  });

  it("clears every cached tab when a scenario changes (SPEC §4 'cached projects cleared'), keeping search, ordering and the shown tiles", async () => {
    const server = fakeServer(30);
    const actor = start(server);
    await settle();
    actor.send({ type: 'tab.select', tab: 'favorites' });
    await settle();
    actor.send({ type: 'tab.select', tab: 'all' });
    actor.send({ type: 'page.next' });
    await settle();
    actor.send({ type: 'ordering.change', ordering: 'name' });
    await settle();
    const before = server.requests.length;
    actor.send({ type: 'cache.clear' });
    const s = actor.getSnapshot();
    expect(s.value).toBe('loadingPage');
    expect(s.context.tabs.favorites.loaded).toBe(false);
    expect(Object.values(s.context.tabs).every((t) => t.page === 1 && !t.loaded)).toBe(true);
    // The tiles stay on screen until the fresh page replaces them.
    expect(selectProjects(s)).toHaveLength(24);
    await settle();
    expect(server.requests.slice(before)).toEqual([expect.objectContaining({ tab: 'all', page: 1, ordering: 'name' })]);
    expect(selectPageCounter(actor.getSnapshot())).toBe(2);
    actor.send({ type: 'tab.select', tab: 'favorites' });
    await settle();
    expect(server.requests.at(-1)).toMatchObject({ tab: 'favorites', page: 1 });
  });

  it('says when a loaded tab is empty', async () => {
    const server = fakeServer(0);
    const actor = start(server);
    await settle();
    expect(selectIsEmpty(actor.getSnapshot())).toBe(true);
  });
});
