/**
 * The point story by events with fake actors: unavailable without speed ratios; a point picked
 * before the inputs arrive is told once they do; a new point or choice computes again (the newest
 * wins); a point with no wind result near it is an answer, not a failure; "Add to insight" keeps its
 * answer beside the story; another simulation starts over.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { pointStoryMachine, type ComputeInput, type StoryOutcome } from './point-story.machine.ts';
import { storyRatioAssets, storyTarget } from './story-target.ts';
import type { AddedFigure, AddToInsightInput, Asset, StoryInputs, StoryResult, StoryTarget } from './point-story.types.ts';

const ratioAsset = (id: number, deg: number) => ({ id, wind_direction: String(deg), metadata: { field: 'speedRatio' } }) as unknown as Asset;
const thermalAsset = { id: 99, wind_direction: null, metadata: { field: 'pctComfortable' } } as unknown as Asset;
const windAssets = [ratioAsset(10, 0), ratioAsset(11, 180)];
const target = (simulationId: number, assets: readonly Asset[] = windAssets): StoryTarget => ({
  projectId: 7,
  studyId: 3,
  configurationId: 21,
  simulationId,
  assets,
  metSourceId: null,
});
const inputs: StoryInputs = {
  simulationId: 5,
  directionsDeg: [0, 180],
  criteria: [
    { id: 'lawson-lddc', name: 'Lawson LDDC' },
    { id: 'nen-8100', name: 'NEN 8100' },
  ],
  weather: [{ metId: 'chicago', name: 'Chicago' }],
  insights: [{ id: 4, title: 'Plaza' }],
  initial: { criterionId: 'lawson-lddc', metId: 'chicago' },
  inWorker: false,
};

function harness({ farFrom = 100 }: { farFrom?: number } = {}) {
  const computed: ComputeInput[] = [];
  const added: AddToInsightInput[] = [];
  let failNext = false;
  const machine = pointStoryMachine.provide({
    actors: {
      loadInputs: fromPromise<StoryInputs, StoryTarget>(async ({ input }) => ({ ...inputs, simulationId: input.simulationId })),
      computeStory: fromPromise<StoryOutcome, ComputeInput>(async ({ input }) => {
        computed.push(input);
        if (failNext) {
          failNext = false;
          throw new Error('weather: a full year of hourly data is needed');
        }
        if (input.point[0] > farFrom) return { kind: 'tooFar', message: 'No wind result within 25 m of this point' };
        return { kind: 'story', result: { choice: input.choice, clicked: input.point, pointIndex: 3 } as unknown as StoryResult };
      }),
      addToInsight: fromPromise<AddedFigure, AddToInsightInput>(async ({ input }) => {
        added.push(input);
        return { insightId: input.insightId ?? 8, imageViewId: 40 };
      }),
    },
  });
  const actor = createActor(machine).start();
  return { actor, computed, added, failNext: () => (failNext = true) };
}

describe('point story machine', () => {
  it('is unavailable for a scenario without per-direction speed ratios', () => {
    const { actor } = harness();
    actor.send({ type: 'target.set', target: null });
    expect(actor.getSnapshot().value).toBe('unavailable');
  });

  it('waits for a point, then replays the year at it', async () => {
    const { actor, computed } = harness();
    actor.send({ type: 'target.set', target: target(5) });
    await waitFor(actor, (s) => s.matches({ ready: 'waiting' }));
    actor.send({ type: 'point.set', point: [1, 2, 1.5] });
    await waitFor(actor, (s) => s.matches({ ready: 'shown' }));
    expect(computed).toHaveLength(1);
    expect(computed[0]!.point).toEqual([1, 2, 1.5]);
    expect(computed[0]!.choice).toEqual({ criterionId: 'lawson-lddc', metId: 'chicago' });
    expect(actor.getSnapshot().context.result?.pointIndex).toBe(3);
  });

  it('remembers a point picked while loading and tells it once the inputs are there', async () => {
    const { actor, computed } = harness();
    actor.send({ type: 'target.set', target: target(5) });
    actor.send({ type: 'point.set', point: [4, 4, 1.5] });
    await waitFor(actor, (s) => s.matches({ ready: 'shown' }));
    expect(computed.map((c) => c.point)).toEqual([[4, 4, 1.5]]);
  });

  it('computes again for another criterion, and not for the same point twice', async () => {
    const { actor, computed } = harness();
    actor.send({ type: 'target.set', target: target(5) });
    actor.send({ type: 'point.set', point: [1, 1, 1.5] });
    await waitFor(actor, (s) => s.matches({ ready: 'shown' }));
    actor.send({ type: 'point.set', point: [1, 1, 1.5] });
    expect(actor.getSnapshot().matches({ ready: 'shown' })).toBe(true);
    actor.send({ type: 'choice.set', choice: { criterionId: 'nen-8100' } });
    await waitFor(actor, (s) => s.matches({ ready: 'shown' }) && s.context.result?.choice.criterionId === 'nen-8100');
    expect(computed).toHaveLength(2);
  });

  it('says when a point has no wind result near it, and goes on with the next point', async () => {
    const { actor } = harness({ farFrom: 100 });
    actor.send({ type: 'target.set', target: target(5) });
    actor.send({ type: 'point.set', point: [500, 0, 0] });
    await waitFor(actor, (s) => s.matches({ ready: 'tooFar' }));
    expect(actor.getSnapshot().context.tooFar).toMatch(/No wind result within 25 m/);
    actor.send({ type: 'point.set', point: [1, 0, 1.5] });
    await waitFor(actor, (s) => s.matches({ ready: 'shown' }));
    expect(actor.getSnapshot().context.tooFar).toBeNull();
  });

  it('keeps a failure with its message and computes again on retry', async () => {
    const { actor, failNext } = harness();
    actor.send({ type: 'target.set', target: target(5) });
    await waitFor(actor, (s) => s.matches({ ready: 'waiting' }));
    failNext();
    actor.send({ type: 'point.set', point: [1, 0, 1.5] });
    await waitFor(actor, (s) => s.matches({ ready: 'failed' }));
    expect(actor.getSnapshot().context.error?.detail).toMatch(/full year/);
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.matches({ ready: 'shown' }));
  });

  it('adds the shown story to an insight and keeps the answer beside the story', async () => {
    const { actor, added } = harness();
    actor.send({ type: 'target.set', target: target(5) });
    actor.send({ type: 'insight.add', insightId: 4 }); // nothing shown yet: ignored
    actor.send({ type: 'point.set', point: [1, 0, 1.5] });
    await waitFor(actor, (s) => s.matches({ ready: 'shown' }));
    actor.send({ type: 'insight.add', insightId: 4 });
    expect(actor.getSnapshot().context.insight.status).toBe('adding');
    await waitFor(actor, (s) => s.context.insight.status === 'added');
    expect(added).toHaveLength(1);
    expect(added[0]!.insightId).toBe(4);
    expect(actor.getSnapshot().context.insight.added).toEqual({ insightId: 4, imageViewId: 40 });
    expect(actor.getSnapshot().matches({ ready: 'shown' })).toBe(true);
  });

  it('starts over for another simulation, keeping the picked point', async () => {
    const { actor, computed } = harness();
    actor.send({ type: 'target.set', target: target(5) });
    actor.send({ type: 'point.set', point: [1, 0, 1.5] });
    await waitFor(actor, (s) => s.matches({ ready: 'shown' }));
    actor.send({ type: 'target.set', target: target(5) }); // the same: nothing happens
    expect(actor.getSnapshot().matches({ ready: 'shown' })).toBe(true);
    actor.send({ type: 'target.set', target: target(6, [ratioAsset(20, 0), ratioAsset(21, 180)]) });
    expect(actor.getSnapshot().context.result).toBeNull();
    await waitFor(actor, (s) => s.matches({ ready: 'shown' }));
    expect(computed.map((c) => c.target.simulationId)).toEqual([5, 6]);
  });
});

describe('which simulation a story replays', () => {
  const scope = { projectId: 7, studyId: 3 };
  it('is the shown one when it has speed ratios, else the wind run of the same scenario', () => {
    const wind = { id: 5, configuration: { id: 21 }, assets: windAssets, met_source_id: 2 };
    const thermal = { id: 6, configuration: { id: 21 }, assets: [thermalAsset], met_source_id: null };
    const otherScenario = { id: 7, configuration: { id: 22 }, assets: [thermalAsset] };
    expect(storyTarget([wind, thermal, otherScenario], 5, scope)?.simulationId).toBe(5);
    expect(storyTarget([wind, thermal, otherScenario], 6, scope)).toMatchObject({ simulationId: 5, configurationId: 21, metSourceId: 2 });
    expect(storyTarget([wind, thermal, otherScenario], 7, scope)).toBeNull();
    expect(storyTarget([wind], null, scope)).toBeNull();
  });

  it('takes an external solver’s directional speed-ratio results as the ratios', () => {
    const external = [0, 90].map(
      (deg, i) => ({ id: 30 + i, analysis_type: 'wind-directional', metric: 'speed-ratio', wind_direction: String(deg), metadata: {} }) as unknown as Asset,
    );
    const found = storyTarget([{ id: 8, configuration: { id: 21 }, assets: [...external, thermalAsset] }], 8, scope);
    expect(storyRatioAssets(found!.assets).map((a) => a.id)).toEqual([30, 31]);
  });
});
