/**
 * The project list (SPEC §2 `/projects/`, §4, §8, §9): tabs all | favorites | shared | demos, a
 * search, an ordering and pages from 1. Each tab keeps what it fetched, its page counter and its
 * loaded flag; the loading flag is read from the state (only the shown tab ever loads).
 *
 *   projectList
 *   ├── loadingPage      fetches the shown tab's next page (page_size 24)
 *   ├── fetchingAll      fetches the shown tab whole: pages of 999, following `next` until none
 *   ├── debouncing       the search is being typed; searches after `searchDebounce`
 *   ├── idle             the shown tab is as far as the user asked
 *   └── failed           the shown tab's error is stored and shown; `list.retry` tries again
 *
 * 'Invalid page.' (a page past the end, e.g. the list shrank) stops paging quietly: the tab is
 * loaded, has no more pages and no error. A new search or ordering unloads every tab and starts
 * each counter at 1 again; `list.reset` does the same and forgets the search, keeping the job types
 * and criteria. `cache.clear` (a scenario added, submitted or deleted: SPEC §4 "cached projects
 * cleared") unloads every tab and fetches the shown one again, keeping the search and ordering.
 *
 * Owned by src/screens/projects/project-list-screen.tsx (screen-local, useActorRef).
 */
import { assertEvent, assign, setup } from 'xstate';
import { asServerError, isInvalidPage, notProvided } from '@machines/shared/actors.ts';
import {
  DEFAULT_ORDERING,
  DEFAULT_TAB,
  FETCH_ALL_PAGE_SIZE,
  PAGE_SIZE,
  PROJECT_LIST_TABS,
  type PageRequest,
  type ProjectListContext,
  type ProjectListEvent,
  type ProjectListInput,
  type ProjectPage,
  type ProjectSummary,
  type ProjectTab,
  type TabList,
} from './project-list.types.ts';

export const emptyTab = (): TabList => ({ projects: [], page: 1, count: null, hasMore: true, loaded: false, error: null });

const emptyTabs = (): Record<ProjectTab, TabList> => Object.fromEntries(PROJECT_LIST_TABS.map((tab) => [tab, emptyTab()])) as Record<ProjectTab, TabList>;

/** Appends a page, skipping projects already listed (a project created meanwhile shifts pages). */
function appendPage(list: TabList, page: ProjectPage): TabList {
  const seen = new Set(list.projects.map((p) => p.id));
  const fresh = page.results.filter((p) => !seen.has(p.id));
  return {
    projects: [...list.projects, ...fresh],
    page: list.page + 1,
    count: page.count,
    hasMore: page.next !== null,
    loaded: true,
    error: null,
  };
}

function withTab(context: ProjectListContext, tab: ProjectTab, update: (list: TabList) => TabList): Record<ProjectTab, TabList> {
  return { ...context.tabs, [tab]: update(context.tabs[tab]) };
}

function pageRequest(context: ProjectListContext, pageSize: number): PageRequest {
  return {
    tab: context.tab,
    search: context.search.trim(),
    ordering: context.ordering,
    page: context.tabs[context.tab].page,
    pageSize,
  };
}

