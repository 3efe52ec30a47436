/**
 * Reports mode (issue 10): the study's reports, a new report (title; the server fills the cover from
 * the project and the author), and the chosen report's container with a link to its own route.
 */
import { useCallback, useContext, useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { Report } from '@canopy/contract/insights.ts';
import type { GlobalTemplate } from '@canopy/contract/viewer.ts';
import { templateOfKind } from '@machines/viewer-modes/global-templates.ts';
import { asServerError, errorMessage } from '@machines/shared/actors.ts';
import { selectMayChangeInsights } from '@machines/permissions/permissions.selectors.ts';
import type { ViewerModeProps } from '../../viewer/contracts.ts';
import { PermissionsContext } from '../../app/permissions-context.ts';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { InsightsServicesContext } from '../../services/insights-services.ts';
import { ReportContainer } from './report-container.tsx';
import * as css from './insights.css.ts';

export const reportPath = (projectId: number, reportId: number, studyId?: number) =>
  `/projects/${projectId}/report/${reportId}/${studyId ? `?study=${studyId}` : ''}`;

export function ReportsMode({ projectId, studyId }: ViewerModeProps) {
  const services = useContext(InsightsServicesContext);
  const mayEdit = PermissionsContext.useSelector(selectMayChangeInsights(projectId));
  const [reports, setReports] = useState<Report[]>([]);
  const [selected, setSelected] = useState<number | null>(null);
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);

  const [template, setTemplate] = useState<GlobalTemplate | null>(null);

  const reload = useCallback(() => services.listReports({ projectId, studyId }).then(setReports), [services, projectId, studyId]);
  useEffect(() => {
    reload().catch((e: unknown) => setError(errorMessage(asServerError(e))));
  }, [reload]);
  // The default report template (GET /api/global-template) names a new report and suggests its sections.
  useEffect(() => {
    let live = true;
    services
      .listGlobalTemplates()
      .then((all) => {
        const found = templateOfKind(all, 'report');
        if (!live || !found) return;
        setTemplate(found);
        setTitle((current) => current || found.name);
      })
      .catch(() => undefined); // without templates the form simply starts empty
    return () => {
      live = false;
    };
  }, [services]);

  return (
    <section className={css.panel} aria-label="Reports">
      <h3>Reports</h3>
      {mayEdit ? (
        <form
          className={css.row}
          onSubmit={(e) => {
            e.preventDefault();
            if (!title.trim()) return;
            services
              .createReport({ projectId, studyId }, { title: title.trim() })
              .then((r) => {
                setTitle('');
                setSelected(r.id);
                return reload();
              })
              .catch((err: unknown) => setError(errorMessage(asServerError(err))));
          }}
        >
          <TextField id="new-report-title" label="New report" value={title} onValueChange={setTitle} placeholder="Title" />
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
              <button type="button" style={{ all: 'unset', cursor: 'pointer', fontWeight: 600, flex: 1 }} onClick={() => setSelected(r.id)}>
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
