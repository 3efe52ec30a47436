/**
 * The uploads parent: what the file uploader talks to. It checks each dropped or picked file
 * against the uploader's rules (refusing with a message before a byte is sent), spawns one upload
 * actor per accepted file, keeps at most `maxConcurrent` running and starts the next as one settles,
 * and emits `upload.done` with the server's record so a feature can attach the file.
 *
 *   uploads
 *   └── active   (one state: the files are spawned children; their snapshots flow back as
 *                 xstate.snapshot.* events, which start queued files and announce finished ones)
 *
 * Children are spawned with syncSnapshot, so they need no reference to their parent and each one
 * runs (and is tested) on its own. The app's toasts are reached through the relay this machine
 * spawns as system id 'toast' (machines/toast/toast-relay.ts), which its uploads share: the
 * context holds no toast reference. Rows subscribe to their own child, so a progress tick re-renders
 * one row, not the list.
 *
 * Owned by src/ui/file-uploader/use-uploads.ts; rendered by src/ui/file-uploader/file-uploader.tsx.
 */
import { assign, enqueueActions, setup, stopChild, type SnapshotFrom } from 'xstate';
import { uploadMachine, type UploadActorRef } from './upload.machine.ts';
import { checkFile, type FileRules } from './file-rules.ts';
import type { StoredUpload, ToastSink, UploadSource, UploadTarget } from './upload.types.ts';
import { TOAST_SYSTEM_ID, toastRelay } from '@machines/toast/toast-relay.ts';

export interface UploadItem {
  id: string;
  ref: UploadActorRef;
  target: UploadTarget;
  /** Set when this parent sent upload.start (its snapshot may not say so yet). */
  started: boolean;
}

export interface Rejection {
  id: string;
  fileName: string;
  message: string;
  target: UploadTarget;
}

export interface UploadsInput {
  toasts?: ToastSink;
  maxConcurrent?: number;
  /** Prefix of the upload ids: toasts are app-wide, so two uploaders must not both own 'upload-1'. */
  scope?: string;
}

export interface UploadsContext {
  items: UploadItem[];
  rejections: Rejection[];
  maxConcurrent: number;
  /** Uploads whose upload.done was emitted (each is announced once). */
  announced: string[];
  nextId: number;
  scope: string;
}

export type UploadsEvent =
  | { type: 'files.add'; files: readonly UploadSource[]; target: UploadTarget; rules: FileRules }
  | { type: 'upload.cancel'; id: string }
  | { type: 'upload.retry'; id: string }
  | { type: 'upload.remove'; id: string }
  | { type: 'rejection.dismiss'; id: string }
  | { type: 'uploads.clearFinished' }
  | { type: `xstate.snapshot.${string}`; snapshot: SnapshotFrom<typeof uploadMachine> };

export type UploadsEmitted = { type: 'upload.done'; id: string; upload: StoredUpload; target: UploadTarget };

export const DEFAULT_MAX_CONCURRENT = 3;

type UploadSnapshot = SnapshotFrom<typeof uploadMachine>;
const isRunning = (s: UploadSnapshot) => s.matches('requestingUrl') || s.matches('uploading') || s.matches('verifying');
const isSettled = (s: UploadSnapshot) => s.matches('done') || s.matches('failed') || s.matches('cancelled');

