/**
 * One project in the list: name, location, latitude/longitude, project id, reference id, the
 * favorite star, why the weather could not be had (in words), and the ways in (Details: the navigator; Properties: the settings), and 'Add
 * scenario' (the scenario wizard) for users who may add scenarios to the project.
 */
import { Link } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import type { favoritesMachine } from '@machines/favorites/favorites.machine.ts';
import type { ProjectSummary } from '@machines/project-list/project-list.types.ts';
import { Badge } from '../../ui/badge.tsx';
import { ButtonLink } from '../../ui/button-link.tsx';
import { formatCoordinates } from '../../ui/format.ts';
import { FavoriteStar } from './favorite-star.tsx';
import { selectCanInProject } from '@machines/permissions/permissions.selectors.ts';
import { PermissionsContext } from '../../app/permissions-context.ts';
import { AddScenarioButton } from '../scenario-wizard/add-scenario-button.tsx';
import { badges, buttons, foot, head, location, meta, metaTerm, metaValue, name, nameLink, tile, titleBlock, weatherNote } from './project-tile.css.ts';

export interface ProjectTileProps {
  project: ProjectSummary;
  favorites: ActorRefFrom<typeof favoritesMachine>;
  /** A scenario was added or submitted from the tile: the cached project lists are stale. */
  onScenarioChanged?(): void;
}

export function ProjectTile({ project, favorites, onScenarioChanged }: ProjectTileProps) {
  const titleId = `project-${project.id}-name`;
  const coordinates = formatCoordinates(project.latitude, project.longitude);
  const studies = project.studies.length;
  const mayAddScenario = PermissionsContext.useSelector(selectCanInProject('simulation_assets.add_configuration', project.id));
  return (
    <article className={tile} aria-labelledby={titleId}>
      <div className={head}>
        <div className={titleBlock}>
          <h2 className={name} id={titleId}>
            <Link href={`/projects/${project.id}`} className={nameLink}>
              {project.name}
            </Link>
          </h2>
          <p className={location}>
            <svg width="12" height="12" viewBox="0 0 24 24" aria-hidden>
              <path d="M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5z" fill="currentColor" />
            </svg>
            {project.location || 'No location'}
          </p>
          <div className={badges}>
            <Badge>{studies === 1 ? '1 study' : `${studies} studies`}</Badge>
            {project.is_demo ? <Badge tone="info">Demo</Badge> : null}
            {project.met_error ? <Badge tone="danger">Weather failed</Badge> : null}
            {project.surrounds_error ? <Badge tone="danger">Surroundings not fetched</Badge> : null}
          </div>
          {/* What happened, in the server's words: SPEC §8's retry message only when a retry can help, else what to do instead. */}
          {project.met_error ? <p className={weatherNote}>{project.met_error}</p> : null}
        </div>
        <FavoriteStar favorites={favorites} projectId={project.id} name={project.name} fromServer={project.is_favorite} />
      </div>
      <dl className={meta}>
        <dt className={metaTerm}>Lat / long</dt>
        <dd className={metaValue}>{coordinates ?? '—'}</dd>
        <dt className={metaTerm}>Project ID</dt>
        <dd className={metaValue}>{project.id}</dd>
        <dt className={metaTerm}>Reference</dt>
        <dd className={metaValue}>{project.reference_id || '—'}</dd>
      </dl>
      <div className={foot}>
        <div className={buttons}>
          <ButtonLink href={`/projects/${project.id}`} size="sm">
            Details
          </ButtonLink>
          <ButtonLink href={`/projects/${project.id}/details`} size="sm" tone="ghost">
            Properties
          </ButtonLink>
          {mayAddScenario ? <AddScenarioButton projectId={project.id} studyId={project.studies[0]?.id} onChanged={onScenarioChanged} /> : null}
        </div>
      </div>
    </article>
  );
}
