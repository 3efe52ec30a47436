/** The uploads parent with several files: rules, a concurrency limit, announcements, cancel/retry/remove. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { UploadsEmitted } from './uploads.machine.ts';
import { selectDisplayedProgress, selectRejections, selectUploadItems, selectUploadStatus } from './upload.selectors.ts';
import { fakeUploadActors, file, grantFor, storedUpload, TARGET } from './upload.test-harness.ts';
import type { FileRules } from './file-rules.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const flush = () => vi.advanceTimersByTimeAsync(0);
const RULES: FileRules = { maxBytes: 1000, accept: ['.stl', '.epw'] };

function start(maxConcurrent = 2) {
  const fakes = fakeUploadActors();
  const actor = createActor(fakes.parent, { input: { toasts: fakes.toastSink, maxConcurrent } });
  const done: UploadsEmitted[] = [];
  actor.on('upload.done', (event) => done.push(event));
  actor.start();
  const statuses = () => selectUploadItems(TARGET)(actor.getSnapshot()).map((i) => selectUploadStatus(i.ref.getSnapshot()));
  return { ...fakes, actor, done, statuses };
}

describe('the uploads parent', () => {
  it('uploads several files, at most maxConcurrent at a time, announcing each once', async () => {
    const { actor, urlRequests, senders, verifications, statuses, done } = start(2);
    actor.send({ type: 'files.add', files: ['a', 'b', 'c', 'd'].map((n) => file(`${n}.stl`, 100)), target: TARGET, rules: RULES });
    expect(statuses()).toEqual(['requestingUrl', 'requestingUrl', 'queued', 'queued']);
    urlRequests[0]!.resolve(grantFor(1));
    urlRequests[1]!.resolve(grantFor(2));
    await flush();
    expect(statuses()).toEqual(['uploading', 'uploading', 'queued', 'queued']);
    // The first finishes: the third starts.
    senders[0]!.progress(100);
    senders[0]!.sent();
    verifications[0]!.resolve(storedUpload(verifications[0]!.input, 11));
    await flush();
    expect(statuses()).toEqual(['done', 'uploading', 'requestingUrl', 'queued']);
    expect(done.map((e) => [e.id, e.upload.id, e.upload.filename])).toEqual([['upload-1', 11, 'a.stl']]);
    // The second fails: the fourth starts; a failure is not announced.
    senders[1]!.error({ message: 'x', status: 500 });
    await flush();
    expect(statuses()).toEqual(['done', 'failed', 'requestingUrl', 'requestingUrl']);
    for (const i of [2, 3]) urlRequests[i]!.resolve(grantFor(i + 1));
    await flush();
    for (const i of [1, 2]) {
      senders[1 + i]!.sent();
      verifications[i]!.resolve(storedUpload(verifications[i]!.input, 11 + i));
    }
    await flush();
    expect(statuses()).toEqual(['done', 'failed', 'done', 'done']);
    expect(done.map((e) => e.upload.filename)).toEqual(['a.stl', 'c.stl', 'd.stl']);
    // More progress events from settled children do not announce again.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(done).toHaveLength(3);
  });

  it('refuses files against the rules before sending, with a clear message', () => {
    const { actor, urlRequests } = start();
    actor.send({
      type: 'files.add',
      files: [file('tower.stl', 2000), file('notes.docx', 10), file('empty.epw', 0), file('ok.EPW', 10)],
      target: TARGET,
      rules: RULES,
    });
    expect(selectRejections(TARGET)(actor.getSnapshot()).map((r) => r.message)).toEqual([
      '"tower.stl" is 2 KB; the largest file accepted is 1000 B.',
      '"notes.docx" is not a file type this uploader accepts (.stl, .epw).',
      '"empty.epw" is empty.',
    ]);
    expect(selectUploadItems(TARGET)(actor.getSnapshot()).map((i) => i.ref.getSnapshot().context.file.name)).toEqual(['ok.EPW']);
    expect(urlRequests).toHaveLength(1);
    const first = selectRejections(TARGET)(actor.getSnapshot())[0]!;
    actor.send({ type: 'rejection.dismiss', id: first.id });
    expect(selectRejections(TARGET)(actor.getSnapshot())).toHaveLength(2);
  });

  it('forwards cancel and retry by id (the toast Retry arrives this way), and frees the slot of a cancelled upload', async () => {
    const { actor, senders, urlRequests, statuses } = start(1);
    actor.send({ type: 'files.add', files: [file('a.stl', 100), file('b.stl', 100)], target: TARGET, rules: RULES });
    urlRequests[0]!.resolve(grantFor(1));
    await flush();
    actor.send({ type: 'upload.cancel', id: 'upload-1' });
    await flush();
    expect(senders[0]!.aborted).toBe(true);
    expect(statuses()).toEqual(['cancelled', 'requestingUrl']);
    actor.send({ type: 'upload.retry', id: 'upload-1' });
    expect(statuses()).toEqual(['requestingUrl', 'requestingUrl']);
  });

  it('removes settled uploads (not running ones) and clears the finished list', async () => {
    const { actor, senders, verifications, urlRequests } = start(3);
    actor.send({ type: 'files.add', files: [file('a.stl', 100), file('b.stl', 100), file('c.stl', 100)], target: TARGET, rules: RULES });
    urlRequests.forEach((r, i) => r.resolve(grantFor(i + 1)));
    await flush();
    senders[0]!.sent();
    verifications[0]!.resolve(storedUpload(verifications[0]!.input));
    senders[1]!.error({ message: 'x', status: 500 });
    await flush();
    actor.send({ type: 'upload.remove', id: 'upload-3' }); // still uploading: ignored
    expect(selectUploadItems()(actor.getSnapshot())).toHaveLength(3);
    actor.send({ type: 'upload.remove', id: 'upload-1' });
    expect(selectUploadItems()(actor.getSnapshot()).map((i) => i.id)).toEqual(['upload-2', 'upload-3']);
    actor.send({ type: 'uploads.clearFinished' });
    expect(selectUploadItems()(actor.getSnapshot()).map((i) => i.id)).toEqual(['upload-3']);
    expect(actor.getSnapshot().children['upload-2']).toBeUndefined();
  });

  it('keeps uploads of different targets apart', () => {
    const { actor } = start(5);
    const other = { projectId: 8, kind: 'asset' as const };
    actor.send({ type: 'files.add', files: [file('a.stl', 10)], target: TARGET, rules: RULES });
    actor.send({ type: 'files.add', files: [file('b.stl', 10)], target: other, rules: RULES });
    expect(selectUploadItems(TARGET)(actor.getSnapshot()).map((i) => i.id)).toEqual(['upload-1']);
    expect(selectUploadItems(other)(actor.getSnapshot()).map((i) => i.id)).toEqual(['upload-2']);
  });

  it('runs each child with its own progress steps', async () => {
    const { actor, urlRequests, senders } = start(2);
    actor.send({ type: 'files.add', files: [file('a.stl', 100), file('b.stl', 100)], target: TARGET, rules: RULES });
    urlRequests[0]!.resolve(grantFor(1));
    await flush();
    senders[0]!.progress(100);
    await vi.advanceTimersByTimeAsync(1000);
    urlRequests[1]!.resolve(grantFor(2));
    await flush();
    senders[1]!.progress(100);
    const shown = selectUploadItems(TARGET)(actor.getSnapshot()).map((i) => selectDisplayedProgress(i.ref.getSnapshot()));
    expect(shown).toEqual([30, 10]);
  });
});

describe("the uploads parent's toasts", () => {
  it("reach the app through the parent's relay for every upload, and its context holds no toast reference", async () => {
    const { actor, urlRequests, senders, toasts } = start(2);
    expect(actor.getSnapshot().context).not.toHaveProperty('toasts');
    actor.send({ type: 'files.add', files: [file('a.stl', 100), file('huge.stl', 5000)], target: TARGET, rules: RULES });
    // apart from the children's references, the context is plain data
    const { items, ...rest } = actor.getSnapshot().context;
    expect(JSON.parse(JSON.stringify(rest))).toEqual(rest);
    expect(items.map((i) => i.id)).toEqual(['upload-1']);
    expect(items[0]!.ref.getSnapshot().context).not.toHaveProperty('toasts');
    urlRequests[0]!.resolve(grantFor(1));
    await flush();
    senders[0]!.error({ message: 'The server refused the file.', status: 403 });
    await flush();
    expect(toasts).toEqual([
      expect.objectContaining({ type: 'toast.show', toast: expect.objectContaining({ title: 'Unable to upload a.stl', actionLabel: 'Retry' }) }),
    ]);
    actor.send({ type: 'upload.retry', id: 'upload-1' });
    expect(toasts.at(-1)).toEqual({ type: 'toast.dismiss', id: 'upload-retry:upload-1:1' });
  });
});
