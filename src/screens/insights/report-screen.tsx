/**
 * The report route (SPEC §2 `/projects/{id}/report/{report}/`): the route names the project and the
 * report only, so the study comes from `?study=` when the app links here, or is found among the
 * project's studies.
 */
import { useContext, useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useSearch } from 'wouter';
import { selectMayChangeInsights } from '@machines/permissions/permissions.selectors.ts';
import { PermissionsContext } from '../../app/permissions-context.ts';
import { usePageTitle } from '../../app/page-title.ts';
import { bindReportStudy, InsightsServicesContext } from '../../services/insights-services.ts';
import { Button } from '../../ui/button.tsx';
import { ReportContainer } from './report-container.tsx';
import * as css from './insights.css.ts';

export function ReportScreen({ projectId, reportId }: { projectId: number; reportId: number }) {
  const wanted = new URLSearchParams(useSearch()).get('study');
  const studyId = wanted && /^\d+$/.test(wanted) ? Number(wanted) : null;
  usePageTitle('Report');
  return (
    <main className={css.panel} style={{ padding: '16px 24px', maxWidth: 900 }}>
      <h1>Report</h1>
      {/* Another report or study in the address is a new search. */}
      <ReportOfStudy key={`${projectId}/${reportId}/${studyId}`} projectId={projectId} reportId={reportId} studyId={studyId} />
    </main>
  );
}

function ReportOfStudy({ projectId, reportId, studyId: given }: { projectId: number; reportId: number; studyId: number | null }) {
  const services = useContext(InsightsServicesContext);
  const mayEdit = PermissionsContext.useSelector(selectMayChangeInsights(projectId));
  const logic = useMemo(() => bindReportStudy(services), [services]);
  const search = useActorRef(logic, { input: { projectId, reportId, studyId: given } });
  const studyId = useSelector(search, (s) => (s.matches('found') ? s.context.studyId : null));
  const missing = useSelector(search, (s) => s.matches('missing'));
  const failure = useSelector(search, (s) => (s.matches('failed') ? s.context.message : null));

  if (studyId !== null) return <ReportContainer projectId={projectId} studyId={studyId} reportId={reportId} mayEdit={mayEdit} />;
  if (missing) return <p role="alert">This report was not found.</p>;
  if (failure) {
    return (
      <div role="alert">
        <p>{failure}</p>
        <Button onClick={() => search.send({ type: 'report.retry' })}>Try again</Button>
      </div>
    );
  }
  return <p className={css.muted}>Loading the report…</p>;
}
