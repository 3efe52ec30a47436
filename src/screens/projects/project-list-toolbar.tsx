/** The list's tabs (all, favorites, shared, demos), search and ordering. */
import type { KeyboardEvent } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { projectListMachine } from '@machines/project-list/project-list.machine.ts';
import { PROJECT_LIST_TABS, type ProjectOrdering, type ProjectTab } from '@machines/project-list/project-list.types.ts';
import { selectOrdering, selectSearch, selectTab } from '@machines/project-list/project-list.selectors.ts';
import { SelectField } from '../../ui/select-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { filters, search as searchClass, sort, tab as tabClass, tabs, toolbar } from './project-list.css.ts';

export const TAB_LABELS: Record<ProjectTab, string> = { all: 'All', favorites: 'Favorites', shared: 'Shared with me', demos: 'Demos' };

const ORDERINGS: Array<{ value: ProjectOrdering; label: string }> = [
  { value: '-created', label: 'Newest first' },
  { value: 'created', label: 'Oldest first' },
  { value: 'name', label: 'Name A–Z' },
  { value: '-name', label: 'Name Z–A' },
];

export function ProjectListToolbar({ list }: { list: ActorRefFrom<typeof projectListMachine> }) {
  const current = useSelector(list, selectTab);
  const search = useSelector(list, selectSearch);
  const ordering = useSelector(list, selectOrdering);

  function onTabKey(event: KeyboardEvent, index: number) {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = PROJECT_LIST_TABS[(index + step + PROJECT_LIST_TABS.length) % PROJECT_LIST_TABS.length]!;
    list.send({ type: 'tab.select', tab: next });
    document.getElementById(`projects-tab-${next}`)?.focus();
  }

  return (
    <div className={toolbar}>
      <div role="tablist" aria-label="Project lists" className={tabs}>
        {PROJECT_LIST_TABS.map((t, i) => (
          <button
            key={t}
            id={`projects-tab-${t}`}
            type="button"
            role="tab"
            aria-selected={t === current}
            aria-controls="project-results"
            tabIndex={t === current ? 0 : -1}
            className={tabClass}
            onClick={() => list.send({ type: 'tab.select', tab: t })}
            onKeyDown={(e) => onTabKey(e, i)}
          >
            {TAB_LABELS[t]}
          </button>
        ))}
      </div>
      <form
        role="search"
        className={filters}
        onSubmit={(e) => {
          e.preventDefault();
          list.send({ type: 'search.submit' });
        }}
      >
        <TextField
          id="project-search"
          className={searchClass}
          label="Search projects"
          hideLabel
          type="search"
          placeholder="Search name, location, id…"
          title="Searches name, location, project id and reference id"
          value={search}
          onValueChange={(value) => list.send({ type: 'search.change', search: value })}
        />
        <SelectField
          id="project-ordering"
          className={sort}
          label="Sort by"
          hideLabel
          value={ordering}
          options={ORDERINGS}
          onValueChange={(value) => list.send({ type: 'ordering.change', ordering: value as ProjectOrdering })}
        />
      </form>
    </div>
  );
}
