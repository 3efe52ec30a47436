/**
 * The project list (SPEC §2 `/projects/`, title 'Projects'): tabs, search, ordering and pages;
 * favorite stars; the create-project modal (for users with projects.add_project); the inbox of
 * shares and notifications. Each part is a machine; this screen wires their announcements to one
 * another (a saved star, an accepted share, a new project refresh what they change).
 */
import { useCallback, useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { selectCan } from '@machines/permissions/permissions.selectors.ts';
import { selectCount } from '@machines/project-list/project-list.selectors.ts';
import { ToastContext } from '../../app/contexts.ts';
import { PermissionsContext } from '../../app/permissions-context.ts';
import { usePageTitle } from '../../app/page-title.ts';
import { useWorkspaceLogic } from '../../services/workspace-services.ts';
import { Button } from '../../ui/button.tsx';
import { page, pageHeader, pageSubtitle, pageTitle } from '../../ui/surface.css.ts';
import { CreateProjectDialog } from './create-project-dialog.tsx';
import { ImportProject } from './import-project.tsx';
import { ProjectGrid } from './project-grid.tsx';
import { ProjectListToolbar } from './project-list-toolbar.tsx';
import { SharingInbox } from './sharing-inbox.tsx';
import { LiveInbox } from './live-inbox.tsx';
import { OperatorWelcome } from './operator-welcome.tsx';
import { LiveStatusProvider } from '../scenario-wizard/live-status-provider.tsx';
import { headerActions, layout } from './project-list.css.ts';

export function ProjectListScreen() {
  usePageTitle('Projects');
  const logic = useWorkspaceLogic();
  const toasts = ToastContext.useActorRef();
  const permissions = PermissionsContext.useActorRef();
  const canCreate = PermissionsContext.useSelector(selectCan('projects.add_project'));
  const list = useActorRef(logic.projectList, { input: {} });
  const favorites = useActorRef(logic.favorites, { input: { toasts } });
  const sharing = useActorRef(logic.sharing);
  const creator = useActorRef(logic.createProject);
  const count = useSelector(list, selectCount);
  // A share revoked from elsewhere takes the project out of the lists and the permissions.
  const revoked = useCallback(() => {
    list.send({ type: 'tab.invalidate', tab: 'shared' });
    list.send({ type: 'tab.invalidate', tab: 'all' });
    permissions.send({ type: 'permissions.refresh' });
  }, [list, permissions]);

  useEffect(() => {
    const subscriptions = [
      favorites.on('favorite.saved', (e) => list.send({ type: 'favorite.changed', projectId: e.projectId, favorite: e.favorite })),
      sharing.on('share.answered', (e) => {
        if (e.share.share_status === 'accepted') {
          list.send({ type: 'tab.invalidate', tab: 'shared' });
          list.send({ type: 'tab.invalidate', tab: 'all' });
          permissions.send({ type: 'permissions.refresh' });
        }
      }),
      creator.on('project.created', (e) => {
        list.send({ type: 'list.refresh' });
        permissions.send({ type: 'permissions.refresh' });
        toasts.send({ type: 'toast.show', toast: { tone: 'success', title: `Project “${e.project.name}” created.` } });
      }),
    ];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [favorites, sharing, creator, list, permissions, toasts]);

  return (
    <LiveStatusProvider>
      <div className={page}>
        <LiveInbox sharing={sharing} onRevoked={revoked} />
        <OperatorWelcome />
        <header className={pageHeader}>
          <div>
            <h1 className={pageTitle}>Projects</h1>
            <p className={pageSubtitle}>
              {count === null ? 'Your sites, studies and results.' : `${count} ${count === 1 ? 'project' : 'projects'} in this list`}
            </p>
          </div>
          <div className={headerActions}>
            <ImportProject />
            {canCreate ? (
              <Button tone="primary" onClick={() => creator.send({ type: 'modal.open' })}>
                New project
              </Button>
            ) : null}
          </div>
        </header>
        <div className={layout}>
          <div>
            <ProjectListToolbar list={list} />
            <ProjectGrid list={list} favorites={favorites} onCreate={canCreate ? () => creator.send({ type: 'modal.open' }) : undefined} />
          </div>
          <SharingInbox sharing={sharing} />
        </div>
        <CreateProjectDialog creator={creator} />
      </div>
    </LiveStatusProvider>
  );
}
