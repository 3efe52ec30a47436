/**
 * The signed-in user's permission map (SPEC §6) as a global actor context. Kept out of contexts.ts
 * so the login route does not carry it: only the signed-in shell and its screens import it.
 * Provided by src/app/signed-in-actors.tsx.
 */
import { createActorContext } from '@xstate/react';
import { permissionsMachine } from '@machines/permissions/permissions.machine.ts';

export const PermissionsContext = createActorContext(permissionsMachine);
