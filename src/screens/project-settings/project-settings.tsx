/**
 * Project settings (SPEC §2 `/projects/{id}/{tabName}`): details, scenarios, parameter sets,
 * share, admin — one tab per route; resources and files have their own screens
 * and are linked from the same navigation. Changing needs the right to change the
 * project (the server's `can_change`, or the per-project permission); without it the tabs read.
 */
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import type { projectDetailMachine } from '@machines/project-detail/project-detail.machine.ts';
import { selectCanChange, selectProject, selectStudies } from '@machines/project-detail/project-detail.selectors.ts';
import { selectCanInProject, selectMayExport } from '@machines/permissions/permissions.selectors.ts';
import { PROJECT_SETTINGS_TABS } from '../../app/route-table.ts';
import { PermissionsContext } from '../../app/permissions-context.ts';
import { usePageTitle } from '../../app/page-title.ts';
import { SETTINGS_TAB_LABELS, type SettingsTab } from './settings-tabs.ts';
import { AdminTab } from './admin-tab.tsx';
import { DetailsTab } from './details-tab.tsx';
import { ExportProject } from './export-project.tsx';
import { ParameterSetsTab } from './parameter-sets-tab.tsx';
import { ScenariosTab } from './scenarios-tab.tsx';
import { ShareTab } from './share-tab.tsx';
import { layout, nav, navLink, panel } from './project-settings.css.ts';

export function ProjectSettings({ detail, tab }: { detail: ActorRefFrom<typeof projectDetailMachine>; tab: SettingsTab }) {
  const project = useSelector(detail, selectProject);
  const serverSays = useSelector(detail, selectCanChange);
  const studies = useSelector(detail, selectStudies);
  const permitted = PermissionsContext.useSelector(selectCanInProject('projects.change_project', project?.id ?? 0));
  const mayAddScenario = PermissionsContext.useSelector(selectCanInProject('simulation_assets.add_configuration', project?.id ?? 0));
  const mayExport = PermissionsContext.useSelector(selectMayExport(project));
  usePageTitle(`${SETTINGS_TAB_LABELS[tab]} · ${project?.name ?? 'Project'}`);
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
      </div>
    </div>
  );
}
