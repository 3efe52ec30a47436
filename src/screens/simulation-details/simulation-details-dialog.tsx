/**
 * A scenario's simulations in a dialog (issue 9): status and status text, what ingested results
 * recorded about the model or solver (never invented: "Not recorded yet" until results arrive), the
 * parameter-input QA report (PDF), for machine-learning simulations asking again for results, and
 * for results still awaited from outside cancelling them (the reserved credits come back).
 */
import { useContext } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { mayCancel, mayResubmit, recordedText } from '@machines/simulation-details/simulation-details.machine.ts';
import { analysisLabel } from '@canopy/engine/results/labels.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { dialogActions, table, td, th } from '../../ui/surface.css.ts';
import { statusLook } from '../project-detail/scenario-status.ts';
import { awaitingExternalText } from '../scenario-wizard/live-status-badge.tsx';
import { SimulationDetailsContext } from './simulation-details-services.ts';

export interface SimulationDetailsDialogProps {
  projectId: number;
  configurationId: number;
  scenarioName: string;
  onClose(): void;
}

export function SimulationDetailsDialog({ projectId, configurationId, scenarioName, onClose }: SimulationDetailsDialogProps) {
  const logic = useContext(SimulationDetailsContext);
  const details = useActorRef(logic, { input: { projectId, configurationId } });
  const rows = useSelector(details, (s) => s.context.rows);
  const error = useSelector(details, (s) => s.context.error);
  const notice = useSelector(details, (s) => s.context.notice);
  const loading = useSelector(details, (s) => s.matches('loading'));
  const failed = useSelector(details, (s) => s.matches('failed'));
  const busy = useSelector(details, (s) => !s.matches('ready'));

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`Simulations of ${scenarioName}`} description="Each analysis of the scenario is one simulation.">
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
              <th className={th} scope="col">Analysis</th>
              <th className={th} scope="col">Status</th>
              <th className={th} scope="col">Results from</th>
              <th className={th} scope="col">
                <span hidden>Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const look = statusLook(row.status);
              return (
                <tr key={row.id} aria-label={`Simulation ${row.id}`}>
                  <td className={td}>
                    {analysisLabel(row.category)} <span aria-hidden>·</span> {row.computedByCanopy ? 'Canopy' : row.engine}
                  </td>
                  <td className={td}>
                    <Badge tone={look.tone}>{look.label}</Badge> {row.statusText}
                    {row.status === 'awaiting_external_results' ? <div>{awaitingExternalText(row.engine)}</div> : null}
                  </td>
                  <td className={td}>{recordedText(row)}</td>
                  <td className={td}>
                    <Button size="sm" disabled={busy} onClick={() => details.send({ type: 'report.download', simulationId: row.id })} aria-label={`QA report of simulation ${row.id}`}>
                      QA report (PDF)
                    </Button>{' '}
                    {mayResubmit(row) ? (
                      <Button size="sm" disabled={busy} onClick={() => details.send({ type: 'resubmit', simulationId: row.id })} aria-label={`Request ML results again for simulation ${row.id}`}>
                        Request again
                      </Button>
                    ) : null}{' '}
                    {mayCancel(row) ? (
                      <Button size="sm" tone="ghost" disabled={busy} onClick={() => details.send({ type: 'simulation.cancel', simulationId: row.id })} aria-label={`Cancel simulation ${row.id} and return its reserved credits`}>
                        Cancel
                      </Button>
                    ) : null}
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
