/** The zone scores machine by events, with a fake scorer. */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Zone } from '@canopy/contract/zones.ts';
import type { ScoreColumn } from '@canopy/engine/zones/score-column.ts';
import { zoneScoresMachine, type ScoreRequest } from './zone-scores.machine.ts';

const zone: Zone = {
  id: 1,
  name: 'Plaza',
  use: 'standing',
  polygon: [
    [0, 0],
    [1, 0],
    [1, 1],
  ],
  author: null,
  created_at: '',
  updated_at: '',
};
const source = { url: '/a.glb', label: 'Existing', metric: 'sun-hours', field: 'sunHours', unit: 'h' };

function start(fail = false) {
  const requests: ScoreRequest[] = [];
  const actor = createActor(
    zoneScoresMachine.provide({
      actors: {
        scoreLayers: fromPromise<ScoreColumn[], ScoreRequest>(async ({ input }) => {
          requests.push(input);
          if (fail) throw new Error('no file');
          return input.sources.map((s) => ({
            label: s.label,
            kind: 'numeric' as const,
            unit: s.unit,
            criterion: null,
            scores: input.zones.map((z) => ({ zoneId: z.id, points: 3, meets: null, unsafe: null, mean: 4, min: 2, max: 6 })),
          }));
        }),
      },
    }),
  ).start();
  return { actor, requests };
}

describe('zone scores machine', () => {
  it('waits for both zones and a layer, then scores them', async () => {
    const { actor, requests } = start();
    actor.send({ type: 'inputs.set', zones: [zone], sources: [] });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    actor.send({ type: 'inputs.set', zones: [], sources: [source] });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(requests).toEqual([]);
    actor.send({ type: 'inputs.set', zones: [zone], sources: [source] });
    await waitFor(actor, (s) => s.matches('shown'));
    expect(actor.getSnapshot().context.columns[0]!.scores[0]).toMatchObject({ zoneId: 1, mean: 4 });
  });

  it('says why when a layer cannot be read', async () => {
    const { actor } = start(true);
    actor.send({ type: 'inputs.set', zones: [zone], sources: [source] });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('no file');
  });
});
