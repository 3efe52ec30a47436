/**
 * Getting a study going, on the project overview: the three things a scenario needs —
 * weather, surroundings, a scenario — each with its state and the way to it. The surroundings
 * ticked at project creation show here until a map extract is uploaded in Resources, so the tick
 * box says what it is waiting for.
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { projectDetailMachine } from '@machines/project-detail/project-detail.machine.ts';
import { selectProject, selectSiteSetup } from '@machines/project-detail/project-detail.selectors.ts';
import { selectCanInProject } from '@machines/permissions/permissions.selectors.ts';
import { PermissionsContext } from '../../app/permissions-context.ts';
import { AddScenarioButton } from '../scenario-wizard/add-scenario-button.tsx';
import { Badge } from '../../ui/badge.tsx';
import { ButtonLink } from '../../ui/button-link.tsx';
import { card, cardHeader, muted, sectionTitle } from '../../ui/surface.css.ts';
import { flush, plainList, serviceLine } from './project-detail.css.ts';

export function SiteSetupCard({ detail }: { detail: ActorRefFrom<typeof projectDetailMachine> }) {
  const project = useSelector(detail, selectProject);
  const setup = useSelector(detail, selectSiteSetup, (a, b) => JSON.stringify(a) === JSON.stringify(b));
  const mayAdd = PermissionsContext.useSelector(selectCanInProject('simulation_assets.add_configuration', project?.id ?? 0));
  // Only who may change the project is sent to Resources to set it up: a read-only project (the demo,
  // a view-only share) shows its state without buttons it could not use.
  const mayChange = PermissionsContext.useSelector(selectCanInProject('projects.change_project', project?.id ?? 0));
  if (!project || !setup) return null;
  const resources = `/projects/${project.id}/resources`;
  const { weather, surrounds } = setup;
  // Before the scenarios are read, whether the project still needs weather or a first scenario is
  // not known: saying "Needed" then would be wrong for a project whose scenarios ran (the demo).
  const unknown = setup.scenarios === null;
  return (
    <section className={card} aria-labelledby="site-setup-title">
      <header className={cardHeader}>
        <h2 className={sectionTitle} id="site-setup-title">
          Site set-up
        </h2>
      </header>
      <ul className={plainList} aria-label="Site set-up steps">
        <li className={serviceLine} aria-label="Weather">
          <strong>Weather</strong>{' '}
          {weather.station ? (
            <Badge tone="success">Ready</Badge>
          ) : weather.library ? (
            <Badge>Library station</Badge>
          ) : unknown ? null : (
            <Badge tone="warning">Needed</Badge>
          )}
          <p className={`${muted} ${flush}`}>
            {weather.station
              ? weather.station
              : weather.error
                ? weather.error
                : weather.requested
                  ? 'Looking for the nearest weather station…'
                  : weather.library === 'computed'
                    ? 'The results here were computed with the weather of the library station nearest the site.'
                    : weather.library === 'computing'
                      ? 'The scenarios running here use the weather of the library station nearest the site.'
                      : unknown
                        ? 'Loading…'
                        : 'Link a weather station or upload an EPW file.'}
          </p>
          {weather.station || !mayChange ? null : (
            <ButtonLink href={resources} size="sm">
              Get weather
            </ButtonLink>
          )}
        </li>
        <li className={serviceLine} aria-label="Surroundings">
          <strong>Surroundings</strong>{' '}
          {surrounds.state === 'ready' ? (
            <Badge tone="success">Ready</Badge>
          ) : surrounds.state === 'failed' ? (
            <Badge tone="danger">Not fetched</Badge>
          ) : surrounds.state === 'requested' ? (
            <Badge tone="warning">Waiting for map data</Badge>
          ) : (
            <Badge>Optional</Badge>
          )}
          <p className={`${muted} ${flush}`}>
            {surrounds.state === 'ready'
              ? `${surrounds.buildingCount} building${surrounds.buildingCount === 1 ? '' : 's'} from OpenStreetMap; new scenarios use them.`
              : surrounds.state === 'failed'
                ? surrounds.error
                : surrounds.state === 'requested'
                  ? 'Asked for at creation: upload an OpenStreetMap extract (.osm) or GeoJSON of the area in Resources and the buildings are generated from it.'
                  : 'Generate the neighbouring buildings from OpenStreetMap data so they shade and shelter the site.'}
          </p>
          {surrounds.state === 'ready' || !mayChange ? null : (
            <ButtonLink href={resources} size="sm">
              {surrounds.state === 'failed' ? 'Fetch again or upload' : surrounds.state === 'requested' ? 'Upload map data' : 'Add surroundings'}
            </ButtonLink>
          )}
        </li>
        <li className={serviceLine} aria-label="Scenarios">
          <strong>Scenarios</strong> {setup.scenarios ? <Badge tone="success">{String(setup.scenarios)}</Badge> : null}
          <p className={`${muted} ${flush}`}>
            {unknown
              ? 'Loading…'
              : setup.scenarios
                ? 'Add another configuration of the site to compare.'
                : 'Upload the study geometry and choose the analyses.'}
          </p>
          {mayAdd ? (
            <AddScenarioButton projectId={project.id} studyId={project.studies[0]?.id} onChanged={() => detail.send({ type: 'project.reload' })} />
          ) : null}
        </li>
      </ul>
    </section>
  );
}
