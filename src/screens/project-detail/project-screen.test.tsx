/** The project navigator and the viewer's empty state, by role and text with fake services. */
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fullProject } from '@machines/project-detail/project-detail.fixtures.ts';
import type { Project, ScenarioSummary, StudyWithScenarios } from '@machines/project-detail/project-detail.types.ts';
import { fakeWorkspace, pushableLive, refuse, renderWorkspace } from '../workspace-testing/workspace-test-kit.tsx';
import { STUDY_SELECTED } from './project-wheel.tsx';
import { LEGEND } from './scenario-status.ts';

function withScenarios(): Project {
  const base = fullProject(7);
  const study = base.studies[0]!;
  const studies: StudyWithScenarios[] = [
    {
      ...study,
      configurations: [
        { id: 21, name: 'Existing', status: 'completed', engine: 'AI', madeBy: 'external', outputs: [{ analysis_type: 'pedestrian_wind_comfort', count: 3 }] },
        { id: 22, name: 'Proposed', status: 'running', engine: 'CFD' },
        {
          id: 24,
          name: 'Sun and comfort',
          status: 'completed',
          engine: 'AI',
          madeBy: 'canopy',
          outputs: [{ analysis_type: 'solar', count: 2 }],
          geometry: ['study', 'surrounds', 'presentation_plane'],
        },
      ],
    },
    { ...study, id: 71, name: 'Study 2', configurations: [{ id: 23, name: 'Mitigated', status: 'failed' }] },
  ];
  return { ...base, studies };
}

