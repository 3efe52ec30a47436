/**
 * One project, for its navigator and settings (SPEC §2 `/projects/{id}`, `/projects/{id}/wheel/…`,
 * `/projects/{id}/{tabName}`; SPEC §4 "selecting a project selects its first study, or none").
 * Also the project's details form: a save shows success for `successFlag` (3 s), a failure for
 * `errorFlag` (5 s) with the server's field errors kept until the next save.
 *
 *   projectDetail
 *   ├── loading           GET /api/project/{id}/
 *   ├── failed            not found, or could not be read; `project.retry`
 *   └── ready (parallel)
 *       ├── details
 *       │   ├── idle
 *       │   └── saving    PATCH /api/project/{id}/
 *       ├── feedback
 *       │   ├── quiet
 *       │   ├── saved     → quiet after `successFlag`
 *       │   └── failed    → quiet after `errorFlag`
 *       ├── serviceLines  loading | waiting | ready | failed   GET service-line/; a failed read is
 *       │                 tried again after `readBackoff` (1 s, 2 s, 4 s: shared/read-retry.ts), then `lines.retry`
 *       ├── level         loading | waiting | ready | refreshing | unavailable   the user's subscription (AI / CFD,
 *       │                 credits), tried again as the service lines are, then `level.retry`; read again
 *       │                 with the scenarios (a submitted scenario debited it), the figures shown meanwhile
 *       └── scenarios     loading | waiting | ready | reloading | failed   each study's scenarios
 *                         (names, status, hidden from the configuration routes); read again after
 *                         every `project.reload` (a scenario added, duplicated, hidden or deleted).
 *                         A failed first read is tried again as the service lines are, then
 *                         `scenarios.retry`: until the list is read the overview cannot say how many
 *                         scenarios there are, so it must not show an empty list meanwhile. Read
 *                         again when a scenario it holds as unfinished reaches a final status
 *                         (`scenario.status`, from the live status), so its outputs appear
 *
 * Owned by src/screens/project-detail/project-screen.tsx (one actor for every project route, so
 * moving between the navigator and the settings keeps the project).
 */
import { assertEvent, assign, raise, setup } from 'xstate';
import { FINAL_STATUSES } from '@canopy/contract/scenarios.ts';
import { asServerError, notProvided, type ServerError } from '@machines/shared/actors.ts';
import { readRetryDelay, worthRetrying } from '@machines/shared/read-retry.ts';
import { readProjectForm, type ProjectFormValues } from '@machines/project-list/project-form.ts';
import type { Level, Project, ProjectUpdate, ScenarioSummary, ServiceLine } from './project-detail.types.ts';

export interface ProjectDetailContext {
  projectId: number;
  project: Project | null;
  selectedStudyId: number | null;
  error: ServerError | null;
  saveError: ServerError | null;
  serviceLines: ServiceLine[];
  level: Level | null;
  /** Study id → its scenarios, as read from the study's simulations (until studies carry them). */
  scenarios: Record<number, ScenarioSummary[]>;
  /** Automatic attempts made at each side read since it last succeeded (or the user's Retry). */
  attempts: { lines: number; level: number; scenarios: number };
}

export type ProjectDetailEvent =
  | { type: 'study.select'; studyId: number | null }
  | { type: 'project.retry' }
  | { type: 'project.reload' }
  /** Retry a side read that failed again and again. */
  | { type: 'lines.retry' }
  | { type: 'level.retry' }
  | { type: 'scenarios.retry' }
  | { type: 'details.save'; values: ProjectFormValues }
  /** Another screen changed the project (e.g. a parameter set was saved): take its copy. */
  | { type: 'project.changed'; project: Project }
  /** Raised by the details region for the feedback region. */
  | { type: 'feedback.saved' }
  | { type: 'feedback.failed' }
  /** Raised by the details region once the project was read again: the scenarios follow. */
  | { type: 'scenarios.reload' }
  /**
   * The live status of one of the project's scenarios (socket or poll). One that reaches a final
   * status has results (or a failure) the list read before does not hold: the list is read again.
   */
  | { type: 'scenario.status'; configurationId: number; status: string };

/** A scenario status after which nothing more will be computed (its results, or its failure, are in). */
function isFinal(status: string): boolean {
  return (FINAL_STATUSES as readonly string[]).includes(status);
}

/** The side reads tried again by themselves after a failure. */
type SideRead = keyof ProjectDetailContext['attempts'];

/** SPEC §4: the first study, or none. */
export function firstStudyId(project: Project): number | null {
  return project.studies[0]?.id ?? null;
}

