/**
 * Every screen of one project (SPEC §2): the navigator (`/projects/{id}`, `/projects/{id}/wheel/…`:
 * overview, details, settings), the project settings tabs (`/projects/{id}/{tabName}`), and the
 * viewer's empty state when the project has no scenarios. A route id that is not a number is not a
 * project.
 */
import { ContentNotFound } from '../system/content-not-found.tsx';
import { ProjectWorkspace, type ProjectView } from './project-workspace.tsx';

export type { ProjectView };

export interface ProjectScreenProps {
  id: string;
  view: ProjectView;
  tabName?: string;
}

export function ProjectScreen({ id, view, tabName = '' }: ProjectScreenProps) {
  const projectId = /^\d{1,9}$/.test(id) ? Number(id) : null;
  if (projectId === null) return <ContentNotFound />;
  return <ProjectWorkspace key={projectId} projectId={projectId} view={view} tabName={tabName} />;
}
