/** One file's upload with fake timers: SPEC §9's steps against real progress, failure, retry, cancel. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { retryToastId, uploadIdOfRetryToast, asUploadFailure } from './upload.machine.ts';
import { selectCanCancel, selectCanRetry, selectDisplayedProgress, selectFailureMessage, selectRealProgress, selectUploadStatus } from './upload.selectors.ts';
import { fakeUploadActors, file, grantFor, storedUpload, TARGET } from './upload.test-harness.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const MB = 1024 * 1024;
/** Lets promise actors settle without moving the clock. */
const flush = () => vi.advanceTimersByTimeAsync(0);

async function startUpload(name = 'tower.stl', size = 100 * MB) {
  const fakes = fakeUploadActors();
  const actor = createActor(fakes.logic, { input: { id: 'u1', file: file(name, size), target: TARGET, toasts: fakes.toastSink } });
  actor.start();
  actor.send({ type: 'upload.start' });
  expect(selectUploadStatus(actor.getSnapshot())).toBe('requestingUrl');
  fakes.urlRequests[0]!.resolve(grantFor(1));
  await flush();
  expect(selectUploadStatus(actor.getSnapshot())).toBe('uploading');
  const shown = () => selectDisplayedProgress(actor.getSnapshot());
  return { ...fakes, actor, shown, sender: () => fakes.senders.at(-1)! };
}

describe('the progress steps (SPEC §9: 10, 30 after 1 s, 60 after 2 s more, 80 after 3 s more, 100)', () => {
  it('follows a slow upload: never more than the real share of bytes sent', async () => {
    const { actor, shown, sender, verifications } = await startUpload('tower.stl', 100);
    expect(shown()).toBe(0); // step 10, but nothing sent yet
    sender().progress(5);
    expect(shown()).toBe(5);
    sender().progress(25);
    expect(shown()).toBe(10);
    await vi.advanceTimersByTimeAsync(999);
    expect(shown()).toBe(10);
    await vi.advanceTimersByTimeAsync(1);
    expect(shown()).toBe(25); // step 30, real 25
    sender().progress(40);
    expect(shown()).toBe(30);
    await vi.advanceTimersByTimeAsync(2000);
    expect(shown()).toBe(40); // step 60, real 40
    sender().progress(75);
    expect(shown()).toBe(60);
    await vi.advanceTimersByTimeAsync(3000);
    expect(shown()).toBe(75); // step 80, real 75
    sender().progress(100);
    expect(shown()).toBe(80);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(shown()).toBe(80); // the steps end at 80: 100 waits for the server
    sender().sent();
    expect(selectUploadStatus(actor.getSnapshot())).toBe('verifying');
    expect(shown()).toBe(80);
    verifications[0]!.resolve(storedUpload(verifications[0]!.input));
    await flush();
    expect(selectUploadStatus(actor.getSnapshot())).toBe('done');
    expect(shown()).toBe(100);
  });

  it('holds a fast upload to the steps until the server confirms, then shows 100', async () => {
    const { actor, shown, sender, verifications } = await startUpload('tower.stl', 20 * MB);
    sender().progress(20 * MB);
    expect(selectRealProgress(actor.getSnapshot())).toBe(100);
    expect(shown()).toBe(10);
    sender().sent();
    expect(shown()).toBe(10);
    await vi.advanceTimersByTimeAsync(1000);
    // Verifying: the steps stopped with the bytes.
    expect(shown()).toBe(10);
    verifications[0]!.resolve(storedUpload(verifications[0]!.input));
    await flush();
    expect(shown()).toBe(100);
    expect(selectUploadStatus(actor.getSnapshot())).toBe('done');
  });

  it('passes each step at exactly 1 s, 3 s and 6 s after the bytes start', async () => {
    const { shown, sender } = await startUpload('a.stl', 100);
    sender().progress(100);
    const seen: Array<[number, number]> = [];
    for (let ms = 0; ms <= 7000; ms += 500) {
      seen.push([ms, shown()]);
      await vi.advanceTimersByTimeAsync(500);
    }
    expect(seen.filter(([, p], i) => i === 0 || p !== seen[i - 1]![1])).toEqual([
      [0, 10],
      [1000, 30],
      [3000, 60],
      [6000, 80],
    ]);
  });

  it('shows 0 while queued and while the URL is requested', () => {
    const fakes = fakeUploadActors();
    const actor = createActor(fakes.logic, { input: { id: 'u1', file: file('a.stl', 10), target: TARGET } }).start();
    expect(selectDisplayedProgress(actor.getSnapshot())).toBe(0);
    actor.send({ type: 'upload.start' });
    expect(selectDisplayedProgress(actor.getSnapshot())).toBe(0);
  });
});

