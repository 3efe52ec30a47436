/**
 * The viewer workspace: the coordination of the viewer's two panes that
 * used to live in React. It owns the viewer UI machine (split view, linked cameras, active pane,
 * tools, panels, themes, colour scales), one layer-filter machine per pane, the study's camera
 * positions, and the rules between them:
 * - the configuration's simulations feed both panes; each starts on the simulation the address
 *   names, else the first with results; an unknown id stores SPEC §5's error in the first pane;
 * - a pane's own change of the saved layer list reloads the other pane when it shows the same
 *   simulation (POST replaces the simulation's whole list); a reload is not news (no ping-pong);
 * - a restored view's layers hold in its pane until that pane's saved list changes;
 * - with split view and linked cameras, a pane's camera move is applied to the other pane, and the
 *   other pane's echo of it is not sent back;
 * - keyboard commands and the toolbar's buttons run the same commands;
 * - one screenshot at a time; a failure is a danger toast;
 * - only the active pane's probe is kept, and only while the probe tool or the data panel wants it;
 * - each pane compares on its own: its own comfort re-classification (criterion,
 *   season, time window, weather), told the simulation that pane shows, beside its own filters,
 *   layers, theme and colour scales; the second pane's is told only while the view is split (its
 *   workers read the speed ratios only when there is a second pane to show them);
 * - a simulation's layer sets show in a pane by their show_by_default until the pane's own toggle;
 *   a shown set's file is read and checked once (a loader child per file, shared by the panes), so
 *   the pane draws it as geometry or, with fields, coloured; an unreadable file is kept as the
 *   set's error (a toggle on again retries).
 *
 *   viewerWorkspace
 *   ├── starting          feeds the simulations to both panes → running
 *   └── running
 *       └── screenshot
 *           ├── idle      screenshot command → taking (emits pane.screenshot)
 *           └── taking    screenshot.done → idle; screenshot.failed → idle (toast)
 *
 * Children: `ui` (viewer-ui), `filter0` / `filter1` (layer-filter), `reclass0` / `reclass1`
 * (wind-reclass, one per pane, each its own workers), `cameras` (camera-positions);
 * their snapshots are mirrored into `ui` and `panes` of the context for the rules above. The
 * machine never touches three.js: it emits `pane.*` events that a renderless bridge
 * (src/screens/viewer/workspace-bridge.tsx) turns into ViewerHandle calls, and the bridge reports
 * back with `camera.moved`, `camera.captured` and `screenshot.*`. Owned by the viewer screen's
 * workspace (src/screens/viewer/viewer-workspace.tsx); its children's actors are bound in
 * src/services/viewer-services.ts with `.provide()`.
 */
import { assertEvent, assign, emit, enqueueActions, fromCallback, setup, stopChild, type EventObject, type SnapshotFrom } from 'xstate';
import { layerFilterMachine } from '@machines/layer-filter/layer-filter.machine.ts';
import { FILTER_DIMENSIONS, type FilterDimension, type ResultSimulation, type UserSelectedLayer } from '@machines/layer-filter/layer-filter.types.ts';
import { cameraPositionsMachine } from '@machines/viewer/camera-positions.machine.ts';
import { defaultSimulationId } from '@machines/viewer/default-simulation.ts';
import { viewerUiMachine } from '@machines/viewer/viewer-ui.machine.ts';
import type { ViewerPanel, PaneIndex } from '@machines/viewer/viewer-ui.types.ts';
import type { UrlPaneView } from '@machines/view-url/view-url.ts';
import { commandFor, type ViewerCommand } from '@machines/viewer/viewer-keys.ts';
import { TOAST_SYSTEM_ID, toastRelay } from '@machines/toast/toast-relay.ts';
import type { ToastEvent } from '@machines/toast/toast.machine.ts';
import type { FirstPaneShown, PaneCamera, PaneProbe, ViewerWorkspaceEmitted, ViewerWorkspaceEvent, ViewerWorkspaceInput } from './viewer-workspace.types.ts';
import { layerSetShown, unboundLayerSetLoader, type LayerSetFile, type LayerSetRef } from './layer-sets.ts';
import { windReclassMachine } from '@machines/wind-reclass/wind-reclass.machine.ts';
import type { Asset, ReclassTarget } from '@machines/wind-reclass/wind-reclass.types.ts';

