/**
 * The application root: global actors (auth, toasts), the theme, the router. The root element
 * carries 'authenticated' or 'unauthenticated' by sign-in status (SPEC §2).
 */
import { useEffect, useMemo } from 'react';
import { Router } from 'wouter';
import { selectIsAuthenticated, selectNeedsQuestionnaire, selectStoredAuth } from '@machines/auth/auth.selectors.ts';
import type { authMachine } from '@machines/auth/auth.machine.ts';
import { AuthContext, AuthLogicContext, ToastContext } from './contexts.ts';
import { bindAuthLogic, liveAuthLogic, type AuthServices, type BrowserEffects } from '../services/auth-services.ts';
import {
  AUTH_STORAGE_KEY,
  loadPendingSso,
  loadQuestionnaireFlag,
  loadStoredAuth,
  parseStoredAuth,
  saveQuestionnaireFlag,
  saveStoredAuth,
} from './auth-storage.ts';
import { onClientEvent } from '../api/client.ts';
import { AgreementModal } from '../screens/auth/agreement-modal.tsx';
import { AppRoutes } from './routes.tsx';
import { ToastList } from '../ui/toast.tsx';
import { TooltipProvider } from '../ui/tooltip.tsx';
import { inspectOptions } from '@machines/shared/inspector.ts';
import { lightTheme } from '../styles/theme.css.ts';
import '../styles/global.css.ts';

/**
 * Keeps the stored sign-in state and this tab's machine in step:
 * - writes the auth record only when this tab's record changes (a stale tab must never write back
 *   tokens another tab has rotated: the old refresh token is revoked on reuse);
 * - stores the questionnaire flag when on, removes it when off;
 * - hears the API client (rotated tokens, refused refresh, timeouts) and other tabs (storage events).
 */
function AuthPersistence() {
  const actor = AuthContext.useActorRef();
  const toasts = ToastContext.useActorRef();
  useEffect(() => {
    let written = JSON.stringify(selectStoredAuth(actor.getSnapshot()));
    const subscription = actor.subscribe((snapshot) => {
      const record = selectStoredAuth(snapshot);
      const raw = JSON.stringify(record);
      if (raw !== written) {
        written = raw;
        saveStoredAuth(record);
      }
      saveQuestionnaireFlag(selectNeedsQuestionnaire(snapshot));
    });
    const stopClient = onClientEvent((event) => {
      if (event.type === 'request.timeout') {
        toasts.send({ type: 'toast.show', toast: { id: 'request-timeout', tone: 'danger', title: 'The server took too long to answer. Please try again.' } });
      } else {
        actor.send(event);
      }
    });
    const onStorage = (event: StorageEvent) => {
      if (event.key !== AUTH_STORAGE_KEY && event.key !== null) return;
      const record = parseStoredAuth(event.newValue);
      if (record?.status === 'AUTHENTICATED' && record.auth_response) {
        written = JSON.stringify(record);
        actor.send({ type: 'tokens.refreshed', authResponse: record.auth_response });
      } else {
        actor.send({ type: 'session.ended' });
      }
    };
    window.addEventListener('storage', onStorage);
    return () => {
      subscription.unsubscribe();
      stopClient();
      window.removeEventListener('storage', onStorage);
    };
  }, [actor, toasts]);
  return null;
}

function Toasts() {
  const toasts = ToastContext.useSelector((s) => s.context.toasts);
  const ref = ToastContext.useActorRef();
  return <ToastList toasts={toasts} onDismiss={(id) => ref.send({ type: 'toast.dismiss', id })} onAction={(id) => ref.send({ type: 'toast.action', id })} />;
}

function Root() {
  const authenticated = AuthContext.useSelector(selectIsAuthenticated);
  return (
    <div id="app-root" className={`${lightTheme} ${authenticated ? 'authenticated' : 'unauthenticated'}`}>
      <AppRoutes />
      <AgreementModal />
      <Toasts />
    </div>
  );
}

export interface AppProps {
  /** The auth machine to run (tests provide fakes); defaults to the live one. */
  authLogic?: typeof authMachine;
  /** Services for every auth machine (tests pass fakes); defaults to the live API. */
  authServices?: AuthServices;
  /** What the sign-in machine does to the browser (tests pass spies). */
  browser?: BrowserEffects;
  /** wouter location hook override for tests (memory location). */
  hook?: Parameters<typeof Router>[0]['hook'];
  searchHook?: Parameters<typeof Router>[0]['searchHook'];
}

export function App({ authLogic, authServices, browser, hook, searchHook }: AppProps) {
  const input = useMemo(() => ({ stored: loadStoredAuth(), pendingSso: loadPendingSso(), questionnaire: loadQuestionnaireFlag() }), []);
  const logic = useMemo(() => (authServices ? bindAuthLogic(authServices, browser) : liveAuthLogic), [authServices, browser]);
  return (
    <AuthLogicContext.Provider value={logic}>
      <AuthContext.Provider logic={authLogic ?? logic.auth} options={{ input, ...inspectOptions() }}>
        <ToastContext.Provider>
          <AuthPersistence />
          <TooltipProvider delayDuration={400}>
            <Router hook={hook} searchHook={searchHook}>
              <Root />
            </Router>
          </TooltipProvider>
        </ToastContext.Provider>
      </AuthContext.Provider>
    </AuthLogicContext.Provider>
  );
}
