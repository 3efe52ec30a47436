/** Named readings of the project list machine for the screen. */
import type { SnapshotFrom } from 'xstate';
import type { projectListMachine } from './project-list.machine.ts';
import type { createProjectMachine } from './create-project.machine.ts';
import type { ProjectOrdering, ProjectSummary, ProjectTab, TabList } from './project-list.types.ts';
import { errorMessage } from '@machines/shared/actors.ts';

type Snapshot = SnapshotFrom<typeof projectListMachine>;

export const selectTab = (s: Snapshot): ProjectTab => s.context.tab;
export const selectSearch = (s: Snapshot): string => s.context.search;
export const selectOrdering = (s: Snapshot): ProjectOrdering => s.context.ordering;

const shown = (s: Snapshot): TabList => s.context.tabs[s.context.tab];

export const selectProjects = (s: Snapshot): ProjectSummary[] => shown(s).projects;
export const selectCount = (s: Snapshot): number | null => shown(s).count;
export const selectHasMore = (s: Snapshot): boolean => shown(s).loaded && shown(s).hasMore;

/** SPEC §4: the loading flag of a tab (only the shown tab ever loads). */
export function selectTabLoading(tab: ProjectTab) {
  return (s: Snapshot): boolean => s.context.tab === tab && (s.matches('loadingPage') || s.matches('fetchingAll') || s.matches('debouncing'));
}

/** SPEC §4: the loaded flag of a tab. */
export function selectTabLoaded(tab: ProjectTab) {
  return (s: Snapshot): boolean => s.context.tabs[tab].loaded;
}

export const selectIsLoading = (s: Snapshot): boolean => selectTabLoading(s.context.tab)(s);
/** The first page is on its way and nothing is on screen yet. */
export const selectIsFirstLoad = (s: Snapshot): boolean => selectIsLoading(s) && shown(s).projects.length === 0;
export const selectIsLoadingMore = (s: Snapshot): boolean => s.matches('loadingPage') && shown(s).page > 1;
export const selectIsFetchingAll = (s: Snapshot): boolean => s.matches('fetchingAll');
export const selectError = (s: Snapshot): string | null => errorMessage(shown(s).error);
export const selectPageCounter = (s: Snapshot): number => shown(s).page;
/** Loaded, and nothing matched: the screen says so (and how to get out of it). */
export const selectIsEmpty = (s: Snapshot): boolean => shown(s).loaded && shown(s).projects.length === 0 && !selectIsLoading(s);

// The create-project modal.
type Create = SnapshotFrom<typeof createProjectMachine>;
export const selectCreateOpen = (s: Create): boolean => !s.matches('closed');
export const selectCreating = (s: Create): boolean => s.matches('creating');
export const selectCreateError = (s: Create) => s.context.error;
