/**
 * The navigator's overview: the wheel and the output cards, beside the level card and service
 * lines. One live status for the whole page, so the wheel and the cards show the same status.
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { projectDetailMachine } from '@machines/project-detail/project-detail.machine.ts';
import {
  selectLevelLoading,
  selectLevelUnavailable,
  selectProject,
  selectScenariosFailed,
  selectScenariosLoading,
  selectSelectedStudy,
  selectSelectedStudyId,
  selectServiceLines,
  selectServiceLinesFailed,
  selectServiceLinesLoading,
  selectStudies,
  selectSubscription,
} from '@machines/project-detail/project-detail.selectors.ts';
import { selectCanInProject } from '@machines/permissions/permissions.selectors.ts';
import { PermissionsContext } from '../../app/permissions-context.ts';
import { LevelCard } from './level-card.tsx';
import { LiveStatusProvider } from '../scenario-wizard/live-status-provider.tsx';
import { SiteSetupCard } from './site-setup-card.tsx';
import { OutputCards } from './output-cards.tsx';
import { FollowScenarioStatuses } from './follow-scenario-statuses.tsx';
import { ScenariosPendingCard } from './scenarios-pending-card.tsx';
import { ServiceLineSidebar } from './service-line-sidebar.tsx';
import { WheelPanel } from './wheel-panel.tsx';
import { mainColumn, overview, sideColumn } from './project-detail.css.ts';

export function NavigatorOverview({ detail }: { detail: ActorRefFrom<typeof projectDetailMachine> }) {
  const project = useSelector(detail, selectProject);
  const studies = useSelector(detail, selectStudies);
  const selectedStudyId = useSelector(detail, selectSelectedStudyId);
  const study = useSelector(detail, selectSelectedStudy);
  const lines = useSelector(detail, selectServiceLines);
  const linesLoading = useSelector(detail, selectServiceLinesLoading);
  const linesFailed = useSelector(detail, selectServiceLinesFailed);
  const subscription = useSelector(detail, selectSubscription);
  const levelLoading = useSelector(detail, selectLevelLoading);
  const levelUnavailable = useSelector(detail, selectLevelUnavailable);
  const scenariosLoading = useSelector(detail, selectScenariosLoading);
  const scenariosFailed = useSelector(detail, selectScenariosFailed);
  const canApprove = PermissionsContext.useSelector(selectCanInProject('simulation_assets.change_configuration', project?.id ?? 0));
  if (!project) return null;
  return (
    <LiveStatusProvider>
      <FollowScenarioStatuses detail={detail} projectId={project.id} />
      <div className={overview}>
        <div className={mainColumn}>
          {scenariosLoading || scenariosFailed ? (
            <ScenariosPendingCard failed={scenariosFailed} onRetry={() => detail.send({ type: 'scenarios.retry' })} />
          ) : (
            <>
              <WheelPanel
                projectId={project.id}
                projectName={project.name}
                studies={studies}
                selectedStudyId={selectedStudyId}
                onSelectStudy={(studyId) => detail.send({ type: 'study.select', studyId })}
              />
              <OutputCards projectId={project.id} study={study} canApprove={canApprove} onChanged={() => detail.send({ type: 'project.reload' })} />
            </>
          )}
        </div>
        <div className={sideColumn}>
          <SiteSetupCard detail={detail} />
          <LevelCard loading={levelLoading} unavailable={levelUnavailable} subscription={subscription} onRetry={() => detail.send({ type: 'level.retry' })} />
          <ServiceLineSidebar lines={lines} loading={linesLoading} failed={linesFailed} onRetry={() => detail.send({ type: 'lines.retry' })} />
        </div>
      </div>
    </LiveStatusProvider>
  );
}
