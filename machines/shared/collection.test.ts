import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, setup } from 'xstate';
import { clientError } from '@machines/auth/server-error.ts';
import { companyUsersMachine } from '@machines/company-admin/company-users.machine.ts';
import { shareGroupsMachine } from '@machines/company-admin/share-groups.machine.ts';
import { parameterSetsMachine } from '@machines/project-settings/parameter-sets.machine.ts';
import { projectAdminsMachine } from '@machines/project-settings/project-admins.machine.ts';
import { projectSharesMachine } from '@machines/project-settings/project-shares.machine.ts';
import {
  COLLECTION_DELAYS,
  collectionActions,
  ERROR_FLAG_MS,
  FEEDBACK_REGION,
  SUCCESS_FLAG_MS,
  withReason,
  type CollectionContext,
  type FeedbackEvent,
} from './collection.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

type Event = FeedbackEvent | { type: 'ok'; message: string } | { type: 'bad'; message: string; id: number };

/** The smallest collection: only the feedback region, driven by two events. */
const machine = setup({
  types: { context: {} as CollectionContext, events: {} as Event },
  actions: collectionActions<CollectionContext, Event>(),
  delays: COLLECTION_DELAYS,
}).createMachine({
  type: 'parallel',
  context: { feedback: null },
  on: {
    ok: { actions: { type: 'succeed', params: ({ event }) => ({ message: event.message }) } },
    bad: { actions: { type: 'fail', params: ({ event }) => ({ message: event.message, error: clientError('No.'), subjectId: event.id }) } },
  },
  states: { feedback: FEEDBACK_REGION },
});

describe('the collections’ feedback region', () => {
  it('shows a success for SUCCESS_FLAG_MS and a failure, with its subject, for ERROR_FLAG_MS', async () => {
    const actor = createActor(machine).start();
    actor.send({ type: 'ok', message: 'Saved.' });
    expect(actor.getSnapshot().value).toEqual({ feedback: 'succeeded' });
    expect(actor.getSnapshot().context.feedback).toEqual({ message: 'Saved.', error: null, subjectId: null });
    await vi.advanceTimersByTimeAsync(SUCCESS_FLAG_MS - 1);
    expect(actor.getSnapshot().context.feedback?.message).toBe('Saved.');
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toEqual({ feedback: 'quiet' });
    expect(actor.getSnapshot().context.feedback).toBeNull();

    actor.send({ type: 'bad', message: 'Not saved.', id: 7 });
    expect(actor.getSnapshot().value).toEqual({ feedback: 'failed' });
    expect(actor.getSnapshot().context.feedback).toMatchObject({ message: 'Not saved.', subjectId: 7, error: { detail: 'No.' } });
    await vi.advanceTimersByTimeAsync(ERROR_FLAG_MS - 1);
    // A second failure starts the error flag's time again and is about its own subject.
    actor.send({ type: 'bad', message: 'Still not saved.', id: 8 });
    await vi.advanceTimersByTimeAsync(ERROR_FLAG_MS - 1);
    expect(actor.getSnapshot().context.feedback).toMatchObject({ message: 'Still not saved.', subjectId: 8 });
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().context.feedback).toBeNull();
  });

  it('is the one the five collection machines use, with the named delays', () => {
    for (const collection of [companyUsersMachine, shareGroupsMachine, projectAdminsMachine, projectSharesMachine, parameterSetsMachine]) {
      expect(collection.implementations.delays).toMatchObject({ successFlag: SUCCESS_FLAG_MS, errorFlag: ERROR_FLAG_MS });
      expect(collection.config.states?.feedback).toBe(FEEDBACK_REGION);
    }
  });

  it('adds the server’s reason to a failure line', () => {
    expect(withReason('The share could not be revoked.', clientError('Not found.'))).toBe('The share could not be revoked. Not found.');
  });
});
