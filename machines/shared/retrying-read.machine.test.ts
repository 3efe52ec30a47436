/** A read a screen shows survives a busy moment: tried again after 1 s, 2 s and 4 s, then Retry; a refusal is not tried again. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { retryingReadMachine } from './retrying-read.machine.ts';
import { READ_RETRY_DELAYS_MS } from './read-retry.ts';

const dropped = { kind: 'network', status: null, detail: 'The server could not be reached', fields: {}, body: null };
const busy = { kind: 'http', status: 503, detail: 'Busy', fields: {}, body: null };
const missing = { kind: 'http', status: 404, detail: 'Not found.', fields: {}, body: null };

function start(answers: Array<unknown>) {
  const read = vi.fn(async () => {
    const answer = answers.shift();
    if (answer instanceof Error || (typeof answer === 'object' && answer !== null && 'kind' in answer)) throw answer;
    return answer;
  });
  const actor = createActor(retryingReadMachine.provide({ actors: { read: fromPromise<unknown, void>(read) } }));
  actor.start();
  return { actor, read };
}

const tick = (ms = 0) => vi.advanceTimersByTimeAsync(ms);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('a retrying read', () => {
  it('tries a dropped read again after 1 s, 2 s and 4 s, and keeps the value once one succeeds', async () => {
    const { actor, read } = start([dropped, busy, 'the record']);
    await tick();
    expect(actor.getSnapshot().hasTag('retrying')).toBe(true);
    await tick(READ_RETRY_DELAYS_MS[0] - 1);
    expect(read).toHaveBeenCalledTimes(1);
    await tick(1);
    expect(read).toHaveBeenCalledTimes(2);
    await tick(READ_RETRY_DELAYS_MS[1]);
    expect(read).toHaveBeenCalledTimes(3);
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(actor.getSnapshot().context.value).toBe('the record');
  });

  it('then waits for Retry, which starts the count over', async () => {
    const { actor, read } = start([dropped, dropped, dropped, dropped, 'at last']);
    await tick(READ_RETRY_DELAYS_MS.reduce((a, b) => a + b, 0) + 1);
    expect(read).toHaveBeenCalledTimes(4);
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(actor.getSnapshot().context.error?.detail).toBe('The server could not be reached');
    await tick(60_000);
    expect(read).toHaveBeenCalledTimes(4);
    actor.send({ type: 'read.retry' });
    await tick();
    expect(actor.getSnapshot().matches('ready')).toBe(true);
  });

  it('does not ask again what the server refused', async () => {
    const { actor, read } = start([missing]);
    await tick(10_000);
    expect(read).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().matches('failed')).toBe(true);
  });
});
