/** "Export project" in the project settings, by role and text with fake transfer services. */
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bindProjectTransfer, ProjectTransferContext, type ProjectTransferServices } from '../../services/project-transfer-services.ts';
import { fakeWorkspace, renderWorkspace } from '../workspace-testing/workspace-test-kit.tsx';
import { ExportProject } from './export-project.tsx';

function renderExport(services: ProjectTransferServices) {
  render(
    <ProjectTransferContext.Provider value={bindProjectTransfer(services)}>
      <ExportProject project={{ id: 7, name: 'Harbour Towers' }} />
    </ProjectTransferContext.Provider>,
  );
}

describe('export project', () => {
  it('is offered on the details tab of the project settings to an Org Admin of its company', async () => {
    renderWorkspace('/projects/7/details', undefined, { projectPermissions: { '7': ['custom_auth.change_user', 'projects.change_project'] } });
    expect(await screen.findByRole('heading', { name: 'Move this project' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export project' })).toBeEnabled();
  });

  it('is not offered to a view-only collaborator (the server would refuse it)', async () => {
    renderWorkspace('/projects/7/details', fakeWorkspace({ getProject: async (id) => ({ ...(await fakeWorkspace().getProject(id)), can_change: false }) }), {
      permissions: [],
      projectPermissions: { '7': [] },
    });
    expect(await screen.findByRole('heading', { level: 1, name: /Harbour Tower/ })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Move this project' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Export project' })).toBeNull();
  });

  it('downloads the project and says so', async () => {
    const user = userEvent.setup();
    let done: () => void = () => {};
    const services: ProjectTransferServices = { exportProject: vi.fn(() => new Promise<void>((resolve) => (done = resolve))), importProject: vi.fn() };
    renderExport(services);
    await user.click(screen.getByRole('button', { name: 'Export project' }));
    expect(services.exportProject).toHaveBeenCalledWith({ id: 7, name: 'Harbour Towers' });
    expect(screen.getByRole('button', { name: 'Exporting…' })).toBeDisabled();
    done();
    expect(await screen.findByRole('status')).toHaveTextContent('The project was exported: the zip is in your downloads.');
    expect(screen.getByRole('button', { name: 'Export project' })).toBeEnabled();
  });

  it('says why when the server refuses', async () => {
    const user = userEvent.setup();
    const services: ProjectTransferServices = {
      exportProject: vi.fn(async () => {
        throw new Error('Only the project’s administrators and your company’s Org Admins can export it.');
      }),
      importProject: vi.fn(),
    };
    renderExport(services);
    await user.click(screen.getByRole('button', { name: 'Export project' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only the project’s administrators and your company’s Org Admins can export it.');
  });
});
