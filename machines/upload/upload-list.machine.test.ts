import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { uploadListMachine } from './upload-list.machine.ts';
import { selectListedUploads, selectListError, selectListLoading } from './upload.selectors.ts';
import type { StoredUpload } from './upload.types.ts';

const upload = (id: number): StoredUpload => ({
  id,
  uuid: 'u',
  filename: `f${id}.csv`,
  size: 1,
  content_type: 'text/csv',
  format: 'csv',
  uploaded_at: '2026-01-01T00:00:00Z',
  download_url: `/d/${id}`,
});

describe('the upload list', () => {
  it('loads, keeps the list on screen while reloading, and reports a failure', async () => {
    const answers: Array<() => Promise<StoredUpload[]>> = [
      async () => [upload(1)],
      async () => [upload(2), upload(1)],
      async () => {
        throw { message: 'Not found.', status: 404 };
      },
    ];
    const actor = createActor(uploadListMachine.provide({ actors: { loadUploads: fromPromise(() => answers.shift()!()) } }), {
      input: { projectId: 3 },
    }).start();
    expect(selectListLoading(actor.getSnapshot())).toBe(true);
    await new Promise((r) => setTimeout(r, 0));
    expect(selectListedUploads(actor.getSnapshot()).map((u) => u.id)).toEqual([1]);
    actor.send({ type: 'list.reload' });
    expect(selectListLoading(actor.getSnapshot())).toBe(false);
    await new Promise((r) => setTimeout(r, 0));
    expect(selectListedUploads(actor.getSnapshot()).map((u) => u.id)).toEqual([2, 1]);
    actor.send({ type: 'list.reload' });
    await new Promise((r) => setTimeout(r, 0));
    expect(selectListError(actor.getSnapshot())).toBe('Not found.');
  });
});