export const projectListMachine = setup({
  types: {
    context: {} as ProjectListContext,
    events: {} as ProjectListEvent,
    input: {} as ProjectListInput,
  },
  actors: {
    fetchPage: notProvided<ProjectPage, PageRequest>('fetchPage'),
  },
  actions: {
    selectTab: assign(({ event }) => {
      assertEvent(event, 'tab.select');
      return { tab: event.tab };
    }),
    setSearch: assign(({ event }) => {
      assertEvent(event, 'search.change');
      return { search: event.search };
    }),
    setOrdering: assign(({ event }) => {
      assertEvent(event, 'ordering.change');
      return { ordering: event.ordering };
    }),
    /** Every tab back to page 1, unloaded (the search or ordering changed). */
    unloadTabs: assign({ tabs: () => emptyTabs() }),
    /** The shown tab back to page 1, keeping its tiles on screen until the new page replaces them. */
    restartTab: assign({
      tabs: ({ context }) => withTab(context, context.tab, (list) => ({ ...list, page: 1, hasMore: true, loaded: false })),
    }),
    resetState: assign(({ context }) => ({
      tab: DEFAULT_TAB,
      search: '',
      ordering: DEFAULT_ORDERING,
      tabs: emptyTabs(),
      jobTypes: context.jobTypes,
      criteria: context.criteria,
    })),
    storePage: assign({
      tabs: ({ context }, page: ProjectPage) => withTab(context, context.tab, (list) => appendPage(list.page === 1 ? { ...list, projects: [] } : list, page)),
    }),
    /** 'Invalid page.': nothing more to fetch, and nothing wrong to show. */
    stopPaging: assign({
      tabs: ({ context }) => withTab(context, context.tab, (list) => ({ ...list, hasMore: false, loaded: true, error: null })),
    }),
    storeError: assign({
      tabs: ({ context }, params: { error: unknown }) => withTab(context, context.tab, (list) => ({ ...list, error: asServerError(params.error) })),
    }),
    clearError: assign({
      tabs: ({ context }) => withTab(context, context.tab, (list) => ({ ...list, error: null })),
    }),
    /** Every tab unloaded; the shown one keeps its tiles on screen until its first page replaces them. */
    clearCache: assign({
      tabs: ({ context }) => ({ ...emptyTabs(), [context.tab]: { ...context.tabs[context.tab], page: 1, hasMore: true, loaded: false, error: null } }),
    }),
    invalidateTab: assign(({ context, event }) => {
      assertEvent(event, 'tab.invalidate');
      return { tabs: withTab(context, event.tab, (list) => ({ ...list, page: 1, hasMore: true, loaded: false })) };
    }),
    markFavorite: assign(({ context, event }) => {
      assertEvent(event, 'favorite.changed');
      const tabs = { ...context.tabs };
      for (const tab of PROJECT_LIST_TABS) {
        const list = tabs[tab];
        if (!list.projects.some((p) => p.id === event.projectId)) continue;
        tabs[tab] = {
          ...list,
          projects: list.projects.map((p): ProjectSummary => (p.id === event.projectId ? { ...p, is_favorite: event.favorite } : p)),
        };
      }
      // The favorites tab gains or loses a project: fetch it again when it is next shown.
      tabs.favorites = { ...tabs.favorites, page: 1, hasMore: true, loaded: false };
      return { tabs };
    }),
    setReference: assign(({ event }) => {
      assertEvent(event, 'reference.set');
      return { jobTypes: event.jobTypes, criteria: event.criteria };
    }),
  },
  guards: {
    shownTabLoaded: ({ context }) => context.tabs[context.tab].loaded,
    selectedTabLoaded: ({ context, event }) => event.type === 'tab.select' && context.tabs[event.tab].loaded,
    shownTabHasMore: ({ context }) => context.tabs[context.tab].hasMore,
    invalidatesShownTab: ({ context, event }) => event.type === 'tab.invalidate' && event.tab === context.tab,
    pageHasNext: (_, page: ProjectPage) => page.next !== null,
    isInvalidPage: (_, params: { error: unknown }) => isInvalidPage(params.error),
  },
  delays: {
    /** Typing pauses this long before the list is searched. */
    searchDebounce: 300,
  },
}).createMachine({
  id: 'projectList',
  context: ({ input }) => ({
    tab: input.tab ?? DEFAULT_TAB,
    search: input.search ?? '',
    ordering: input.ordering ?? DEFAULT_ORDERING,
    tabs: emptyTabs(),
    jobTypes: [],
    criteria: [],
  }),
  initial: 'loadingPage',
  on: {
    'tab.select': [
      { guard: 'selectedTabLoaded', target: '.idle', actions: 'selectTab' },
      { target: '.loadingPage', actions: 'selectTab' },
    ],
    'search.change': { target: '.debouncing', actions: ['setSearch', 'unloadTabs'] },
    'ordering.change': { target: '.loadingPage', actions: ['setOrdering', 'unloadTabs'] },
    'list.refresh': { target: '.loadingPage', actions: 'restartTab' },
    'list.fetchAll': { target: '.fetchingAll', actions: 'restartTab' },
    'list.reset': { target: '.loadingPage', actions: 'resetState' },
    'cache.clear': { target: '.loadingPage', actions: 'clearCache' },
    'tab.invalidate': [{ guard: 'invalidatesShownTab', target: '.loadingPage', actions: 'invalidateTab' }, { actions: 'invalidateTab' }],
    'favorite.changed': { actions: 'markFavorite' },
    'reference.set': { actions: 'setReference' },
  },
  states: {
    loadingPage: {
      entry: 'clearError',
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: ({ context }) => pageRequest(context, PAGE_SIZE),
        onDone: { target: 'idle', actions: { type: 'storePage', params: ({ event }) => event.output } },
        onError: [
          { guard: { type: 'isInvalidPage', params: ({ event }) => ({ error: event.error }) }, target: 'idle', actions: 'stopPaging' },
          { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    fetchingAll: {
      entry: 'clearError',
      invoke: {
        id: 'fetchAllPage',
        src: 'fetchPage',
        input: ({ context }) => pageRequest(context, FETCH_ALL_PAGE_SIZE),
        onDone: [
          {
            guard: { type: 'pageHasNext', params: ({ event }) => event.output },
            target: 'fetchingAll',
            reenter: true,
            actions: { type: 'storePage', params: ({ event }) => event.output },
          },
          { target: 'idle', actions: { type: 'storePage', params: ({ event }) => event.output } },
        ],
        onError: [
          { guard: { type: 'isInvalidPage', params: ({ event }) => ({ error: event.error }) }, target: 'idle', actions: 'stopPaging' },
          { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    debouncing: {
      after: { searchDebounce: 'loadingPage' },
      on: { 'search.submit': 'loadingPage' },
    },
    idle: {
      on: {
        'page.next': { guard: 'shownTabHasMore', target: 'loadingPage' },
        'search.submit': 'loadingPage',
      },
    },
    failed: {
      on: {
        'list.retry': 'loadingPage',
        'page.next': 'loadingPage',
        'search.submit': 'loadingPage',
      },
    },
  },
});
