/**
 * Reports mode: the study's reports, a new report (title; the server fills the cover from
 * the project and the author), and the chosen report's container with a link to its own route.
 */
import { useContext, useMemo } from 'react';
import { Link } from 'wouter';
import { useActorRef, useSelector } from '@xstate/react';
import { selectData, selectError, selectFields } from '@machines/viewer-modes/study-records.selectors.ts';
import { selectMayChangeInsights } from '@machines/permissions/permissions.selectors.ts';
import type { ViewerModeProps } from '../../viewer/contracts.ts';
import { PermissionsContext } from '../../app/permissions-context.ts';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { InsightsServicesContext } from '../../services/insights-services.ts';
import { bindReportList, type ReportsChange, type ReportsData } from '../../services/insight-records-services.ts';
import { ReportContainer } from './report-container.tsx';
import * as css from './insights.css.ts';

export const reportPath = (projectId: number, reportId: number, studyId?: number) =>
  `/projects/${projectId}/report/${reportId}/${studyId ? `?study=${studyId}` : ''}`;

export function ReportsMode({ projectId, studyId }: ViewerModeProps) {
  const services = useContext(InsightsServicesContext);
  const mayEdit = PermissionsContext.useSelector(selectMayChangeInsights(projectId));
  // The list, the template and a new report are the study records machine's; this view renders it.
  const logic = useMemo(() => bindReportList(services, { projectId, studyId }), [services, projectId, studyId]);
  const records = useActorRef(logic, { input: { fields: { title: '', selected: '' } } });
  const data = useSelector(records, selectData<ReportsData>);
  const error = useSelector(records, selectError);
  const fields = useSelector(records, selectFields);
  const title = fields.title ?? '';
  const selected = fields.selected ? Number(fields.selected) : null;
  const reports = data?.reports ?? [];
  const template = data?.template ?? null;
  const select = (id: number) => records.send({ type: 'field.set', name: 'selected', value: String(id) });

  return (
    <section className={css.panel} aria-label="Reports">
      <h3>Reports</h3>
      {mayEdit ? (
        <form
          className={css.row}
          onSubmit={(e) => {
            e.preventDefault();
            if (!title.trim()) return;
            records.send({ type: 'change', change: { kind: 'create', title: title.trim() } satisfies ReportsChange, clear: ['title'] });
          }}
        >
          <TextField
            id="new-report-title"
            label="New report"
            value={title}
            onValueChange={(value) => records.send({ type: 'field.set', name: 'title', value })}
            placeholder="Title"
          />
          <Button type="submit" size="sm" tone="primary" disabled={!title.trim()}>
            Create report
          </Button>
        </form>
      ) : null}
      {mayEdit && template ? (
        <p className={css.muted}>
          Suggested sections ({template.name}): {template.sections.map((s) => s.title).join(' · ')}. Add one report view per figure, in that order.
        </p>
      ) : null}
      {error ? <p role="alert">{error}</p> : null}
      {reports.length === 0 ? <p className={css.muted}>No reports yet.</p> : null}
      <ul className={css.list} aria-label="Reports list">
        {reports.map((r) => (
          <li key={r.id} className={[css.item, r.id === selected ? css.selected : ''].join(' ')} aria-label={r.title}>
            <div className={css.row}>
              <button type="button" style={{ all: 'unset', cursor: 'pointer', fontWeight: 600, flex: 1 }} onClick={() => select(r.id)}>
                {r.title}
              </button>
              <span className={css.muted}>{r.report_status}</span>
              <Link href={reportPath(projectId, r.id, studyId)}>Open</Link>
            </div>
          </li>
        ))}
      </ul>
      {selected !== null ? <ReportContainer key={selected} projectId={projectId} studyId={studyId} reportId={selected} mayEdit={mayEdit} /> : null}
    </section>
  );
}
