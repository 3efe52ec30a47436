/**
 * The viewer's re-classification by events with fake actors: offered only for a
 * simulation with per-direction speed ratios, starting from the stored map's choice; each switch
 * computes again (a newer switch wins over an answer still coming); the stored maps come back on
 * request; a result is saved once, and the viewer is told; another simulation starts over.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { windReclassMachine, type ClassifyInput } from './wind-reclass.machine.ts';
import {
  selectPostprocess,
  selectPostprocessError,
  selectReclassChoice,
  selectReclassPhase,
  selectResultSaved,
  selectShownResult,
} from './wind-reclass.selectors.ts';
import type { Asset, ReclassChoice, ReclassInputs, ReclassResult, ReclassTarget } from './wind-reclass.types.ts';

const asset = (fields: Partial<Asset>): Asset =>
  ({
    id: 1,
    simulation_id: 5,
    layer_type: 'data',
    analysis_type: '',
    return_period: null,
    metric: null,
    wind_direction: null,
    season: null,
    season_range: null,
    time_range: null,
    single_date: null,
    qualifiers: {},
    post_processing_tag: null,
    filename: 'x.glb',
    geometry_type: null,
    geometry_generation: null,
    remeshed_assets: [],
    show_by_default: false,
    subsurface_type: null,
    metadata: {},
    season_filter: null,
    time_filter: null,
    qualifier: null,
    ...fields,
  }) as Asset;

const windAssets = [0, 90, 180, 270].map((deg, i) => asset({ id: 10 + i, wind_direction: String(deg), metadata: { field: 'speedRatio' } }));
const target = (simulationId: number, assets: Asset[] = windAssets): ReclassTarget => ({
  projectId: 7,
  configurationId: 21,
  simulationId,
  assets,
  metSourceId: 1,
});
const initial: ReclassChoice = { criterionId: 'lawson-lddc', seasonId: 'annual', windowId: 'all-day', metId: 'chicago' };
const inputs = (simulationId: number): ReclassInputs => ({
  simulationId,
  points: 100,
  directionsDeg: [0, 90, 180, 270],
  criteria: [
    { id: 'lawson-lddc', name: 'Lawson LDDC' },
    { id: 'davenport', name: 'Davenport' },
  ],
  seasons: [
    { id: 'annual', name: 'Annual', months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] },
    { id: 'winter', name: 'Winter', months: [12, 1, 2] },
  ],
  windows: [{ id: 'all-day', name: 'All day', window: '00:00-24:00' }],
  weather: [{ metId: 'chicago', name: 'Chicago' }],
  initial,
  workers: 2,
});

function start(postprocess: (input: ClassifyInput) => Promise<{ jobId: number }> = async () => ({ jobId: 77 })) {
  const classified: ReclassChoice[] = [];
  const saves: ReclassChoice[] = [];
  const loads: number[] = [];
  let delayFor: (c: ReclassChoice) => number = () => 0;
  const machine = windReclassMachine.provide({
    actors: {
      loadInputs: fromPromise(async ({ input }: { input: ReclassTarget }) => {
        loads.push(input.simulationId);
        return inputs(input.simulationId);
      }),
      classify: fromPromise(async ({ input }: { input: ClassifyInput }) => {
        classified.push(input.choice);
        await new Promise((r) => setTimeout(r, delayFor(input.choice)));
        const result: ReclassResult = {
          choice: input.choice,
          url: `local:reclass/${classified.length}`,
          ms: 12,
          classCounts: [40, 60],
          noClass: 0,
          legend: { name: `wind-comfort-${input.choice.criterionId}`, title: 'Wind comfort', classes: [] },
        };
        return result;
      }),
      saveResult: fromPromise(async ({ input }: { input: ClassifyInput & { result: ReclassResult } }) => {
        saves.push(input.choice);
        return { assetId: 900 + saves.length, choice: input.choice };
      }),
      submitPostprocessing: fromPromise(async ({ input }: { input: ClassifyInput }) => postprocess(input)),
    },
  });
  const actor = createActor(machine);
  const emitted: unknown[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  return { actor, classified, saves, loads, emitted, delay: (f: (c: ReclassChoice) => number) => (delayFor = f) };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
};

describe('re-classifying a comfort map in the viewer', () => {
  it('asks the server for stored maps of the choice (submit-postprocessing/) beside the panel, and forgets it for another simulation', async () => {
    const asked: ClassifyInput[] = [];
    const { actor } = start(async (input) => {
      asked.push(input);
      return { jobId: 77 };
    });
    actor.send({ type: 'simulation.set', target: target(5) });
    await until(() => selectReclassPhase(actor.getSnapshot()) === 'stored');
    actor.send({ type: 'choice.set', choice: { criterionId: 'davenport' } });
    actor.send({ type: 'postprocess.submit' });
    expect(selectPostprocess(actor.getSnapshot()).status).toBe('submitting');
    // The in-browser computation goes on meanwhile.
    await until(() => selectPostprocess(actor.getSnapshot()).status === 'queued' && selectReclassPhase(actor.getSnapshot()) === 'shown');
    expect(selectPostprocess(actor.getSnapshot())).toMatchObject({ jobId: 77, choice: { ...initial, criterionId: 'davenport' } });
    expect(asked.map((a) => [a.target.simulationId, a.choice.criterionId])).toEqual([[5, 'davenport']]);
    actor.send({ type: 'simulation.set', target: target(6) });
    expect(selectPostprocess(actor.getSnapshot()).status).toBe('idle');
  });

  it('keeps the refusal of the server-side computation in words', async () => {
    const { actor } = start(async () =>
      Promise.reject({ kind: 'http', status: 403, detail: 'You do not have permission to perform this action.', fields: {}, body: null }),
    );
    actor.send({ type: 'simulation.set', target: target(5) });
    await until(() => selectReclassPhase(actor.getSnapshot()) === 'stored');
    actor.send({ type: 'postprocess.submit' });
    await until(() => selectPostprocess(actor.getSnapshot()).status === 'failed');
    expect(selectPostprocessError(actor.getSnapshot())).toBe('You do not have permission to perform this action.');
    expect(selectReclassPhase(actor.getSnapshot())).toBe('stored');
  });

  it('is not offered for a simulation without per-direction speed ratios', () => {
    const { actor, loads } = start();
    actor.send({ type: 'simulation.set', target: target(5, [asset({ analysis_type: 'solar-sunlit' })]) });
    expect(selectReclassPhase(actor.getSnapshot())).toBe('unavailable');
    expect(loads).toEqual([]);
  });

  it('starts from the stored map’s choice, computes each switch, shows the stored maps again, and saves a result once', async () => {
    const { actor, classified, saves, emitted } = start();
    actor.send({ type: 'simulation.set', target: target(5) });
    await until(() => selectReclassPhase(actor.getSnapshot()) === 'stored');
    expect(selectReclassChoice(actor.getSnapshot())).toEqual(initial);
    expect(classified).toEqual([]);

    actor.send({ type: 'choice.set', choice: { criterionId: 'davenport' } });
    expect(selectReclassPhase(actor.getSnapshot())).toBe('computing');
    await until(() => selectReclassPhase(actor.getSnapshot()) === 'shown');
    expect(selectShownResult(actor.getSnapshot())).toMatchObject({ choice: { ...initial, criterionId: 'davenport' }, url: 'local:reclass/1' });

    actor.send({ type: 'choice.set', choice: { seasonId: 'winter' } });
    await until(() => selectReclassPhase(actor.getSnapshot()) === 'shown');
    expect(classified.at(-1)).toEqual({ ...initial, criterionId: 'davenport', seasonId: 'winter' });

    actor.send({ type: 'save' });
    expect(selectReclassPhase(actor.getSnapshot())).toBe('saving');
    await until(() => selectReclassPhase(actor.getSnapshot()) === 'shown');
    expect(selectResultSaved(actor.getSnapshot())).toBe(true);
    expect(emitted).toContainEqual({ type: 'reclass.saved', assetId: 901 });
    actor.send({ type: 'save' });
    expect(selectReclassPhase(actor.getSnapshot())).toBe('shown');
    expect(saves).toHaveLength(1);

    actor.send({ type: 'stored.show' });
    expect(selectReclassPhase(actor.getSnapshot())).toBe('stored');
    expect(selectShownResult(actor.getSnapshot())).toBeNull();
  });

  it('drops an answer still coming when the user switches again', async () => {
    const { actor, delay } = start();
    actor.send({ type: 'simulation.set', target: target(5) });
    await until(() => selectReclassPhase(actor.getSnapshot()) === 'stored');
    delay((c) => (c.criterionId === 'davenport' ? 80 : 0));
    actor.send({ type: 'choice.set', choice: { criterionId: 'davenport' } });
    actor.send({ type: 'choice.set', choice: { criterionId: 'nen-8100' } });
    await until(() => selectReclassPhase(actor.getSnapshot()) === 'shown');
    await new Promise((r) => setTimeout(r, 120));
    expect(selectShownResult(actor.getSnapshot())!.choice.criterionId).toBe('nen-8100');
  });

  it('starts over when the simulation shown gets its speed ratios (its run completed while the viewer was open)', async () => {
    const { actor, loads } = start();
    const geometryOnly = [asset({ id: 3, layer_type: 'geometry', geometry_type: 'study' })];
    actor.send({ type: 'simulation.set', target: target(5, geometryOnly) });
    expect(selectReclassPhase(actor.getSnapshot())).toBe('unavailable');
    actor.send({ type: 'simulation.set', target: target(5, [...geometryOnly, ...windAssets]) });
    await until(() => selectReclassPhase(actor.getSnapshot()) === 'stored');
    expect(loads).toEqual([5]);
  });

  it('starts over for another simulation, and not for the same one told again', async () => {
    const { actor, loads } = start();
    actor.send({ type: 'simulation.set', target: target(5) });
    await until(() => selectReclassPhase(actor.getSnapshot()) === 'stored');
    actor.send({ type: 'choice.set', choice: { criterionId: 'davenport' } });
    await until(() => selectReclassPhase(actor.getSnapshot()) === 'shown');
    actor.send({ type: 'simulation.set', target: target(5) });
    expect(selectReclassPhase(actor.getSnapshot())).toBe('shown');
    actor.send({ type: 'simulation.set', target: target(6) });
    expect(selectReclassPhase(actor.getSnapshot())).toBe('loading');
    expect(selectShownResult(actor.getSnapshot())).toBeNull();
    await until(() => selectReclassPhase(actor.getSnapshot()) === 'stored');
    expect(loads).toEqual([5, 6]);
  });
});
