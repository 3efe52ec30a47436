/**
 * The project export by its events: a start exports the project the page shows, a second start
 * while one runs is ignored, a refusal keeps its words, and a new start clears them.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { projectExportMachine, type ExportedProject } from './project-export.machine.ts';

function start(answer: (project: ExportedProject) => Promise<void>) {
  const calls: ExportedProject[] = [];
  const actor = createActor(
    projectExportMachine.provide({
      actors: {
        exportProject: fromPromise<void, ExportedProject>(({ input }) => {
          calls.push(input);
          return answer(input);
        }),
      },
    }),
  ).start();
  return { actor, calls };
}

describe('projectExportMachine', () => {
  it('exports the project named in the start, once however often it is pressed', async () => {
    let finish = () => {};
    const { actor, calls } = start(() => new Promise<void>((resolve) => (finish = resolve)));
    actor.send({ type: 'export.start', project: { id: 7, name: 'Harbour Towers' } });
    actor.send({ type: 'export.start', project: { id: 7, name: 'Harbour Towers' } });
    expect(actor.getSnapshot().value).toBe('exporting');
    expect(calls).toEqual([{ id: 7, name: 'Harbour Towers' }]);
    finish();
    await waitFor(actor, (s) => s.matches('exported'));
    expect(actor.getSnapshot().context.message).toBeNull();
  });

  it('keeps a refusal’s words, and a new start clears them and uses the name the page shows now', async () => {
    let refuse = true;
    const { actor, calls } = start(async () => {
      if (refuse) throw new Error('Only the project’s administrators and your company’s Org Admins can export it.');
    });
    actor.send({ type: 'export.start', project: { id: 7, name: 'Harbour Towers' } });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.message).toBe('Only the project’s administrators and your company’s Org Admins can export it.');
    refuse = false;
    actor.send({ type: 'export.start', project: { id: 7, name: 'Harbour Towers II' } });
    expect(actor.getSnapshot().context.message).toBeNull();
    await waitFor(actor, (s) => s.matches('exported'));
    expect(calls.map((c) => c.name)).toEqual(['Harbour Towers', 'Harbour Towers II']);
  });
});
