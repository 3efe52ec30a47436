import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Asset } from '@canopy/contract/viewer.ts';
import { differenceMachine } from './difference.machine.ts';
import type { DifferenceInput, DifferenceLayer, DifferenceOutcome, SavedDifference } from './difference.types.ts';

const asset = (id: number, simulationId: number, over: Partial<Asset> = {}): Asset =>
  ({
    id,
    simulation_id: simulationId,
    layer_type: 'data',
    analysis_type: 'wind-comfort',
    metric: 'comfort-class',
    return_period: null,
    wind_direction: null,
    season_filter: 'Annual',
    time_filter: '08:00-18:00',
    single_date: null,
    qualifier: 'Lawson LDDC',
    metadata: {},
    ...over,
  }) as Asset;

const layers: DifferenceLayer[] = [
  { asset: asset(1, 10), configurationId: 100, scenario: 'Existing' },
  { asset: asset(2, 20), configurationId: 200, scenario: 'Proposed' },
  { asset: asset(3, 20, { season_filter: 'Winter' }), configurationId: 200, scenario: 'Proposed' },
  { asset: asset(4, 30, { metric: 'speed-ratio', analysis_type: 'wind-directional' }), configurationId: 300, scenario: 'Other' },
];

const outcome = (input: DifferenceInput): DifferenceOutcome => ({
  aId: input.a.asset.id,
  bId: input.b.asset.id,
  mode: 'classes',
  maxDistanceM: input.maxDistanceM,
  url: 'local:difference/1',
  points: 3,
  shared: 3,
  resampled: 0,
  leftOut: 0,
  maxAbs: 2,
  lower: 1,
  same: 1,
  higher: 1,
  limit: 2,
  unit: '',
});

function start(save: (input: DifferenceInput & { outcome: DifferenceOutcome }) => Promise<SavedDifference> = async () => ({ assetId: 9, simulationId: 20 })) {
  const computed: DifferenceInput[] = [];
  const actor = createActor(
    differenceMachine.provide({
      actors: {
        computeDifference: fromPromise<DifferenceOutcome, DifferenceInput>(async ({ input }) => {
          computed.push(input);
          if (input.maxDistanceM === 99) throw new Error('The layer could not be read.');
          return outcome(input);
        }),
        saveDifference: fromPromise(({ input }: { input: DifferenceInput & { outcome: DifferenceOutcome } }) => save(input)),
      },
    }),
  ).start();
  actor.send({ type: 'layers.set', layers });
  return { actor, computed };
}

describe('difference machine', () => {
  it('picks a compatible B for A and computes B − A', async () => {
    const { actor, computed } = start();
    actor.send({ type: 'a.pick', assetId: 1 });
    // Only the other scenario's layer of the same slice fits.
    expect(actor.getSnapshot().context.bId).toBe(2);
    actor.send({ type: 'compute' });
    await waitFor(actor, (s) => s.matches('shown'));
    expect(computed[0]).toMatchObject({ a: { asset: { id: 1 } }, b: { asset: { id: 2 } }, maxDistanceM: 2 });
    expect(actor.getSnapshot().context.outcome).toMatchObject({ aId: 1, bId: 2 });
  });

  it('will not compute a pair that is not the same quantity', () => {
    const { actor, computed } = start();
    actor.send({ type: 'a.pick', assetId: 1 });
    actor.send({ type: 'b.pick', assetId: 4 });
    actor.send({ type: 'compute' });
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(computed).toHaveLength(0);
  });

  it('saves the map once and tells the viewer', async () => {
    const saves: Array<DifferenceInput & { outcome: DifferenceOutcome }> = [];
    const { actor } = start(async (input) => {
      saves.push(input);
      return { assetId: 9, simulationId: 20 };
    });
    const told: number[] = [];
    actor.on('difference.saved', (e) => told.push(e.assetId));
    actor.send({ type: 'a.pick', assetId: 1 });
    actor.send({ type: 'compute' });
    await waitFor(actor, (s) => s.matches('shown'));
    actor.send({ type: 'save' });
    await waitFor(actor, (s) => s.matches('shown') && !!s.context.saved);
    actor.send({ type: 'save' });
    expect(actor.getSnapshot().value).toBe('shown');
    expect(saves).toHaveLength(1);
    expect(saves[0]!.outcome.url).toBe('local:difference/1');
    expect(told).toEqual([9]);
  });

  it('keeps a failed computation with its message, and a new pick starts over', async () => {
    const { actor } = start();
    actor.send({ type: 'a.pick', assetId: 1 });
    actor.send({ type: 'distance.set', metres: 99 });
    actor.send({ type: 'compute' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error?.detail).toBe('The layer could not be read.');
    actor.send({ type: 'distance.set', metres: 1 });
    expect(actor.getSnapshot().value).toBe('choosing');
    actor.send({ type: 'distance.set', metres: -1 });
    expect(actor.getSnapshot().context.maxDistanceM).toBe(1);
  });
});
