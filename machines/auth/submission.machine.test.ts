import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { submissionMachine, type SubmissionValues } from './submission.machine.ts';
import { selectSubmissionError, selectSubmitted, selectSubmitting, selectSucceeded } from './submission.selectors.ts';
import type { ServerError } from './auth.types.ts';

const INVALID: ServerError = { kind: 'http', status: 400, detail: null, fields: { token: ['Invalid token for given user.'] }, body: {} };

function start(submit: (values: SubmissionValues) => Promise<void>) {
  const machine = submissionMachine.provide({ actors: { submit: fromPromise<void, SubmissionValues>(({ input }) => submit(input)) } });
  return createActor(machine).start();
}

describe('one form, one request', () => {
  it('submits the values and keeps them on success', async () => {
    const submit = vi.fn(async () => undefined);
    const actor = start(submit);
    actor.send({ type: 'form.submit', values: { email: 'ada@example.com' } });
    expect(selectSubmitting(actor.getSnapshot())).toBe(true);
    await waitFor(actor, (s) => s.matches('succeeded'));
    expect(selectSucceeded(actor.getSnapshot())).toBe(true);
    expect(selectSubmitted(actor.getSnapshot())).toEqual({ email: 'ada@example.com' });
    expect(submit).toHaveBeenCalledWith({ email: 'ada@example.com' });
  });

  it('a failure returns to editing with the server error, cleared by the next submit', async () => {
    const submit = vi.fn().mockRejectedValueOnce(INVALID).mockResolvedValueOnce(undefined);
    const actor = start(submit);
    actor.send({ type: 'form.submit', values: { token: 't' } });
    await waitFor(actor, (s) => s.matches('editing') && s.context.error !== null);
    expect(selectSubmissionError(actor.getSnapshot())).toEqual(INVALID);
    actor.send({ type: 'form.submit', values: { token: 't2' } });
    expect(selectSubmissionError(actor.getSnapshot())).toBeNull();
    await waitFor(actor, (s) => s.matches('succeeded'));
    actor.send({ type: 'form.restart' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
  });
});
