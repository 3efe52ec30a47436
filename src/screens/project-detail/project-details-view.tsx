/**
 * The navigator's details: the project's facts and its studies. A study of a consulting project
 * (IsRWDIProject) carries a 'reviewed by' button naming the consulting reviewer (SPEC §6).
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { projectDetailMachine } from '@machines/project-detail/project-detail.machine.ts';
import { selectProject, selectStudies } from '@machines/project-detail/project-detail.selectors.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { ButtonLink } from '../../ui/button-link.tsx';
import { formatCoordinates, formatDate } from '../../ui/format.ts';
import { Tooltip } from '../../ui/tooltip.tsx';
import { card, cardBody, cardHeader, sectionTitle, table, td, th } from '../../ui/surface.css.ts';
import { definition, details, mainColumn, term } from './project-detail.css.ts';

export function ProjectDetailsView({ detail }: { detail: ActorRefFrom<typeof projectDetailMachine> }) {
  const project = useSelector(detail, selectProject);
  const studies = useSelector(detail, selectStudies);
  if (!project) return null;
  const facts: Array<[string, string]> = [
    ['Name', project.name],
    ['Location', project.location || '—'],
    ['Latitude / longitude', formatCoordinates(project.latitude, project.longitude) ?? '—'],
    ['Project ID', String(project.id)],
    ['Reference ID', project.reference_id || '—'],
    ['Created', `${formatDate(project.created)}${project.created_by ? ` by ${project.created_by.name}` : ''}`],
    ['Last changed', formatDate(project.updated)],
    ['Parameter sets', String(project.parameter_sets.length)],
    ['Files', String(project.project_files.length)],
  ];
  return (
    <div className={mainColumn}>
      <section className={card} aria-labelledby="facts-title">
        <header className={cardHeader}>
          <h2 className={sectionTitle} id="facts-title">
            Project
          </h2>
          {project.can_change ? (
            <ButtonLink size="sm" href={`/projects/${project.id}/details`}>
              Edit properties
            </ButtonLink>
          ) : (
            <Badge>Read only</Badge>
          )}
        </header>
        <div className={cardBody}>
          <dl className={details}>
            {facts.flatMap(([label, value]) => [
              <dt key={`${label}-term`} className={term}>
                {label}
              </dt>,
              <dd key={`${label}-value`} className={definition}>
                {value}
              </dd>,
            ])}
          </dl>
        </div>
      </section>
      <section className={card} aria-labelledby="studies-title">
        <header className={cardHeader}>
          <h2 className={sectionTitle} id="studies-title">
            Studies
          </h2>
        </header>
        <table className={table}>
          <thead>
            <tr>
              <th className={th} scope="col">
                Study
              </th>
              <th className={th} scope="col">
                Scenarios
              </th>
              <th className={th} scope="col">
                Simulations
              </th>
              <th className={th} scope="col">
                Created
              </th>
              <th className={th} scope="col">
                Review
              </th>
            </tr>
          </thead>
          <tbody>
            {studies.map((study) => (
              <tr key={study.id}>
                <td className={td}>{study.name}</td>
                <td className={td}>{(study.configurations ?? []).length}</td>
                <td className={td}>{study.simulation_labels.length}</td>
                <td className={td}>{formatDate(study.created)}</td>
                <td className={td}>
                  {study.IsRWDIProject && study.reviewed_by ? (
                    <Tooltip content={`${study.reviewed_by} reviews the results of this study.`}>
                      <Button size="sm" tone="ghost">
                        Reviewed by {study.reviewed_by}
                      </Button>
                    </Tooltip>
                  ) : (
                    '—'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