export const SCREENSHOT_FAILED = 'The screenshot could not be taken';

/** What the rules read of a pane's layer filter. */
export interface PaneFilterState {
  simulationId: number | null;
  idle: boolean;
  /** The saved list last seen (by identity: a new list is a change). */
  userLayers: UserSelectedLayer[];
  /** This pane wrote the list since the last change was seen. */
  wrote: boolean;
}

/** What the rules read of the viewer UI. */
export interface UiState {
  split: boolean;
  linked: boolean;
  activePane: PaneIndex;
  tool: 'idle' | 'probe' | 'points';
  panel: ViewerPanel;
  legendShown: boolean;
  overlayOpen: boolean;
}

type Pair<T> = [T, T];

export interface ViewerWorkspaceContext {
  simulations: ResultSimulation[];
  initialSimulationId: number | null;
  scope: { projectId: number; studyId: number };
  ui: UiState;
  panes: Pair<PaneFilterState>;
  /** The asset ids a restored view shows in a pane until that pane's saved list changes. */
  overrides: Pair<number[] | null>;
  /** The camera each pane was last told to take (a restored view, a camera position): a pane mounted later starts there. */
  cameras: Pair<PaneCamera | null>;
  /** The camera last applied to each pane by the link, so its echo is not sent back. */
  linkedTo: Pair<PaneCamera | null>;
  /** The camera each pane last reported (the view in the address carries the first pane's). */
  seen: Pair<PaneCamera | null>;
  probe: PaneProbe | null;
  /** The presentation plane the results import puts CSV points on. */
  importPlane: number | null;
  /** What the first pane shows (sent by the screen, which derives it); null until it has rendered. */
  firstPane: FirstPaneShown | null;
  /** The second pane's visible layer ids, as the screen last reported them. */
  secondLayers: readonly string[];
  /** Per pane: the layer sets switched on or off by the user (by set id); the others follow show_by_default. */
  setShown: Pair<Record<number, boolean>>;
  /** Each layer set's file once asked for (by set id): read, being read, or unreadable. */
  setFiles: Record<number, LayerSetFile>;
}

/** A simulation as the workspace gets it: the layer filter's fields, its layer sets and its met source. */
type WorkspaceSimulation = ResultSimulation & { layer_sets?: readonly LayerSetRef[]; met_source_id?: number | null };

const setsOf = (simulations: readonly WorkspaceSimulation[], simulationId: number | null) => simulations.find((s) => s.id === simulationId)?.layer_sets ?? [];
const configurationIdOf = (simulation: WorkspaceSimulation | undefined) =>
  typeof simulation?.configuration === 'number' ? simulation.configuration : (simulation?.configuration.id ?? 0);

const FILTERS = ['filter0', 'filter1'] as const;
const RECLASS = ['reclass0', 'reclass1'] as const;

/** What a pane's re-classification is told: the simulation the pane shows (the screen's simulations carry the full assets). */
function reclassTarget(context: Pick<ViewerWorkspaceContext, 'simulations' | 'scope'>, simulationId: number | null): ReclassTarget | null {
  const simulation = context.simulations.find((s) => s.id === simulationId) as WorkspaceSimulation | undefined;
  if (!simulation) return null;
  return {
    projectId: context.scope.projectId,
    configurationId: configurationIdOf(simulation),
    simulationId: simulation.id,
    assets: simulation.assets as unknown as Asset[],
    metSourceId: simulation.met_source_id ?? null,
  };
}
const other = (pane: PaneIndex): PaneIndex => (pane === 0 ? 1 : 0);
const replaceAt = <T>(pair: Pair<T>, index: PaneIndex, value: T): Pair<T> => (index === 0 ? [value, pair[1]] : [pair[0], value]);