export const uploadsMachine = setup({
  types: {
    context: {} as UploadsContext,
    events: {} as UploadsEvent,
    input: {} as UploadsInput,
    emitted: {} as UploadsEmitted,
  },
  actors: { upload: uploadMachine, toastRelay },
  guards: {
    isSettled: ({ context, event }) => {
      const id = 'id' in event ? event.id : '';
      const item = context.items.find((i) => i.id === id);
      return !!item && isSettled(item.ref.getSnapshot());
    },
  },
  actions: {
    addFiles: assign(({ context, event, spawn }) => {
      if (event.type !== 'files.add') return {};
      let nextId = context.nextId;
      const items = [...context.items];
      const rejections = [...context.rejections];
      for (const file of event.files) {
        const id = `${context.scope}upload-${nextId++}`;
        const problem = checkFile(file, event.rules);
        if (problem) {
          rejections.push({ id, fileName: file.name, message: problem, target: event.target });
          continue;
        }
        const ref = spawn('upload', {
          id,
          syncSnapshot: true,
          input: { id, file, target: event.target },
        });
        items.push({ id, ref, target: event.target, started: false });
      }
      return { items, rejections, nextId };
    }),
    /** Starts queued uploads while fewer than maxConcurrent run. */
    startQueued: enqueueActions(({ context, enqueue }) => {
      const running = context.items.filter((i) => {
        const s = i.ref.getSnapshot();
        return isRunning(s) || (i.started && s.matches('queued'));
      }).length;
      const waiting = context.items.filter((i) => !i.started && i.ref.getSnapshot().matches('queued'));
      const starting = waiting.slice(0, Math.max(0, context.maxConcurrent - running));
      if (starting.length === 0) return;
      const ids = new Set(starting.map((i) => i.id));
      enqueue.assign({ items: context.items.map((i) => (ids.has(i.id) ? { ...i, started: true } : i)) });
      for (const item of starting) enqueue.sendTo(item.ref, { type: 'upload.start' });
    }),
    /** Emits upload.done once for each upload the server confirmed. */
    announceDone: enqueueActions(({ context, event, enqueue }) => {
      if (!event.type.startsWith('xstate.snapshot.')) return;
      const id = event.type.slice('xstate.snapshot.'.length);
      const item = context.items.find((i) => i.id === id);
      const upload = item?.ref.getSnapshot().context.upload;
      if (!item || !upload || !item.ref.getSnapshot().matches('done') || context.announced.includes(id)) return;
      enqueue.assign({ announced: [...context.announced, id] });
      enqueue.emit({ type: 'upload.done', id, upload, target: item.target });
    }),
    forwardToUpload: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'upload.cancel' && event.type !== 'upload.retry') return;
      const item = context.items.find((i) => i.id === event.id);
      if (item) enqueue.sendTo(item.ref, { type: event.type });
    }),
    removeUpload: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'upload.remove') return;
      enqueue(stopChild(event.id));
      enqueue.assign({ items: context.items.filter((i) => i.id !== event.id) });
    }),
    clearFinished: enqueueActions(({ context, enqueue }) => {
      const finished = context.items.filter((i) => isSettled(i.ref.getSnapshot()));
      for (const item of finished) enqueue(stopChild(item.id));
      enqueue.assign({ items: context.items.filter((i) => !finished.includes(i)), rejections: [] });
    }),
    dismissRejection: assign(({ context, event }) => ({
      rejections: event.type === 'rejection.dismiss' ? context.rejections.filter((r) => r.id !== event.id) : context.rejections,
    })),
  },
}).createMachine({
  id: 'uploads',
  context: ({ input, spawn }) => {
    spawn('toastRelay', { systemId: TOAST_SYSTEM_ID, input: input.toasts ?? null });
    return {
      items: [],
      rejections: [],
      maxConcurrent: input.maxConcurrent ?? DEFAULT_MAX_CONCURRENT,
      announced: [],
      nextId: 1,
      scope: input.scope ? `${input.scope}-` : '',
    };
  },
  initial: 'active',
  states: {
    active: {
      on: {
        'files.add': { actions: ['addFiles', 'startQueued'] },
        'upload.cancel': { actions: 'forwardToUpload' },
        'upload.retry': { actions: 'forwardToUpload' },
        'upload.remove': { guard: 'isSettled', actions: 'removeUpload' },
        'rejection.dismiss': { actions: 'dismissRejection' },
        'uploads.clearFinished': { actions: 'clearFinished' },
        'xstate.snapshot.*': { actions: ['announceDone', 'startQueued'] },
      },
    },
  },
});
