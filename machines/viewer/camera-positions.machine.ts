/**
 * Saved camera positions of a study (SPEC §7 Study camera-position/; the viewer's camera panel): listed on
 * start, saved under a name, restored by the screen (no call), deleted. Failures are stored and
 * shown as a danger toast, like the layer calls of SPEC §8, sent from an action to the relay
 * spawned as system id 'toast' (machines/toast/toast-relay.ts).
 *
 *   cameraPositions
 *   ├── loading   listCameraPositions
 *   ├── idle      save / remove
 *   ├── confirmingRemove   `remove` asks first: `removal.confirm` or `cancel`
 *   ├── saving    createCameraPosition
 *   └── removing  deleteCameraPosition
 */
import { assertEvent, assign, enqueueActions, setup } from 'xstate';
import type { CameraPosition, CameraPositionCreate } from '@canopy/contract/viewer.ts';
import { notProvided } from '@machines/shared/actors.ts';
import { dangerToast, TOAST_SYSTEM_ID, toastRelay, type ToastSink } from '@machines/toast/toast-relay.ts';
import type { StudyScope } from './viewer-session.machine.ts';

export const LOAD_CAMERAS_FAILED = 'Failed to load the camera positions';
export const SAVE_CAMERA_FAILED = 'Failed to save the camera position';
export const DELETE_CAMERA_FAILED = 'Failed to delete the camera position';

export interface CameraPositionsContext {
  scope: StudyScope;
  positions: CameraPosition[];
  removingId: number | null;
  error: string | null;
}

export type CameraPositionsEvent =
  { type: 'save'; body: CameraPositionCreate } | { type: 'remove'; id: number } | { type: 'removal.confirm' } | { type: 'cancel' };

export const cameraPositionsMachine = setup({
  types: {
    context: {} as CameraPositionsContext,
    events: {} as CameraPositionsEvent,
    input: {} as StudyScope & { toasts?: ToastSink },
  },
  actors: {
    listCameraPositions: notProvided<CameraPosition[], StudyScope>('listCameraPositions'),
    createCameraPosition: notProvided<CameraPosition, StudyScope & { body: CameraPositionCreate }>('createCameraPosition'),
    deleteCameraPosition: notProvided<void, StudyScope & { id: number }>('deleteCameraPosition'),
    toastRelay,
  },
  actions: {
    fail: enqueueActions(({ enqueue, system }, message: string) => {
      enqueue.assign({ error: message });
      const toasts = system.get(TOAST_SYSTEM_ID);
      if (toasts) enqueue.sendTo(toasts, dangerToast(message));
    }),
  },
}).createMachine({
  id: 'cameraPositions',
  context: ({ input, spawn, self }) => {
    // One relay per actor system: a parent that already has one (the viewer workspace) lends it.
    if (!self.system.get(TOAST_SYSTEM_ID)) spawn('toastRelay', { systemId: TOAST_SYSTEM_ID, input: input.toasts ?? null });
    return { scope: { projectId: input.projectId, studyId: input.studyId }, positions: [], removingId: null, error: null };
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'listCameraPositions',
        input: ({ context }) => context.scope,
        onDone: { target: 'idle', actions: assign({ positions: ({ event }) => event.output }) },
        onError: { target: 'idle', actions: { type: 'fail', params: LOAD_CAMERAS_FAILED } },
      },
    },
    idle: {
      on: {
        save: 'saving',
        remove: { target: 'confirmingRemove', actions: assign({ removingId: ({ event }) => event.id }) },
      },
    },
    confirmingRemove: {
      on: { 'removal.confirm': 'removing', cancel: { target: 'idle', actions: assign({ removingId: null }) } },
    },
    saving: {
      invoke: {
        src: 'createCameraPosition',
        input: ({ context, event }) => {
          assertEvent(event, 'save');
          return { ...context.scope, body: event.body };
        },
        onDone: { target: 'idle', actions: assign({ positions: ({ context, event }) => [...context.positions, event.output], error: null }) },
        onError: { target: 'idle', actions: { type: 'fail', params: SAVE_CAMERA_FAILED } },
      },
    },
    removing: {
      invoke: {
        src: 'deleteCameraPosition',
        input: ({ context }) => ({ ...context.scope, id: context.removingId as number }),
        onDone: {
          target: 'idle',
          actions: assign({ positions: ({ context }) => context.positions.filter((p) => p.id !== context.removingId), removingId: null, error: null }),
        },
        onError: { target: 'idle', actions: [assign({ removingId: null }), { type: 'fail', params: DELETE_CAMERA_FAILED }] },
      },
    },
  },
});