describe('project navigator', () => {
  it('shows the wheel, the first study selected, its output cards, the level card and service lines', async () => {
    const services = fakeWorkspace({ getProject: async () => withScenarios() });
    renderWorkspace('/projects/7', services);
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour Tower 7' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Harbour Tower 7');
    const wheel = screen.getByRole('group', { name: 'Wheel of Harbour Tower 7: 2 studies, 4 scenarios' });
    expect(within(wheel).getByRole('link', { name: 'Open scenario Existing (Study 1), Completed' })).toHaveAttribute(
      'href',
      '/projects/7/viewer/70/configuration/21/Viewer',
    );
    expect(within(wheel).getByRole('link', { name: 'Open scenario Mitigated (Study 2), Failed' })).toBeInTheDocument();
    expect(within(wheel).getByRole('button', { name: 'Study Study 1' })).toHaveAttribute('aria-pressed', 'true');
    const outputs = screen.getByRole('region', { name: 'Outputs — Study 1' });
    const existing = within(outputs).getByRole('article', { name: 'Scenario Existing' });
    expect(within(existing).getByText('Pedestrian wind comfort')).toBeInTheDocument();
    expect(within(existing).getByText('3 results')).toBeInTheDocument();
    expect(within(existing).getByRole('link', { name: 'Open in viewer' })).toHaveAttribute('href', '/projects/7/viewer/70/configuration/21/Viewer');
    // "AI" names a machine-learning model only: Canopy's own solar and thermal results say so.
    expect(within(existing).getByText('AI prediction')).toBeInTheDocument();
    const own = within(outputs).getByRole('article', { name: 'Scenario Sun and comfort' });
    expect(within(own).getByText('Computed by Canopy')).toBeInTheDocument();
    expect(within(own).queryByText(/AI/)).not.toBeInTheDocument();
    // geometry is named as geometry, not counted as results
    expect(within(own).getByText('Geometry: Study buildings, surrounding buildings, presentation plane')).toBeInTheDocument();
    expect(within(own).getByText('2 results')).toBeInTheDocument();
    expect(within(own).queryByText(/Other layers/)).not.toBeInTheDocument();
    const level = screen.getByRole('region', { name: 'Job level' });
    expect(await within(level).findByText('70')).toBeInTheDocument();
    expect(within(level).getByText('30 used')).toBeInTheDocument();
    expect(within(level).getByText('AI')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Pedestrian wind comfort' })).toBeInTheDocument();
  });

  it('draws a study without scenarios in no status colour: nothing reads as Completed', async () => {
    const base = fullProject(7);
    renderWorkspace('/projects/7', fakeWorkspace({ getProject: async () => ({ ...base, studies: base.studies.map((s) => ({ ...s, configurations: [] })) }) }));
    const wheel = await screen.findByRole('group', { name: 'Wheel of Harbour Tower 7: 1 study, 0 scenarios' });
    const fills = [...wheel.querySelectorAll('path')].map((p) => p.getAttribute('fill'));
    expect(fills).toContain(STUDY_SELECTED);
    for (const status of LEGEND) expect(fills).not.toContain(status.fill);
  });

  it("shows the scenarios read from a study's simulations", async () => {
    const services = fakeWorkspace({
      loadScenarios: async () => ({ 70: [{ id: 5, name: 'Scenario 5', status: 'completed', outputs: [{ analysis_type: 'solar', count: 2 }] }] }),
    });
    renderWorkspace('/projects/7', services);
    expect(await screen.findByRole('link', { name: 'Open scenario Scenario 5 (Study 1), Completed' })).toHaveAttribute(
      'href',
      '/projects/7/viewer/70/configuration/5/Viewer',
    );
    expect(within(screen.getByRole('article', { name: 'Scenario Scenario 5' })).getByText('2 results')).toBeInTheDocument();
    expect(services.loadScenarios).toHaveBeenCalledWith(7, [70]);
  });

  it('selects another study from the wheel with the keyboard', async () => {
    const user = userEvent.setup();
    renderWorkspace('/projects/7', fakeWorkspace({ getProject: async () => withScenarios() }));
    const study2 = await screen.findByRole('button', { name: 'Study Study 2' });
    study2.focus();
    await user.keyboard('{Enter}');
    expect(study2).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('region', { name: 'Outputs — Study 2' })).toHaveTextContent('Mitigated');
  });

  it('says plainly when there are no scenarios and no subscription', async () => {
    renderWorkspace('/projects/7', fakeWorkspace({ loadLevel: async () => ({ subscription: null }) }));
    expect(await screen.findByRole('heading', { name: 'No outputs yet' })).toBeInTheDocument();
    expect(screen.getByText(/No scenarios yet/)).toBeInTheDocument();
    expect(await screen.findByText(/No subscription is assigned to you/)).toBeInTheDocument();
  });

  it('says the scenarios are loading until they are read, never "0 scenarios" or "Needed" for a project that has some', async () => {
    let answer: (scenarios: Record<number, ScenarioSummary[]>) => void = () => {};
    const services = fakeWorkspace({ loadScenarios: () => new Promise((resolve) => (answer = resolve)) });
    renderWorkspace('/projects/7', services, { projectPermissions: { '7': [] } });
    expect(await screen.findByText('Loading the scenarios…')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: /Wheel of/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/No scenarios yet/)).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'No outputs yet' })).not.toBeInTheDocument();
    const setup = screen.getByRole('region', { name: 'Site set-up' });
    expect(within(setup).getByRole('listitem', { name: 'Weather' })).not.toHaveTextContent('Needed');
    expect(within(setup).getByRole('listitem', { name: 'Scenarios' })).not.toHaveTextContent('Upload the study geometry');
    answer({ 70: [{ id: 5, name: 'Demo district', status: 'running' }] });
    expect(await screen.findByRole('group', { name: 'Wheel of Harbour Tower 7: 1 study, 1 scenario' })).toBeInTheDocument();
    expect(screen.queryByText('Loading the scenarios…')).not.toBeInTheDocument();
  });

  it('says when the scenarios could not be read, and reads them again on Retry', async () => {
    const user = userEvent.setup();
    let reads = 0;
    const services = fakeWorkspace({
      loadScenarios: async () => {
        reads += 1;
        if (reads === 1) return refuse(403, { detail: 'You do not have permission to perform this action.' });
        return { 70: [{ id: 5, name: 'Scenario 5', status: 'completed' }] };
      },
    });
    renderWorkspace('/projects/7', services);
    const card = await screen.findByRole('region', { name: 'Studies and scenarios' });
    expect(await within(card).findByRole('alert')).toHaveTextContent('The project’s scenarios could not be read.');
    expect(screen.queryByText(/No scenarios yet/)).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('group', { name: 'Wheel of Harbour Tower 7: 1 study, 1 scenario' })).toBeInTheDocument();
    expect(reads).toBe(2);
  });

  it('shows the outputs of a scenario that finishes while the overview is open, not "Completed" with "No results yet"', async () => {
    const live = pushableLive();
    let finished = false;
    const services = fakeWorkspace({
      loadScenarios: async () => ({
        70: [
          finished
            ? { id: 5, name: 'Demo district', status: 'completed', outputs: [{ analysis_type: 'solar', count: 5 }] }
            : { id: 5, name: 'Demo district', status: 'running' },
        ],
      }),
    });
    renderWorkspace('/projects/7', services, { live: live.logic });
    const card = await screen.findByRole('article', { name: 'Scenario Demo district' });
    expect(card).toHaveTextContent('No results yet.');
    finished = true;
    act(() => live.push({ type: 'scenario.status', project_id: 7, configuration_id: 5, status: 'completed', simulations: [] }));
    expect(await within(screen.getByRole('article', { name: 'Scenario Demo district' })).findByText('5 results')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Scenario Demo district' })).not.toHaveTextContent('No results yet.');
  });

  it('shows the content-not-found page for a project the user cannot see', async () => {
    renderWorkspace('/projects/99', fakeWorkspace({ getProject: () => refuse(404, { detail: 'Not found.' }) }));
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it("lists the project's facts and a 'reviewed by' button on consulting studies", async () => {
    const project = fullProject(7);
    project.studies = [{ ...project.studies[0]!, IsRWDIProject: true, reviewed_by: 'Wind Consultants Ltd' }];
    renderWorkspace('/projects/7/wheel/details', fakeWorkspace({ getProject: async () => project }));
    expect(await screen.findByRole('button', { name: 'Reviewed by Wind Consultants Ltd' })).toBeInTheDocument();
    const facts = screen.getByRole('region', { name: 'Project' });
    expect(within(facts).getByText('43.6426° N, 79.3871° W')).toBeInTheDocument();
    expect(within(facts).getByText('NW-7')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Details · Harbour Tower 7 | Canopy'));
  });

  it("opens the navigator settings on the 'navigator' tab", async () => {
    renderWorkspace('/projects/7/wheel/settings');
    expect(await screen.findByRole('tab', { name: 'Navigator' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('combobox', { name: 'Study shown in the navigator' })).toHaveValue('70');
  });
});

describe('the viewer without scenarios', () => {
  it('invites the user to add a scenario', async () => {
    renderWorkspace('/projects/7/Viewer');
    expect(await screen.findByRole('heading', { name: 'No scenarios to view yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a scenario' })).toHaveAttribute('href', '/projects/7/scenarios');
  });

  it('does not say there are no scenarios when they could not be read', async () => {
    renderWorkspace(
      '/projects/7/Viewer',
      fakeWorkspace({ loadScenarios: () => refuse(403, { detail: 'You do not have permission to perform this action.' }) }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('The project’s scenarios could not be read.');
    expect(screen.queryByRole('heading', { name: 'No scenarios to view yet' })).not.toBeInTheDocument();
  });

  it("goes to the first scenario's viewer when there is one", async () => {
    const { current } = renderWorkspace('/projects/7/Insights', fakeWorkspace({ getProject: async () => withScenarios() }));
    await waitFor(() => expect(current()).toBe('/projects/7/viewer/70/configuration/21/Insights'));
  });
});
