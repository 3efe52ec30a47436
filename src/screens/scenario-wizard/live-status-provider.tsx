/**
 * The live status actor (machines/live-status) for the screens that show scenario statuses: one
 * socket per signed-in screen tree. A provider inside another one reuses its actor, so the wizard
 * mounted in the project screens shares their socket, and mounted anywhere else opens its own.
 * Notifications pushed over the socket are shown as toasts.
 */
import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { useActorRef } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { liveStatusMachine } from '@machines/live-status/live-status.machine.ts';
import type { Watched } from '@machines/live-status/live-status.types.ts';
import { bindLiveStatus, liveServices, type LiveStatusLogic } from '../../services/live-socket.ts';
import { ToastContext } from '../../app/contexts.ts';

export type LiveStatusRef = ActorRefFrom<typeof liveStatusMachine>;

export const LiveStatusLogicContext = createContext<LiveStatusLogic>(bindLiveStatus(liveServices));
const LiveStatusActorContext = createContext<LiveStatusRef | null>(null);

function OwnLiveStatus({ children }: { children: ReactNode }) {
  const logic = useContext(LiveStatusLogicContext);
  const actor = useActorRef(logic, { input: {} });
  const toasts = ToastContext.useActorRef();
  useEffect(() => {
    // The server's notifications about scenarios (a finished run, a failed job) become toasts.
    const sub = actor.on('live.event', ({ message }) => {
      if (message.type === 'notification') toasts.send({ type: 'toast.show', toast: { tone: message.level, title: message.message } });
    });
    return () => sub.unsubscribe();
  }, [actor, toasts]);
  return <LiveStatusActorContext.Provider value={actor}>{children}</LiveStatusActorContext.Provider>;
}

export function LiveStatusProvider({ children }: { children: ReactNode }) {
  const outer = useContext(LiveStatusActorContext);
  return outer ? <>{children}</> : <OwnLiveStatus>{children}</OwnLiveStatus>;
}

export function useLiveStatus(): LiveStatusRef {
  const actor = useContext(LiveStatusActorContext);
  if (!actor) throw new Error('useLiveStatus needs a LiveStatusProvider above it');
  return actor;
}

/** The live status actor when a provider is above, else null (a part that also works without live updates). */
export function useOptionalLiveStatus(): LiveStatusRef | null {
  return useContext(LiveStatusActorContext);
}

/** Follows a scenario's status while the component is on screen. */
export function useWatchScenario(scenario: Watched | null): void {
  const actor = useLiveStatus();
  const key = scenario ? `${scenario.projectId}:${scenario.configurationId}:${scenario.simulationIds.join(',')}` : '';
  useEffect(() => {
    if (!scenario) return;
    actor.send({ type: 'watch', scenario });
    return () => actor.send({ type: 'unwatch', configurationId: scenario.configurationId });
    // The key says when the watched scenario changed; the object itself is new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actor, key]);
}
