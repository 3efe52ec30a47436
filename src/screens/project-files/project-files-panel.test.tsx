/** The project files panel: the list of stored files, refreshed when an upload is confirmed. */
import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SendInput, SenderEvent, StoredUpload } from '@machines/upload/upload.types.ts';
import { ToastContext } from '../../app/contexts.ts';
import { bindUploadLogic, type UploadServices } from '../../services/upload-services.ts';
import { UploadLogicContext } from '../../ui/file-uploader/upload-logic-context.ts';
import { ProjectFilesPanel } from './project-files-panel.tsx';
import { PermissionsContext } from '../../app/permissions-context.ts';
import { bindPermissionsLogic } from '../../services/permissions-services.ts';

const stored = (id: number, filename: string, size: number): StoredUpload => ({
  id,
  uuid: `u${id}`,
  filename,
  size,
  content_type: 'text/csv',
  format: 'csv',
  uploaded_at: '2026-02-03T10:00:00Z',
  download_url: `/api/project/5/uploads/${id}/download/`,
});

function renderPanel(services: UploadServices, held: string[]) {
  render(
    <PermissionsContext.Provider logic={bindPermissionsLogic(async () => ({ global: [], projects: { '5': held } }))}>
      <UploadLogicContext.Provider value={bindUploadLogic(services)}>
        <ToastContext.Provider>
          <ProjectFilesPanel projectId={5} />
        </ToastContext.Provider>
      </UploadLogicContext.Provider>
    </PermissionsContext.Provider>,
  );
}

describe('the project files panel', () => {
  it('shows a reader the files and no uploader', async () => {
    const services: UploadServices = {
      requestUploadUrl: async () => Promise.reject(new Error('not used')),
      findUpload: async () => Promise.reject(new Error('not used')),
      listUploads: async () => [stored(1, 'wind.csv', 2048)],
      send: () => () => {},
    };
    renderPanel(services, []);
    expect(await screen.findByRole('cell', { name: 'wind.csv' })).toBeInTheDocument();
    expect(screen.queryByTestId('file-input')).toBeNull();
    expect(screen.getByText(/adding files needs the right to change the project/)).toBeInTheDocument();
  });

  it('lists the stored files and adds a new one once its upload is confirmed', async () => {
    const files: StoredUpload[] = [stored(1, 'wind.csv', 2048)];
    const senders: Array<{ input: SendInput; report: (e: SenderEvent) => void }> = [];
    const services: UploadServices = {
      requestUploadUrl: async () => ({ container_url: '/blobs/project-assets', uuid: 'u2', sas_token: 'sig=x' }),
      findUpload: async (input) => {
        const record = stored(2, input.blobName, input.size);
        files.unshift(record);
        return record;
      },
      listUploads: async (projectId) => (projectId === 5 ? [...files] : []),
      send: (input, report) => {
        senders.push({ input, report });
        return () => {};
      },
    };
    renderPanel(services, ['projects.change_project']);
    expect(screen.getByRole('heading', { name: 'Stored files' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Stored files' });
    expect(within(table).getByRole('cell', { name: 'wind.csv' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: '2 KB' })).toBeInTheDocument();
    await userEvent.upload(screen.getByTestId('file-input'), new File(['a,b\n'], 'new.csv', { type: 'text/csv' }));
    await waitFor(() => expect(senders).toHaveLength(1));
    expect(senders[0]!.input.grant.uuid).toBe('u2');
    act(() => senders[0]!.report({ type: 'upload.sent' }));
    await waitFor(() => expect(within(table).getByRole('cell', { name: 'new.csv' })).toBeInTheDocument());
    expect(within(table).getAllByRole('row')).toHaveLength(3);
  });
});
