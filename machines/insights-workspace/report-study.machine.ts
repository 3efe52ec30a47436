/**
 * The report route (SPEC §2 `/projects/{id}/report/{report}/`) names the project and the report
 * only. The study is `?study=` when the app links here; otherwise it is found by asking each of the
 * project's studies for the report in turn. A study that answers 404 does not hold it; any other
 * failure stops the search with the server's words, so an outage is not reported as a missing
 * report.
 *
 *   reportStudy
 *   ├── listing   invokes listStudies(projectId)
 *   ├── next      none left → missing, else asking
 *   ├── asking    invokes askStudy({projectId, studyId, reportId}); done → found; 404 → next
 *   ├── found     context.studyId holds the report
 *   ├── missing   no study of the project holds it
 *   └── failed    keeps the message; report.retry → listing
 *
 * Owned by src/screens/insights/report-screen.tsx; bound in src/services/insights-services.ts.
 */
import { assign, setup } from 'xstate';
import { asServerError, errorMessage, notProvided } from '@machines/shared/actors.ts';

export interface ReportStudyContext {
  projectId: number;
  reportId: number;
  /** The studies not asked yet. */
  queue: number[];
  studyId: number | null;
  message: string | null;
}

export type ReportStudyEvent = { type: 'report.retry' };

export interface ReportQuestion {
  projectId: number;
  studyId: number;
  reportId: number;
}

export const reportStudyMachine = setup({
  types: {
    context: {} as ReportStudyContext,
    events: {} as ReportStudyEvent,
    input: {} as { projectId: number; reportId: number; studyId: number | null },
  },
  actors: {
    listStudies: notProvided<number[], { projectId: number }>('listStudies'),
    askStudy: notProvided<unknown, ReportQuestion>('askStudy'),
  },
  actions: {
    queue: assign((_, studies: number[]) => ({ queue: studies, message: null })),
    skip: assign(({ context }) => ({ queue: context.queue.slice(1) })),
    settle: assign(({ context }) => ({ studyId: context.queue[0] ?? null })),
    fail: assign((_, params: { error: unknown }) => ({ message: errorMessage(asServerError(params.error), 'The report could not be opened.') })),
  },
  guards: {
    given: ({ context }) => context.studyId !== null,
    noneLeft: ({ context }) => context.queue.length === 0,
    notHere: (_, params: { error: unknown }) => asServerError(params.error).status === 404,
  },
}).createMachine({
  id: 'reportStudy',
  context: ({ input }) => ({ projectId: input.projectId, reportId: input.reportId, queue: [], studyId: input.studyId, message: null }),
  initial: 'start',
  states: {
    start: { always: [{ guard: 'given', target: 'found' }, { target: 'listing' }] },
    listing: {
      invoke: {
        src: 'listStudies',
        input: ({ context }) => ({ projectId: context.projectId }),
        onDone: { target: 'next', actions: { type: 'queue', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    next: { always: [{ guard: 'noneLeft', target: 'missing' }, { target: 'asking' }] },
    asking: {
      invoke: {
        src: 'askStudy',
        input: ({ context }) => ({ projectId: context.projectId, studyId: context.queue[0]!, reportId: context.reportId }),
        onDone: { target: 'found', actions: 'settle' },
        onError: [
          { guard: { type: 'notHere', params: ({ event }) => ({ error: event.error }) }, target: 'next', actions: 'skip' },
          { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    found: { type: 'final' },
    missing: {},
    failed: { on: { 'report.retry': 'listing' } },
  },
});
