/** The shown tab's tiles, with loading, empty and error states and "Load more" / "Show all". */
import { useCallback } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { projectListMachine } from '@machines/project-list/project-list.machine.ts';
import type { favoritesMachine } from '@machines/favorites/favorites.machine.ts';
import {
  selectCount,
  selectError,
  selectHasMore,
  selectIsEmpty,
  selectIsFetchingAll,
  selectIsFirstLoad,
  selectIsLoadingMore,
  selectProjects,
  selectSearch,
  selectTab,
} from '@machines/project-list/project-list.selectors.ts';
import { Button } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { ProjectTile } from './project-tile.tsx';
import { TAB_LABELS } from './project-list-toolbar.tsx';
import { grid, more, notice, skeleton } from './project-list.css.ts';

const EMPTY_TEXT = {
  all: { title: 'No projects yet', description: 'Create a project to start a microclimate study, or open one of the demos.' },
  favorites: { title: 'No favorites yet', description: 'Star a project to keep it here, one click away.' },
  shared: { title: 'Nothing shared with you', description: 'Projects colleagues share with you appear here once you accept them.' },
  demos: { title: 'No demo projects', description: 'Demo projects with computed results appear here when the server provides them.' },
} as const;

export interface ProjectGridProps {
  list: ActorRefFrom<typeof projectListMachine>;
  favorites: ActorRefFrom<typeof favoritesMachine>;
  onCreate?: () => void;
}

export function ProjectGrid({ list, favorites, onCreate }: ProjectGridProps) {
  const projects = useSelector(list, selectProjects);
  const tab = useSelector(list, selectTab);
  const search = useSelector(list, selectSearch);
  const count = useSelector(list, selectCount);
  const firstLoad = useSelector(list, selectIsFirstLoad);
  const loadingMore = useSelector(list, selectIsLoadingMore);
  const fetchingAll = useSelector(list, selectIsFetchingAll);
  const hasMore = useSelector(list, selectHasMore);
  const empty = useSelector(list, selectIsEmpty);
  const error = useSelector(list, selectError);
  // SPEC §4: a scenario added or submitted from a tile clears the cached projects.
  const clearCache = useCallback(() => list.send({ type: 'cache.clear' }), [list]);

  return (
    <section id="project-results" aria-label={`${TAB_LABELS[tab]} projects`} aria-busy={firstLoad || loadingMore || fetchingAll}>
      {error ? (
        <div className={notice}>
          <InlineMessage
            tone="danger"
            action={
              <Button size="sm" onClick={() => list.send({ type: 'list.retry' })}>
                Retry
              </Button>
            }
          >
            The projects could not be loaded: {error}
          </InlineMessage>
        </div>
      ) : null}
      {firstLoad ? (
        <ul className={grid} aria-hidden>
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <li key={i} className={skeleton} />
          ))}
        </ul>
      ) : empty ? (
        search.trim() ? (
          <EmptyState
            title={`No projects match “${search.trim()}”`}
            description="Search looks at the name, location, project id and reference id."
            action={<Button onClick={() => list.send({ type: 'search.change', search: '' })}>Clear search</Button>}
          />
        ) : (
          <EmptyState
            title={EMPTY_TEXT[tab].title}
            description={EMPTY_TEXT[tab].description}
            action={
              tab === 'all' && onCreate ? (
                <Button tone="primary" onClick={onCreate}>
                  New project
                </Button>
              ) : tab !== 'demos' ? (
                <Button onClick={() => list.send({ type: 'tab.select', tab: 'demos' })}>Browse demos</Button>
              ) : undefined
            }
          />
        )
      ) : (
        <ul className={grid}>
          {projects.map((project) => (
            <li key={project.id}>
              <ProjectTile project={project} favorites={favorites} onScenarioChanged={clearCache} />
            </li>
          ))}
        </ul>
      )}
      {!firstLoad && projects.length > 0 ? (
        <div className={more}>
          <span>
            Showing {projects.length}
            {count !== null ? ` of ${count}` : ''}
          </span>
          {hasMore ? (
            <>
              <Button onClick={() => list.send({ type: 'page.next' })} disabled={loadingMore || fetchingAll}>
                {loadingMore ? 'Loading…' : 'Load more'}
              </Button>
              <Button tone="ghost" onClick={() => list.send({ type: 'list.fetchAll' })} disabled={loadingMore || fetchingAll}>
                {fetchingAll ? 'Loading all…' : 'Show all'}
              </Button>
            </>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
