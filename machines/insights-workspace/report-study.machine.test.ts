/**
 * The report route's search for the study by its events: a study in the address is taken as
 * given; otherwise the studies are asked in turn and a 404 moves on; none holding it is "missing";
 * any other failure stops with the server's words, and a retry searches again.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ServerError } from '@machines/shared/actors.ts';
import { reportStudyMachine, type ReportQuestion } from './report-study.machine.ts';

const refusal = (status: number, detail: string | null): ServerError => ({ kind: 'http', status, detail, fields: {}, body: null });

function start(studies: () => Promise<number[]>, answer: (q: ReportQuestion) => Promise<unknown>, studyId: number | null = null) {
  const asked: number[] = [];
  const actor = createActor(
    reportStudyMachine.provide({
      actors: {
        listStudies: fromPromise<number[], { projectId: number }>(() => studies()),
        askStudy: fromPromise<unknown, ReportQuestion>(({ input }) => {
          asked.push(input.studyId);
          return answer(input);
        }),
      },
    }),
    { input: { projectId: 7, reportId: 4, studyId } },
  ).start();
  return { actor, asked };
}

describe('reportStudyMachine', () => {
  it('takes the study the address names without asking', () => {
    const { actor, asked } = start(
      () => Promise.reject(new Error('not called')),
      () => Promise.reject(new Error('not called')),
      2,
    );
    expect(actor.getSnapshot().value).toBe('found');
    expect(actor.getSnapshot().context.studyId).toBe(2);
    expect(asked).toEqual([]);
  });

  it('asks the studies in turn and stops at the one that holds the report', async () => {
    const { actor, asked } = start(
      async () => [1, 2, 3],
      async (q) => (q.studyId === 2 ? { id: q.reportId } : Promise.reject(refusal(404, 'Not found.'))),
    );
    await waitFor(actor, (s) => s.matches('found'));
    expect(actor.getSnapshot().context.studyId).toBe(2);
    expect(asked).toEqual([1, 2]);
  });

  it('is missing when no study holds it, or the project has none', async () => {
    const none = start(
      async () => [1, 2],
      () => Promise.reject(refusal(404, 'Not found.')),
    );
    await waitFor(none.actor, (s) => s.matches('missing'));
    expect(none.asked).toEqual([1, 2]);
    const empty = start(
      async () => [],
      () => Promise.reject(new Error('not called')),
    );
    await waitFor(empty.actor, (s) => s.matches('missing'));
    expect(empty.asked).toEqual([]);
  });

  it('stops on a failure that is not a 404, with the server’s words, and searches again on retry', async () => {
    let down = true;
    const { actor, asked } = start(
      async () => [1, 2],
      async (q) => {
        if (down) throw refusal(503, 'Service unavailable.');
        return { id: q.reportId };
      },
    );
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.message).toBe('Service unavailable.');
    expect(asked).toEqual([1]);
    down = false;
    actor.send({ type: 'report.retry' });
    await waitFor(actor, (s) => s.matches('found'));
    expect(actor.getSnapshot().context.studyId).toBe(1);
  });

  it('says plainly when the studies cannot be listed', async () => {
    const { actor } = start(
      () => Promise.reject(refusal(500, null)),
      () => Promise.reject(new Error('not called')),
    );
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.message).toBe('The report could not be opened.');
  });
});
