/** Permissions: the two lists merged into one map, global and per project; refresh and retry. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ServerError } from '@machines/shared/actors.ts';
import { mergePermissions, permissionsMachine, type PermissionLists } from './permissions.machine.ts';
import {
  can,
  canInProject,
  initialsOf,
  selectCan,
  selectCanInProject,
  selectInitials,
  selectIsOperator,
  selectPermissionMap,
  selectPermissionsKnown,
} from './permissions.selectors.ts';

const down: ServerError = { kind: 'network', status: null, detail: 'offline', fields: {}, body: null };

function start(load: () => Promise<PermissionLists>) {
  return createActor(permissionsMachine.provide({ actors: { loadPermissions: fromPromise<PermissionLists, void>(load) } })).start();
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('permissions', () => {
  it('merges the global list and the per-project lists into one map', () => {
    expect(
      mergePermissions({
        global: ['projects.add_project', 'projects.change_project', 'projects.add_project'],
        projects: { '7': ['projects.change_project'], '9': [] },
      }),
    ).toEqual({ '*': ['projects.add_project', 'projects.change_project'], '7': ['projects.change_project'], '9': [] });
  });

  it('answers globally and per project; nothing is permitted before the lists arrive', async () => {
    const actor = start(async () => ({ global: ['projects.add_project', 'custom_auth.change_user'], projects: { '7': ['projects.change_project'] } }));
    expect(selectCan('projects.add_project')(actor.getSnapshot())).toBe(false);
    expect(selectPermissionsKnown(actor.getSnapshot())).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    const s = actor.getSnapshot();
    expect(selectPermissionsKnown(s)).toBe(true);
    expect(selectCan('projects.add_project')(s)).toBe(true);
    expect(selectCan('custom_auth.change_sharegroup')(s)).toBe(false);
    expect(selectCanInProject('projects.change_project', 7)(s)).toBe(true);
    expect(selectCanInProject('projects.change_project', 8)(s)).toBe(false);
    // A global string does not grant a project action, and the other way round.
    expect(canInProject(selectPermissionMap(s), 'projects.add_project', 7)).toBe(false);
    expect(can(selectPermissionMap(s), 'projects.change_project')).toBe(false);
  });

  it('knows the installation operator (superuser) only when the lists say so', async () => {
    const operator = start(async () => ({ global: [], projects: {}, operator: true }));
    const ordinary = start(async () => ({ global: ['custom_auth.change_user'], projects: {} }));
    expect(selectIsOperator(operator.getSnapshot())).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(selectIsOperator(operator.getSnapshot())).toBe(true);
    expect(selectIsOperator(ordinary.getSnapshot())).toBe(false);
  });

  it('keeps the map in force while refreshing, and after a failed refresh', async () => {
    let fail = false;
    const actor = start(async () => (fail ? Promise.reject(down) : { global: ['projects.add_project'], projects: {} }));
    await vi.advanceTimersByTimeAsync(0);
    fail = true;
    actor.send({ type: 'permissions.refresh' });
    expect(selectCan('projects.add_project')(actor.getSnapshot())).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(selectCan('projects.add_project')(actor.getSnapshot())).toBe(true);
  });

  it('retries a failed first load after 30 s', async () => {
    let calls = 0;
    const actor = start(async () => (++calls === 1 ? Promise.reject(down) : { global: ['projects.add_project'], projects: {} }));
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('failed');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(calls).toBe(2);
  });
});

describe('the avatar', () => {
  it('shows the initials of the name, else of the username', async () => {
    const named = start(async () => ({ global: [], projects: {}, name: 'Ada Lovelace' }));
    expect(selectInitials(named.getSnapshot())).toBe('');
    await vi.advanceTimersByTimeAsync(0);
    expect(selectInitials(named.getSnapshot())).toBe('AL');
    expect(initialsOf('ada')).toBe('AD');
    expect(initialsOf('grace.hopper')).toBe('GH');
    expect(initialsOf('  ')).toBe('');
  });
});
