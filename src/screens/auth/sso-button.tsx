/**
 * "Sign in with single sign-on", shown only when the server has a provider configured. Pressing it
 * starts the redirect (the machine saves state and the original path, then leaves for the provider).
 */
import { useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useContext } from 'react';
import { selectIsRedirectingToSso } from '@machines/auth/auth.selectors.ts';
import { selectSsoAvailable } from '@machines/auth/sso-availability.selectors.ts';
import { AuthContext, AuthLogicContext } from '../../app/contexts.ts';
import { Button } from '../../ui/button.tsx';
import { actions, divider } from './auth.css.ts';

export function SsoButton({ returnPath, disabled }: { returnPath: string; disabled: boolean }) {
  const logic = useContext(AuthLogicContext);
  const probe = useActorRef(logic.ssoAvailability);
  const available = useSelector(probe, selectSsoAvailable);
  const auth = AuthContext.useActorRef();
  const redirecting = AuthContext.useSelector(selectIsRedirectingToSso);

  // Back from the provider through the back/forward cache: the redirect did not happen.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) auth.send({ type: 'cancel' });
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [auth]);

  if (!available) return null;
  return (
    <div className={actions}>
      <div className={divider}>or</div>
      <Button type="button" disabled={disabled || redirecting} onClick={() => auth.send({ type: 'sso.start', returnPath })}>
        {redirecting ? 'Redirecting to single sign-on…' : 'Sign in with single sign-on'}
      </Button>
    </div>
  );
}
