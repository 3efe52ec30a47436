/**
 * Project settings (SPEC §2 `/projects/{id}/{tabName}`): details, scenarios, parameter sets,
 * resources, share, admin and files — one tab per route, every one beside the same navigation and
 * under the project's header. Resources (weather charts, the site map) and files load as chunks of
 * their own. Changing needs the right to change the project (the server's `can_change`, or the
 * per-project permission); without it the tabs read.
 */
import { lazy, Suspense } from 'react';
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import type { projectDetailMachine } from '@machines/project-detail/project-detail.machine.ts';
import { selectCanChange, selectProject, selectStudies } from '@machines/project-detail/project-detail.selectors.ts';
import { selectCanInProject, selectMayExport } from '@machines/permissions/permissions.selectors.ts';
import { PROJECT_SETTINGS_TABS } from '../../app/route-table.ts';
import { loadWithTimeout } from '../../app/chunk-loading.ts';
import { PermissionsContext } from '../../app/permissions-context.ts';
import { SETTINGS_TAB_LABELS, type SettingsTab } from './settings-tabs.ts';
import { AdminTab } from './admin-tab.tsx';
import { DetailsTab } from './details-tab.tsx';
import { ExportProject } from './export-project.tsx';
import { ParameterSetsTab } from './parameter-sets-tab.tsx';
import { ScenariosTab } from './scenarios-tab.tsx';
import { ShareTab } from './share-tab.tsx';
import { layout, nav, navLink, panel } from './project-settings.css.ts';
import { Loading } from '../system/loading.tsx';

const ProjectResourcesScreen = lazy(() =>
  loadWithTimeout(() => import('../project-resources/project-resources-screen.tsx')).then((m) => ({ default: m.ProjectResourcesScreen })),
);
const ProjectFilesPanel = lazy(() => loadWithTimeout(() => import('../project-files/project-files-panel.tsx')).then((m) => ({ default: m.ProjectFilesPanel })));

export function ProjectSettings({ detail, tab }: { detail: ActorRefFrom<typeof projectDetailMachine>; tab: SettingsTab }) {
  const project = useSelector(detail, selectProject);
  const serverSays = useSelector(detail, selectCanChange);
  const studies = useSelector(detail, selectStudies);
  const permitted = PermissionsContext.useSelector(selectCanInProject('projects.change_project', project?.id ?? 0));
  const mayAddScenario = PermissionsContext.useSelector(selectCanInProject('simulation_assets.add_configuration', project?.id ?? 0));
  const mayExport = PermissionsContext.useSelector(selectMayExport(project));
  if (!project) return null;
  const canChange = serverSays || permitted;
  return (
    <div className={layout}>
      <nav aria-label="Project settings" className={nav}>
        {PROJECT_SETTINGS_TABS.map((t) => (
          <Link key={t} href={`/projects/${project.id}/${t}`} className={navLink} aria-current={t === tab ? 'page' : undefined}>
            {SETTINGS_TAB_LABELS[t]}
          </Link>
        ))}
      </nav>
      <div className={panel}>
        {tab === 'details' ? <DetailsTab detail={detail} canChange={canChange} /> : null}
        {tab === 'details' && mayExport ? <ExportProject project={project} /> : null}
        {tab === 'scenarios' ? (
          <ScenariosTab
            projectId={project.id}
            studies={studies}
            canAdd={canChange || mayAddScenario}
            onChanged={() => detail.send({ type: 'project.reload' })}
          />
        ) : null}
        {tab === 'parameter-sets' ? <ParameterSetsTab detail={detail} project={project} canChange={canChange} /> : null}
        {tab === 'share' ? <ShareTab projectId={project.id} canChange={canChange} /> : null}
        {tab === 'admin' ? <AdminTab projectId={project.id} canChange={canChange} /> : null}
        {tab === 'resources' || tab === 'files' ? (
          <Suspense fallback={<Loading />}>
            {tab === 'resources' ? <ProjectResourcesScreen projectId={project.id} /> : <ProjectFilesPanel projectId={project.id} />}
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}
