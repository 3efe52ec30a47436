/** Named readings of the one-form-one-request machine. */
import type { SnapshotFrom } from 'xstate';
import type { ServerError } from './auth.types.ts';
import type { SubmissionValues, submissionMachine } from './submission.machine.ts';

type Snapshot = SnapshotFrom<typeof submissionMachine>;

export const selectSubmitting = (s: Snapshot): boolean => s.matches('submitting');
export const selectSucceeded = (s: Snapshot): boolean => s.matches('succeeded');
export const selectSubmissionError = (s: Snapshot): ServerError | null => s.context.error;
export const selectSubmitted = (s: Snapshot): SubmissionValues | null => s.context.submitted;
