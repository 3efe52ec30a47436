/** The overview's site set-up card by role and text: what a new project still needs, with the way to it. */
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { fullProject } from '@machines/project-detail/project-detail.fixtures.ts';
import { fakeWorkspace, renderWorkspace } from '../workspace-testing/workspace-test-kit.tsx';

const station = {
  id: 1,
  met_id: '725300-x',
  name: 'Chicago Ohare Intl Ap',
  wmo: '725300',
  latitude: 41.98,
  longitude: -87.92,
  elevation_m: 201,
  time_zone_hours: -6,
  years: 'TMY3',
  source: 'EPW',
  origin: 'upload' as const,
  hours: 8760,
  distance_km: null,
  upload_id: null,
  created_at: '2026-11-20T10:00:00Z',
};

describe('site set-up card', () => {
  it('says in words when the surroundings asked for at creation could not be fetched, with the way to Resources', async () => {
    const why =
      'The surroundings could not be fetched from OpenStreetMap: The OpenStreetMap server (overpass-api.de) is too busy to answer now; try again in a few minutes. Fetch them again from the Surroundings panel in Resources, or upload an .osm extract of the area there.';
    renderWorkspace('/projects/7', fakeWorkspace({ getProject: async () => fullProject(7, { generate_surrounds: true, surrounds_error: why }) }), {
      projectPermissions: { '7': ['simulation_assets.add_configuration', 'projects.change_project'] },
    });
    const card = await screen.findByRole('region', { name: 'Site set-up' });
    const surrounds = within(card).getByRole('listitem', { name: 'Surroundings' });
    expect(surrounds).toHaveTextContent('Not fetched');
    expect(surrounds).toHaveTextContent(why);
    expect(within(surrounds).getByRole('link', { name: 'Fetch again or upload' })).toHaveAttribute('href', '/projects/7/resources');
  });

  it('shows surroundings asked for at creation as waiting for map data, with the way to Resources', async () => {
    renderWorkspace('/projects/7', fakeWorkspace({ getProject: async () => fullProject(7, { generate_surrounds: true }) }), {
      projectPermissions: { '7': ['simulation_assets.add_configuration', 'projects.change_project'] },
    });
    const card = await screen.findByRole('region', { name: 'Site set-up' });
    const surrounds = within(card).getByRole('listitem', { name: 'Surroundings' });
    expect(surrounds).toHaveTextContent('Waiting for map data');
    expect(surrounds).toHaveTextContent('Asked for at creation: upload an OpenStreetMap extract (.osm) or GeoJSON of the area in Resources');
    expect(within(surrounds).getByRole('link', { name: 'Upload map data' })).toHaveAttribute('href', '/projects/7/resources');
    const weather = within(card).getByRole('listitem', { name: 'Weather' });
    expect(weather).toHaveTextContent('Needed');
    expect(within(weather).getByRole('link', { name: 'Get weather' })).toHaveAttribute('href', '/projects/7/resources');
    const scenarios = within(card).getByRole('listitem', { name: 'Scenarios' });
    expect(scenarios).toHaveTextContent('Upload the study geometry and choose the analyses.');
    // The overview offers 'Add scenario' to whoever may add one.
    expect(await within(scenarios).findByRole('button', { name: 'Add scenario' })).toBeInTheDocument();
  });

  it('says what is ready: the station and the generated buildings', async () => {
    const project = fullProject(7, { generate_surrounds: true, met_sources: [station], surrounds: { building_count: 12, created_at: '2026-11-20T10:00:00Z' } });
    renderWorkspace('/projects/7', fakeWorkspace({ getProject: async () => project }));
    // Without the permission there is nothing to click.
    expect(within(await screen.findByRole('listitem', { name: 'Scenarios' })).queryByRole('button', { name: 'Add scenario' })).not.toBeInTheDocument();
    const card = await screen.findByRole('region', { name: 'Site set-up' });
    expect(within(card).getByRole('listitem', { name: 'Weather' })).toHaveTextContent('ReadyChicago Ohare Intl Ap');
    const surrounds = within(card).getByRole('listitem', { name: 'Surroundings' });
    expect(surrounds).toHaveTextContent('12 buildings from OpenStreetMap; new scenarios use them.');
    expect(within(surrounds).queryByRole('link')).not.toBeInTheDocument();
  });

  it('offers no set-up buttons on a project the user may only read (the demo, a view-only share)', async () => {
    renderWorkspace('/projects/7', fakeWorkspace({ getProject: async () => fullProject(7, { generate_surrounds: true }) }), {
      projectPermissions: { '7': [] },
    });
    const card = await screen.findByRole('region', { name: 'Site set-up' });
    const weather = within(card).getByRole('listitem', { name: 'Weather' });
    expect(weather).toHaveTextContent('Needed');
    expect(within(weather).queryByRole('link', { name: 'Get weather' })).not.toBeInTheDocument();
    const surrounds = within(card).getByRole('listitem', { name: 'Surroundings' });
    expect(surrounds).toHaveTextContent('Waiting for map data');
    expect(within(surrounds).queryByRole('link')).not.toBeInTheDocument();
    expect(within(within(card).getByRole('listitem', { name: 'Scenarios' })).queryByRole('button', { name: 'Add scenario' })).not.toBeInTheDocument();
  });

  it('does not ask for weather in a project whose results exist (the demo): they used the nearest library station', async () => {
    const services = fakeWorkspace({
      getProject: async () => fullProject(7),
      loadScenarios: async () => ({ 70: [{ id: 5, name: 'Demo district', status: 'completed', outputs: [{ analysis_type: 'solar', count: 2 }] }] }),
    });
    renderWorkspace('/projects/7', services, { projectPermissions: { '7': [] } });
    const weather = within(await screen.findByRole('region', { name: 'Site set-up' })).getByRole('listitem', { name: 'Weather' });
    await within(weather).findByText('Library station');
    expect(weather).not.toHaveTextContent('Needed');
    expect(weather).toHaveTextContent('The results here were computed with the weather of the library station nearest the site.');
  });

  it('does not ask for weather while the scenarios run on the nearest library station (the demo on a fresh install)', async () => {
    const services = fakeWorkspace({
      getProject: async () => fullProject(7),
      loadScenarios: async () => ({
        70: [
          { id: 5, name: 'Demo district', status: 'running' },
          { id: 6, name: 'Demo district wind (CFD)', status: 'queued' },
        ],
      }),
    });
    renderWorkspace('/projects/7', services, { projectPermissions: { '7': [] } });
    const weather = within(await screen.findByRole('region', { name: 'Site set-up' })).getByRole('listitem', { name: 'Weather' });
    await within(weather).findByText('Library station');
    expect(weather).not.toHaveTextContent('Needed');
    expect(weather).toHaveTextContent('The scenarios running here use the weather of the library station nearest the site.');
  });
});
