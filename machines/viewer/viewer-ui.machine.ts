/**
 * The viewer screen's own state, apart from the data it shows: split view and linked
 * cameras, each pane's theme and colour-scale edits, the current tool, the side panel, the probed
 * points of the four-point plot, the shortcut overlay and the hidden theme's unlock.
 *
 *   viewerUi (parallel)
 *   ├── tool      idle | probe | points      Escape (`tool.cancel`) → idle from any tool
 *   ├── overlay   closed | open              `?` opens the shortcut overlay (a radix Dialog)
 *   └── legend    shown | hidden             `legend.toggle` (button or L): the colour legend over the 3D
 *                                            view, and in screenshots while shown
 *
 * Colour scales are kept per pane and per layer: a range set on one layer never
 * reaches another layer or the other pane, a category map refuses a range (its classes are its
 * scale), and a layer nobody edited spans its own values in round ticks (colour-scales.ts); the
 * screen reports each layer's values (`layer.values`) as it reads them.
 *
 * The post-processing effects are the user's switches in the context
 * (`effects.toggle`); `paneEffects` decides what each pane draws: the switches as set in a single
 * view, and without the costly ones (SPLIT_VIEW_OFF, chosen from the viewer-frame benchmark) while
 * the view is split, where two canvases share the frame budget.
 *
 * No actors: everything here is the user's, kept in the context; the panes read it.
 */
import { assertEvent, assign, setup } from 'xstate';
import { advanceSequence, UNLOCK_SEQUENCE } from './viewer-keys.ts';
import { DEFAULT_COLOUR, layerRange, type LayerRange, type LayerValues } from './colour-scales.ts';
import {
  MAX_POINTS,
  PUBLIC_THEMES,
  type ColourSettings,
  type CompareBy,
  type PaletteChoice,
  type PaneIndex,
  type ProbePoint,
  type ThemeName,
  type ViewerEffect,
  type ViewerEffects,
  type ViewerPanel,
} from './viewer-ui.types.ts';

export interface ViewerUiContext {
  split: boolean;
  linked: boolean;
  /** The pane the side panels and keyboard commands act on. */
  activePane: PaneIndex;
  themes: [ThemeName, ThemeName];
  /** Per pane, each layer's colour edits (by scene layer id); a layer not here has none. */
  colour: [Record<string, ColourSettings>, Record<string, ColourSettings>];
  /** What the screen read of each layer's values (by scene layer id): classes or a field, and its span. */
  layerValues: Record<string, LayerValues>;
  panel: ViewerPanel;
  points: ProbePoint[];
  compareBy: CompareBy;
  /** Presentation plane shown (a geometry asset id as a string), or null for all of them. */
  plane: string | null;
  unlockProgress: number;
  tronUnlocked: boolean;
  /** The effects switches as the user set them (what a single view draws). */
  effects: ViewerEffects;
}

export type ViewerUiEvent =
  | { type: 'split.toggle' }
  | { type: 'link.toggle' }
  | { type: 'pane.activate'; pane: PaneIndex }
  | { type: 'pane.other' }
  | { type: 'theme.set'; pane: PaneIndex; theme: ThemeName }
  | { type: 'theme.next' }
  | { type: 'key'; key: string }
  | { type: 'overlay.open' }
  | { type: 'overlay.close' }
  | { type: 'tool.probe' }
  | { type: 'tool.points' }
  | { type: 'tool.cancel' }
  | { type: 'panel.show'; panel: ViewerPanel }
  | { type: 'point.add'; point: [number, number, number] }
  | { type: 'point.remove'; index: number }
  | { type: 'points.clear' }
  /** The selected point of a view from the address (any tool): it becomes the only point. */
  | { type: 'point.restore'; point: [number, number, number] }
  | { type: 'compare.by'; by: CompareBy }
  | { type: 'colour.range'; pane: PaneIndex; layer: string; min: number | null; max: number | null }
  | { type: 'colour.palette'; pane: PaneIndex; layer: string; palette: PaletteChoice }
  | { type: 'colour.reset'; pane: PaneIndex; layer: string }
  /** A layer's values as read: category classes or not, and the field's finite span. */
  | { type: 'layer.values'; layer: string; categorical?: boolean; range?: [number, number] | null }
  | { type: 'plane.select'; plane: string | null }
  | { type: 'legend.toggle' }
  | { type: 'effects.toggle'; effect: ViewerEffect };

/** A layer's colour in a pane: the user's edits and the range it is drawn with. */
export function layerColour(
  context: Pick<ViewerUiContext, 'colour' | 'layerValues'>,
  pane: PaneIndex,
  layer: string,
): { settings: ColourSettings; range: LayerRange } {
  const settings = context.colour[pane][layer] ?? DEFAULT_COLOUR;
  return { settings, range: layerRange(settings, context.layerValues[layer]) };
}

