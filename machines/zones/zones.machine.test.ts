/** The zones machine by events, with fake server calls. */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Zone, ZoneCreate, ZonePatch } from '@canopy/contract/zones.ts';
import { closesOutline, CROSSING_OUTLINE, SAVE_ZONE_FAILED, TOO_FEW_POINTS, zonesMachine } from './zones.machine.ts';

const scope = { projectId: 1, studyId: 2 };
const stamp = '2026-11-28T00:00:00.000Z';
const zone = (id: number, over: Partial<Zone> = {}): Zone => ({
  id,
  name: `Zone ${id}`,
  use: 'standing',
  polygon: [
    [0, 0],
    [10, 0],
    [10, 10],
  ],
  author: 1,
  created_at: stamp,
  updated_at: stamp,
  ...over,
});

function start(options: { failCreate?: boolean } = {}) {
  const created: ZoneCreate[] = [];
  const patched: Array<{ id: number; body: ZonePatch }> = [];
  const deleted: number[] = [];
  const machine = zonesMachine.provide({
    actors: {
      listZones: fromPromise(async () => [zone(1)]),
      createZone: fromPromise<Zone, typeof scope & { body: ZoneCreate }>(async ({ input }) => {
        if (options.failCreate)
          throw {
            kind: 'http',
            status: 400,
            detail: null,
            body: null,
            fields: { polygon: ['The zone’s outline crosses itself; draw it without crossing lines.'] },
          };
        created.push(input.body);
        return zone(7, { name: input.body.name, use: input.body.use, polygon: input.body.polygon as Zone['polygon'] });
      }),
      updateZone: fromPromise<Zone, typeof scope & { id: number; body: ZonePatch }>(async ({ input }) => {
        patched.push({ id: input.id, body: input.body });
        return zone(input.id, { ...(input.body.name ? { name: input.body.name } : {}), ...(input.body.use ? { use: input.body.use } : {}) });
      }),
      deleteZone: fromPromise<void, typeof scope & { id: number }>(async ({ input }) => {
        deleted.push(input.id);
      }),
    },
  });
  const actor = createActor(machine, { input: scope }).start();
  return { actor, created, patched, deleted };
}

const square = [
  [0, 0, 1.5],
  [20, 0, 1.5],
  [20, 15, 1.5],
  [0, 15, 1.5],
];

