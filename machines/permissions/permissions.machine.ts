/**
 * What the signed-in user may do (SPEC §6): the global permission list (GET /api/permissions/) and
 * the per-project lists (GET /api/project-permissions/), merged into one map — key '*' for the
 * global strings, a project id for that project's — and whether the user is the installation's
 * operator (superuser). The UI offers only what the map permits; the server still checks every call.
 *
 *   permissions
 *   ├── loading      the first fetch; nothing is permitted yet
 *   ├── ready        the map is known
 *   ├── refreshing   fetching again; the old map stays in force meanwhile
 *   └── failed       nothing is permitted; retries after `retryDelay`, or on `permissions.refresh`
 *
 * Owned by src/app (PermissionsContext, signed-in screens only).
 */
import { assign, setup } from 'xstate';
import { asServerError, notProvided, type ServerError } from '@machines/shared/actors.ts';

export const GLOBAL_SCOPE = '*';

/** Scope ('*' or a project id) → permission strings. */
export type PermissionMap = Record<string, string[]>;

export interface PermissionLists {
  global: string[];
  projects: Record<string, string[]>;
  /** The user is the installation's operator (is_superuser): the Operator screen is offered. */
  operator?: boolean;
  /** The signed-in user's name (first and last, else the username), for the avatar's initials. */
  name?: string;
  /** The signed-in user's id (who created a project may export it). */
  userId?: number | null;
}

/** The merge of SPEC §6: one map, globally and per project. */
export function mergePermissions(lists: PermissionLists): PermissionMap {
  const map: PermissionMap = { [GLOBAL_SCOPE]: [...new Set(lists.global)].sort() };
  for (const [projectId, permissions] of Object.entries(lists.projects)) {
    map[projectId] = [...new Set(permissions)].sort();
  }
  return map;
}

export interface PermissionsContext {
  map: PermissionMap;
  operator: boolean;
  name: string;
  userId: number | null;
  error: ServerError | null;
}

export type PermissionsEvent = { type: 'permissions.refresh' };

export const permissionsMachine = setup({
  types: {
    context: {} as PermissionsContext,
    events: {} as PermissionsEvent,
  },
  actors: {
    loadPermissions: notProvided<PermissionLists, void>('loadPermissions'),
  },
  actions: {
    storeMap: assign((_, lists: PermissionLists) => ({
      map: mergePermissions(lists),
      operator: lists.operator === true,
      name: lists.name ?? '',
      userId: lists.userId ?? null,
      error: null,
    })),
    storeError: assign((_, params: { error: unknown }) => ({ error: asServerError(params.error) })),
  },
  delays: {
    /** A failed fetch is tried again after this long. */
    retryDelay: 30_000,
  },
}).createMachine({
  id: 'permissions',
  context: { map: {}, operator: false, name: '', userId: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadPermissions',
        onDone: { target: 'ready', actions: { type: 'storeMap', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    ready: {
      on: { 'permissions.refresh': 'refreshing' },
    },
    refreshing: {
      invoke: {
        src: 'loadPermissions',
        onDone: { target: 'ready', actions: { type: 'storeMap', params: ({ event }) => event.output } },
        // The map in force stays: a failed refresh takes nothing away that the user had.
        onError: { target: 'ready', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
      on: { 'permissions.refresh': { target: 'refreshing', reenter: true } },
    },
    failed: {
      after: { retryDelay: 'loading' },
      on: { 'permissions.refresh': 'loading' },
    },
  },
});
