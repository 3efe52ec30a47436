/**
 * The report route (SPEC §2 `/projects/{id}/report/{report}/`): the route names the project and the
 * report only, so the study comes from `?study=` when the app links here, or is found among the
 * project's studies.
 */
import { useContext, useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { selectMayChangeInsights } from '@machines/permissions/permissions.selectors.ts';
import { PermissionsContext } from '../../app/permissions-context.ts';
import { usePageTitle } from '../../app/page-title.ts';
import { InsightsServicesContext } from '../../services/insights-services.ts';
import { ReportContainer } from './report-container.tsx';
import * as css from './insights.css.ts';

export function ReportScreen({ projectId, reportId }: { projectId: number; reportId: number }) {
  const services = useContext(InsightsServicesContext);
  const mayEdit = PermissionsContext.useSelector(selectMayChangeInsights(projectId));
  const wanted = new URLSearchParams(useSearch()).get('study');
  const [studyId, setStudyId] = useState<number | null>(wanted && /^\d+$/.test(wanted) ? Number(wanted) : null);
  const [missing, setMissing] = useState(false);
  usePageTitle('Report');

  useEffect(() => {
    if (studyId !== null) return;
    let cancelled = false;
    void (async () => {
      try {
        for (const id of await services.projectStudies(projectId)) {
          const found = await services.getReport({ projectId, studyId: id }, reportId).then(
            () => true,
            () => false,
          );
          if (found) {
            if (!cancelled) setStudyId(id);
            return;
          }
        }
        if (!cancelled) setMissing(true);
      } catch {
        if (!cancelled) setMissing(true);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [services, projectId, reportId, studyId]);

  return (
    <main className={css.panel} style={{ padding: '16px 24px', maxWidth: 900 }}>
      <h1>Report</h1>
      {missing ? <p role="alert">This report was not found.</p> : null}
      {studyId !== null ? (
        <ReportContainer projectId={projectId} studyId={studyId} reportId={reportId} mayEdit={mayEdit} />
      ) : missing ? null : (
        <p className={css.muted}>Loading the report…</p>
      )}
    </main>
  );
}