describe('zones machine', () => {
  it('lists the study’s zones, draws a zone point by point, closes it with Enter, names it and saves it', async () => {
    const { actor, created } = start();
    await waitFor(actor, (s) => s.matches('idle'));
    expect(actor.getSnapshot().context.zones.map((z) => z.id)).toEqual([1]);
    actor.send({ type: 'draw.start' });
    for (const point of square) actor.send({ type: 'point.add', point });
    // a double click's repeated point is not a new corner
    actor.send({ type: 'point.add', point: [0, 15, 1.5] });
    expect(actor.getSnapshot().context.draft).toEqual([
      [0, 0],
      [20, 0],
      [20, 15],
      [0, 15],
    ]);
    actor.send({ type: 'draw.close' });
    expect(actor.getSnapshot().matches('naming')).toBe(true);
    actor.send({ type: 'save', name: '  ', use: 'sitting-long' });
    expect(actor.getSnapshot().context.problem).toBe('Give the zone a name.');
    actor.send({ type: 'save', name: 'Plaza', use: 'sitting-long' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(created).toEqual([
      {
        name: 'Plaza',
        use: 'sitting-long',
        polygon: [
          [0, 0],
          [20, 0],
          [20, 15],
          [0, 15],
        ],
      },
    ]);
    expect(actor.getSnapshot().context.zones.map((z) => z.name)).toEqual(['Zone 1', 'Plaza']);
    expect(actor.getSnapshot().context.draft).toEqual([]);
  });

  it('closes the outline when the first point is clicked again, and not before three points', async () => {
    const { actor } = start();
    await waitFor(actor, (s) => s.matches('idle'));
    actor.send({ type: 'draw.start' });
    actor.send({ type: 'point.add', point: [0, 0, 0] });
    actor.send({ type: 'point.add', point: [10, 0, 0] });
    actor.send({ type: 'draw.close' });
    expect(actor.getSnapshot().matches('drawing')).toBe(true);
    expect(actor.getSnapshot().context.problem).toBe(TOO_FEW_POINTS);
    actor.send({ type: 'point.add', point: [10, 10, 0] });
    actor.send({ type: 'point.add', point: [0.1, 0.1, 0] });
    expect(actor.getSnapshot().matches('naming')).toBe(true);
    expect(actor.getSnapshot().context.draft).toHaveLength(3);
  });

  it('refuses a point whose edge would cross the outline, says why, and lets the last point be taken back', async () => {
    const { actor } = start();
    await waitFor(actor, (s) => s.matches('idle'));
    actor.send({ type: 'draw.start' });
    for (const point of [
      [0, 0],
      [10, 0],
      [10, 10],
      [5, -5],
    ])
      actor.send({ type: 'point.add', point });
    expect(actor.getSnapshot().context.problem).toBe(CROSSING_OUTLINE);
    expect(actor.getSnapshot().context.draft).toHaveLength(3);
    actor.send({ type: 'point.undo' });
    expect(actor.getSnapshot().context.draft).toHaveLength(2);
    expect(actor.getSnapshot().context.problem).toBeNull();
  });

  it('cancels drawing with Escape and keeps nothing', async () => {
    const { actor, created } = start();
    await waitFor(actor, (s) => s.matches('idle'));
    actor.send({ type: 'draw.start' });
    actor.send({ type: 'point.add', point: [0, 0] });
    actor.send({ type: 'draw.cancel' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context.draft).toEqual([]);
    expect(created).toEqual([]);
  });

  it('keeps the drawn outline and shows the server’s words when saving is refused', async () => {
    const { actor } = start({ failCreate: true });
    await waitFor(actor, (s) => s.matches('idle'));
    actor.send({ type: 'draw.start' });
    for (const point of square) actor.send({ type: 'point.add', point });
    actor.send({ type: 'draw.close' });
    actor.send({ type: 'save', name: 'Plaza', use: 'standing' });
    await waitFor(actor, (s) => s.matches('naming') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe(SAVE_ZONE_FAILED);
    expect(actor.getSnapshot().context.problem).toMatch(/crosses itself/);
    expect(actor.getSnapshot().context.draft).toHaveLength(4);
  });

  it('renames a zone, changes its use and deletes it', async () => {
    const { actor, patched, deleted } = start();
    await waitFor(actor, (s) => s.matches('idle'));
    actor.send({ type: 'rename', id: 1, name: ' Terrace ' });
    await waitFor(actor, (s) => s.matches('idle'));
    actor.send({ type: 'use.change', id: 1, use: 'walking-fast' });
    await waitFor(actor, (s) => s.matches('idle') && s.context.zones[0]!.use === 'walking-fast');
    expect(patched).toEqual([
      { id: 1, body: { name: 'Terrace' } },
      { id: 1, body: { use: 'walking-fast' } },
    ]);
    actor.send({ type: 'remove', id: 1 });
    await waitFor(actor, (s) => s.matches('idle') && s.context.zones.length === 0);
    expect(deleted).toEqual([1]);
  });
});

describe('closesOutline', () => {
  it('closes within 2 % of the outline’s extent of the first point, at least half a metre', () => {
    const draft: Array<[number, number]> = [
      [0, 0],
      [100, 0],
      [100, 100],
    ];
    // extent √2·100 ≈ 141 m: 2.8 m closes, 3 m does not
    expect(closesOutline(draft, [2, 2])).toBe(true);
    expect(closesOutline(draft, [3, 0])).toBe(false);
    expect(closesOutline(draft.slice(0, 2), [0, 0])).toBe(false);
  });
});
