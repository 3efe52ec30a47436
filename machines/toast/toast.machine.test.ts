import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { toastMachine } from './toast.machine.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the toast queue', () => {
  it('removes a success toast after 3 s and a danger toast after 5 s', () => {
    const actor = createActor(toastMachine).start();
    actor.send({ type: 'toast.show', toast: { tone: 'success', title: 'Insight deleted successfully.' } });
    actor.send({ type: 'toast.show', toast: { tone: 'danger', title: 'Failed to remove the layer' } });
    expect(actor.getSnapshot().context.toasts.map((t) => t.title)).toEqual(['Insight deleted successfully.', 'Failed to remove the layer']);
    vi.advanceTimersByTime(2999);
    expect(actor.getSnapshot().context.toasts).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().context.toasts.map((t) => t.title)).toEqual(['Failed to remove the layer']);
    vi.advanceTimersByTime(2000);
    expect(actor.getSnapshot().context.toasts).toEqual([]);
  });

  it('dismisses on request and keeps at most four', () => {
    const actor = createActor(toastMachine).start();
    for (let i = 0; i < 6; i++) actor.send({ type: 'toast.show', toast: { tone: 'info', title: `t${i}` } });
    const titles = actor.getSnapshot().context.toasts.map((t) => t.title);
    expect(titles).toEqual(['t2', 't3', 't4', 't5']);
    const id = actor.getSnapshot().context.toasts[0]!.id;
    actor.send({ type: 'toast.dismiss', id });
    expect(actor.getSnapshot().context.toasts.map((t) => t.title)).toEqual(['t3', 't4', 't5']);
  });

  it('numbers its toasts in its own context, from 1 for every toast actor', () => {
    const ids = [0, 1].map(() => {
      const actor = createActor(toastMachine).start();
      actor.send({ type: 'toast.show', toast: { tone: 'info', title: 'a' } });
      actor.send({ type: 'toast.show', toast: { tone: 'info', title: 'b' } });
      return actor.getSnapshot().context.toasts.map((t) => t.id);
    });
    expect(ids).toEqual([
      ['toast-1', 'toast-2'],
      ['toast-1', 'toast-2'],
    ]);
  });

  it('replaces a toast shown again with the same id instead of stacking it', () => {
    const actor = createActor(toastMachine).start();
    actor.send({ type: 'toast.show', toast: { id: 'upload-a', tone: 'danger', title: 'Unable to upload a.stl' } });
    actor.send({ type: 'toast.show', toast: { id: 'upload-a', tone: 'danger', title: 'Unable to upload a.stl' } });
    expect(actor.getSnapshot().context.toasts).toHaveLength(1);
  });
});