/** Two cameras within 0.1 mm of each other are the same (a pane reports the camera it was given). */
export function sameCamera(a: PaneCamera, b: PaneCamera | null): boolean {
  if (!b) return false;
  const x = [...a.position, ...a.target];
  const y = [...b.position, ...b.target];
  return x.every((v, i) => Math.abs(v - y[i]!) < 1e-4);
}

const emptyPane = (): PaneFilterState => ({ simulationId: null, idle: false, userLayers: [], wrote: false });

type FilterSnapshot = SnapshotFrom<typeof layerFilterMachine>;
type UiSnapshot = SnapshotFrom<typeof viewerUiMachine>;

function uiState(s: UiSnapshot): UiState {
  const tool = (s.value as { tool: UiState['tool'] }).tool;
  return {
    split: s.context.split,
    linked: s.context.linked,
    activePane: s.context.activePane,
    tool,
    panel: s.context.panel,
    legendShown: s.matches({ legend: 'shown' }),
    overlayOpen: s.matches({ overlay: 'open' }),
  };
}

export const viewerWorkspaceMachine = setup({
  types: {
    context: {} as ViewerWorkspaceContext,
    events: {} as ViewerWorkspaceEvent,
    emitted: {} as ViewerWorkspaceEmitted,
    input: {} as ViewerWorkspaceInput,
    children: {} as {
      ui: 'viewerUi';
      filter0: 'layerFilter';
      filter1: 'layerFilter';
      reclass0: 'paneReclass0';
      reclass1: 'paneReclass1';
      cameras: 'cameraPositions';
      keys: 'keys';
    },
  },
  actors: {
    viewerUi: viewerUiMachine,
    layerFilter: layerFilterMachine,
    // One re-classification per pane, each bound to its own services (its own workers and arrays).
    paneReclass0: windReclassMachine,
    paneReclass1: windReclassMachine,
    cameraPositions: cameraPositionsMachine,
    layerSetLoader: unboundLayerSetLoader,
    /** The window's keys, as `key.press` (bound in src/services/viewer-services.ts; tests send the events). */
    keys: fromCallback<EventObject, void>(() => undefined),
    toastRelay,
  },
  guards: {
    /** A shortcut: not typed into a text field, and the shortcut overlay (which takes the keys while open) closed. */
    isShortcut: ({ context, event }) => {
      assertEvent(event, 'key.press');
      return !event.inText && !context.ui.overlayOpen;
    },
    /** A new list of simulations or a new wanted one (the screen sends what it has on every change). */
    simulationsChanged: ({ context, event }) => {
      assertEvent(event, 'simulations.set');
      return event.simulations !== context.simulations || event.initialSimulationId !== context.initialSimulationId;
    },
    /** The pane reports the camera the link just gave it. */
    echoOfLink: ({ context, event }) => {
      assertEvent(event, 'camera.moved');
      return sameCamera(event.camera, context.linkedTo[event.pane]);
    },
    camerasLinked: ({ context }) => context.ui.split && context.ui.linked,
    /** Only the data panel and the probe tool read probes, of the active pane. */
    probeWanted: ({ context, event }) => {
      assertEvent(event, 'probe.moved');
      return event.pane === context.ui.activePane && (context.ui.tool === 'probe' || context.ui.panel === 'data');
    },
    isScreenshotCommand: ({ event }) => {
      assertEvent(event, 'command.run');
      return event.command === 'screenshot';
    },
  },
  actions: {
    /** Both panes get the simulations; a pane without one starts on the wanted one (SPEC §5's error for an unknown id). */
    feedPanes: enqueueActions(({ context, event, enqueue }) => {
      const simulations = event.type === 'simulations.set' ? event.simulations : context.simulations;
      const initial = event.type === 'simulations.set' ? event.initialSimulationId : context.initialSimulationId;
      if (event.type === 'simulations.set') enqueue.assign({ simulations, initialSimulationId: initial });
      for (const id of FILTERS) enqueue.sendTo(id, { type: 'results.set', simulations });
      const wanted = simulations.find((s) => s.id === initial)?.id ?? defaultSimulationId(simulations);
      context.panes.forEach((pane, i) => {
        if (pane.simulationId === null && wanted !== undefined) enqueue.sendTo(FILTERS[i]!, { type: 'simulation.select', simulationId: wanted });
      });
      if (initial !== null && simulations.length && !simulations.some((s) => s.id === initial)) {
        enqueue.sendTo('filter0', { type: 'simulation.select', simulationId: initial });
      }
    }),
    /** Mirrors the UI machine's state the rules read. */
    mirrorUi: assign(({ event }) => ({ ui: uiState((event as unknown as { snapshot: UiSnapshot }).snapshot) })),
    /**
     * Each shown pane's re-classification is told the simulation the pane shows (the machine itself
     * ignores a target it already has); the second pane's only while the view is split.
     */
    feedReclass: enqueueActions(({ context, enqueue }) => {
      const panes: PaneIndex[] = context.ui.split ? [0, 1] : [0];
      for (const pane of panes) enqueue.sendTo(RECLASS[pane], { type: 'simulation.set', target: reclassTarget(context, context.panes[pane].simulationId) });
    }),
    /**
     * A pane's layer filter moved on: mirror it; when its saved list changed, drop its restored
     * layers, and after its own write reload the other pane if that shows the same simulation.
     */
    notePaneFilter: enqueueActions(({ context, event, enqueue }, pane: PaneIndex) => {
      const s = (event as unknown as { snapshot: FilterSnapshot }).snapshot;
      const writing = s.hasTag('writing');
      const before = context.panes[pane];
      const next: PaneFilterState = {
        simulationId: s.context.selectedSimulationId,
        idle: s.matches({ simulation: 'idle' }),
        userLayers: s.context.userLayers,
        wrote: before.wrote || writing,
      };
      let overrides = context.overrides;
      if (s.context.userLayers !== before.userLayers) {
        overrides = replaceAt(overrides, pane, null);
        if (next.wrote && !writing) {
          next.wrote = false;
          const peer = context.panes[other(pane)];
          if (peer.simulationId === next.simulationId && peer.idle) enqueue.sendTo(FILTERS[other(pane)], { type: 'layers.reload' });
        }
      }
      enqueue.assign({ panes: replaceAt(context.panes, pane, next), overrides });
    }),
    /** A key: the UI machine hears it (the hidden theme's sequence); a shortcut runs its command. */
    pressKey: enqueueActions(({ event, enqueue }) => {
      assertEvent(event, 'key.press');
      enqueue.sendTo('ui', { type: 'key', key: event.key });
      const command = commandFor(event.key);
      if (command) enqueue.raise({ type: 'command.run', command });
    }),
    runCommand: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'command.run');
      const pane = context.ui.activePane;
      const ui = (e: Parameters<typeof enqueue.sendTo>[1]) => enqueue.sendTo('ui', e as never);
      const command: ViewerCommand = event.command;
      switch (command) {
        case 'overlay':
          return ui({ type: 'overlay.open' });
        case 'cancel':
          return ui({ type: 'tool.cancel' });
        case 'fit':
          return enqueue.emit({ type: 'pane.fit', pane });
        case 'screenshot':
          return; // the screenshot region takes it
        case 'split':
          return ui({ type: 'split.toggle' });
        case 'link':
          return ui({ type: 'link.toggle' });
        case 'probe':
          return ui({ type: 'tool.probe' });
        case 'points':
          return ui({ type: 'tool.points' });
        case 'theme.next':
          return ui({ type: 'theme.next' });
        case 'pane.other':
          return ui({ type: 'pane.other' });
        case 'camera.save':
          return enqueue.emit({ type: 'pane.readCamera', pane });
        case 'legend':
          return ui({ type: 'legend.toggle' });
        default:
          return ui({ type: 'panel.show', panel: command.slice('panel.'.length) as ViewerPanel });
      }
    }),
    /** The linked pane takes the camera; remembered so its echo is not sent back. */
    linkCamera: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'camera.moved');
      const to = other(event.pane);
      enqueue.assign({ linkedTo: replaceAt(context.linkedTo, to, event.camera) });
      enqueue.emit({ type: 'pane.camera', pane: to, camera: event.camera });
    }),
    /** 'Save camera' (C): the active pane's camera is saved as the next "View n" and the cameras panel shows. */
    saveCamera: enqueueActions(({ event, enqueue, self }) => {
      assertEvent(event, 'camera.captured');
      const saved = self.getSnapshot().children.cameras?.getSnapshot().context.positions.length ?? 0;
      enqueue.sendTo('ui', { type: 'panel.show', panel: 'cameras' });
      enqueue.sendTo('cameras', { type: 'save', body: { name: `View ${saved + 1}`, camera: event.camera } });
    }),
    restoreCamera: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'camera.restore');
      const pane = context.ui.activePane;
      enqueue.assign({ cameras: replaceAt(context.cameras, pane, event.camera) });
      enqueue.emit({ type: 'pane.camera', pane, camera: event.camera });
    }),
    keepProbe: assign(({ event }) => {
      assertEvent(event, 'probe.moved');
      return { probe: event.probe };
    }),
    addPoint: enqueueActions(({ event, enqueue }) => {
      assertEvent(event, 'point.picked');
      enqueue.sendTo('ui', { type: 'pane.activate', pane: event.pane });
      enqueue.sendTo('ui', { type: 'point.add', point: event.point });
    }),
    flyToFinding: emit(({ context, event }) => {
      assertEvent(event, 'findings.show');
      return { type: 'pane.flyTo' as const, pane: context.ui.activePane, bounds: event.bounds };
    }),
    takeScreenshot: emit(({ context }) => ({ type: 'pane.screenshot' as const, pane: context.ui.activePane, withLegend: context.ui.legendShown })),
    /** Toasts go to the relay found by system id: the context holds no actor. */
    toastLayerFailure: enqueueActions(({ event, enqueue, system }) => {
      assertEvent(event, 'layer.failed');
      const toast: ToastEvent = {
        type: 'toast.show',
        toast: {
          id: `layer-${event.pane}-${event.layerId}`,
          tone: 'danger',
          title: `The layer ${event.title} could not be loaded`,
          description: event.message,
        },
      };
      const toasts = system.get(TOAST_SYSTEM_ID);
      if (toasts) enqueue.sendTo(toasts, toast);
    }),
    toastScreenshotFailure: enqueueActions(({ event, enqueue, system }) => {
      assertEvent(event, 'screenshot.failed');
      const toast: ToastEvent = { type: 'toast.show', toast: { tone: 'danger', title: SCREENSHOT_FAILED, description: event.message } };
      const toasts = system.get(TOAST_SYSTEM_ID);
      if (toasts) enqueue.sendTo(toasts, toast);
    }),
    /** A saved scene view in the first pane: its simulation, filters, layers, theme, colour range and camera. */
    restoreView: enqueueActions(({ context, event, enqueue, self }) => {
      assertEvent(event, 'view.restore');
      const { view } = event;
      const shown = self.getSnapshot().children.filter0?.getSnapshot().context.selectedSimulationId ?? context.panes[0].simulationId;
      if (view.simulationId !== null && view.simulationId !== shown) enqueue.sendTo('filter0', { type: 'simulation.select', simulationId: view.simulationId });
      else enqueue.sendTo('filter0', { type: 'filters.reset' });
      for (const [dimension, value] of Object.entries(view.filters)) {
        if (value && (FILTER_DIMENSIONS as readonly string[]).includes(dimension)) {
          enqueue.sendTo('filter0', { type: 'filter.set', dimension: dimension as FilterDimension, values: value.split('|') });
        }
      }
      enqueue.sendTo('ui', { type: 'theme.set', pane: 0, theme: view.theme });
      // The range belongs to the layer it was saved with (an older view: the last layer it shows).
      const scaleLayer = view.colourScale?.layerId ?? view.layers.at(-1);
      if (view.colourScale && !view.colourScale.discrete && scaleLayer)
        enqueue.sendTo('ui', { type: 'colour.range', pane: 0, layer: scaleLayer, min: view.colourScale.min, max: view.colourScale.max });
      enqueue.assign({
        overrides: replaceAt(context.overrides, 0, view.layers.map(Number).filter(Number.isFinite)),
        linkedTo: replaceAt(context.linkedTo, 0, null),
        cameras: replaceAt(context.cameras, 0, view.camera),
      });
      enqueue.emit({ type: 'pane.camera', pane: 0, camera: view.camera });
    }),
    noteCamera: assign(({ context, event }) => {
      assertEvent(event, 'camera.moved');
      return { seen: replaceAt(context.seen, event.pane, event.camera) };
    }),
    /**
     * The view an address names (machines/view-url), in the first pane and, in split view, the
     * second pane's own; what it leaves out is the default: filters reset, the default theme, one
     * pane, the legend's colours, the saved layers, no point, linked cameras; a camera stays where
     * it is.
     */
    applyUrlView: enqueueActions(({ context, event, enqueue, self }) => {
      assertEvent(event, 'url.apply');
      const { view } = event;
      const split = view.split ?? false;
      const second = split ? (view.second ?? {}) : null;
      const children = self.getSnapshot().children;
      const panes: Array<[PaneIndex, UrlPaneView]> = second
        ? [
            [0, view],
            [1, second],
          ]
        : [[0, view]];
      for (const [pane, paneView] of panes) {
        const filter = FILTERS[pane];
        enqueue.sendTo(filter, { type: 'filters.reset' });
        for (const [dimension, value] of Object.entries(paneView.filters ?? {})) {
          if (value) enqueue.sendTo(filter, { type: 'filter.set', dimension: dimension as FilterDimension, values: value.split('|') });
        }
        enqueue.sendTo('ui', { type: 'theme.set', pane, theme: paneView.theme ?? 'default' });
        // Every layer back to its own colours, then the edits the address names, on their layer.
        const edited = Object.keys(children.ui?.getSnapshot().context.colour[pane] ?? {});
        for (const layer of edited) enqueue.sendTo('ui', { type: 'colour.reset', pane, layer });
        const colourLayer = paneView.colourLayer ?? paneView.layers?.at(-1);
        if (colourLayer !== undefined && paneView.scale)
          enqueue.sendTo('ui', { type: 'colour.range', pane, layer: colourLayer, min: paneView.scale.min, max: paneView.scale.max });
        if (colourLayer !== undefined && paneView.palette)
          enqueue.sendTo('ui', { type: 'colour.palette', pane, layer: colourLayer, palette: paneView.palette });
      }
      const secondSimulation = second?.simulation;
      if (secondSimulation !== undefined && children.filter1?.getSnapshot().context.selectedSimulationId !== secondSimulation)
        enqueue.sendTo('filter1', { type: 'simulation.select', simulationId: secondSimulation });
      if (split !== context.ui.split) enqueue.sendTo('ui', { type: 'split.toggle' });
      // The second pane's own camera means the cameras were not linked; none, that they were.
      const linked = !second?.camera;
      if (split && linked !== context.ui.linked) enqueue.sendTo('ui', { type: 'link.toggle' });
      enqueue.sendTo('ui', view.point ? { type: 'point.restore', point: view.point } : { type: 'points.clear' });
      // Split with linked cameras: the second pane starts on the same camera, and its report of it
      // is the link's echo — else its first fit would be linked back onto the first pane.
      const both = Boolean(view.camera && split && linked);
      let cameras: Pair<PaneCamera | null> = both ? [view.camera!, view.camera!] : replaceAt(context.cameras, 0, view.camera ?? null);
      if (second?.camera) cameras = replaceAt(cameras, 1, second.camera);
      enqueue.assign({
        overrides: [
          view.layers ? view.layers.map(Number).filter(Number.isFinite) : null,
          second ? (second.layers ? second.layers.map(Number).filter(Number.isFinite) : null) : context.overrides[1],
        ],
        linkedTo: both ? [null, view.camera!] : second?.camera ? [null, null] : replaceAt(context.linkedTo, 0, null),
        cameras,
      });
      // Without a camera the pane keeps its own (fitted when its layers load; moving it here could
      // frame a scene not loaded yet).
      if (view.camera) enqueue.emit({ type: 'pane.camera', pane: 0, camera: view.camera });
      if (second?.camera) enqueue.emit({ type: 'pane.camera', pane: 1, camera: second.camera });
    }),
    selectImportPlane: assign(({ event }) => {
      assertEvent(event, 'importPlane.select');
      return { importPlane: event.plane };
    }),
    /** A pane's layer set on or off (from what it shows now); switching an unreadable one on retries it. */
    toggleLayerSet: assign(({ context, event }) => {
      assertEvent(event, 'layerSet.toggle');
      const set = setsOf(context.simulations, context.panes[event.pane].simulationId).find((s) => s.id === event.id);
      if (!set) return {};
      const chosen = context.setShown[event.pane];
      const shown = !layerSetShown(set, chosen);
      const file = context.setFiles[set.id];
      const setFiles =
        shown && file?.status === 'failed' ? Object.fromEntries(Object.entries(context.setFiles).filter(([id]) => Number(id) !== set.id)) : context.setFiles;
      return { setShown: replaceAt(context.setShown, event.pane, { ...chosen, [set.id]: shown }), setFiles };
    }),
    /** Every layer set shown in a visible pane whose file was never asked for is read now (one loader per file). */
    loadShownSets: enqueueActions(({ context, enqueue }) => {
      const setFiles = { ...context.setFiles };
      let started = false;
      const panes: PaneIndex[] = context.ui.split ? [0, 1] : [0];
      for (const pane of panes) {
        const simulationId = context.panes[pane].simulationId;
        const simulation = context.simulations.find((s) => s.id === simulationId) as WorkspaceSimulation | undefined;
        for (const set of simulation?.layer_sets ?? []) {
          if (!layerSetShown(set, context.setShown[pane]) || setFiles[set.id]) continue;
          setFiles[set.id] = { status: 'loading' };
          started = true;
          enqueue.spawnChild('layerSetLoader', {
            id: `set-${set.id}`,
            input: { projectId: context.scope.projectId, configurationId: configurationIdOf(simulation), simulationId: simulation!.id, layerSetId: set.id },
          });
        }
      }
      if (started) enqueue.assign({ setFiles });
    }),
    keepLayerSetFile: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, ['layerSet.loaded', 'layerSet.failed']);
      const file: LayerSetFile = event.type === 'layerSet.loaded' ? { status: 'ready', fields: event.fields } : { status: 'failed', message: event.message };
      enqueue.assign({ setFiles: { ...context.setFiles, [event.id]: file } });
      enqueue(stopChild(`set-${event.id}`));
    }),
    /** The scene could not draw a layer set's file (it reads it again): the set's error too. */
    noteLayerSetFailure: assign(({ context, event }) => {
      assertEvent(event, 'layer.failed');
      const id = Number(/^set-(\d+)$/.exec(event.layerId)?.[1]);
      if (!Number.isFinite(id)) return {};
      return { setFiles: { ...context.setFiles, [id]: { status: 'failed', message: event.message } } };
    }),
  },
}).createMachine({
  id: 'viewerWorkspace',
  context: ({ input, spawn }) => {
    spawn('toastRelay', { systemId: TOAST_SYSTEM_ID, input: input.toasts ?? null });
    return {
      simulations: input.simulations ?? [],
      initialSimulationId: input.initialSimulationId ?? null,
      scope: { projectId: input.projectId, studyId: input.studyId },
      // The viewer UI machine's initial state; its snapshots keep this in step.
      ui: { split: false, linked: true, activePane: 0, tool: 'idle', panel: 'layers', legendShown: true, overlayOpen: false },
      panes: [emptyPane(), emptyPane()],
      overrides: [null, null],
      cameras: [null, null],
      linkedTo: [null, null],
      seen: [null, null],
      probe: null,
      importPlane: null,
      firstPane: null,
      secondLayers: [],
      setShown: [{}, {}],
      setFiles: {},
    };
  },
  invoke: [
    { id: 'ui', src: 'viewerUi', input: {}, onSnapshot: { actions: ['mirrorUi', 'loadShownSets', 'feedReclass'] } },
    {
      id: 'filter0',
      src: 'layerFilter',
      input: ({ context }) => ({ simulations: context.simulations }),
      onSnapshot: { actions: [{ type: 'notePaneFilter', params: 0 }, 'loadShownSets', 'feedReclass'] },
    },
    {
      id: 'filter1',
      src: 'layerFilter',
      input: ({ context }) => ({ simulations: context.simulations }),
      onSnapshot: { actions: [{ type: 'notePaneFilter', params: 1 }, 'loadShownSets', 'feedReclass'] },
    },
    { id: 'reclass0', src: 'paneReclass0' },
    { id: 'reclass1', src: 'paneReclass1' },
    { id: 'cameras', src: 'cameraPositions', input: ({ context }) => context.scope },
    { id: 'keys', src: 'keys' },
  ],
  initial: 'starting',
  on: {
    'simulations.set': { guard: 'simulationsChanged', actions: ['feedPanes', 'loadShownSets', 'feedReclass'] },
    'command.run': { actions: 'runCommand' },
    'key.press': { guard: 'isShortcut', actions: 'pressKey' },
    'camera.moved': [
      { guard: 'echoOfLink', actions: 'noteCamera' },
      { guard: 'camerasLinked', actions: ['noteCamera', 'linkCamera'] },
      { actions: 'noteCamera' },
    ],
    'camera.captured': { actions: 'saveCamera' },
    'camera.restore': { actions: 'restoreCamera' },
    'probe.moved': { guard: 'probeWanted', actions: 'keepProbe' },
    'point.picked': { actions: 'addPoint' },
    'layer.failed': { actions: ['toastLayerFailure', 'noteLayerSetFailure'] },
    'layerSet.toggle': { actions: ['toggleLayerSet', 'loadShownSets'] },
    'layerSet.loaded': { actions: 'keepLayerSetFile' },
    'layerSet.failed': { actions: 'keepLayerSetFile' },
    'findings.show': { actions: 'flyToFinding' },
    'view.restore': { actions: 'restoreView' },
    'url.apply': { actions: 'applyUrlView' },
    'importPlane.select': { actions: 'selectImportPlane' },
    'pane.shown': { actions: assign({ firstPane: ({ event }) => event.shown }) },
    'secondPane.shown': { actions: assign({ secondLayers: ({ event }) => event.layers }) },
  },
  states: {
    // The children exist once the root is entered: the first feed waits for them.
    starting: { always: { target: 'running', actions: 'feedPanes' } },
    running: {
      initial: 'screenshot',
      states: {
        screenshot: {
          initial: 'idle',
          states: {
            idle: { on: { 'command.run': { guard: 'isScreenshotCommand', target: 'taking', actions: 'takeScreenshot' } } },
            // One at a time: another request while the pane renders is ignored.
            taking: {
              on: {
                'screenshot.done': 'idle',
                'screenshot.failed': { target: 'idle', actions: 'toastScreenshotFailure' },
              },
            },
          },
        },
      },
    },
  },
});
