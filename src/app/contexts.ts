/**
 * The global actors (SPEC: auth, toasts; later live updates and uploads), each exposed through
 * xstate-react's createActorContext so components read them with named selectors. Screen-local
 * auth machines (sign-up places, one-time-password request, reset confirmation, SSO probe) come
 * bound to their services through AuthLogicContext, so tests can hand the whole set fakes.
 */
import { createContext } from 'react';
import { createActorContext } from '@xstate/react';
import { authMachine } from '@machines/auth/auth.machine.ts';
import { toastMachine } from '@machines/toast/toast.machine.ts';
import { liveAuthLogic, type AuthLogic } from '../services/auth-services.ts';

export const AuthContext = createActorContext(authMachine);
export const ToastContext = createActorContext(toastMachine);
export const AuthLogicContext = createContext<AuthLogic>(liveAuthLogic);
