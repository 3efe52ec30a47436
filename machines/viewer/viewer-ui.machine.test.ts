/** The viewer UI machine by events and snapshots: split and link, themes and the hidden one, tools and Escape, points. */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { DEFAULT_EFFECTS, layerColour, paneEffects, SPLIT_VIEW_OFF, viewerUiMachine } from './viewer-ui.machine.ts';
import { roundRange, ticksWithin } from './colour-scales.ts';
import { advanceSequence, commandFor, UNLOCK_SEQUENCE } from './viewer-keys.ts';

const start = (tronUnlocked = false) => createActor(viewerUiMachine, { input: { tronUnlocked } }).start();

describe('viewerUi', () => {
  it('starts with one default-themed viewer, linked cameras and the layers panel', () => {
    const s = start().getSnapshot();
    expect(s.value).toEqual({ tool: 'idle', overlay: 'closed', legend: 'shown' });
    expect(s.context).toMatchObject({ split: false, linked: true, activePane: 0, themes: ['default', 'default'], panel: 'layers', tronUnlocked: false });
  });

  it('gives each pane of a split view its own theme; closing the split makes the first pane active again', () => {
    const ui = start();
    ui.send({ type: 'pane.activate', pane: 1 });
    expect(ui.getSnapshot().context.activePane).toBe(0); // no second pane yet
    ui.send({ type: 'split.toggle' });
    ui.send({ type: 'pane.other' });
    ui.send({ type: 'theme.set', pane: 1, theme: 'dark' });
    expect(ui.getSnapshot().context).toMatchObject({ split: true, activePane: 1, themes: ['default', 'dark'] });
    ui.send({ type: 'link.toggle' });
    expect(ui.getSnapshot().context.linked).toBe(false);
    ui.send({ type: 'split.toggle' });
    expect(ui.getSnapshot().context).toMatchObject({ split: false, activePane: 0 });
  });

  it("refuses the hidden 'tron' theme until the key sequence unlocks it, then shows it in the active pane", () => {
    const ui = start();
    ui.send({ type: 'theme.set', pane: 0, theme: 'tron' });
    expect(ui.getSnapshot().context.themes[0]).toBe('default');
    for (const key of UNLOCK_SEQUENCE.slice(0, -1)) ui.send({ type: 'key', key });
    expect(ui.getSnapshot().context.tronUnlocked).toBe(false);
    ui.send({ type: 'key', key: 'A' });
    expect(ui.getSnapshot().context).toMatchObject({ tronUnlocked: true, themes: ['tron', 'default'], unlockProgress: 0 });
    ui.send({ type: 'theme.set', pane: 0, theme: 'light' });
    ui.send({ type: 'theme.set', pane: 0, theme: 'tron' });
    expect(ui.getSnapshot().context.themes[0]).toBe('tron');
  });

  it('cycles themes with theme.next, tron only once unlocked', () => {
    const ui = start();
    const seen: string[] = [];
    for (let i = 0; i < 6; i++) {
      ui.send({ type: 'theme.next' });
      seen.push(ui.getSnapshot().context.themes[0]);
    }
    expect(seen).toEqual(['light', 'translucent', 'geometry', 'dark', 'default', 'light']);
    const unlocked = start(true);
    for (let i = 0; i < 5; i++) unlocked.send({ type: 'theme.next' });
    expect(unlocked.getSnapshot().context.themes[0]).toBe('tron');
  });

  it('cancels any tool with Escape (tool.cancel) and closes the overlay with it', () => {
    const ui = start();
    ui.send({ type: 'tool.probe' });
    expect(ui.getSnapshot().value).toEqual({ tool: 'probe', overlay: 'closed', legend: 'shown' });
    expect(ui.getSnapshot().context.panel).toBe('data');
    ui.send({ type: 'overlay.open' });
    ui.send({ type: 'tool.cancel' });
    expect(ui.getSnapshot().value).toEqual({ tool: 'idle', overlay: 'closed', legend: 'shown' });
  });

  it('adds points only while picking, at most four, the oldest giving way', () => {
    const ui = start();
    ui.send({ type: 'point.add', point: [0, 0, 0] });
    expect(ui.getSnapshot().context.points).toEqual([]);
    ui.send({ type: 'tool.points' });
    for (let i = 1; i <= 5; i++) ui.send({ type: 'point.add', point: [i, i, 0] });
    const points = ui.getSnapshot().context.points;
    expect(points.map((p) => p.point[0])).toEqual([2, 3, 4, 5]);
    expect(points.map((p) => p.label)).toEqual(['B', 'C', 'D', 'A']);
    ui.send({ type: 'point.remove', index: 0 });
    expect(ui.getSnapshot().context.points.map((p) => p.label)).toEqual(['C', 'D', 'A']);
    ui.send({ type: 'points.clear' });
    expect(ui.getSnapshot().context.points).toEqual([]);
  });

  it("keeps each pane's colour edits apart and resets them", () => {
    const ui = start();
    ui.send({ type: 'colour.range', pane: 1, layer: '7', min: 0.5, max: 1.5 });
    ui.send({ type: 'colour.palette', pane: 1, layer: '7', palette: 'cividis' });
    expect(ui.getSnapshot().context.colour).toEqual([{}, { '7': { min: 0.5, max: 1.5, palette: 'cividis' } }]);
    expect(layerColour(ui.getSnapshot().context, 0, '7').settings).toEqual({ min: null, max: null, palette: 'legend' });
    ui.send({ type: 'colour.reset', pane: 1, layer: '7' });
    expect(layerColour(ui.getSnapshot().context, 1, '7').settings).toEqual({ min: null, max: null, palette: 'legend' });
  });
});