describe('failure', () => {
  it("fails on the server's refusal and shows the toast 'Unable to upload ' + the file name, with Retry", async () => {
    const { actor, sender, toasts } = await startUpload('site plan.pdf', 1000);
    sender().progress(500);
    sender().error({ message: 'The upload link has expired. Please try again.', status: 403 });
    const s = actor.getSnapshot();
    expect(selectUploadStatus(s)).toBe('failed');
    expect(selectFailureMessage(s)).toBe('The upload link has expired. Please try again.');
    expect(selectCanRetry(s)).toBe(true);
    expect(selectCanCancel(s)).toBe(false);
    expect(toasts).toEqual([
      {
        type: 'toast.show',
        toast: {
          id: retryToastId('u1', 1),
          tone: 'danger',
          title: 'Unable to upload site plan.pdf',
          description: 'The upload link has expired. Please try again.',
          actionLabel: 'Retry',
        },
      },
    ]);
  });

  it('fails when the upload URL cannot be had, and when the server has no record of the file', async () => {
    const fakes = fakeUploadActors();
    const actor = createActor(fakes.logic, { input: { id: 'u1', file: file('a.stl', 10), target: TARGET, toasts: fakes.toastSink } }).start();
    actor.send({ type: 'upload.start' });
    fakes.urlRequests[0]!.reject({ message: 'You do not have permission to perform this action.', status: 403 });
    await flush();
    expect(selectFailureMessage(actor.getSnapshot())).toBe('You do not have permission to perform this action.');

    const again = await startUpload('b.stl', 10);
    again.sender().sent();
    again.verifications[0]!.reject(new Error('The server has no record of b.stl.'));
    await flush();
    expect(selectUploadStatus(again.actor.getSnapshot())).toBe('failed');
    expect(selectFailureMessage(again.actor.getSnapshot())).toBe('The server has no record of b.stl.');
    expect(again.toasts).toHaveLength(1);
  });
});

describe('retry', () => {
  it('starts over with a new upload URL, dismisses the old toast, and can succeed', async () => {
    const { actor, sender, urlRequests, verifications, toasts, shown } = await startUpload('tower.stl', 100);
    sender().progress(60);
    await vi.advanceTimersByTimeAsync(1000);
    sender().error({ message: 'The connection to the server was lost.', status: null });
    actor.send({ type: 'upload.retry' });
    expect(toasts.at(-1)).toEqual({ type: 'toast.dismiss', id: retryToastId('u1', 1) });
    expect(selectUploadStatus(actor.getSnapshot())).toBe('requestingUrl');
    expect(shown()).toBe(0);
    urlRequests[1]!.resolve(grantFor(2));
    await flush();
    expect(sender().input.grant.uuid).toBe(grantFor(2).uuid);
    sender().progress(100);
    expect(shown()).toBe(10); // the steps start again from 10
    sender().sent();
    verifications[0]!.resolve(storedUpload(verifications[0]!.input));
    await flush();
    expect(shown()).toBe(100);
  });

  it('gives a second failure its own toast', async () => {
    const { actor, sender, urlRequests, toasts } = await startUpload('a.stl', 10);
    sender().error({ message: 'x', status: 500 });
    actor.send({ type: 'upload.retry' });
    urlRequests[1]!.resolve(grantFor(2));
    await flush();
    sender().error({ message: 'y', status: 500 });
    const shown = toasts.filter((t) => t.type === 'toast.show').map((t) => (t.type === 'toast.show' ? t.toast.id : ''));
    expect(shown).toEqual([retryToastId('u1', 1), retryToastId('u1', 2)]);
    expect(shown.map((id) => uploadIdOfRetryToast(id!))).toEqual(['u1', 'u1']);
  });
});

