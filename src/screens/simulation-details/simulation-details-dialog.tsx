/**
 * A scenario's simulations in a dialog: status and status text, what ingested results
 * recorded about the model or solver (never invented: "Not recorded yet" until results arrive), the
 * parameter-input QA report (PDF), for machine-learning simulations asking again for results, and
 * for results still awaited from outside cancelling them (the reserved credits come back). Statuses
 * follow the live status (socket, or polling while it is down): a running simulation shows its
 * percentage and time left, and a row's buttons follow the status it shows.
 */
import { useContext } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { mayCancel, mayResubmit, recordedText, type SimulationRow } from '@machines/simulation-details/simulation-details.machine.ts';
import { selectScenarioLive } from '@machines/live-status/live-status.selectors.ts';
import type { ScenarioLive } from '@machines/live-status/live-status.types.ts';
import { describeProgress } from '@machines/live-status/progress-text.ts';
import { analysisLabel } from '@canopy/engine/results/labels.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { dialogActions, table, td, th } from '../../ui/surface.css.ts';
import { statusLook } from '../project-detail/scenario-status.ts';
import { awaitingExternalText } from '../scenario-wizard/live-status-badge.tsx';
import { LiveStatusProvider, useLiveStatus, useWatchScenario } from '../scenario-wizard/live-status-provider.tsx';
import * as progressCss from '../scenario-wizard/run-progress.css.ts';
import * as detailsCss from './simulation-details.css.ts';
import { SimulationDetailsContext } from '../../services/simulation-details-services.ts';

export interface SimulationDetailsDialogProps {
  projectId: number;
  configurationId: number;
  scenarioName: string;
  onClose(): void;
}

/** The row as the live status now tells it: its status and status text, and its progress while running. */
function liveRow(loaded: SimulationRow, live: ScenarioLive | null) {
  const now = live?.simulations.find((s) => s.id === loaded.id);
  const row: SimulationRow = now ? { ...loaded, status: now.status, statusText: now.status_text } : loaded;
  return { row, progress: row.status === 'running' ? (now?.progress ?? null) : null };
}

export function SimulationDetailsDialog(props: SimulationDetailsDialogProps) {
  return (
    <LiveStatusProvider>
      <DetailsDialog {...props} />
    </LiveStatusProvider>
  );
}

function DetailsDialog({ projectId, configurationId, scenarioName, onClose }: SimulationDetailsDialogProps) {
  const logic = useContext(SimulationDetailsContext);
  const details = useActorRef(logic, { input: { projectId, configurationId } });
  const rows = useSelector(details, (s) => s.context.rows);
  const error = useSelector(details, (s) => s.context.error);
  const notice = useSelector(details, (s) => s.context.notice);
  const loading = useSelector(details, (s) => s.matches('loading'));
  const failed = useSelector(details, (s) => s.matches('failed'));
  const busy = useSelector(details, (s) => !s.matches('ready'));
  const live = useLiveStatus();
  const scenarioLive = useSelector(live, selectScenarioLive(configurationId));
  useWatchScenario(rows.length > 0 ? { projectId, configurationId, simulationIds: rows.map((r) => r.id) } : null);

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Simulations of ${scenarioName}`}
      description="Each analysis of the scenario is one simulation."
    >
      {failed ? (
        <InlineMessage tone="danger">
          {error}{' '}
          <Button size="sm" onClick={() => details.send({ type: 'details.reload' })}>
            Try again
          </Button>
        </InlineMessage>
      ) : null}
      {loading && rows.length === 0 ? <p>Loading simulations…</p> : null}
      {!loading && !failed && rows.length === 0 ? <EmptyState title="No simulations" description="This scenario has no analyses yet." /> : null}
      {rows.length > 0 ? (
        <table className={table}>
          <thead>
            <tr>
              <th className={th} scope="col">
                Analysis
              </th>
              <th className={th} scope="col">
                Status
              </th>
              <th className={th} scope="col">
                Results from
              </th>
              <th className={th} scope="col">
                <span hidden>Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((loaded) => {
              const { row, progress } = liveRow(loaded, scenarioLive);
              const look = statusLook(row.status);
              const view = progress ? describeProgress(progress) : null;
              return (
                <tr key={row.id} aria-label={`Simulation ${row.id}`}>
                  <td className={td}>
                    {analysisLabel(row.category)} <span aria-hidden>·</span> {row.computedByCanopy ? 'Canopy' : row.engine}
                  </td>
                  <td className={td}>
                    <Badge tone={look.tone}>{look.label}</Badge> {view ? null : row.statusText}
                    {view ? (
                      <span className={`${progressCss.progress} ${detailsCss.rowProgress}`}>
                        <span
                          className={progressCss.track}
                          role="progressbar"
                          aria-label={`Progress of simulation ${row.id}`}
                          aria-valuemin={0}
                          aria-valuemax={100}
                          aria-valuenow={view.percent}
                          aria-valuetext={view.text}
                        >
                          <span className={progressCss.bar} style={{ width: `${view.percent}%`, display: 'block' }} />
                        </span>
                        <span className={progressCss.words}>{view.text}</span>
                      </span>
                    ) : null}
                    {row.status === 'awaiting_external_results' ? <div>{awaitingExternalText(row.engine)}</div> : null}
                  </td>
                  <td className={td}>{recordedText(row)}</td>
                  <td className={td}>
                    <div className={detailsCss.actions}>
                      <Button
                        size="sm"
                        disabled={busy}
                        onClick={() => details.send({ type: 'report.download', simulationId: row.id })}
                        aria-label={`QA report of simulation ${row.id}`}
                      >
                        QA report (PDF)
                      </Button>{' '}
                      {mayResubmit(row) ? (
                        <Button
                          size="sm"
                          disabled={busy}
                          onClick={() => details.send({ type: 'resubmit', simulationId: row.id })}
                          aria-label={`Request ML results again for simulation ${row.id}`}
                        >
                          Request again
                        </Button>
                      ) : null}{' '}
                      {mayCancel(row) ? (
                        <Button
                          size="sm"
                          tone="ghost"
                          disabled={busy}
                          onClick={() => details.send({ type: 'simulation.cancel', simulationId: row.id })}
                          aria-label={
                            row.computedByCanopy
                              ? `Cancel the running wind simulation ${row.id}`
                              : `Cancel simulation ${row.id} and return its reserved credits`
                          }
                        >
                          Cancel
                        </Button>
                      ) : null}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
      <p role="status" aria-live="polite">
        {notice}
      </p>
      <div className={dialogActions}>
        <Button onClick={onClose}>Close</Button>
      </div>
    </Dialog>
  );
}
