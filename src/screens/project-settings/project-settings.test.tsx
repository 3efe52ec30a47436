/** The project settings tabs, by role and text with fake services. */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fullProject } from '@machines/project-detail/project-detail.fixtures.ts';
import { share } from '@machines/sharing/sharing.fixtures.ts';
import { fakeWorkspace, refuse, renderWorkspace } from '../workspace-testing/workspace-test-kit.tsx';

describe('project settings', () => {
  it('links every settings tab and marks the one shown', async () => {
    renderWorkspace('/projects/7/details');
    const nav = await screen.findByRole('navigation', { name: 'Project settings' });
    const labels = within(nav)
      .getAllByRole('link')
      .map((l) => l.textContent);
    expect(labels).toEqual(['Details', 'Scenarios', 'Parameter sets', 'Resources', 'Share', 'Admin', 'Files']);
    expect(within(nav).getByRole('link', { name: 'Details' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Files' })).toHaveAttribute('href', '/projects/7/files');
  });

  // Resources and files are settings tabs like the others: beside the same navigation, under the
  // project's header, with the project named in the breadcrumb and the page title.
  for (const [path, label] of [
    ['/projects/7/resources', 'Resources'],
    ['/projects/7/files', 'Files'],
  ] as const) {
    it(`shows ${label} beside the settings navigation, under the project's name`, async () => {
      renderWorkspace(path);
      const nav = await screen.findByRole('navigation', { name: 'Project settings' });
      expect(within(nav).getByRole('link', { name: label })).toHaveAttribute('aria-current', 'page');
      expect(screen.getByRole('heading', { level: 1, name: fullProject(7).name })).toBeInTheDocument();
      expect(await screen.findByRole('heading', { name: label === 'Files' ? 'Stored files' : 'Weather data' })).toBeInTheDocument();
      await waitFor(() => expect(document.title).toContain(`${label} · ${fullProject(7).name}`));
    });
  }

  it('saves the details and says so; server field errors stay next to their field', async () => {
    const user = userEvent.setup();
    let refused = true;
    const services = fakeWorkspace({
      updateProject: async (id, changes) =>
        refused ? refuse(400, { reference_id: ['Ensure this field has no more than 100 characters.'] }) : fullProject(id, changes as never),
    });
    renderWorkspace('/projects/7/details', services);
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Harbour Tower West');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Reference ID' })).toHaveAccessibleDescription('Ensure this field has no more than 100 characters.'),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The details could not be saved. See the fields below.');
    refused = false;
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Project details saved.');
    expect(services.updateProject).toHaveBeenLastCalledWith(7, {
      name: 'Harbour Tower West',
      location: 'Toronto, ON',
      latitude: 43.6426,
      longitude: -79.3871,
      reference_id: 'NW-7',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour Tower West' })).toBeInTheDocument();
  });

  it('reads but does not change a project the user may not change', async () => {
    renderWorkspace('/projects/7/details', fakeWorkspace({ getProject: async (id) => fullProject(id, { can_change: false }) }), { permissions: [] });
    expect(await screen.findByText('You can view this project but not change it.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save details' })).not.toBeInTheDocument();
  });

  it('says there are no scenarios yet', async () => {
    renderWorkspace('/projects/7/scenarios');
    expect(await screen.findByRole('heading', { name: 'No scenarios yet' })).toBeInTheDocument();
  });

  it('adds a parameter set: values must be a JSON object; the server checks them per analysis type', async () => {
    const user = userEvent.setup();
    let refused = true;
    const services = fakeWorkspace({
      saveParameterSet: async (projectId, id, draft) =>
        refused
          ? refuse(400, { 'values.time_window': ['Enter a time window as HH:MM-HH:MM (00:00 to 23:59).'] })
          : { id: id ?? 5, project_id: projectId, ...draft, created_by: 1, created: '2025-01-01T00:00:00Z', updated: '2025-01-01T00:00:00Z' },
    });
    renderWorkspace('/projects/7/parameter-sets', services);
    await user.click(await screen.findByRole('button', { name: 'New parameter set' }));
    const dialog = await screen.findByRole('dialog', { name: 'New parameter set' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Summer afternoons');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Analysis type' }), 'Thermal comfort');
    const values = within(dialog).getByRole('textbox', { name: 'Values (JSON)' });
    expect(JSON.parse((values as HTMLTextAreaElement).value)).toMatchObject({ index: 'UTCI' });
    await user.clear(values);
    await user.type(values, 'not json');
    await user.click(within(dialog).getByRole('button', { name: 'Save parameter set' }));
    expect(values).toHaveAccessibleDescription(expect.stringContaining('Enter the values as a JSON object'));
    expect(services.saveParameterSet).not.toHaveBeenCalled();
    await user.clear(values);
    await user.click(values);
    await user.paste('{"index": "UTCI", "seasons": ["summer"], "time_window": "25:00-26:00"}');
    await user.click(within(dialog).getByRole('button', { name: 'Save parameter set' }));
    await waitFor(() =>
      expect(values).toHaveAccessibleDescription(expect.stringContaining('time_window: Enter a time window as HH:MM-HH:MM (00:00 to 23:59).')),
    );
    refused = false;
    await user.click(within(dialog).getByRole('button', { name: 'Save parameter set' }));
    expect(await screen.findByText('Parameter set "Summer afternoons" saved.')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Summer afternoons' })).toBeInTheDocument();
    expect(services.saveParameterSet).toHaveBeenLastCalledWith(7, null, {
      name: 'Summer afternoons',
      analysis_type: 'thermal_comfort',
      values: { index: 'UTCI', seasons: ['summer'], time_window: '25:00-26:00' },
    });
  });

  it('shares the project by e-mail and lists the share as pending', async () => {
    const user = userEvent.setup();
    const services = fakeWorkspace({
      listProjectShares: async () => [
        share(1, { share_status: 'declined', user: { id: 3, username: 'cy', name: 'Cy Smith', email: 'cy@x.test', company_name: null } }),
      ],
    });
    renderWorkspace('/projects/7/share', services);
    expect(await screen.findByRole('cell', { name: /Cy Smith/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send again' })).toBeInTheDocument();
    const form = within(screen.getByRole('form', { name: 'Share this project' }));
    await user.type(form.getByRole('textbox', { name: 'E-mail address' }), 'bea@northwind.test');
    await user.click(form.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Shared with Bea Smith (view only). They will see it once they accept.')).toBeInTheDocument();
    expect(services.shareProject).toHaveBeenCalledWith(7, 'bea@northwind.test', '', 'view');
    expect(screen.getByRole('cell', { name: /Bea Smith/ })).toBeInTheDocument();
    expect(screen.getByText('Pending')).toBeInTheDocument();
  });

  it('shares at the level chosen: view only by default, or view and edit', async () => {
    const user = userEvent.setup();
    const services = fakeWorkspace();
    renderWorkspace('/projects/7/share', services);
    const form = within(await screen.findByRole('form', { name: 'Share this project' }));
    expect(form.getByRole('combobox', { name: 'They may' })).toHaveValue('view');
    await user.type(form.getByRole('textbox', { name: 'E-mail address' }), 'bea@northwind.test');
    await user.selectOptions(form.getByRole('combobox', { name: 'They may' }), 'View and edit');
    await user.click(form.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Shared with Bea Smith (view and edit). They will see it once they accept.')).toBeInTheDocument();
    expect(services.shareProject).toHaveBeenCalledWith(7, 'bea@northwind.test', '', 'edit');
    expect(within(screen.getByRole('row', { name: /Bea Smith/ })).getByText('View and edit')).toBeInTheDocument();
  });

  it('revokes a share after confirmation', async () => {
    const user = userEvent.setup();
    const services = fakeWorkspace({ listProjectShares: async () => [share(1)] });
    renderWorkspace('/projects/7/share', services);
    await user.click(await screen.findByRole('button', { name: 'Revoke share with Bea' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this share?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Bea no longer has access.')).toBeInTheDocument();
    expect(services.revokeShare).toHaveBeenCalledWith(7, 1);
  });

  it('adds a project administrator; the creator cannot be removed', async () => {
    const user = userEvent.setup();
    const services = fakeWorkspace();
    renderWorkspace('/projects/7/admin', services);
    expect(await screen.findByText('Creator')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove Ada Smith' })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Person' }), 'Bea Smith (bea@northwind.test)');
    await user.click(screen.getByRole('button', { name: 'Make administrator' }));
    expect(await screen.findByText('Bea Smith is now an administrator.')).toBeInTheDocument();
    expect(services.addAdmin).toHaveBeenCalledWith(7, 2);
    expect(screen.getByRole('button', { name: 'Remove Bea Smith' })).toBeInTheDocument();
  });
});
