/**
 * The viewer's word on a scenario still being computed: its live status with the run's
 * progress (percentage, direction i of n, phase, time left) beside the scenario dropdown, and the
 * results read again the moment it completes, so the comfort maps and arrows appear without a
 * reload. Finished scenarios show nothing here.
 */
import { useEffect } from 'react';
import type { Configuration } from '@canopy/contract/scenarios.ts';
import { FINAL_STATUSES } from '@canopy/contract/scenarios.ts';
import { LiveStatusBadge } from '../scenario-wizard/live-status-badge.tsx';
import { LiveStatusProvider, useLiveStatus } from '../scenario-wizard/live-status-provider.tsx';

export interface ScenarioRunStatusProps {
  projectId: number;
  scenario: Configuration | undefined;
  /** The scenario reached a final status (completed, failed, cancelled): its results are read again. */
  onFinished(): void;
}

export function ScenarioRunStatus(props: ScenarioRunStatusProps) {
  const { scenario } = props;
  // Nothing to follow for a scenario that was already finished when the viewer opened.
  if (!scenario || FINAL_STATUSES.includes(scenario.status) || scenario.status === 'draft') return null;
  return (
    <LiveStatusProvider>
      <FollowedRun {...props} scenario={scenario} />
    </LiveStatusProvider>
  );
}

function FollowedRun({ projectId, scenario, onFinished }: ScenarioRunStatusProps & { scenario: Configuration }) {
  const live = useLiveStatus();
  useEffect(() => {
    const sub = live.on('live.event', ({ message }) => {
      if (message.type === 'scenario.status' && message.configuration_id === scenario.id && FINAL_STATUSES.includes(message.status)) onFinished();
    });
    const polled = live.on('live.status', ({ scenario: s }) => {
      if (s.configurationId === scenario.id && FINAL_STATUSES.includes(s.status)) onFinished();
    });
    return () => {
      sub.unsubscribe();
      polled.unsubscribe();
    };
  }, [live, scenario.id, onFinished]);
  return (
    <LiveStatusBadge
      projectId={projectId}
      configurationId={scenario.id}
      simulationIds={scenario.simulations.map((s) => s.id)}
      status={scenario.status}
      engine={scenario.engine}
    />
  );
}
