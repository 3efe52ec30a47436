/**
 * How far a scenario's running simulation is: a bar and "42 % · direction 3 of 8 (90°) ·
 * averaging · about 12 min left", from the live status (socket, or polling while it is down). Until
 * the run reports progress, its own words (a run waiting behind another job says so), so a
 * "Running" badge is never left unexplained. Needs a LiveStatusProvider above it.
 */
import { useSelector } from '@xstate/react';
import { selectRunningWords, selectScenarioProgress } from '@machines/live-status/live-status.selectors.ts';
import { describeProgress } from '@machines/live-status/progress-text.ts';
import { useLiveStatus } from './live-status-provider.tsx';
import * as css from './run-progress.css.ts';

export function RunProgress({ configurationId }: { configurationId: number }) {
  const live = useLiveStatus();
  const progress = useSelector(live, selectScenarioProgress(configurationId));
  const words = useSelector(live, selectRunningWords(configurationId));
  if (!progress) return words ? <span className={css.words}>{words}</span> : null;
  const view = describeProgress(progress);
  return (
    <span className={css.progress}>
      <span
        className={css.track}
        role="progressbar"
        aria-label={`Progress of scenario ${configurationId}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={view.percent}
        aria-valuetext={view.text}
      >
        <span className={css.bar} style={{ width: `${view.percent}%`, display: 'block' }} />
      </span>
      <span className={css.words}>{view.text}</span>
    </span>
  );
}
