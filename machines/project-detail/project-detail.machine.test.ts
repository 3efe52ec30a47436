/** The project detail machine: first study selected, details saved with 3 s / 5 s flags. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ServerError } from '@machines/shared/actors.ts';
import { projectDetailMachine } from './project-detail.machine.ts';
import type { Level, Project, ProjectUpdate, ScenarioSummary, ServiceLine, StudyWithScenarios } from './project-detail.types.ts';
import { fullProject } from './project-detail.fixtures.ts';
import {
  scenariosOf,
  selectHasScenarios,
  selectProjectNotFound,
  selectSaved,
  selectSaveError,
  selectSaveFailed,
  selectScenariosFailed,
  selectScenariosLoading,
  selectSelectedStudyId,
  selectSiteSetup,
  selectStudies,
  selectSubscription,
  selectLevelLoading,
  selectLevelUnavailable,
} from './project-detail.selectors.ts';
import { READ_RETRY_DELAYS_MS } from '@machines/shared/read-retry.ts';

const notFound: ServerError = { kind: 'http', status: 404, detail: 'Not found.', fields: {}, body: null };
const badName: ServerError = { kind: 'http', status: 400, detail: null, fields: { name: ['This field may not be blank.'] }, body: null };

function start(
  project: Project | ServerError,
  save?: (changes: ProjectUpdate) => Promise<Project>,
  scenarios: (input: { projectId: number; studyIds: number[] }) => Record<number, ScenarioSummary[]> = () => ({}),
  level: () => Level = () => ({ subscription: null }),
) {
  return createActor(
    projectDetailMachine.provide({
      actors: {
        loadProject: fromPromise<Project, { projectId: number }>(async () => ('kind' in project ? Promise.reject(project) : project)),
        saveProject: fromPromise<Project, { projectId: number; changes: ProjectUpdate }>(({ input }) =>
          (save ?? (async (c) => ({ ...(project as Project), ...c }) as Project))(input.changes),
        ),
        loadServiceLines: fromPromise<ServiceLine[], void>(async () => []),
        loadLevel: fromPromise<Level, void>(async () => level()),
        loadScenarios: fromPromise<Record<number, ScenarioSummary[]>, { projectId: number; studyIds: number[] }>(async ({ input }) => scenarios(input)),
      },
    }),
    { input: { projectId: 7 } },
  ).start();
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('project detail', () => {
  it('selects the first study of the project', async () => {
    const two = fullProject(7);
    two.studies = [...two.studies, { ...two.studies[0]!, id: 71, name: 'Study 2' }];
    const actor = start(two);
    await vi.advanceTimersByTimeAsync(0);
    expect(selectSelectedStudyId(actor.getSnapshot())).toBe(70);
    actor.send({ type: 'study.select', studyId: 71 });
    expect(selectSelectedStudyId(actor.getSnapshot())).toBe(71);
    actor.send({ type: 'study.select', studyId: 999 });
    expect(selectSelectedStudyId(actor.getSnapshot())).toBeNull();
  });

  it('selects no study when the project has none', async () => {
    const actor = start(fullProject(7, { studies: [] }));
    await vi.advanceTimersByTimeAsync(0);
    expect(selectSelectedStudyId(actor.getSnapshot())).toBeNull();
    expect(selectSubscription(actor.getSnapshot())).toBeNull();
  });

  it('tells a missing project apart', async () => {
    const actor = start(notFound);
    await vi.advanceTimersByTimeAsync(0);
    expect(selectProjectNotFound(actor.getSnapshot())).toBe(true);
  });

  it('a saved change shows for 3 s; a refused one keeps its field errors and shows for 5 s', async () => {
    let refuse = false;
    const actor = start(fullProject(7), async (c) => (refuse ? Promise.reject(badName) : fullProject(7, c as Partial<Project>)));
    await vi.advanceTimersByTimeAsync(0);
    const form = { name: 'Harbour Tower West', location: 'Toronto', latitude: '43.6', longitude: '-79.4', reference_id: 'NW-7' };
    actor.send({ type: 'details.save', values: form });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.project?.name).toBe('Harbour Tower West');
    expect(selectSaved(actor.getSnapshot())).toBe(true);
    await vi.advanceTimersByTimeAsync(3000);
    expect(selectSaved(actor.getSnapshot())).toBe(false);
    refuse = true;
    actor.send({ type: 'details.save', values: { ...form, name: 'Harbour' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(selectSaveFailed(actor.getSnapshot())).toBe(true);
    expect(selectSaveError(actor.getSnapshot())?.fields.name).toEqual(['This field may not be blank.']);
    await vi.advanceTimersByTimeAsync(5000);
    expect(selectSaveFailed(actor.getSnapshot())).toBe(false);
    expect(selectSaveError(actor.getSnapshot())).not.toBeNull();
    // The service lines and level regions were not disturbed by the flags.
    expect(actor.getSnapshot().matches({ ready: { serviceLines: 'ready', level: 'ready' } })).toBe(true);
  });

  it('lists the scenarios of every study for the wheel, leaving hidden ones out', () => {
    const studies = [
      {
        ...fullProject(1).studies[0]!,
        configurations: [
          { id: 1, name: 'Existing', status: 'completed' },
          { id: 2, name: 'Old', status: 'failed', hidden: true },
        ],
      },
      { ...fullProject(1).studies[0]!, id: 11, name: 'Study 2', configurations: [{ id: 3, name: 'Proposed', status: 'running' }] },
    ] as StudyWithScenarios[];
    expect(scenariosOf(studies).map((w) => [w.studyId, w.scenario.id])).toEqual([
      [10, 1],
      [11, 3],
    ]);
  });

  it('names a bad coordinate without asking the server', async () => {
    const save = vi.fn(async () => fullProject(7));
    const actor = start(fullProject(7), save);
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'details.save', values: { name: 'X', location: '', latitude: '95', longitude: '', reference_id: '' } });
    expect(selectSaveError(actor.getSnapshot())?.fields.latitude).toEqual(['Ensure this value is less than or equal to 90.']);
    expect(selectSaveFailed(actor.getSnapshot())).toBe(true);
    expect(save).not.toHaveBeenCalled();
  });

  it("reads each study's scenarios from its simulations when the study does not carry them", async () => {
    const asked: number[][] = [];
    const actor = start(fullProject(7), undefined, ({ studyIds }) => {
      asked.push(studyIds);
      return { 70: [{ id: 5, name: 'Scenario 5', status: 'completed' }] };
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(asked).toEqual([[70]]);
    expect(selectHasScenarios(actor.getSnapshot())).toBe(true);
    expect(selectStudies(actor.getSnapshot())[0]!.configurations).toEqual([{ id: 5, name: 'Scenario 5', status: 'completed' }]);
    // Unchanged inputs, the same array: components re-render only when the studies change.
    expect(selectStudies(actor.getSnapshot())).toBe(selectStudies(actor.getSnapshot()));
  });

  it('reads the scenarios again after project.reload (added, duplicated, hidden, deleted), keeping the list meanwhile', async () => {
    let listed: ScenarioSummary[] = [{ id: 5, name: 'Existing site', status: 'completed' }];
    const actor = start(fullProject(7), undefined, () => ({ 70: listed }));
    await vi.advanceTimersByTimeAsync(0);
    expect(selectStudies(actor.getSnapshot())[0]!.configurations!.map((c) => c.name)).toEqual(['Existing site']);

    // A duplicate from the Scenarios tab: the tab asks for a reload.
    listed = [...listed, { id: 6, name: 'Existing site (copy)', status: 'draft' }];
    actor.send({ type: 'project.reload' });
    await vi.advanceTimersByTimeAsync(0);
    expect(selectStudies(actor.getSnapshot())[0]!.configurations!.map((c) => c.name)).toEqual(['Existing site', 'Existing site (copy)']);

    // Hidden, then deleted.
    listed = [{ ...listed[0]!, hidden: true }, listed[1]!];
    actor.send({ type: 'project.reload' });
    await vi.advanceTimersByTimeAsync(0);
    expect(selectStudies(actor.getSnapshot())[0]!.configurations![0]!.hidden).toBe(true);
    expect(scenariosOf(selectStudies(actor.getSnapshot())).map((w) => w.scenario.id)).toEqual([6]);
    listed = [listed[0]!];
    actor.send({ type: 'project.reload' });
    await vi.advanceTimersByTimeAsync(0);
    expect(selectStudies(actor.getSnapshot())[0]!.configurations!.map((c) => c.id)).toEqual([5]);
  });

  it('reads the subscription again with the scenarios: a submitted scenario’s debit shows, the old figures meanwhile', async () => {
    let left = 200;
    const subscription = () => ({ subscription: { credits_left: left, credits_used: 200 - left } as unknown as Level['subscription'] });
    const actor = start(fullProject(7), undefined, () => ({}), subscription);
    await vi.advanceTimersByTimeAsync(0);
    expect(selectSubscription(actor.getSnapshot())?.credits_left).toBe(200);
    left = 180;
    actor.send({ type: 'project.reload' });
    // While it is read again, the card keeps its figures (no 'Loading…').
    expect(actor.getSnapshot().matches({ ready: { level: 'loading' } })).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(selectSubscription(actor.getSnapshot())?.credits_left).toBe(180);
  });

  it('keeps the scenario list while it is read again, and keeps it when that read fails', async () => {
    let calls = 0;
    let answer: (value: Record<number, ScenarioSummary[]>) => void = () => {};
    let fail: (error: unknown) => void = () => {};
    const actor = createActor(
      projectDetailMachine.provide({
        actors: {
          loadProject: fromPromise<Project, { projectId: number }>(async () => fullProject(7)),
          saveProject: fromPromise<Project, { projectId: number; changes: ProjectUpdate }>(async () => fullProject(7)),
          loadServiceLines: fromPromise<ServiceLine[], void>(async () => []),
          loadLevel: fromPromise<Level, void>(async () => ({ subscription: null })),
          loadScenarios: fromPromise<Record<number, ScenarioSummary[]>, { projectId: number; studyIds: number[] }>(() => {
            calls++;
            if (calls === 1) return Promise.resolve({ 70: [{ id: 5, name: 'Existing site', status: 'completed' }] });
            return new Promise((resolve, reject) => {
              answer = resolve;
              fail = reject;
            });
          }),
        },
      }),
      { input: { projectId: 7 } },
    ).start();
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'project.reload' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches({ ready: { scenarios: 'reloading' } })).toBe(true);
    expect(selectScenariosLoading(actor.getSnapshot())).toBe(false);
    expect(selectStudies(actor.getSnapshot())[0]!.configurations!.map((c) => c.id)).toEqual([5]);
    fail(notFound);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches({ ready: { scenarios: 'ready' } })).toBe(true);
    expect(selectStudies(actor.getSnapshot())[0]!.configurations!.map((c) => c.id)).toEqual([5]);
    actor.send({ type: 'project.reload' });
    await vi.advanceTimersByTimeAsync(0);
    answer({ 70: [] });
    await vi.advanceTimersByTimeAsync(0);
    expect(selectHasScenarios(actor.getSnapshot())).toBe(false);
    expect(calls).toBe(3);
  });

  it('tries a dropped subscription read again by itself, then offers Retry', async () => {
    const dropped: ServerError = { kind: 'network', status: null, detail: 'The server could not be reached', fields: {}, body: null };
    let reads = 0;
    let up = false;
    const actor = start(fullProject(7), undefined, undefined, () => {
      reads += 1;
      if (!up) throw dropped;
      return { subscription: null };
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toBe(1);
    // Still "loading" while it waits to try again, not a failure.
    expect(selectLevelLoading(actor.getSnapshot())).toBe(true);
    await vi.advanceTimersByTimeAsync(READ_RETRY_DELAYS_MS.reduce((a, b) => a + b, 0));
    expect(reads).toBe(4);
    expect(selectLevelUnavailable(actor.getSnapshot())).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(reads).toBe(4);
    up = true;
    actor.send({ type: 'level.retry' });
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toBe(5);
    expect(selectLevelUnavailable(actor.getSnapshot())).toBe(false);
    expect(selectLevelLoading(actor.getSnapshot())).toBe(false);
  });

  it('tries a dropped first scenario read again by itself, then offers Retry; how many there are is unknown meanwhile', async () => {
    const dropped: ServerError = { kind: 'http', status: 503, detail: 'The server is busy.', fields: {}, body: null };
    let reads = 0;
    let up = false;
    const actor = start(fullProject(7), undefined, () => {
      reads += 1;
      if (!up) throw dropped;
      return { 70: [{ id: 5, name: 'Demo district', status: 'completed' }] };
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toBe(1);
    // Waiting to try again is still loading, and the site set-up card does not say "0 scenarios".
    expect(selectScenariosLoading(actor.getSnapshot())).toBe(true);
    expect(selectSiteSetup(actor.getSnapshot())!.scenarios).toBeNull();
    await vi.advanceTimersByTimeAsync(READ_RETRY_DELAYS_MS.reduce((a, b) => a + b, 0));
    expect(reads).toBe(4);
    expect(selectScenariosFailed(actor.getSnapshot())).toBe(true);
    expect(selectSiteSetup(actor.getSnapshot())!.scenarios).toBeNull();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(reads).toBe(4);
    up = true;
    actor.send({ type: 'scenarios.retry' });
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toBe(5);
    expect(selectScenariosFailed(actor.getSnapshot())).toBe(false);
    expect(selectSiteSetup(actor.getSnapshot())).toMatchObject({ scenarios: 1, weather: { library: 'computed' } });
  });

  it('reads the scenarios again when one it holds as unfinished finishes, so its outputs show; not for progress or a scenario it does not hold', async () => {
    let reads = 0;
    const actor = start(fullProject(7), undefined, () => {
      reads += 1;
      return reads === 1
        ? { 70: [{ id: 5, name: 'Demo district', status: 'running' }] }
        : { 70: [{ id: 5, name: 'Demo district', status: 'completed', outputs: [{ analysis_type: 'solar', count: 5 }] }] };
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toBe(1);
    actor.send({ type: 'scenario.status', configurationId: 5, status: 'running' });
    actor.send({ type: 'scenario.status', configurationId: 99, status: 'completed' });
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toBe(1);
    actor.send({ type: 'scenario.status', configurationId: 5, status: 'completed' });
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toBe(2);
    expect(selectStudies(actor.getSnapshot())[0]!.configurations![0]!.outputs).toEqual([{ analysis_type: 'solar', count: 5 }]);
    expect(selectSiteSetup(actor.getSnapshot())!.weather.library).toBe('computed');
    // The list now holds it as finished: a repeated message reads nothing more.
    actor.send({ type: 'scenario.status', configurationId: 5, status: 'completed' });
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toBe(2);
  });

  it('does not try a refused scenario read again by itself', async () => {
    let reads = 0;
    const actor = start(fullProject(7), undefined, () => {
      reads += 1;
      throw notFound;
    });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(reads).toBe(1);
    expect(selectScenariosFailed(actor.getSnapshot())).toBe(true);
  });

  it('has no scenarios until the server sends them', async () => {
    const actor = start(fullProject(7));
    await vi.advanceTimersByTimeAsync(0);
    expect(selectHasScenarios(actor.getSnapshot())).toBe(false);
  });
});
