/**
 * The permission map's machine bound to the API (SPEC §6): GET /api/permissions/ and
 * GET /api/project-permissions/ with every permission string. Tests provide their own logic
 * through PermissionsLogicContext.
 */
import { createContext } from 'react';
import { fromPromise } from 'xstate';
import { permissionsMachine, type PermissionLists } from '@machines/permissions/permissions.machine.ts';
import { isServerError } from '@machines/auth/server-error.ts';
import { api } from '../api/client.ts';
import { toServerError } from '../api/errors.ts';
import { fetchGlobalPermissions, fetchProjectPermissions } from '../api/permissions.ts';
import { fetchCurrentUser } from '../api/auth.ts';

export function bindPermissionsLogic(load: () => Promise<PermissionLists>) {
  return permissionsMachine.provide({
    actors: {
      loadPermissions: fromPromise<PermissionLists, void>(async () => {
        try {
          return await load();
        } catch (error) {
          throw isServerError(error) ? error : toServerError(error);
        }
      }),
    },
  });
}

export async function loadLivePermissions(): Promise<PermissionLists> {
  const [global, projects, me] = await Promise.all([fetchGlobalPermissions(api), fetchProjectPermissions(api), fetchCurrentUser(api)]);
  return {
    global,
    projects,
    operator: me.is_superuser,
    name: [me.first_name, me.last_name].filter(Boolean).join(' ') || (me.username ?? ''),
    userId: typeof me.id === 'number' ? me.id : me.id ? Number(me.id) : null,
  };
}

export const livePermissionsLogic = bindPermissionsLogic(loadLivePermissions);

export const PermissionsLogicContext = createContext(livePermissionsLogic);
