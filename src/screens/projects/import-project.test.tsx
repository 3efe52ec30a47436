/** "Import project" on the projects page, by role and text with fake transfer services. */
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { ProjectImportResult } from '@canopy/contract/project-transfer.ts';
import type { ImportProgress } from '../../api/project-transfer.ts';
import { bindProjectTransfer, ProjectTransferContext, type ProjectTransferServices } from '../../services/project-transfer-services.ts';
import { renderWorkspace } from '../workspace-testing/workspace-test-kit.tsx';
import { ImportProject } from './import-project.tsx';

const zip = () => new File([new Uint8Array([0x50, 0x4b, 3, 4, 1, 2, 3])], 'harbour.canopy.zip', { type: 'application/zip' });

function renderImport(services: ProjectTransferServices) {
  const location = memoryLocation({ path: '/projects/', record: true });
  render(
    <Router hook={location.hook}>
      <ProjectTransferContext.Provider value={bindProjectTransfer(services)}>
        <ImportProject />
      </ProjectTransferContext.Provider>
    </Router>,
  );
  return location;
}

describe('import project', () => {
  it('is offered on the projects page', async () => {
    renderWorkspace('/projects/');
    expect(await screen.findByRole('button', { name: 'Import project' })).toBeEnabled();
  });

  it('picks a zip, shows the upload progress, then the import, and opens the new project', async () => {
    const user = userEvent.setup();
    let report: (p: ImportProgress) => void = () => {};
    let finish: (r: ProjectImportResult) => void = () => {};
    const services: ProjectTransferServices = {
      exportProject: vi.fn(),
      importProject: vi.fn((_file: File, onProgress: (p: ImportProgress) => void) => {
        report = onProgress;
        return new Promise<ProjectImportResult>((resolve) => (finish = resolve));
      }),
    };
    const location = renderImport(services);
    await user.upload(screen.getByLabelText('Project archive (.zip)'), zip());
    expect(services.importProject).toHaveBeenCalledWith(expect.objectContaining({ name: 'harbour.canopy.zip' }), expect.any(Function), expect.any(AbortSignal));
    expect(screen.getByRole('button', { name: 'Import project' })).toBeDisabled();
    // The bar is on screen from the pick, at 0 %, so wait for the report to reach it rather than for the bar.
    const bar = await screen.findByRole('progressbar', { name: 'Uploading harbour.canopy.zip' });
    expect(bar).toHaveAttribute('value', '0');
    report({ loaded: 40, total: 100 });
    await waitFor(() => expect(bar).toHaveAttribute('value', '40'));
    expect(screen.getByRole('status')).toHaveTextContent('40%');
    report({ loaded: 100, total: 100 });
    expect(await screen.findByText('Checking and importing harbour.canopy.zip…')).toBeInTheDocument();
    finish({ id: 42, name: 'Harbour Towers', records: { projects: 1 }, blobs: 3, bytes: 1000 });
    await waitFor(() => expect(location.history.at(-1)).toBe('/projects/42'));
  });

  it('cancels while the bytes go out: the request is aborted and the page is as before', async () => {
    const user = userEvent.setup();
    let signal: AbortSignal | null = null;
    let report: (p: ImportProgress) => void = () => {};
    const services: ProjectTransferServices = {
      exportProject: vi.fn(),
      importProject: vi.fn((_file: File, onProgress: (p: ImportProgress) => void, abort: AbortSignal) => {
        signal = abort;
        report = onProgress;
        return new Promise<ProjectImportResult>((_, reject) => abort.addEventListener('abort', () => reject(new Error('The import was cancelled.'))));
      }),
    };
    const location = renderImport(services);
    await user.upload(screen.getByLabelText('Project archive (.zip)'), zip());
    report({ loaded: 30, total: 100 });
    await user.click(await screen.findByRole('button', { name: 'Cancel import' }));
    expect(signal!.aborted).toBe(true);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Import project' })).toBeEnabled();
    expect(location.history.at(-1)).toBe('/projects/');
  });

  it('offers no cancel once every byte is sent: the server is writing the project', async () => {
    const user = userEvent.setup();
    let report: (p: ImportProgress) => void = () => {};
    const services: ProjectTransferServices = {
      exportProject: vi.fn(),
      importProject: vi.fn((_file: File, onProgress: (p: ImportProgress) => void) => {
        report = onProgress;
        return new Promise<ProjectImportResult>(() => {});
      }),
    };
    renderImport(services);
    await user.upload(screen.getByLabelText('Project archive (.zip)'), zip());
    expect(await screen.findByRole('button', { name: 'Cancel import' })).toBeEnabled();
    report({ loaded: 7, total: 7 });
    expect(await screen.findByText('Checking and importing harbour.canopy.zip…')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel import' })).toBeNull();
  });

  it('shows the server’s reason when the archive is refused, and lets the user try again', async () => {
    const user = userEvent.setup();
    const services: ProjectTransferServices = {
      exportProject: vi.fn(),
      importProject: vi.fn(async () => {
        throw new Error('blobs/assets/x.glb: SHA-256 00ff, the manifest says 11aa.');
      }),
    };
    const location = renderImport(services);
    await user.upload(screen.getByLabelText('Project archive (.zip)'), zip());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'harbour.canopy.zip was not imported: blobs/assets/x.glb: SHA-256 00ff, the manifest says 11aa.',
    );
    expect(screen.getByRole('button', { name: 'Import project' })).toBeEnabled();
    expect(location.history.at(-1)).toBe('/projects/');
  });
});
