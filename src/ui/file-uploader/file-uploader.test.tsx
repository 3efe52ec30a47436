/** The file uploader by role and text, over the real machines with fake services. */
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SendInput, SenderEvent, StoredUpload, UploadGrant, VerifyInput } from '@machines/upload/upload.types.ts';
import type { FileRules } from '@machines/upload/file-rules.ts';
import { ToastContext } from '../../app/contexts.ts';
import { ToastList } from '../toast.tsx';
import { bindUploadLogic, type UploadServices } from '../../services/upload-services.ts';
import { UploadLogicContext } from './upload-logic-context.ts';
import { FileUploader } from './file-uploader.tsx';
import { useUploads } from './use-uploads.ts';

interface FakeSender {
  input: SendInput;
  report: (event: SenderEvent) => void;
  aborted: boolean;
}

function fakeServices() {
  const senders: FakeSender[] = [];
  let grants = 0;
  const services: UploadServices = {
    requestUploadUrl: async (): Promise<UploadGrant> => ({ container_url: '/blobs/project-assets', uuid: `uuid-${++grants}`, sas_token: 'sig=x' }),
    findUpload: async (input: VerifyInput): Promise<StoredUpload> => ({
      id: 1,
      uuid: input.uuid,
      filename: input.blobName,
      size: input.size,
      content_type: 'model/stl',
      format: 'stl-binary',
      uploaded_at: '2026-01-01T00:00:00Z',
      download_url: '/x',
    }),
    listUploads: async () => [],
    send: (input, report) => {
      const sender: FakeSender = { input, report, aborted: false };
      senders.push(sender);
      return () => {
        sender.aborted = true;
      };
    },
  };
  return { services, senders };
}

function Toasts() {
  const toasts = ToastContext.useSelector((s) => s.context.toasts);
  const ref = ToastContext.useActorRef();
  return <ToastList toasts={toasts} onDismiss={(id) => ref.send({ type: 'toast.dismiss', id })} onAction={(id) => ref.send({ type: 'toast.action', id })} />;
}

const TARGET = { projectId: 3, kind: 'project-asset' as const };

function Uploader({ rules }: { rules: FileRules }) {
  const uploads = useUploads();
  return <FileUploader uploads={uploads} target={TARGET} rules={rules} label="Drop STL files here" />;
}

function renderUploader(rules: FileRules = { maxBytes: 1024, accept: ['.stl'] }) {
  const fake = fakeServices();
  const logic = bindUploadLogic(fake.services);
  render(
    <UploadLogicContext.Provider value={logic}>
      <ToastContext.Provider>
        <Uploader rules={rules} />
        <Toasts />
      </ToastContext.Provider>
    </UploadLogicContext.Provider>,
  );
  return fake;
}

const stl = (name: string, size = 100) => new File([new Uint8Array(size)], name, { type: 'model/stl' });
const input = () => screen.getByTestId('file-input') as HTMLInputElement;

describe('the file uploader', () => {
  it('offers a drop zone and a keyboard-reachable picker that says what it accepts', async () => {
    renderUploader();
    expect(screen.getByRole('region', { name: 'File uploader' })).toBeInTheDocument();
    expect(screen.getByText('Drop STL files here')).toBeInTheDocument();
    const choose = screen.getByRole('button', { name: 'Choose files' });
    expect(choose).toHaveAccessibleDescription('.stl · up to 1 KB each');
    const click = vi.spyOn(input(), 'click');
    await userEvent.tab();
    expect(choose).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(click).toHaveBeenCalled();
  });

  it('uploads several picked files, each with its progress bar and percentage', async () => {
    const { senders } = renderUploader();
    await userEvent.upload(input(), [stl('a.stl'), stl('b.stl', 200)]);
    await waitFor(() => expect(senders).toHaveLength(2));
    const list = screen.getByRole('list', { name: 'Uploads' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['a.stl', 'b.stl']);
    const bar = screen.getByRole('progressbar', { name: 'Upload of a.stl' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    act(() => senders[0]!.report({ type: 'upload.progress', loaded: 5, total: 100 }));
    expect(bar).toHaveAttribute('aria-valuenow', '5');
    // All bytes sent at once: the display waits for SPEC §9's steps (10 now), then the server.
    act(() => senders[0]!.report({ type: 'upload.progress', loaded: 100, total: 100 }));
    expect(bar).toHaveAttribute('aria-valuenow', '10');
    expect(within(screen.getByRole('listitem', { name: 'a.stl' })).getByText('10%')).toBeInTheDocument();
    act(() => senders[0]!.report({ type: 'upload.sent' }));
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '100'));
    expect(within(screen.getByRole('listitem', { name: 'a.stl' })).getByText(/Uploaded/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel upload of a.stl' })).toBeNull();
  });

  it('says clearly why a file is refused before sending it', async () => {
    const { senders } = renderUploader();
    // applyAccept: false — a user can still drop or force any file; the rules catch it.
    await userEvent.upload(input(), [stl('huge.stl', 5000), new File(['x'], 'notes.txt', { type: 'text/plain' })], { applyAccept: false });
    const alerts = within(screen.getByRole('list', { name: 'Files not accepted' })).getAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual([
      expect.stringContaining('"huge.stl" is 4.9 KB; the largest file accepted is 1 KB.'),
      expect.stringContaining('"notes.txt" is not a file type this uploader accepts (.stl).'),
    ]);
    expect(senders).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss the message about huge.stl' }));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('takes dropped files', async () => {
    const { senders } = renderUploader();
    const zone = screen.getByText('Drop STL files here').parentElement!;
    fireEvent.dragEnter(zone, { dataTransfer: { files: [] } });
    expect(zone).toHaveAttribute('data-dragging', 'true');
    fireEvent.drop(zone, { dataTransfer: { files: [stl('dropped.stl')] } });
    expect(zone).toHaveAttribute('data-dragging', 'false');
    await waitFor(() => expect(senders).toHaveLength(1));
    expect(screen.getByRole('listitem', { name: 'dropped.stl' })).toBeInTheDocument();
  });

  it('cancels (aborting the request) and retries from the row', async () => {
    const { senders } = renderUploader();
    await userEvent.upload(input(), stl('a.stl'));
    await waitFor(() => expect(senders).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel upload of a.stl' }));
    expect(senders[0]!.aborted).toBe(true);
    expect(within(screen.getByRole('listitem', { name: 'a.stl' })).getByText(/Cancelled/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry upload of a.stl' }));
    await waitFor(() => expect(senders).toHaveLength(2));
    expect(senders[1]!.input.grant.uuid).toBe('uuid-2');
  });

  it("shows the toast 'Unable to upload' + the file name on failure, whose Retry starts the upload again", async () => {
    const { senders } = renderUploader();
    await userEvent.upload(input(), stl('tower.stl'));
    await waitFor(() => expect(senders).toHaveLength(1));
    act(() => senders[0]!.report({ type: 'upload.error', failure: { message: 'The file is larger than the server accepts.', status: 413 } }));
    expect(await screen.findByText('Unable to upload tower.stl')).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'tower.stl' })).getByRole('alert')).toHaveTextContent('The file is larger than the server accepts.');
    const toastRetry = screen.getAllByRole('button', { name: 'Retry' }).find((b) => !b.getAttribute('aria-label')?.startsWith('Retry upload'))!;
    // A plain click: radix's toast swipe handling needs pointer capture, which jsdom lacks.
    fireEvent.click(toastRetry);
    await waitFor(() => expect(senders).toHaveLength(2));
    expect(screen.queryByText('Unable to upload tower.stl')).toBeNull();
  });
});