describe('cancel', () => {
  it('aborts the request while bytes are being sent, and keeps no progress', async () => {
    const { actor, sender, toasts } = await startUpload('tower.stl', 100);
    sender().progress(30);
    actor.send({ type: 'upload.cancel' });
    expect(sender().aborted).toBe(true);
    expect(selectUploadStatus(actor.getSnapshot())).toBe('cancelled');
    expect(selectCanRetry(actor.getSnapshot())).toBe(true);
    // A late progress report from an aborted request changes nothing; cancelling is not a failure.
    sender().progress(100);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(selectUploadStatus(actor.getSnapshot())).toBe('cancelled');
    expect(toasts).toEqual([]);
  });

  it('cancels while queued, while asking for the URL and while verifying', async () => {
    for (const stage of ['queued', 'requestingUrl', 'verifying'] as const) {
      const fakes = fakeUploadActors({ auto: stage !== 'requestingUrl' });
      const actor = createActor(fakes.logic, { input: { id: 'u1', file: file('a.stl', 10), target: TARGET } }).start();
      if (stage !== 'queued') actor.send({ type: 'upload.start' });
      if (stage === 'verifying') {
        await flush();
        fakes.senders[0]!.sent();
        expect(selectUploadStatus(actor.getSnapshot())).toBe('verifying');
      }
      actor.send({ type: 'upload.cancel' });
      expect(selectUploadStatus(actor.getSnapshot())).toBe('cancelled');
      await flush();
      expect(selectUploadStatus(actor.getSnapshot())).toBe('cancelled');
    }
  });

  it('can be retried after a cancel', async () => {
    const { actor, urlRequests } = await startUpload('a.stl', 10);
    actor.send({ type: 'upload.cancel' });
    actor.send({ type: 'upload.retry' });
    expect(selectUploadStatus(actor.getSnapshot())).toBe('requestingUrl');
    expect(urlRequests).toHaveLength(2);
  });
});

describe('details', () => {
  it('stores the blob under a cleaned-up name', async () => {
    const { sender } = await startUpload('  plan: rev B?.pdf. ', 10);
    expect(sender().input.blobName).toBe('plan_ rev B_.pdf');
  });

  it('reads unknown rejections as a lost connection', () => {
    expect(asUploadFailure('nope')).toEqual({ message: 'The connection to the server was lost.', status: null });
    expect(asUploadFailure({ message: 'Too big', status: 413 })).toEqual({ message: 'Too big', status: 413 });
    expect(uploadIdOfRetryToast('request-timeout')).toBeNull();
  });
});

describe('its context', () => {
  it('is plain data: no toast reference, and a JSON round trip gives it back unchanged, also after a failure', async () => {
    const { actor, sender, toasts } = await startUpload('site plan.pdf', 1000);
    const round = () => expect(JSON.parse(JSON.stringify(actor.getSnapshot().context))).toEqual(actor.getSnapshot().context);
    round();
    expect(actor.getSnapshot().context).not.toHaveProperty('toasts');
    sender().error({ message: 'The server refused the file.', status: 403 });
    await flush();
    round();
    // the toast still goes out, through the relay
    expect(toasts.map((t) => t.type)).toEqual(['toast.show']);
  });
});
