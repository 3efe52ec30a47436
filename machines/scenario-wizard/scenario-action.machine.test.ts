/** Delete, duplicate and hide by events, with a fake call. */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { NEW_NAME_REQUIRED, scenarioActionMachine, type ActionRequest, type ScenarioActionKind } from './scenario-action.machine.ts';

function start(kind: ScenarioActionKind, run: (r: ActionRequest) => Promise<number>) {
  const requests: ActionRequest[] = [];
  const machine = scenarioActionMachine.provide({
    actors: { runAction: fromPromise(async ({ input }: { input: ActionRequest }) => (requests.push(input), run(input))) },
  });
  const actor = createActor(machine, { input: { kind, projectId: 7, configurationId: 9, name: 'Podium B', engine: 'CFD' } }).start();
  const emitted: unknown[] = [];
  actor.on('*', (e) => emitted.push(e));
  return { actor, requests, emitted };
}

describe('scenario actions', () => {
  it('duplicates with new_name and subscription_type, defaulting to a copy of the name and engine', async () => {
    const { actor, requests, emitted } = start('duplicate', async () => 10);
    expect(actor.getSnapshot().context.draft).toEqual({ new_name: 'Copy of Podium B', subscription_type: 'CFD' });
    actor.send({ type: 'draft.change', draft: { new_name: '  Podium C ', subscription_type: 'AI' } });
    actor.send({ type: 'action.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(requests[0]!.duplicate).toEqual({ new_name: 'Podium C', subscription_type: 'AI' });
    expect(actor.getSnapshot().context.resultId).toBe(10);
    expect(emitted).toEqual([{ type: 'scenario.changed', kind: 'duplicate', configurationId: 9 }]);
  });

  it('refuses a blank name before calling, and shows the server field error', async () => {
    const { actor, requests } = start('duplicate', async () => {
      throw { kind: 'http', status: 400, detail: null, fields: { new_name: ['A scenario with this name exists.'] }, body: null };
    });
    actor.send({ type: 'draft.change', draft: { new_name: '   ' } });
    actor.send({ type: 'action.submit' });
    expect(actor.getSnapshot().context.fieldError).toBe(NEW_NAME_REQUIRED);
    expect(requests).toEqual([]);
    actor.send({ type: 'draft.change', draft: { new_name: 'Podium B' } });
    expect(actor.getSnapshot().context.fieldError).toBeNull();
    actor.send({ type: 'action.submit' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.fieldError !== null);
    expect(actor.getSnapshot().context.fieldError).toBe('A scenario with this name exists.');
    expect(actor.getSnapshot().context.draft.new_name).toBe('Podium B');
  });

  it('deletes; a refusal keeps the modal open with the reason', async () => {
    let refuse = true;
    const { actor } = start('delete', async () => {
      if (refuse) throw { kind: 'http', status: 403, detail: 'You do not have permission to perform this action.', fields: {}, body: null };
      return 9;
    });
    actor.send({ type: 'action.submit' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.error !== null);
    expect(actor.getSnapshot().context.error?.detail).toBe('You do not have permission to perform this action.');
    refuse = false;
    actor.send({ type: 'action.submit' });
    await waitFor(actor, (s) => s.status === 'done');
  });
});
