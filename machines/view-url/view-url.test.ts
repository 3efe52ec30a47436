/** The view in the address: encode/decode round trips and malformed input; the machine by events (fake timers). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { decodeView, encodeView, hasView, type UrlView } from './view-url.ts';
import { MALFORMED_NOTICE, viewUrlMachine, type ViewUrlEmitted } from './view-url.machine.ts';

const FULL: UrlView = {
  camera: { position: [120.5, -40.25, 35], target: [0, 0, 1.5], up: [0, 0, 1], fov: 45 },
  layers: ['101', 'streamlines:0', 'a,b'],
  filters: { analysis_type: 'wind-directional', wind_direction: '45', season_filter: 'Winter' },
  scale: { min: 0.2, max: null },
  palette: 'viridis',
  colourLayer: '101',
  theme: 'dark',
  split: true,
  point: [10, 20.5, 1.5],
};

describe('encode and decode', () => {
  it('round-trips every part of the view', () => {
    const search = encodeView(FULL);
    expect(decodeView(search)).toEqual({ ok: true, view: FULL });
    expect(decodeView(`?${search}`)).toEqual({ ok: true, view: FULL });
  });

  it("round-trips the second pane's own view under its b. keys, apart from the first pane's", () => {
    const view: UrlView = {
      ...FULL,
      second: {
        camera: { position: [-30, 80, 20], target: [5, 5, 0], up: [0, 0, 1], fov: 60 },
        layers: ['201', '202'],
        filters: { season_filter: 'Summer' },
        scale: { min: null, max: 4 },
        palette: 'cividis',
        colourLayer: '202',
        theme: 'light',
        simulation: 12,
      },
    };
    const search = encodeView(view);
    expect(new URLSearchParams(search).get('b.theme')).toBe('light');
    expect(new URLSearchParams(search).get('b.f.season_filter')).toBe('Summer');
    expect(new URLSearchParams(search).get('theme')).toBe('dark');
    expect(decodeView(search)).toEqual({ ok: true, view });
    expect(hasView('?b.theme=dark')).toBe(true);
    expect(hasView('?b.other=1')).toBe(false);
    // one pane: the second pane is not written
    expect(encodeView({ theme: 'dark', second: { theme: 'light' } })).toBe('theme=dark');
  });

  it('writes a short, readable query and leaves out what is the default', () => {
    expect(
      encodeView({ camera: { position: [1.234, 2, 3], target: [0, 0, 0], up: [0, 0, 1], fov: 50 }, theme: 'default', palette: 'legend', split: false }),
    ).toBe('cam=1.23%2C2%2C3%2C0%2C0%2C0%2C50');
    expect(encodeView({})).toBe('');
  });

  it('keeps a tilted camera up vector, and the keys that are not the view', () => {
    const view: UrlView = { camera: { position: [1, 2, 3], target: [0, 0, 0], up: [0, 1, 0], fov: 30 } };
    const search = encodeView(view, new URLSearchParams('tab=wind&cam=9,9,9,9,9,9,9'));
    expect(new URLSearchParams(search).get('tab')).toBe('wind');
    expect(decodeView(search)).toEqual({ ok: true, view });
  });

  it('reads an address without view keys as the default view', () => {
    expect(hasView('?tab=wind')).toBe(false);
    expect(decodeView('?tab=wind')).toEqual({ ok: true, view: {} });
    expect(hasView('?theme=dark')).toBe(true);
  });

  it.each([
    ['cam=1,2,3', 'cam: expected 7 numbers'],
    ['cam=1,2,3,4,5,6,abc', 'cam: expected 7 numbers'],
    ['cam=1,2,3,4,5,6,0', 'cam: the field of view must be between 0 and 180 degrees'],
    ['cam=1e9,2,3,4,5,6,45', 'cam: expected 7 numbers'],
    ['up=0,0,1', 'up: given without cam'],
    ['cam=1,2,3,4,5,6,45&up=0,0,0', 'up: must not be zero'],
    ['layers=1,,2', 'layers: not a list of layer ids'],
    ['layers=%E0%A4%A', 'layers: not a list of layer ids'],
    ['f.colour=red', 'f.colour: not a filter'],
    ['f.wind_direction=', 'f.wind_direction: empty'],
    ['scale=2,1', 'scale: min must be below max'],
    ['scale=low,high', 'scale: expected min,max'],
    ['scale=1,2&clayer=', 'clayer: not a layer id'],
    ['palette=rainbow', 'palette: not one of legend, viridis, cividis'],
    ['theme=neon', 'theme: not a theme'],
    ['split=yes', 'split: expected 1 or 0'],
    ['pt=1,2', 'pt: expected 3 numbers'],
    ['theme=dark&theme=light', 'theme: given more than once'],
    ['split=1&b.cam=1,2,3', 'b.cam: expected 7 numbers'],
    ['split=1&b.theme=neon', 'b.theme: not a theme'],
    ['split=1&b.f.colour=red', 'b.f.colour: not a filter'],
    ['split=1&b.scale=2,1', 'b.scale: min must be below max'],
    ['split=1&b.sim=abc', 'b.sim: not a simulation id'],
    ['b.theme=dark', 'b.: the second pane is given without split=1'],
  ])('refuses %s as a whole, naming the problem', (search, problem) => {
    const decoded = decodeView(search);
    expect(decoded.ok).toBe(false);
    expect(decoded.ok ? [] : decoded.problems).toContain(problem);
  });

  it('refuses the whole view when one part is malformed (half a view would be another view)', () => {
    const { point: _point, ...withoutPoint } = FULL;
    expect(decodeView(`${encodeView(withoutPoint)}&pt=1,2`)).toEqual({ ok: false, problems: ['pt: expected 3 numbers'] });
    // a malformed second pane refuses the first pane's view too
    expect(decodeView(`${encodeView(FULL)}&b.theme=neon`)).toEqual({ ok: false, problems: ['b.theme: not a theme'] });
  });
});

describe('the address machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function start(search: string) {
    const emitted: ViewUrlEmitted[] = [];
    const actor = createActor(viewUrlMachine, { input: { search } });
    for (const type of ['view.apply', 'url.push', 'url.replace'] as const) actor.on(type, (e) => emitted.push(e));
    actor.start();
    actor.send({ type: 'viewer.ready' });
    return { actor, emitted };
  }
  const dark: UrlView = { theme: 'dark' };
  const split: UrlView = { theme: 'dark', split: true };

  it("opens the address's view once the viewer is ready", () => {
    const { emitted } = start(`?${encodeView(FULL)}`);
    expect(emitted).toEqual([{ type: 'view.apply', view: FULL }]);
  });

  it('applies nothing for an address without a view', () => {
    const { emitted } = start('?tab=wind');
    expect(emitted).toEqual([]);
  });

  it('falls back to the default view with a notice for a malformed address, and cleans the address', () => {
    const { actor, emitted } = start('?cam=1,2&theme=dark');
    expect(emitted).toEqual([{ type: 'url.replace', view: {} }]);
    expect(actor.getSnapshot().context.notice).toBe(MALFORMED_NOTICE);
    expect(actor.getSnapshot().context.problems).toEqual(['cam: expected 7 numbers']);
    actor.send({ type: 'notice.dismiss' });
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  it('fills an address without a view in place with the first report', async () => {
    const { actor, emitted } = start('?tab=wind');
    actor.send({ type: 'view.changed', view: { layers: ['101'] } });
    await vi.advanceTimersByTimeAsync(400);
    expect(emitted).toEqual([{ type: 'url.replace', view: { layers: ['101'] } }]);
  });

  it('writes one history entry per settled change the person makes (a drag is one entry)', async () => {
    const { actor, emitted } = start('');
    await vi.advanceTimersByTimeAsync(2000);
    actor.send({ type: 'user.acted' });
    for (const x of [1, 2, 3, 4]) {
      actor.send({ type: 'view.changed', view: { camera: { position: [x, 0, 10], target: [0, 0, 0], up: [0, 0, 1], fov: 45 } } });
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(emitted).toEqual([]);
    await vi.advanceTimersByTimeAsync(400);
    expect(emitted).toEqual([{ type: 'url.push', view: { camera: { position: [4, 0, 10], target: [0, 0, 0], up: [0, 0, 1], fov: 45 } } }]);
    // the same view again is no news
    actor.send({ type: 'view.changed', view: { camera: { position: [4, 0, 10], target: [0, 0, 0], up: [0, 0, 1], fov: 45 } } });
    await vi.advanceTimersByTimeAsync(1000);
    expect(emitted).toHaveLength(1);
  });

  it('walks back and forward: applies the entry it lands on without adding one', async () => {
    const { actor, emitted } = start('');
    await vi.advanceTimersByTimeAsync(2000);
    actor.send({ type: 'user.acted' });
    actor.send({ type: 'view.changed', view: dark });
    await vi.advanceTimersByTimeAsync(400);
    actor.send({ type: 'user.acted' });
    actor.send({ type: 'view.changed', view: split });
    await vi.advanceTimersByTimeAsync(400);
    expect(emitted.map((e) => e.type)).toEqual(['url.push', 'url.push']);
    // back: to the dark entry; the viewer then reports that view — no new entry
    actor.send({ type: 'url.popped', search: `?${encodeView(dark)}` });
    expect(emitted.at(-1)).toEqual({ type: 'view.apply', view: dark });
    actor.send({ type: 'view.changed', view: dark });
    await vi.advanceTimersByTimeAsync(1000);
    expect(emitted.map((e) => e.type)).toEqual(['url.push', 'url.push', 'view.apply']);
    // back again: the first entry had no view, so the default view is shown
    actor.send({ type: 'url.popped', search: '' });
    expect(emitted.at(-1)).toEqual({ type: 'view.apply', view: {} });
  });

  it("replaces, not adds, when the viewer's report of an applied view differs slightly", async () => {
    const { actor, emitted } = start(`?${encodeView(dark)}`);
    actor.send({ type: 'view.changed', view: { theme: 'dark', layers: ['101'] } });
    await vi.advanceTimersByTimeAsync(400);
    expect(emitted.at(-1)).toEqual({ type: 'url.replace', view: { theme: 'dark', layers: ['101'] } });
    await vi.advanceTimersByTimeAsync(2000);
    actor.send({ type: 'user.acted' });
    actor.send({ type: 'view.changed', view: split });
    await vi.advanceTimersByTimeAsync(400);
    expect(emitted.at(-1)).toEqual({ type: 'url.push', view: split });
  });

  it('adds an entry for a change the person makes just after opening, before or after the viewer reported the view', async () => {
    const light: UrlView = { theme: 'light', split: true, layers: ['101'] };
    // after the viewer's report was written
    const after = start(`?${encodeView(split)}`);
    after.actor.send({ type: 'view.changed', view: { ...split, layers: ['101'] } });
    await vi.advanceTimersByTimeAsync(400);
    after.actor.send({ type: 'user.acted' });
    after.actor.send({ type: 'view.changed', view: light });
    await vi.advanceTimersByTimeAsync(400);
    expect(after.emitted.slice(1)).toEqual([
      { type: 'url.replace', view: { ...split, layers: ['101'] } },
      { type: 'url.push', view: light },
    ]);
    // in the same moment as the viewer's report: the opened entry stays for Back
    const during = start(`?${encodeView(split)}`);
    during.actor.send({ type: 'view.changed', view: { ...split, layers: ['101'] } });
    during.actor.send({ type: 'user.acted' });
    during.actor.send({ type: 'view.changed', view: light });
    await vi.advanceTimersByTimeAsync(400);
    expect(during.emitted.slice(1)).toEqual([{ type: 'url.push', view: light }]);
  });

  it("replaces the entry with the viewer's report even when it could not show a part named (no trap for Back)", async () => {
    // a copied address naming a layer that a re-run has since removed, and the layers loading late
    const { actor, emitted } = start('?layers=101,999');
    actor.send({ type: 'view.changed', view: { layers: ['101'] } });
    await vi.advanceTimersByTimeAsync(400);
    actor.send({ type: 'view.changed', view: { layers: ['101', '102'] } });
    await vi.advanceTimersByTimeAsync(400);
    expect(emitted.slice(1)).toEqual([
      { type: 'url.replace', view: { layers: ['101'] } },
      { type: 'url.replace', view: { layers: ['101', '102'] } },
    ]);
  });

  it("folds the viewer's own later reports into the entry, however late: the person's change, then its layers loading", async () => {
    const { actor, emitted } = start(`?${encodeView(dark)}`);
    actor.send({ type: 'user.acted' });
    actor.send({ type: 'view.changed', view: { theme: 'light' } });
    await vi.advanceTimersByTimeAsync(400);
    await vi.advanceTimersByTimeAsync(5000);
    actor.send({ type: 'view.changed', view: { theme: 'light', layers: ['101'] } });
    await vi.advanceTimersByTimeAsync(400);
    expect(emitted.slice(1)).toEqual([
      { type: 'url.push', view: { theme: 'light' } },
      { type: 'url.replace', view: { theme: 'light', layers: ['101'] } },
    ]);
  });

  it('forgets the act on Back: the entry walked to is reported in place', async () => {
    const { actor, emitted } = start('');
    await vi.advanceTimersByTimeAsync(2000);
    actor.send({ type: 'user.acted' });
    actor.send({ type: 'view.changed', view: dark });
    await vi.advanceTimersByTimeAsync(400);
    actor.send({ type: 'url.popped', search: '?layers=101,999' });
    actor.send({ type: 'view.changed', view: { layers: ['101'] } });
    await vi.advanceTimersByTimeAsync(400);
    expect(emitted.map((e) => e.type)).toEqual(['url.push', 'view.apply', 'url.replace']);
  });

  it('shows the notice when back lands on a malformed entry', () => {
    const { actor, emitted } = start('');
    actor.send({ type: 'url.popped', search: '?theme=neon' });
    expect(emitted.at(-1)).toEqual({ type: 'view.apply', view: {} });
    expect(actor.getSnapshot().context.notice).toBe(MALFORMED_NOTICE);
  });
});
