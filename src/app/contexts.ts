/**
 * The global actors (SPEC: auth, toasts; later live updates and uploads), each exposed through
 * xstate-react's createActorContext so components read them with named selectors.
 */
import { createActorContext } from '@xstate/react';
import { authMachine } from '@machines/auth/auth.machine.ts';
import { toastMachine } from '@machines/toast/toast.machine.ts';

export const AuthContext = createActorContext(authMachine);
export const ToastContext = createActorContext(toastMachine);