describe("each layer's own colour scale", () => {
  const speedUp = '11';
  const comfort = '12';

  it('keeps a range set on one layer to that layer: another layer of the same pane keeps its own', () => {
    const ui = start();
    ui.send({ type: 'layer.values', layer: speedUp, categorical: false, range: [0.05, 0.8] });
    ui.send({ type: 'layer.values', layer: '13', categorical: false, range: [1.2, 7.9] });
    ui.send({ type: 'colour.range', pane: 0, layer: speedUp, min: 0, max: 0.5 });
    const s = ui.getSnapshot().context;
    expect(layerColour(s, 0, speedUp).range).toMatchObject({ min: 0, max: 0.5, edited: true });
    expect(layerColour(s, 0, '13').range).toMatchObject({ min: 0, max: 8, edited: false });
  });

  it('a category map ignores a continuous range: refused when sent to it, and dropped when the layer turns out to be one', () => {
    const ui = start();
    ui.send({ type: 'layer.values', layer: comfort, categorical: true });
    ui.send({ type: 'colour.range', pane: 0, layer: comfort, min: 0, max: 0.8 });
    expect(ui.getSnapshot().context.colour[0][comfort]).toBeUndefined();
    expect(layerColour(ui.getSnapshot().context, 0, comfort).range).toEqual({ min: null, max: null, ticks: null, edited: false });
    // A range stored before the layer was known as a category map (a restored view) is not drawn with.
    ui.send({ type: 'colour.range', pane: 0, layer: '14', min: 0, max: 0.8 });
    ui.send({ type: 'layer.values', layer: '14', categorical: true });
    expect(layerColour(ui.getSnapshot().context, 0, '14').range.min).toBeNull();
  });

  it("defaults a layer's range to its own values widened to round ticks, and follows new values until edited", () => {
    const ui = start();
    expect(layerColour(ui.getSnapshot().context, 0, speedUp).range.min).toBeNull(); // nothing read yet: the legend's
    ui.send({ type: 'layer.values', layer: speedUp, range: [0.05, 0.8] });
    expect(layerColour(ui.getSnapshot().context, 0, speedUp).range).toEqual({ min: 0, max: 0.8, ticks: [0, 0.2, 0.4, 0.6, 0.8], edited: false });
    ui.send({ type: 'layer.values', layer: speedUp, range: [0.3, 1.37] });
    expect(layerColour(ui.getSnapshot().context, 0, speedUp).range).toEqual({ min: 0.25, max: 1.5, ticks: [0.25, 0.5, 0.75, 1, 1.25, 1.5], edited: false });
    ui.send({ type: 'colour.range', pane: 1, layer: speedUp, min: 0, max: 2 });
    // The other pane's edit is its own.
    expect(layerColour(ui.getSnapshot().context, 0, speedUp).range.max).toBe(1.5);
    expect(layerColour(ui.getSnapshot().context, 1, speedUp).range).toMatchObject({ min: 0, max: 2, edited: true });
  });
});

