/** The project's name and facts above the navigator and the settings. */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { projectDetailMachine } from '@machines/project-detail/project-detail.machine.ts';
import { selectProject } from '@machines/project-detail/project-detail.selectors.ts';
import { Badge } from '../../ui/badge.tsx';
import { formatCoordinates } from '../../ui/format.ts';
import { pageTitle } from '../../ui/surface.css.ts';
import { header, headerMeta } from './project-detail.css.ts';

export function ProjectHeader({ detail }: { detail: ActorRefFrom<typeof projectDetailMachine> }) {
  const project = useSelector(detail, selectProject);
  if (!project) return null;
  const coordinates = formatCoordinates(project.latitude, project.longitude);
  return (
    <header className={header}>
      <div>
        <h1 className={pageTitle}>{project.name}</h1>
        <div className={headerMeta}>
          {project.location ? <span>{project.location}</span> : null}
          {coordinates ? <span>{coordinates}</span> : null}
          <span>Project ID {project.id}</span>
          {project.reference_id ? <span>Ref. {project.reference_id}</span> : null}
        </div>
      </div>
      <div>
        {project.is_demo ? <Badge tone="info">Demo</Badge> : null} {!project.can_change ? <Badge>Read only</Badge> : null}
      </div>
    </header>
  );
}