/**
 * Every effect on by default: in the viewer-frame benchmark a single view with ambient occlusion
 * and antialiasing is 1.25× the raw three.js frame (its budget; effects off 0.38×); outlines cost
 * only while something is hovered or a finding shown (1.94× hovering a 200k-triangle layer).
 */
export const DEFAULT_EFFECTS: ViewerEffects = { ambientOcclusion: true, outline: true, antialias: true };

/**
 * The effects a split view leaves out of both panes, whatever the switches say: two canvases
 * draw each frame there; in the benchmark the split view is 2.70× the raw frame with every
 * effect and 1.60× without ambient occlusion (hovered outline included).
 */
export const SPLIT_VIEW_OFF: readonly ViewerEffect[] = ['ambientOcclusion'];

/** What each pane draws: the user's switches, less SPLIT_VIEW_OFF while the view is split. */
export function paneEffects(context: Pick<ViewerUiContext, 'effects' | 'split'>): ViewerEffects {
  if (!context.split) return context.effects;
  const out = { ...context.effects };
  for (const effect of SPLIT_VIEW_OFF) out[effect] = false;
  return out;
}

/** The themes the picker offers: the public five, then 'tron' once unlocked. */
export function availableThemes(tronUnlocked: boolean): ThemeName[] {
  return tronUnlocked ? [...PUBLIC_THEMES, 'tron'] : [...PUBLIC_THEMES];
}

function replaceAt<T>(pair: [T, T], index: PaneIndex, value: T): [T, T] {
  return index === 0 ? [value, pair[1]] : [pair[0], value];
}

/** Points are labelled A–D by slot; a fifth point replaces the oldest so the plot keeps four. */
function addPoint(points: ProbePoint[], point: [number, number, number]): ProbePoint[] {
  const kept = points.length >= MAX_POINTS ? points.slice(1) : points;
  const used = new Set(kept.map((p) => p.label));
  const label = ['A', 'B', 'C', 'D'].find((l) => !used.has(l)) ?? 'A';
  return [...kept, { label, point }];
}

