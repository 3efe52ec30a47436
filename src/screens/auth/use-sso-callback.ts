/**
 * The provider sends the browser back to /login/?code=&state= (or ?error=). The login screen hands
 * that to the sign-in machine — which compares the state with the saved one before any server call —
 * and drops the one-time query from the address bar.
 */
import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { AuthContext } from '../../app/contexts.ts';
import { LOGIN_PATH } from '../../app/route-table.ts';

export function useSsoCallback(): void {
  const auth = AuthContext.useActorRef();
  const search = useSearch();
  const [, navigate] = useLocation();
  useEffect(() => {
    const params = new URLSearchParams(search);
    if (!params.has('code') && !params.has('state') && !params.has('error')) return;
    auth.send({
      type: 'sso.callback',
      callback: { code: params.get('code'), state: params.get('state'), error: params.get('error') },
    });
    navigate(LOGIN_PATH, { replace: true });
  }, [auth, search, navigate]);
}