describe('round ranges', () => {
  it('widens a span to round ticks of 1, 2, 2.5 or 5 × 10^k', () => {
    expect(roundRange(0.05, 0.8)).toEqual({ min: 0, max: 0.8, ticks: [0, 0.2, 0.4, 0.6, 0.8] });
    expect(roundRange(31, 77)).toEqual({ min: 30, max: 80, ticks: [30, 40, 50, 60, 70, 80] });
    expect(roundRange(0, 100).ticks).toEqual([0, 20, 40, 60, 80, 100]);
    expect(roundRange(-3.2, 4.1)).toEqual({ min: -4, max: 6, ticks: [-4, -2, 0, 2, 4, 6] });
    expect(roundRange(2, 2)).toEqual({ min: 1.5, max: 2.5, ticks: [1.5, 2, 2.5] });
    expect(ticksWithin(0.13, 0.77)).toEqual([0.13, 0.2, 0.4, 0.6, 0.77]);
  });
});

describe('the colour legend over the 3D view', () => {
  it('is shown at first and toggles with legend.toggle (L), apart from the tools', () => {
    const ui = start();
    ui.send({ type: 'tool.probe' });
    ui.send({ type: 'legend.toggle' });
    expect(ui.getSnapshot().value).toEqual({ tool: 'probe', overlay: 'closed', legend: 'hidden' });
    ui.send({ type: 'tool.cancel' });
    expect(ui.getSnapshot().matches({ legend: 'hidden' })).toBe(true);
    ui.send({ type: 'legend.toggle' });
    expect(ui.getSnapshot().matches({ legend: 'shown' })).toBe(true);
    expect(commandFor('L')).toBe('legend');
  });

  it('keeps the effects switches in the context: all on to start, each toggled on its own, the state regions untouched', () => {
    const ui = start();
    expect(ui.getSnapshot().context.effects).toEqual({ ambientOcclusion: true, outline: true, antialias: true });
    expect(DEFAULT_EFFECTS).toEqual(ui.getSnapshot().context.effects);
    ui.send({ type: 'effects.toggle', effect: 'ambientOcclusion' });
    expect(ui.getSnapshot().context.effects).toEqual({ ambientOcclusion: false, outline: true, antialias: true });
    ui.send({ type: 'effects.toggle', effect: 'antialias' });
    ui.send({ type: 'effects.toggle', effect: 'ambientOcclusion' });
    expect(ui.getSnapshot().context.effects).toEqual({ ambientOcclusion: true, outline: true, antialias: false });
    expect(ui.getSnapshot().value).toEqual({ tool: 'idle', overlay: 'closed', legend: 'shown' });
  });

  it('draws the switches as set in a single view and leaves the split view its costly effects out, back once unsplit', () => {
    const ui = start();
    expect(paneEffects(ui.getSnapshot().context)).toEqual({ ambientOcclusion: true, outline: true, antialias: true });
    ui.send({ type: 'split.toggle' });
    const split = paneEffects(ui.getSnapshot().context);
    for (const effect of SPLIT_VIEW_OFF) expect(split[effect]).toBe(false);
    expect(split).toEqual({ ambientOcclusion: false, outline: true, antialias: true });
    // The user's switches are kept as they were while split.
    expect(ui.getSnapshot().context.effects.ambientOcclusion).toBe(true);
    ui.send({ type: 'effects.toggle', effect: 'outline' });
    expect(paneEffects(ui.getSnapshot().context)).toEqual({ ambientOcclusion: false, outline: false, antialias: true });
    ui.send({ type: 'split.toggle' });
    expect(paneEffects(ui.getSnapshot().context)).toEqual({ ambientOcclusion: true, outline: false, antialias: true });
  });
});

describe('viewer keys', () => {
  it('follows the unlock sequence, tolerating an extra ↑ at the start and restarting on a wrong key', () => {
    let p = 0;
    for (const key of ['ArrowUp', 'ArrowUp', 'ArrowUp', 'ArrowDown']) p = advanceSequence(p, key);
    expect(p).toBe(3);
    expect(advanceSequence(5, 'x')).toBe(0);
    expect(advanceSequence(5, 'ArrowUp')).toBe(1);
    expect(advanceSequence(8, 'B')).toBe(9);
  });

  it('maps keys to commands, letters case-insensitively', () => {
    expect(commandFor('?')).toBe('overlay');
    expect(commandFor('Escape')).toBe('cancel');
    expect(commandFor('F')).toBe('fit');
    expect(commandFor('3')).toBe('panel.wind');
    expect(commandFor('ArrowUp')).toBeNull();
  });
});
