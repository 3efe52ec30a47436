/**
 * Hands the project detail actor the live status of the project's scenarios (socket messages, and
 * polls while the socket is down), so the overview's lists are read again when a scenario finishes:
 * without it a card turns "Completed" from the live badge but still says "No results yet". What to
 * do with a status is the machine's decision; this only forwards it.
 */
import { useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { projectDetailMachine } from '@machines/project-detail/project-detail.machine.ts';
import { useLiveStatus } from '../scenario-wizard/live-status-provider.tsx';

export function FollowScenarioStatuses({ detail, projectId }: { detail: ActorRefFrom<typeof projectDetailMachine>; projectId: number }) {
  const live = useLiveStatus();
  useEffect(() => {
    const pushed = live.on('live.event', ({ message }) => {
      if (message.type === 'scenario.status' && message.project_id === projectId) {
        detail.send({ type: 'scenario.status', configurationId: message.configuration_id, status: message.status });
      }
    });
    const polled = live.on('live.status', ({ scenario }) => {
      detail.send({ type: 'scenario.status', configurationId: scenario.configurationId, status: scenario.status });
    });
    return () => {
      pushed.unsubscribe();
      polled.unsubscribe();
    };
  }, [live, detail, projectId]);
  return null;
}
