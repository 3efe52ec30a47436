/**
 * A scenario's status, kept live (socket, or polling while it is down), for rows, tiles and the
 * wizard's last step. AI and CFD wind, which Canopy does not compute yet, say so plainly.
 */
import { useSelector } from '@xstate/react';
import { selectLiveness, selectShownStatus, type Liveness } from '@machines/live-status/live-status.selectors.ts';
import { Badge } from '../../ui/badge.tsx';
import { statusLook } from '../project-detail/scenario-status.ts';
import { useLiveStatus, useWatchScenario } from './live-status-provider.tsx';
import { RunProgress } from './run-progress.tsx';
import { liveNote, statusStack } from './scenario-wizard.css.ts';

export interface LiveStatusBadgeProps {
  projectId: number;
  configurationId: number;
  simulationIds: number[];
  /** The status known when the list was read. */
  status: string;
  engine?: 'AI' | 'CFD' | null;
  /** Show the plain-words explanation and how live the status is (the wizard's last step). */
  detailed?: boolean;
}

const LIVENESS: Record<Liveness, string> = {
  connecting: 'Connecting for live updates…',
  live: 'Updates live.',
  polling: 'Live connection lost: checking every few seconds while it reconnects.',
  unavailable: 'Live updates are unavailable; reload the page to see changes.',
};

export function awaitingExternalText(engine: 'AI' | 'CFD' | null | undefined): string {
  const what = engine === 'CFD' ? 'CFD wind simulation' : engine === 'AI' ? 'AI (machine-learning) wind prediction' : 'wind simulation';
  return `Awaiting external results: Canopy does not run the ${what} itself yet. Its results appear here once they are imported.`;
}

export function LiveStatusBadge({ projectId, configurationId, simulationIds, status, engine, detailed = false }: LiveStatusBadgeProps) {
  useWatchScenario({ projectId, configurationId, simulationIds });
  const live = useLiveStatus();
  const shown = useSelector(live, selectShownStatus(configurationId, status));
  const liveness = useSelector(live, selectLiveness);
  const look = statusLook(shown);
  return (
    <span role="status" aria-label={`Status of scenario ${configurationId}: ${look.label}`} className={statusStack}>
      <Badge tone={look.tone}>{look.label}</Badge>
      {shown === 'running' ? <RunProgress configurationId={configurationId} /> : null}
      {detailed && shown === 'awaiting_external_results' ? <span>{awaitingExternalText(engine)}</span> : null}
      {detailed ? <span className={liveNote}>{LIVENESS[liveness]}</span> : null}
    </span>
  );
}
