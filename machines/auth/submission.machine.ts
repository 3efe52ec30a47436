/**
 * One form, one request: the one-time-password e-mail page (POST /api/one-time-password/generate)
 * and the password reset confirmation (POST /authusers/reset_password_confirm/) each run one,
 * provided with their own `submit` actor. The server's field errors stay until the next submit;
 * what the user typed stays in the form.
 *
 *   submission
 *   ├── editing      (initial; also after a failure, with the error)
 *   ├── submitting   invokes `submit` with the submitted values
 *   └── succeeded    keeps the submitted values (e.g. the e-mail the code went to)
 *
 * Owned by src/screens/auth/otp-email-screen.tsx and password-reset-confirm-screen.tsx.
 */
import { assign, assertEvent, fromPromise, setup } from 'xstate';
import type { ServerError } from './auth.types.ts';
import { asServerError } from './server-error.ts';

export type SubmissionValues = Record<string, string>;

export type SubmissionEvent = { type: 'form.submit'; values: SubmissionValues } | { type: 'form.restart' };

export interface SubmissionContext {
  submitted: SubmissionValues | null;
  error: ServerError | null;
}

export const submissionMachine = setup({
  types: {
    context: {} as SubmissionContext,
    events: {} as SubmissionEvent,
  },
  actors: {
    submit: fromPromise<void, SubmissionValues>(async () => {
      throw new Error('submit actor not provided');
    }),
  },
  actions: {
    keepValues: assign(({ event }) => {
      assertEvent(event, 'form.submit');
      return { submitted: event.values, error: null };
    }),
    reject: assign((_, params: { error: unknown }) => ({ error: asServerError(params.error) })),
    restart: assign({ submitted: null, error: null }),
  },
}).createMachine({
  id: 'submission',
  context: { submitted: null, error: null },
  initial: 'editing',
  states: {
    editing: {
      on: { 'form.submit': { target: 'submitting', actions: 'keepValues' } },
    },
    submitting: {
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => context.submitted ?? {},
        onDone: 'succeeded',
        onError: { target: 'editing', actions: { type: 'reject', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    succeeded: {
      on: { 'form.restart': { target: 'editing', actions: 'restart' } },
    },
  },
});
