/**
 * One project's screens around one actor holding the project, so moving between the navigator and
 * the settings does not fetch it again. Publishes the project's name to the breadcrumb.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { Redirect } from 'wouter';
import {
  selectCanChange,
  selectFirstScenario,
  selectProjectError,
  selectProjectLoading,
  selectProjectName,
  selectProjectNotFound,
  selectScenariosFailed,
  selectScenariosLoading,
} from '@machines/project-detail/project-detail.selectors.ts';
import { usePageTitle } from '../../app/page-title.ts';
import { VIEWER_DEFAULT_TAB, VIEWER_MODES } from '../../app/route-table.ts';
import { useWorkspaceLogic } from '../../services/workspace-services.ts';
import { useBreadcrumbNames } from '../../layout/breadcrumb-context.ts';
import { Button } from '../../ui/button.tsx';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { page } from '../../ui/surface.css.ts';
import { ContentNotFound } from '../system/content-not-found.tsx';
import { Loading } from '../system/loading.tsx';
import { ProjectSettings } from '../project-settings/project-settings.tsx';
import { isSettingsTab, SETTINGS_TAB_LABELS } from '../project-settings/settings-tabs.ts';
import { EmptyViewer } from './empty-viewer.tsx';
import { ScenariosUnread } from './scenarios-pending-card.tsx';
import { NavigatorOverview } from './navigator-overview.tsx';
import { NavigatorSettings } from './navigator-settings.tsx';
import { ProjectDetailsView } from './project-details-view.tsx';
import { ProjectHeader } from './project-header.tsx';

export type ProjectView = 'overview' | 'details' | 'settings' | 'tab';

const VIEW_TITLES: Record<Exclude<ProjectView, 'tab'>, string> = { overview: 'Overview', details: 'Details', settings: 'Settings' };

export function ProjectWorkspace({ projectId, view, tabName }: { projectId: number; view: ProjectView; tabName: string }) {
  const logic = useWorkspaceLogic();
  const detail = useActorRef(logic.projectDetail, { input: { projectId } });
  const name = useSelector(detail, selectProjectName);
  const loading = useSelector(detail, selectProjectLoading);
  const notFound = useSelector(detail, selectProjectNotFound);
  const error = useSelector(detail, selectProjectError);
  const canChange = useSelector(detail, selectCanChange);
  const firstScenario = useSelector(detail, selectFirstScenario);
  const scenariosLoading = useSelector(detail, selectScenariosLoading);
  const scenariosFailed = useSelector(detail, selectScenariosFailed);
  useBreadcrumbNames({ project: name });
  // One owner of the title: a settings tab's is named here too, as a child's effect would run first and lose.
  const viewTitle = view !== 'tab' ? VIEW_TITLES[view] : isSettingsTab(tabName) ? SETTINGS_TAB_LABELS[tabName] : null;
  usePageTitle(viewTitle ? `${viewTitle} · ${name ?? 'Project'}` : (name ?? 'Project'));

  // The viewer route waits for the scenarios: it shows the first one, or the empty state.
  if (loading || (view === 'tab' && !isSettingsTab(tabName) && scenariosLoading)) return <Loading />;
  if (notFound) return <ContentNotFound />;
  if (error) {
    return (
      <div className={page}>
        <InlineMessage
          tone="danger"
          action={
            <Button size="sm" onClick={() => detail.send({ type: 'project.retry' })}>
              Retry
            </Button>
          }
        >
          The project could not be loaded: {error}
        </InlineMessage>
      </div>
    );
  }
  if (view === 'tab' && !isSettingsTab(tabName) && firstScenario) {
    const mode = (VIEWER_MODES as readonly string[]).includes(tabName) ? tabName : VIEWER_DEFAULT_TAB;
    return <Redirect to={`/projects/${projectId}/viewer/${firstScenario.studyId}/configuration/${firstScenario.scenario.id}/${mode}`} replace />;
  }
  return (
    <div className={page}>
      <ProjectHeader detail={detail} />
      {view === 'overview' ? <NavigatorOverview detail={detail} /> : null}
      {view === 'details' ? <ProjectDetailsView detail={detail} /> : null}
      {view === 'settings' ? <NavigatorSettings detail={detail} /> : null}
      {view === 'tab' ? (
        isSettingsTab(tabName) ? (
          <ProjectSettings detail={detail} tab={tabName} />
        ) : scenariosFailed ? (
          // Unread is not empty: "no scenarios to view" would be wrong about a project that has some.
          <ScenariosUnread onRetry={() => detail.send({ type: 'scenarios.retry' })} />
        ) : (
          <EmptyViewer projectId={projectId} canChange={canChange} />
        )
      ) : null}
    </div>
  );
}
