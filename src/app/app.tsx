/**
 * The application root: global actors (auth, toasts), the theme, the router. The root element
 * carries 'authenticated' or 'unauthenticated' by sign-in status (SPEC §2).
 */
import { useEffect, useMemo } from 'react';
import { Router } from 'wouter';
import { selectIsAuthenticated, selectStoredAuth } from '@machines/auth/auth.selectors.ts';
import type { authMachine } from '@machines/auth/auth.machine.ts';
import { AuthContext, ToastContext } from './contexts.ts';
import { liveAuthMachine } from './actors.ts';
import { loadStoredAuth, saveStoredAuth } from './auth-storage.ts';
import { AppRoutes } from './routes.tsx';
import { ToastList } from '../ui/toast.tsx';
import { TooltipProvider } from '../ui/tooltip.tsx';
import { inspectOptions } from '@machines/shared/inspector.ts';
import { lightTheme } from '../styles/theme.css.ts';
import '../styles/global.css.ts';

function AuthPersistence() {
  const actor = AuthContext.useActorRef();
  useEffect(() => {
    const subscription = actor.subscribe((snapshot) => saveStoredAuth(selectStoredAuth(snapshot)));
    return () => subscription.unsubscribe();
  }, [actor]);
  return null;
}

function Toasts() {
  const toasts = ToastContext.useSelector((s) => s.context.toasts);
  const ref = ToastContext.useActorRef();
  return (
    <ToastList toasts={toasts} onDismiss={(id) => ref.send({ type: 'toast.dismiss', id })} onAction={(id) => ref.send({ type: 'toast.action', id })} />
  );
}

function Root() {
  const authenticated = AuthContext.useSelector(selectIsAuthenticated);
  return (
    <div id="app-root" className={`${lightTheme} ${authenticated ? 'authenticated' : 'unauthenticated'}`}>
      <AppRoutes />
      <Toasts />
    </div>
  );
}

export interface AppProps {
  /** The auth machine to run (tests provide fakes); defaults to the live one. */
  authLogic?: typeof authMachine;
  /** wouter location hook override for tests (memory location). */
  hook?: Parameters<typeof Router>[0]['hook'];
  searchHook?: Parameters<typeof Router>[0]['searchHook'];
}

export function App({ authLogic = liveAuthMachine, hook, searchHook }: AppProps) {
  const input = useMemo(() => ({ stored: loadStoredAuth() }), []);
  return (
    <AuthContext.Provider logic={authLogic} options={{ input, ...inspectOptions() }}>
      <ToastContext.Provider>
        <AuthPersistence />
        <TooltipProvider delayDuration={400}>
          <Router hook={hook} searchHook={searchHook}>
            <Root />
          </Router>
        </TooltipProvider>
      </ToastContext.Provider>
    </AuthContext.Provider>
  );
}
