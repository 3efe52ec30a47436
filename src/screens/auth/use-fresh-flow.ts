/** A signed-out screen opens: the previous screen's outcome (errors, success notices) is forgotten. */
import { useEffect } from 'react';
import { AuthContext } from '../../app/contexts.ts';

export function useFreshFlow(): void {
  const auth = AuthContext.useActorRef();
  useEffect(() => {
    auth.send({ type: 'flow.clear' });
  }, [auth]);
}
