/** The create-project modal: the form read in the browser first, then the server's answer. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Project, ProjectCreate } from '@canopy/contract/projects.ts';
import type { ServerError } from '@machines/shared/actors.ts';
import { fullProject } from '@machines/project-detail/project-detail.fixtures.ts';
import { createProjectMachine } from './create-project.machine.ts';
import { emptyProjectForm, readProjectForm } from './project-form.ts';
import { selectCreateError, selectCreateOpen, selectCreating } from './project-list.selectors.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('project form', () => {
  it('reads trimmed text and numbers, both coordinates or neither', () => {
    expect(readProjectForm({ ...emptyProjectForm, name: ' Pier 4 ', latitude: '43.6', longitude: '-79.4', generateSurrounds: true, fetch_met: true })).toEqual({
      ok: true,
      // Surroundings from OpenStreetMap within 300 m unless the user chose to upload a map file ('').
      project: {
        name: 'Pier 4',
        location: '',
        latitude: 43.6,
        longitude: -79.4,
        reference_id: '',
        generateSurrounds: true,
        surrounds_radius_m: 300,
        fetch_met: true,
      },
    });
    expect(
      readProjectForm({ ...emptyProjectForm, name: 'P', latitude: '43.6', longitude: '-79.4', generateSurrounds: true, surrounds_radius_m: '' }),
    ).toMatchObject({ ok: true, project: { generateSurrounds: true } });
    expect(readProjectForm({ ...emptyProjectForm, name: 'P', latitude: '43.6', longitude: '-79.4', surrounds_radius_m: '500' })).not.toHaveProperty(
      'project.surrounds_radius_m',
    );
    const half = readProjectForm({ ...emptyProjectForm, name: 'x', latitude: '43.6' });
    expect(half.ok ? null : half.error.fields).toEqual({ longitude: ['Give both latitude and longitude, or neither.'] });
    const bad = readProjectForm({ ...emptyProjectForm, latitude: 'north', longitude: '200' });
    expect(bad.ok ? null : bad.error.fields).toEqual({
      name: ['This field may not be blank.'],
      latitude: ['A valid number is required.'],
      longitude: ['Ensure this value is less than or equal to 180.'],
    });
  });
});

describe('create project', () => {
  function start(create: (body: ProjectCreate) => Promise<Project>) {
    const created: Project[] = [];
    const actor = createActor(
      createProjectMachine.provide({ actors: { createProject: fromPromise<Project, ProjectCreate>(({ input }) => create(input)) } }),
    ).start();
    actor.on('project.created', (e) => created.push(e.project));
    return { actor, created };
  }

  it('names form mistakes without a request, keeps server field errors, closes when created', async () => {
    let refuse = true;
    const bodies: ProjectCreate[] = [];
    const { actor, created } = start(async (body) => {
      bodies.push(body);
      if (refuse)
        throw {
          kind: 'http',
          status: 400,
          detail: null,
          fields: { name: ['Ensure this field has no more than 200 characters.'] },
          body: null,
        } satisfies ServerError;
      return fullProject(12, { name: body.name });
    });
    actor.send({ type: 'modal.open' });
    expect(selectCreateOpen(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'project.submit', values: emptyProjectForm });
    expect(selectCreateError(actor.getSnapshot())?.fields.name).toEqual(['This field may not be blank.']);
    expect(bodies).toEqual([]);
    actor.send({ type: 'project.submit', values: { ...emptyProjectForm, name: 'Pier 4' } });
    expect(selectCreating(actor.getSnapshot())).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(selectCreateOpen(actor.getSnapshot())).toBe(true);
    expect(selectCreateError(actor.getSnapshot())?.fields.name).toEqual(['Ensure this field has no more than 200 characters.']);
    refuse = false;
    actor.send({ type: 'project.submit', values: { ...emptyProjectForm, name: 'Pier 4' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(selectCreateOpen(actor.getSnapshot())).toBe(false);
    expect(created.map((p) => p.name)).toEqual(['Pier 4']);
  });

  it('cancel closes and the next open starts clean', () => {
    const { actor } = start(async () => fullProject(1));
    actor.send({ type: 'modal.open' });
    actor.send({ type: 'project.submit', values: emptyProjectForm });
    actor.send({ type: 'cancel' });
    actor.send({ type: 'modal.open' });
    expect(selectCreateError(actor.getSnapshot())).toBeNull();
  });
});
