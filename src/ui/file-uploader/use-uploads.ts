/**
 * The uploads parent for one screen: spawned with the app's toast actor (failures show 'Unable to
 * upload …' with Retry), and the toast's Retry led back to the upload it belongs to.
 */
import { useContext, useEffect, useId } from 'react';
import { useActorRef } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { uploadIdOfRetryToast } from '@machines/upload/upload.machine.ts';
import type { uploadsMachine } from '@machines/upload/uploads.machine.ts';
import { ToastContext } from '../../app/contexts.ts';
import { UploadLogicContext } from './upload-logic-context.ts';

export type UploadsActorRef = ActorRefFrom<typeof uploadsMachine>;

export function useUploads(): UploadsActorRef {
  const logic = useContext(UploadLogicContext);
  const toasts = ToastContext.useActorRef();
  const scope = useId().replace(/[^A-Za-z0-9]/g, '');
  const uploads = useActorRef(logic.uploads, { input: { toasts, scope } });
  useEffect(() => {
    // Each failure's toast has its own id, so every press of Retry is a new lastAction.
    let last = toasts.getSnapshot().context.lastAction;
    const subscription = toasts.subscribe((snapshot) => {
      const action = snapshot.context.lastAction;
      if (action === last) return;
      last = action;
      const id = action ? uploadIdOfRetryToast(action) : null;
      if (id) uploads.send({ type: 'upload.retry', id });
    });
    return () => subscription.unsubscribe();
  }, [toasts, uploads]);
  return uploads;
}
