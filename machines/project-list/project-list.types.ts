/** Types of the project list machine (SPEC §2 project list tabs, §4 loading flags and counters). */
import type { ProjectOrdering, ProjectPage, ProjectSummary, ProjectTab } from '@canopy/contract/projects.ts';
import type { ServerError } from '@machines/shared/actors.ts';

export type { ProjectOrdering, ProjectPage, ProjectSummary, ProjectTab };

export const PROJECT_LIST_TABS: readonly ProjectTab[] = ['all', 'favorites', 'shared', 'demos'];
export const DEFAULT_TAB: ProjectTab = 'all';
export const DEFAULT_ORDERING: ProjectOrdering = '-created';
/** One screenful of tiles; "Load more" asks for the next page. */
export const PAGE_SIZE = 24;
/** SPEC §9: the project list's fetch-all asks for pages of 999. */
export const FETCH_ALL_PAGE_SIZE = 999;

/** What one page request asks the server for. */
export interface PageRequest {
  tab: ProjectTab;
  search: string;
  ordering: ProjectOrdering;
  /** From 1. */
  page: number;
  pageSize: number;
}

/** One tab's list as far as it was fetched (SPEC §4: counters start at 1, flags per tab). */
export interface TabList {
  projects: ProjectSummary[];
  /** The next page to ask for; 1 until the first page arrived. */
  page: number;
  /** The server's count for the tab under the current search, once known. */
  count: number | null;
  /** The last page had a `next`. */
  hasMore: boolean;
  /** Fetched (at least its first page) for the current search and ordering. */
  loaded: boolean;
  /** The last failure other than 'Invalid page.' (which stops paging quietly). */
  error: ServerError | null;
}

/** Reference data the scenario tools read; a reset keeps it (SPEC §4). */
export interface ReferenceData {
  jobTypes: unknown[];
  criteria: unknown[];
}

export interface ProjectListContext extends ReferenceData {
  tab: ProjectTab;
  search: string;
  ordering: ProjectOrdering;
  tabs: Record<ProjectTab, TabList>;
}

export interface ProjectListInput {
  tab?: ProjectTab;
  search?: string;
  ordering?: ProjectOrdering;
}

export type ProjectListEvent =
  | { type: 'tab.select'; tab: ProjectTab }
  | { type: 'search.change'; search: string }
  /** Enter in the search box: search now, without waiting for the debounce. */
  | { type: 'search.submit' }
  | { type: 'ordering.change'; ordering: ProjectOrdering }
  /** Load the next page of the current tab ("Load more"). */
  | { type: 'page.next' }
  /** Load the whole current tab, pages of 999, following `next` until none. */
  | { type: 'list.fetchAll' }
  /** Fetch the current tab again from page 1 (after a create, or by hand). */
  | { type: 'list.refresh' }
  | { type: 'list.retry' }
  /** Back to the first state: every counter to 1, every tab unloaded; job types and criteria kept. */
  | { type: 'list.reset' }
  /**
   * SPEC §4 'cached projects cleared': a scenario was added, submitted or deleted. Every tab is
   * unloaded, and the shown one is fetched again from page 1 (its tiles stay until the page arrives).
   */
  | { type: 'cache.clear' }
  /** A tab's contents changed elsewhere (a share accepted, a favorite saved): fetch it again when shown. */
  | { type: 'tab.invalidate'; tab: ProjectTab }
  /** A favorite was saved: every loaded tab shows the new star at once. */
  | { type: 'favorite.changed'; projectId: number; favorite: boolean }
  | { type: 'reference.set'; jobTypes: unknown[]; criteria: unknown[] };