export const projectDetailMachine = setup({
  types: {
    context: {} as ProjectDetailContext,
    events: {} as ProjectDetailEvent,
    input: {} as { projectId: number },
  },
  actors: {
    loadProject: notProvided<Project, { projectId: number }>('loadProject'),
    saveProject: notProvided<Project, { projectId: number; changes: ProjectUpdate }>('saveProject'),
    loadServiceLines: notProvided<ServiceLine[], void>('loadServiceLines'),
    loadLevel: notProvided<Level, void>('loadLevel'),
    loadScenarios: notProvided<Record<number, ScenarioSummary[]>, { projectId: number; studyIds: number[] }>('loadScenarios'),
  },
  actions: {
    /** Selecting a project selects its first study (kept when the study still exists). */
    storeProject: assign(({ context }, project: Project) => ({
      project,
      error: null,
      selectedStudyId: project.studies.some((s) => s.id === context.selectedStudyId) ? context.selectedStudyId : firstStudyId(project),
    })),
    storeError: assign((_, params: { error: unknown }) => ({ error: asServerError(params.error) })),
    selectStudy: assign(({ context, event }) => {
      assertEvent(event, 'study.select');
      const exists = context.project?.studies.some((s) => s.id === event.studyId) ?? false;
      return { selectedStudyId: exists ? event.studyId : null };
    }),
    takeChangedProject: assign(({ event }) => {
      assertEvent(event, 'project.changed');
      return { project: event.project };
    }),
    clearSaveError: assign({ saveError: null }),
    storeSaveError: assign((_, params: { error: unknown }) => ({ saveError: asServerError(params.error) })),
    rejectForm: assign(({ event }) => {
      assertEvent(event, 'details.save');
      const read = readProjectForm(event.values);
      return { saveError: read.ok ? null : read.error };
    }),
    storeServiceLines: assign(({ context }, serviceLines: ServiceLine[]) => ({ serviceLines, attempts: { ...context.attempts, lines: 0 } })),
    storeLevel: assign(({ context }, level: Level) => ({ level, attempts: { ...context.attempts, level: 0 } })),
    countAttempt: assign(({ context }, { read }: { read: SideRead }) => ({ attempts: { ...context.attempts, [read]: context.attempts[read] + 1 } })),
    resetAttempts: assign(({ context }, { read }: { read: SideRead }) => ({ attempts: { ...context.attempts, [read]: 0 } })),
    storeScenarios: assign(({ context }, scenarios: Record<number, ScenarioSummary[]>) => ({ scenarios, attempts: { ...context.attempts, scenarios: 0 } })),
    announceSaved: raise({ type: 'feedback.saved' }),
    announceFailed: raise({ type: 'feedback.failed' }),
    reloadScenarios: raise({ type: 'scenarios.reload' }),
  },
  guards: {
    formReads: ({ event }) => event.type === 'details.save' && readProjectForm(event.values).ok,
    /** A scenario the list holds as unfinished has finished: its outputs are not in the list yet. */
    finishedSinceRead: ({ context, event }) => {
      assertEvent(event, 'scenario.status');
      if (!isFinal(event.status)) return false;
      const held = Object.values(context.scenarios)
        .flat()
        .find((c) => c.id === event.configurationId);
      return held !== undefined && !isFinal(held.status);
    },
    /** The failed side read is worth trying again, and automatic attempts are left. */
    mayRetry: ({ context }, { read, error }: { read: SideRead; error: unknown }) => worthRetrying(error) && readRetryDelay(context.attempts[read] + 1) !== null,
  },
  delays: {
    successFlag: 3000,
    errorFlag: 5000,
    linesBackoff: ({ context }) => readRetryDelay(context.attempts.lines) ?? 0,
    levelBackoff: ({ context }) => readRetryDelay(context.attempts.level) ?? 0,
    scenariosBackoff: ({ context }) => readRetryDelay(context.attempts.scenarios) ?? 0,
  },
}).createMachine({
  id: 'projectDetail',
  context: ({ input }) => ({
    projectId: input.projectId,
    project: null,
    selectedStudyId: null,
    error: null,
    saveError: null,
    serviceLines: [],
    level: null,
    scenarios: {},
    attempts: { lines: 0, level: 0, scenarios: 0 },
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadProject',
        input: ({ context }) => ({ projectId: context.projectId }),
        onDone: { target: 'ready', actions: { type: 'storeProject', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      on: { 'project.retry': 'loading' },
    },
    ready: {
      type: 'parallel',
      on: {
        'study.select': { actions: 'selectStudy' },
        'project.changed': { actions: 'takeChangedProject' },
        'scenario.status': { guard: 'finishedSinceRead', actions: 'reloadScenarios' },
      },
      states: {
        details: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'details.save': [{ guard: 'formReads', target: 'saving', actions: 'clearSaveError' }, { actions: ['rejectForm', 'announceFailed'] }],
                'project.reload': 'reloading',
              },
            },
            saving: {
              invoke: {
                src: 'saveProject',
                input: ({ context, event }) => {
                  assertEvent(event, 'details.save');
                  const read = readProjectForm(event.values);
                  const changes: ProjectUpdate = read.ok ? read.project : {};
                  return { projectId: context.projectId, changes };
                },
                onDone: { target: 'idle', actions: [{ type: 'storeProject', params: ({ event }) => event.output }, 'announceSaved'] },
                onError: {
                  target: 'idle',
                  actions: [{ type: 'storeSaveError', params: ({ event }) => ({ error: event.error }) }, 'announceFailed'],
                },
              },
            },
            reloading: {
              invoke: {
                src: 'loadProject',
                input: ({ context }) => ({ projectId: context.projectId }),
                // The scenarios are read after the project, so a new study's are read too; and
                // even when the project could not be read, the scenario that changed should show.
                onDone: { target: 'idle', actions: [{ type: 'storeProject', params: ({ event }) => event.output }, 'reloadScenarios'] },
                onError: { target: 'idle', actions: 'reloadScenarios' },
              },
              // A second change while the first is read: read again, so neither is missed.
              on: { 'project.reload': { target: 'reloading', reenter: true } },
            },
          },
        },
        feedback: {
          // Handlers on the region's own states: a re-entering transition from the region itself
          // would exit and re-enter every sibling region of `ready`.
          initial: 'quiet',
          states: {
            quiet: { on: { 'feedback.saved': 'saved', 'feedback.failed': 'failed' } },
            saved: {
              after: { successFlag: 'quiet' },
              on: { 'feedback.saved': { target: 'saved', reenter: true }, 'feedback.failed': 'failed' },
            },
            failed: {
              after: { errorFlag: 'quiet' },
              on: { 'feedback.saved': 'saved', 'feedback.failed': { target: 'failed', reenter: true } },
            },
          },
        },
        serviceLines: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                src: 'loadServiceLines',
                onDone: { target: 'ready', actions: { type: 'storeServiceLines', params: ({ event }) => event.output } },
                onError: [
                  {
                    guard: { type: 'mayRetry', params: ({ event }) => ({ read: 'lines' as const, error: event.error }) },
                    target: 'waiting',
                    actions: { type: 'countAttempt', params: { read: 'lines' } },
                  },
                  { target: 'failed' },
                ],
              },
            },
            waiting: { after: { linesBackoff: 'loading' } },
            ready: {},
            failed: { on: { 'lines.retry': { target: 'loading', actions: { type: 'resetAttempts', params: { read: 'lines' } } } } },
          },
        },
        scenarios: {
          // The list stays in context while it is read again: `reloading` is not `loading`, so
          // the screens keep showing it instead of a spinner.
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                src: 'loadScenarios',
                input: ({ context }) => ({ projectId: context.projectId, studyIds: context.project?.studies.map((s) => s.id) ?? [] }),
                onDone: { target: 'ready', actions: { type: 'storeScenarios', params: ({ event }) => event.output } },
                onError: [
                  {
                    guard: { type: 'mayRetry', params: ({ event }) => ({ read: 'scenarios' as const, error: event.error }) },
                    target: 'waiting',
                    actions: { type: 'countAttempt', params: { read: 'scenarios' } },
                  },
                  { target: 'failed' },
                ],
              },
              on: { 'scenarios.reload': { target: 'loading', reenter: true } },
            },
            waiting: {
              after: { scenariosBackoff: 'loading' },
              on: { 'scenarios.reload': 'loading' },
            },
            ready: { on: { 'scenarios.reload': 'reloading' } },
            reloading: {
              invoke: {
                src: 'loadScenarios',
                input: ({ context }) => ({ projectId: context.projectId, studyIds: context.project?.studies.map((s) => s.id) ?? [] }),
                onDone: { target: 'ready', actions: { type: 'storeScenarios', params: ({ event }) => event.output } },
                // The list read before stays; the next change tries again.
                onError: 'ready',
              },
              on: { 'scenarios.reload': { target: 'reloading', reenter: true } },
            },
            failed: {
              on: {
                'scenarios.reload': 'loading',
                'scenarios.retry': { target: 'loading', actions: { type: 'resetAttempts', params: { read: 'scenarios' } } },
              },
            },
          },
        },
        level: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                src: 'loadLevel',
                onDone: { target: 'ready', actions: { type: 'storeLevel', params: ({ event }) => event.output } },
                onError: [
                  {
                    guard: { type: 'mayRetry', params: ({ event }) => ({ read: 'level' as const, error: event.error }) },
                    target: 'waiting',
                    actions: { type: 'countAttempt', params: { read: 'level' } },
                  },
                  { target: 'unavailable' },
                ],
              },
            },
            waiting: { after: { levelBackoff: 'loading' } },
            ready: { on: { 'scenarios.reload': 'refreshing' } },
            refreshing: {
              invoke: {
                src: 'loadLevel',
                onDone: { target: 'ready', actions: { type: 'storeLevel', params: ({ event }) => event.output } },
                // The figures read before stay; the next change tries again.
                onError: 'ready',
              },
              on: { 'scenarios.reload': { target: 'refreshing', reenter: true } },
            },
            unavailable: {
              on: {
                'scenarios.reload': 'refreshing',
                'level.retry': { target: 'loading', actions: { type: 'resetAttempts', params: { read: 'level' } } },
              },
            },
          },
        },
      },
    },
  },
});