export const viewerUiMachine = setup({
  types: {
    context: {} as ViewerUiContext,
    events: {} as ViewerUiEvent,
    input: {} as { tronUnlocked?: boolean } | undefined,
  },
  guards: {
    /** A category map's classes are its scale: no range is set on one. */
    rangeAllowed: ({ context, event }) => {
      assertEvent(event, 'colour.range');
      return !context.layerValues[event.layer]?.categorical;
    },
    themeAllowed: ({ context, event }) => {
      assertEvent(event, 'theme.set');
      return availableThemes(context.tronUnlocked).includes(event.theme);
    },
  },
  actions: {
    toggleSplit: assign(({ context }) => ({ split: !context.split, activePane: context.split ? 0 : context.activePane }) as Partial<ViewerUiContext>),
    toggleLink: assign(({ context }) => ({ linked: !context.linked })),
    activate: assign(({ context, event }) => {
      assertEvent(event, 'pane.activate');
      return { activePane: context.split ? event.pane : 0 } as Partial<ViewerUiContext>;
    }),
    otherPane: assign(({ context }) => ({ activePane: (context.split && context.activePane === 0 ? 1 : 0) as PaneIndex })),
    setTheme: assign(({ context, event }) => {
      assertEvent(event, 'theme.set');
      return { themes: replaceAt(context.themes, event.pane, event.theme) };
    }),
    nextTheme: assign(({ context }) => {
      const list = availableThemes(context.tronUnlocked);
      const current = context.themes[context.activePane];
      const next = list[(list.indexOf(current) + 1) % list.length]!;
      return { themes: replaceAt(context.themes, context.activePane, next) };
    }),
    /** Each key advances the unlock sequence; completing it unlocks 'tron' and shows it in the active pane. */
    trackKey: assign(({ context, event }) => {
      assertEvent(event, 'key');
      const progress = advanceSequence(context.unlockProgress, event.key);
      if (progress < UNLOCK_SEQUENCE.length) return { unlockProgress: progress };
      return { unlockProgress: 0, tronUnlocked: true, themes: replaceAt(context.themes, context.activePane, 'tron' as ThemeName) };
    }),
    showPanel: assign(({ event }) => {
      assertEvent(event, 'panel.show');
      return { panel: event.panel };
    }),
    addPoint: assign(({ context, event }) => {
      assertEvent(event, 'point.add');
      return { points: addPoint(context.points, event.point) };
    }),
    removePoint: assign(({ context, event }) => {
      assertEvent(event, 'point.remove');
      return { points: context.points.filter((_, i) => i !== event.index) };
    }),
    clearPoints: assign({ points: [] }),
    restorePoint: assign(({ event }) => {
      assertEvent(event, 'point.restore');
      return { points: addPoint([], event.point) };
    }),
    compareBy: assign(({ event }) => {
      assertEvent(event, 'compare.by');
      return { compareBy: event.by };
    }),
    setRange: assign(({ context, event }) => {
      assertEvent(event, 'colour.range');
      const own = context.colour[event.pane];
      const settings = { ...(own[event.layer] ?? DEFAULT_COLOUR), min: event.min, max: event.max };
      return { colour: replaceAt(context.colour, event.pane, { ...own, [event.layer]: settings }) };
    }),
    setPalette: assign(({ context, event }) => {
      assertEvent(event, 'colour.palette');
      const own = context.colour[event.pane];
      const settings = { ...(own[event.layer] ?? DEFAULT_COLOUR), palette: event.palette };
      return { colour: replaceAt(context.colour, event.pane, { ...own, [event.layer]: settings }) };
    }),
    resetColour: assign(({ context, event }) => {
      assertEvent(event, 'colour.reset');
      const own = { ...context.colour[event.pane] };
      delete own[event.layer];
      return { colour: replaceAt(context.colour, event.pane, own) };
    }),
    /** What the screen read of a layer: a category map also drops any range set on it before. */
    noteValues: assign(({ context, event }) => {
      assertEvent(event, 'layer.values');
      const before = context.layerValues[event.layer];
      const next: LayerValues = {
        categorical: event.categorical ?? before?.categorical ?? false,
        range: event.range !== undefined ? event.range : (before?.range ?? null),
      };
      if (before && before.categorical === next.categorical && before.range?.[0] === next.range?.[0] && before.range?.[1] === next.range?.[1]) return {};
      return { layerValues: { ...context.layerValues, [event.layer]: next } };
    }),
    selectPlane: assign(({ event }) => {
      assertEvent(event, 'plane.select');
      return { plane: event.plane };
    }),
    toggleEffect: assign(({ context, event }) => {
      assertEvent(event, 'effects.toggle');
      return { effects: { ...context.effects, [event.effect]: !context.effects[event.effect] } };
    }),
  },
}).createMachine({
  id: 'viewerUi',
  type: 'parallel',
  context: ({ input }) => ({
    split: false,
    linked: true,
    activePane: 0,
    themes: ['default', 'default'],
    colour: [{}, {}],
    layerValues: {},
    panel: 'layers',
    points: [],
    compareBy: 'wind_direction',
    plane: null,
    unlockProgress: 0,
    tronUnlocked: input?.tronUnlocked ?? false,
    effects: DEFAULT_EFFECTS,
  }),
  on: {
    'split.toggle': { actions: 'toggleSplit' },
    'link.toggle': { actions: 'toggleLink' },
    'pane.activate': { actions: 'activate' },
    'pane.other': { actions: 'otherPane' },
    'theme.set': { guard: 'themeAllowed', actions: 'setTheme' },
    'theme.next': { actions: 'nextTheme' },
    key: { actions: 'trackKey' },
    'panel.show': { actions: 'showPanel' },
    'point.remove': { actions: 'removePoint' },
    'points.clear': { actions: 'clearPoints' },
    'point.restore': { actions: 'restorePoint' },
    'compare.by': { actions: 'compareBy' },
    'colour.range': { guard: 'rangeAllowed', actions: 'setRange' },
    'layer.values': { actions: 'noteValues' },
    'colour.palette': { actions: 'setPalette' },
    'colour.reset': { actions: 'resetColour' },
    'plane.select': { actions: 'selectPlane' },
    'effects.toggle': { actions: 'toggleEffect' },
  },
  states: {
    tool: {
      initial: 'idle',
      on: {
        'tool.probe': { target: '.probe', actions: assign({ panel: 'data' as ViewerPanel }) },
        // The point story picks its point with the same tool and stays open while it does.
        'tool.points': { target: '.points', actions: assign({ panel: ({ context }) => (context.panel === 'story' ? 'story' : 'points') as ViewerPanel }) },
        'tool.cancel': { target: '.idle' },
      },
      states: {
        idle: {},
        probe: {},
        // Clicks on the model add points only while this tool is on.
        points: { on: { 'point.add': { actions: 'addPoint' } } },
      },
    },
    legend: {
      initial: 'shown',
      states: {
        shown: { on: { 'legend.toggle': 'hidden' } },
        hidden: { on: { 'legend.toggle': 'shown' } },
      },
    },
    overlay: {
      initial: 'closed',
      states: {
        closed: { on: { 'overlay.open': 'open' } },
        open: { on: { 'overlay.close': 'closed', 'tool.cancel': 'closed' } },
      },
    },
  },
});
