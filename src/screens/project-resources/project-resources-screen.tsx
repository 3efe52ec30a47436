/**
 * Project settings → resources (/projects/{id}/resources), shown inside the settings' layout: the
 * weather data form with its panels, and the surrounds geolocator with the project resource map
 * (SPEC §2). One weather machine drives the form and tells the panels which station to draw; the
 * site machine drives the geolocator and the map. The settings name the page and the breadcrumb.
 */
import { useContext } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { selectSelectedMetId, selectSources, selectSurrounds } from '@machines/weather/weather.selectors.ts';
import { PermissionsContext } from '../../app/permissions-context.ts';
import { selectMayChangeProject, selectMayFetchWeather } from '@machines/permissions/permissions.selectors.ts';
import { ResourcesLogicContext } from './resources-logic-context.ts';
import { WeatherDataForm } from './weather-data-form.tsx';
import { WeatherPanels } from './weather-panels.tsx';
import { SurroundsGeolocator } from './surrounds-geolocator.tsx';
import { ResourceList } from './resource-list.tsx';
import * as css from './project-resources.css.ts';

export function ProjectResourcesScreen({ projectId }: { projectId: number }) {
  const logic = useContext(ResourcesLogicContext);
  const weather = useActorRef(logic.weather, { input: { projectId } });
  const site = useActorRef(logic.site, { input: { projectId } });
  const metId = useSelector(weather, selectSelectedMetId);
  const sources = useSelector(weather, selectSources);
  const surrounds = useSelector(site, selectSurrounds);
  // What the server lets through (a changeable project, and fetching weather as a permission of its
  // own): on the demo or a view-only share the page shows the resources without buttons that could
  // only end in "You do not have permission".
  const mayChange = PermissionsContext.useSelector(selectMayChangeProject(projectId));
  const mayFetchWeather = PermissionsContext.useSelector(selectMayFetchWeather(projectId));

  return (
    <div className={css.screen}>
      {mayChange ? null : <p className={css.muted}>You can view this project’s resources but not change them.</p>}
      <section className={css.section} aria-labelledby="weather-title">
        <h2 id="weather-title" className={css.sectionTitle}>
          Weather data
        </h2>
        <WeatherDataForm weather={weather} projectId={projectId} canChange={mayChange} canFetch={mayFetchWeather} />
        <WeatherPanels projectId={projectId} metId={metId} />
      </section>
      <section className={css.section} aria-labelledby="site-title">
        <h2 id="site-title" className={css.sectionTitle}>
          Site
        </h2>
        <div className={css.columns}>
          <SurroundsGeolocator site={site} projectId={projectId} stations={sources} canChange={mayChange} />
          <ResourceList projectId={projectId} sources={sources} surrounds={surrounds} />
        </div>
      </section>
    </div>
  );
}
