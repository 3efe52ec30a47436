/**
 * The Zones panel by role and text: draw a zone (the plane's clicks arrive as the machine's
 * points), close it with Enter, name it and pick its use, then rename and delete it with the
 * keyboard; a read-only user sees the zones and no drawing.
 */
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor, fromPromise } from 'xstate';
import type { Zone, ZoneCreate, ZonePatch } from '@canopy/contract/zones.ts';
import { zonesMachine } from '@machines/zones/zones.machine.ts';
import { ZonesPanel } from './zones-panel.tsx';

const scope = { projectId: 1, studyId: 2 };
const stamp = '2026-11-28T00:00:00.000Z';

function startZones(initial: Zone[] = []) {
  let next = 10;
  const machine = zonesMachine.provide({
    actors: {
      listZones: fromPromise(async () => initial),
      createZone: fromPromise<Zone, typeof scope & { body: ZoneCreate }>(async ({ input }) => ({
        id: next++,
        name: input.body.name,
        use: input.body.use,
        polygon: input.body.polygon as Zone['polygon'],
        author: 1,
        created_at: stamp,
        updated_at: stamp,
      })),
      updateZone: fromPromise<Zone, typeof scope & { id: number; body: ZonePatch }>(async ({ input }) => {
        const zone = actor.getSnapshot().context.zones.find((z) => z.id === input.id)!;
        return { ...zone, ...(input.body.name ? { name: input.body.name } : {}), ...(input.body.use ? { use: input.body.use } : {}) };
      }),
      deleteZone: fromPromise<void, typeof scope & { id: number }>(async () => {}),
    },
  });
  const actor = createActor(machine, { input: scope }).start();
  return actor;
}

describe('Zones panel', () => {
  it('draws a zone, closes it with Enter, names it with a use, renames and deletes it from the keyboard', async () => {
    const user = userEvent.setup();
    const zones = startZones();
    render(<ZonesPanel zones={zones} mayChange />);
    expect(await screen.findByText(/No zones yet/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Draw zone' }));
    const drawing = screen.getByRole('group', { name: 'Drawing a zone' });
    expect(within(drawing).getByText(/Click points on the plane/)).toBeTruthy();
    for (const point of [
      [0, 0, 1.5],
      [20, 0, 1.5],
      [20, 15, 1.5],
    ])
      zones.send({ type: 'point.add', point });
    expect(await within(drawing).findByText(/3 points so far/)).toBeTruthy();
    await user.keyboard('{Enter}');
    const form = await screen.findByRole('form', { name: 'New zone' });
    await user.type(within(form).getByLabelText('Zone name'), 'Terrace');
    await user.selectOptions(within(form).getByLabelText('Intended use'), 'Sitting (long)');
    await user.click(within(form).getByRole('button', { name: 'Save zone' }));
    const list = await screen.findByRole('list', { name: 'Zones of the study' });
    expect(await within(list).findByText('Terrace')).toBeTruthy();
    expect((within(list).getByLabelText('Intended use of Terrace') as HTMLSelectElement).value).toBe('sitting-long');

    // rename with the keyboard: focus the button, Enter, type, Enter
    within(list).getByRole('button', { name: 'Rename Terrace' }).focus();
    await user.keyboard('{Enter}');
    const input = await within(list).findByLabelText('New name of Terrace');
    await user.clear(input);
    await user.type(input, 'Café terrace{Enter}');
    expect(await within(list).findByText('Café terrace')).toBeTruthy();

    await user.click(within(list).getByRole('button', { name: 'Delete Café terrace' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(list).queryByText('Café terrace')).toBeNull());
  });

  it('cancels drawing with Escape and explains a closing that is not yet possible', async () => {
    const user = userEvent.setup();
    const zones = startZones();
    render(<ZonesPanel zones={zones} mayChange />);
    await user.click(await screen.findByRole('button', { name: 'Draw zone' }));
    zones.send({ type: 'point.add', point: [0, 0, 0] });
    await user.keyboard('{Enter}');
    expect((await screen.findByRole('alert')).textContent).toMatch(/at least 3 points/);
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('button', { name: 'Draw zone' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Drawing a zone' })).toBeNull();
  });

  it('shows a read-only user the zones and their uses, without drawing or changing them', async () => {
    const zones = startZones([
      {
        id: 3,
        name: 'Entrance',
        use: 'standing',
        polygon: [
          [0, 0],
          [4, 0],
          [4, 4],
        ],
        author: 1,
        created_at: stamp,
        updated_at: stamp,
      },
    ]);
    render(<ZonesPanel zones={zones} mayChange={false} />);
    expect(await screen.findByText('Entrance')).toBeTruthy();
    expect(screen.getByText(/Standing/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Draw zone' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });
});
