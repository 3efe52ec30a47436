/**
 * The results viewer route (SPEC §2): `/projects/{id}/viewer/{study}/configuration/{configuration}/{tabName}`
 * with the modes Viewer, Insights, Reports, Images and Settings (their links are the layout's
 * detail navigation bar), the scenario (configuration) dropdown with the scenarios' own names and
 * 'New scenario…', and the workspace. `?simulation={id}` selects a simulation (the target
 * of `/projects/{id}/viewer/{study}/{simulation}`, see SimulationRedirect). This module and what it
 * imports is the viewer's lazy chunk: the only one with three.js.
 */
import { useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { sessionErrorMessage } from '@machines/viewer/viewer-session.machine.ts';
import { usePageTitle } from '../../app/page-title.ts';
import { useBreadcrumbNames } from '../../layout/breadcrumb-context.ts';
import { VIEWER_DEFAULT_TAB, VIEWER_MODES } from '../../app/route-table.ts';
import { Button } from '../../ui/button.tsx';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { Loading } from '../system/loading.tsx';
import { ScenarioDropdown } from './scenario-dropdown.tsx';
import { ScenarioRunStatus } from './scenario-run-status.tsx';
import { useStudyScenarios } from './use-study-scenarios.ts';
import { ViewerServicesContext } from './viewer-services-context.ts';
import { bindViewerLogic } from '../../services/viewer-services.ts';
import { ViewerWorkspace, type ViewerMode } from './viewer-workspace.tsx';
import * as css from './viewer.css.ts';

export interface ViewerScreenProps {
  projectId: number;
  studyId: number;
  configurationId: number;
  tabName: string;
}

export const viewerPath = (projectId: number, studyId: number, configurationId: number, mode: string = VIEWER_DEFAULT_TAB) =>
  `/projects/${projectId}/viewer/${studyId}/configuration/${configurationId}/${mode}`;

export function ViewerScreen({ projectId, studyId, configurationId, tabName }: ViewerScreenProps) {
  const services = useContext(ViewerServicesContext);
  const logic = useMemo(() => bindViewerLogic(services, { projectId, studyId }), [services, projectId, studyId]);
  const session = useActorRef(logic.session, { input: { projectId, studyId } });
  const loading = useSelector(session, (s) => s.matches('loading'));
  const failed = useSelector(session, (s) => s.matches('failed'));
  const error = useSelector(session, (s) => s.context.error);
  const simulations = useSelector(session, (s) => s.context.simulations);
  const jobTypes = useSelector(session, (s) => s.context.jobTypes);
  const graphDefinitions = useSelector(session, (s) => s.context.graphDefinitions);
  const [, navigate] = useLocation();
  const search = useSearch();
  const wanted = new URLSearchParams(search).get('simulation');
  const initialSimulationId = wanted && /^\d+$/.test(wanted) ? Number(wanted) : null;
  const mode = (VIEWER_MODES as readonly string[]).includes(tabName) ? (tabName as ViewerMode) : null;
  // Bumped after a scenario was added from the dropdown: the study's scenarios are read again.
  const [scenariosRead, setScenariosRead] = useState(0);
  const scenarios = useStudyScenarios(projectId, simulations, configurationId, scenariosRead);
  const name = scenarios.scenarios.find((c) => c.id === configurationId)?.name;
  usePageTitle(`${mode ?? 'Viewer'} · ${name ?? 'Scenario'}`);
  const [names, setNames] = useState<{ project: string; study: string | null } | null>(null);
  useEffect(() => {
    let live = true;
    // Without the names the breadcrumb says Project, Study and Scenario.
    services.projectNames(projectId, studyId).then(
      (n) => live && setNames(n),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [services, projectId, studyId]);
  useBreadcrumbNames({ project: names?.project, study: names?.study ?? undefined, scenario: name });
  const onScenarioAdded = useCallback(() => {
    session.send({ type: 'simulations.reload' });
    setScenariosRead((n) => n + 1);
  }, [session]);

  const ofConfiguration = useMemo(() => simulations.filter((s) => s.configuration.id === configurationId), [simulations, configurationId]);

  if (!mode) return <Redirect to={viewerPath(projectId, studyId, configurationId)} replace />;
  return (
    <main className={css.screen}>
      <header className={css.header}>
        <h1 className={css.title}>Results viewer</h1>
        <ScenarioDropdown
          projectId={projectId}
          studyId={studyId}
          configurationId={configurationId}
          scenarios={scenarios}
          onSelect={(id) => navigate(viewerPath(projectId, studyId, id, mode))}
          onScenarioAdded={onScenarioAdded}
        />
        <ScenarioRunStatus projectId={projectId} scenario={scenarios.scenarios.find((c) => c.id === configurationId)} onFinished={onScenarioAdded} />
      </header>
      {loading ? <Loading /> : null}
      {failed ? (
        <InlineMessage
          tone="danger"
          action={
            <Button size="sm" onClick={() => session.send({ type: 'retry' })}>
              Retry
            </Button>
          }
        >
          {sessionErrorMessage(error)}
        </InlineMessage>
      ) : null}
      {!loading && !failed ? (
        <ViewerWorkspace
          key={configurationId}
          logic={logic}
          projectId={projectId}
          studyId={studyId}
          configurationId={configurationId}
          mode={mode}
          simulations={ofConfiguration}
          studySimulations={simulations}
          jobTypes={jobTypes}
          graphDefinitions={graphDefinitions}
          initialSimulationId={initialSimulationId}
          onSimulationsChanged={() => session.send({ type: 'simulations.reload' })}
        />
      ) : null}
    </main>
  );
}
