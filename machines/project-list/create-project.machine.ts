/**
 * The create-project modal (SPEC §2 "create project modal"; POST /api/project/ with name,
 * location, latitude, longitude, reference id and generateSurrounds). The form is read first
 * (project-form.ts: a blank name or a bad coordinate is named without a request); the modal stays
 * open with what was typed and the server's field errors when the server refuses.
 *
 *   createProject
 *   ├── closed
 *   ├── editing      the modal is open
 *   └── creating     POST /api/project/; done → closed (emits `project.created`)
 *
 * Owned by src/screens/projects/project-list-screen.tsx.
 */
import { assertEvent, assign, emit, setup } from 'xstate';
import type { Project, ProjectCreate } from '@canopy/contract/projects.ts';
import { asServerError, notProvided, type ServerError } from '@machines/shared/actors.ts';
import { readProjectForm, type ProjectFormValues } from './project-form.ts';

export type { ProjectCreate, ProjectFormValues };

export interface CreateProjectContext {
  error: ServerError | null;
}

export type CreateProjectEvent = { type: 'modal.open' } | { type: 'cancel' } | { type: 'project.submit'; values: ProjectFormValues };

export type CreateProjectEmitted = { type: 'project.created'; project: Project };

export const createProjectMachine = setup({
  types: {
    context: {} as CreateProjectContext,
    events: {} as CreateProjectEvent,
    emitted: {} as CreateProjectEmitted,
  },
  actors: {
    createProject: notProvided<Project, ProjectCreate>('createProject'),
  },
  actions: {
    clearError: assign({ error: null }),
    rejectForm: assign(({ event }) => {
      assertEvent(event, 'project.submit');
      const read = readProjectForm(event.values);
      return { error: read.ok ? null : read.error };
    }),
    storeError: assign((_, params: { error: unknown }) => ({ error: asServerError(params.error) })),
    announceCreated: emit((_, project: Project) => ({ type: 'project.created' as const, project })),
  },
  guards: {
    formReads: ({ event }) => event.type === 'project.submit' && readProjectForm(event.values).ok,
  },
}).createMachine({
  id: 'createProject',
  context: { error: null },
  initial: 'closed',
  states: {
    closed: {
      on: { 'modal.open': { target: 'editing', actions: 'clearError' } },
    },
    editing: {
      on: {
        'project.submit': [{ guard: 'formReads', target: 'creating', actions: 'clearError' }, { actions: 'rejectForm' }],
        cancel: 'closed',
      },
    },
    creating: {
      invoke: {
        src: 'createProject',
        input: ({ event }) => {
          assertEvent(event, 'project.submit');
          const read = readProjectForm(event.values);
          return read.ok ? read.project : { name: '' };
        },
        onDone: { target: 'closed', actions: { type: 'announceCreated', params: ({ event }) => event.output } },
        onError: { target: 'editing', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
