/**
 * Model-based tests of the project list with xstate/graph: the traversal walks the machine's own
 * transition function, fed every user event, the fetch actors' done and error events (a page with
 * and without `next`, 'Invalid page.', a server error) and the search debounce.
 *
 * Properties, on every edge from every reachable state:
 * - every resting state is reachable;
 * - 'Invalid page.' never leads to failed and leaves no error: paging stops quietly;
 * - any other error leads to failed with the error stored on the shown tab;
 * - page counters start at 1, never go below it, and a reset puts every one back to 1 while job
 *   types and criteria stay;
 * - a page without `next` ends paging: `page.next` afterwards fetches nothing.
 */
import { describe, expect, it } from 'vitest';
import { getNextSnapshot, type AnyStateNode, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { ServerError } from '@machines/shared/actors.ts';
import { projectListMachine } from './project-list.machine.ts';
import type { ProjectListEvent, ProjectPage } from './project-list.types.ts';
import { project } from './project-list.fixtures.ts';

type Snapshot = SnapshotFrom<typeof projectListMachine>;

const INVALID_PAGE: ServerError = { kind: 'http', status: 404, detail: 'Invalid page.', fields: {}, body: { detail: 'Invalid page.' } };
const SERVER_ERROR: ServerError = { kind: 'http', status: 500, detail: 'Server error.', fields: {}, body: null };

const page = (next: boolean): ProjectPage => ({ count: 3, next: next ? 'http://x/api/project/?page=9' : null, previous: null, results: [project(1)] });
const done = (id: string, output: ProjectPage) => ({ type: `xstate.done.actor.${id}`, output }) as unknown as ProjectListEvent;
const error = (id: string, err: ServerError) => ({ type: `xstate.error.actor.${id}`, error: err }) as unknown as ProjectListEvent;

const EVENTS: ProjectListEvent[] = [
  { type: 'tab.select', tab: 'favorites' },
  { type: 'tab.select', tab: 'all' },
  { type: 'search.change', search: 'tor' },
  { type: 'search.submit' },
  { type: 'page.next' },
  { type: 'list.fetchAll' },
  { type: 'list.refresh' },
  { type: 'list.retry' },
  { type: 'list.reset' },
  { type: 'tab.invalidate', tab: 'all' },
  { type: 'cache.clear' },
  { type: 'reference.set', jobTypes: [{ id: 1 }], criteria: [{ id: 'c' }] },
  done('fetchPage', page(true)),
  done('fetchPage', page(false)),
  error('fetchPage', INVALID_PAGE),
  error('fetchPage', SERVER_ERROR),
  done('fetchAllPage', page(true)),
  done('fetchAllPage', page(false)),
  error('fetchAllPage', INVALID_PAGE),
  error('fetchAllPage', SERVER_ERROR),
  { type: 'xstate.after.searchDebounce.projectList.debouncing' } as unknown as ProjectListEvent,
];

/** State, tab and what decides the shown tab's transitions; counters capped so the graph is finite. */
function serializeState(s: Snapshot): string {
  const c = s.context;
  const tabs = Object.entries(c.tabs).map(([tab, l]) => [tab, Math.min(l.page, 3), l.hasMore, l.loaded, l.error !== null]);
  return JSON.stringify([s.value, c.tab, c.search, c.ordering, c.jobTypes.length, tabs]);
}

function atomicStatePaths(node: AnyStateNode): string[] {
  const children = Object.values(node.states) as AnyStateNode[];
  if (children.length === 0) return [node.path.join('.')];
  return children.flatMap(atomicStatePaths);
}

const PATHS = getShortestPaths(projectListMachine, { input: {}, events: EVENTS, serializeState });

/** Every edge of the graph: each reachable state with each event, and where it leads. */
const EDGES = PATHS.flatMap((path) => EVENTS.map((event) => ({ before: path.state, event, after: getNextSnapshot(projectListMachine, path.state, event) })));

const isError = (event: ProjectListEvent, err: ServerError) =>
  event.type.startsWith('xstate.error.actor.') && (event as unknown as { error: ServerError }).error === err;

describe('project list statechart (xstate/graph)', () => {
  it('reaches every resting state', () => {
    const reached = new Set(PATHS.map((p) => String(p.state.value)));
    expect(PATHS.length).toBeGreaterThan(50);
    expect(atomicStatePaths(projectListMachine.root).filter((p) => !reached.has(p))).toEqual([]);
  });

  it("'Invalid page.' stops paging quietly; other errors are stored and shown", () => {
    let invalid = 0;
    let other = 0;
    {
      for (const { before, event, after } of EDGES) {
        const fetching =
          (before.matches('loadingPage') && event.type.endsWith('.fetchPage')) || (before.matches('fetchingAll') && event.type.endsWith('.fetchAllPage'));
        if (!fetching) continue;
        const shown = after.context.tabs[after.context.tab];
        if (isError(event, INVALID_PAGE)) {
          invalid += 1;
          expect(after.matches('failed')).toBe(false);
          expect(shown.error).toBeNull();
          expect(shown.hasMore).toBe(false);
        }
        if (isError(event, SERVER_ERROR)) {
          other += 1;
          expect(after.matches('failed')).toBe(true);
          expect(shown.error?.detail).toBe('Server error.');
        }
      }
    }
    expect(invalid).toBeGreaterThan(0);
    expect(other).toBeGreaterThan(0);
  });

  it('counters start at 1; a reset puts every one back to 1 and keeps job types and criteria', () => {
    let resets = 0;
    expect(Object.values(PATHS[0]!.steps[0]!.state.context.tabs).every((t) => t.page === 1)).toBe(true);
    {
      for (const { before, event, after } of EDGES) {
        expect(Object.values(after.context.tabs).every((t) => t.page >= 1)).toBe(true);
        if (event.type === 'list.reset') {
          resets += 1;
          expect(Object.values(after.context.tabs).every((t) => t.page === 1 && !t.loaded)).toBe(true);
          expect(after.context.jobTypes).toEqual(before.context.jobTypes);
          expect(after.context.criteria).toEqual(before.context.criteria);
        }
      }
    }
    expect(resets).toBeGreaterThan(0);
  });

  it('a page without next ends paging: page.next afterwards fetches nothing', () => {
    let checked = 0;
    {
      for (const { before, event, after } of EDGES) {
        if (event.type !== 'page.next' || !before.matches('idle')) continue;
        const shown = before.context.tabs[before.context.tab];
        if (shown.hasMore) continue;
        checked += 1;
        expect(after.matches('idle')).toBe(true);
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});
