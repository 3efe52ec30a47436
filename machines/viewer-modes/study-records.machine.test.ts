/** The study records machine by events and snapshots, over loads and changes that answer as told. */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { studyRecordsMachine, type Applied, type Loaded } from './study-records.machine.ts';
import { selectBusy, selectData, selectError, selectFields } from './study-records.selectors.ts';

const refusal = { kind: 'http', status: 400, detail: 'The caption is too long.', fields: {}, body: null };

function records(options: { failLoad?: boolean; failChange?: boolean; selected?: string } = {}) {
  let loads = 0;
  const applied: unknown[] = [];
  const machine = studyRecordsMachine.provide({
    actors: {
      load: fromPromise<Loaded, void>(async () => {
        loads++;
        if (options.failLoad) throw refusal;
        return { data: { loads }, fields: { title: 'Template name' } };
      }),
      apply: fromPromise<Applied | void, unknown>(async ({ input }) => {
        applied.push(input);
        if (options.failChange) throw refusal;
        return options.selected ? { fields: { selected: options.selected } } : undefined;
      }),
    },
  });
  const actor = createActor(machine, { input: { fields: { title: '', caption: '' } } }).start();
  return { actor, applied, loads: () => loads };
}

const ready = (actor: ReturnType<typeof records>['actor']) => waitFor(actor, (s) => s.matches('ready'));

describe('study records', () => {
  it('loads at once (busy meanwhile) and fills the fields left empty on the first load', async () => {
    const r = records();
    expect(selectBusy(r.actor.getSnapshot())).toBe(true);
    await ready(r.actor);
    expect(selectBusy(r.actor.getSnapshot())).toBe(false);
    expect(selectData(r.actor.getSnapshot())).toEqual({ loads: 1 });
    expect(selectFields(r.actor.getSnapshot())).toEqual({ title: 'Template name', caption: '' });
  });

  it('keeps what the user typed before the first load answered', async () => {
    const r = records();
    r.actor.send({ type: 'field.set', name: 'title', value: 'Typed' });
    await ready(r.actor);
    expect(selectFields(r.actor.getSnapshot()).title).toBe('Typed');
  });

  it('a change runs, then the records reload; the fields it names are emptied and its answer sets others', async () => {
    const r = records({ selected: '9' });
    await ready(r.actor);
    r.actor.send({ type: 'field.set', name: 'caption', value: 'North entrance' });
    r.actor.send({ type: 'change', change: { kind: 'add', id: 3 }, clear: ['caption', 'title'] });
    expect(selectBusy(r.actor.getSnapshot())).toBe(true);
    await waitFor(r.actor, (s) => s.matches('ready') && r.loads() === 2);
    expect(r.applied).toEqual([{ kind: 'add', id: 3 }]);
    expect(selectData(r.actor.getSnapshot())).toEqual({ loads: 2 });
    // A later load does not fill the emptied title again.
    expect(selectFields(r.actor.getSnapshot())).toEqual({ title: '', caption: '', selected: '9' });
  });

  it('a refused change keeps its message and the fields, and does not reload; the next change clears the message', async () => {
    const r = records({ failChange: true });
    await ready(r.actor);
    r.actor.send({ type: 'field.set', name: 'caption', value: 'Kept' });
    r.actor.send({ type: 'change', change: { kind: 'remove' }, clear: ['caption'] });
    await ready(r.actor);
    expect(selectError(r.actor.getSnapshot())).toBe('The caption is too long.');
    expect(selectFields(r.actor.getSnapshot()).caption).toBe('Kept');
    expect(r.loads()).toBe(1);
    r.actor.send({ type: 'change', change: { kind: 'remove' } });
    expect(selectError(r.actor.getSnapshot())).toBeNull();
  });

  it('a failed load keeps its message and no records; reload tries again', async () => {
    const r = records({ failLoad: true });
    await ready(r.actor);
    expect(selectError(r.actor.getSnapshot())).toBe('The caption is too long.');
    expect(selectData(r.actor.getSnapshot())).toBeNull();
    r.actor.send({ type: 'reload' });
    await waitFor(r.actor, (s) => s.matches('ready') && r.loads() === 2);
    expect(selectError(r.actor.getSnapshot())).toBe('The caption is too long.');
  });

  it('takes one change at a time: a change asked for while one runs is dropped', async () => {
    const r = records();
    await ready(r.actor);
    r.actor.send({ type: 'change', change: 'first' });
    r.actor.send({ type: 'change', change: 'second' });
    await waitFor(r.actor, (s) => s.matches('ready') && r.loads() === 2);
    expect(r.applied).toEqual(['first']);
  });
});
