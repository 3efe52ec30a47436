/** Named readings of the viewer workspace machine for the viewer screen. */
import type { SnapshotFrom } from 'xstate';
import type { PaneIndex } from '@machines/viewer/viewer-ui.types.ts';
import type { viewerWorkspaceMachine } from './viewer-workspace.machine.ts';
import { layerSetName, layerSetShown, type LayerSetRef, type LayerSetRow } from './layer-sets.ts';
import { FILTER_DIMENSIONS, type FilterDimension } from '@machines/layer-filter/layer-filter.types.ts';
import type { UrlPaneView, UrlView } from '@machines/view-url/view-url.ts';

type Snapshot = SnapshotFrom<typeof viewerWorkspaceMachine>;

type Children = Snapshot['children'];

/** The workspace's children, typed; they are invoked when the workspace starts, so a missing one is a broken machine. */
type Child<K extends keyof Children> = NonNullable<Children[K]>;
export function selectChildren(s: Snapshot): {
  ui: Child<'ui'>;
  filter0: Child<'filter0'>;
  filter1: Child<'filter1'>;
  reclass0: Child<'reclass0'>;
  reclass1: Child<'reclass1'>;
  cameras: Child<'cameras'>;
} {
  const { ui, filter0, filter1, reclass0, reclass1, cameras } = s.children;
  if (!ui || !filter0 || !filter1 || !reclass0 || !reclass1 || !cameras) throw new Error('The viewer workspace has not started its children');
  return { ui, filter0, filter1, reclass0, reclass1, cameras };
}

export const selectTool = (s: Snapshot) => s.context.ui.tool;
export const selectOverlayOpen = (s: Snapshot) => s.context.ui.overlayOpen;
export const selectLegendShown = (s: Snapshot) => s.context.ui.legendShown;
/** Per pane: the asset ids a restored view shows, or null for the pane's own choice. */
export const selectOverrides = (s: Snapshot) => s.context.overrides;
/** Per pane: the camera it was last told to take (a pane mounted later starts there). */
export const selectPaneCameras = (s: Snapshot) => s.context.cameras;
export const selectProbe = (s: Snapshot) => s.context.probe;
export const selectImportPlane = (s: Snapshot) => s.context.importPlane;

/** The layer sets of a pane's simulation for the layer panel: name, type, shown, and the file's state. */
export function selectLayerSetRows(pane: PaneIndex) {
  return (s: Snapshot): LayerSetRow[] => {
    const { simulations, panes, setShown, setFiles } = s.context;
    const simulation = simulations.find((sim) => sim.id === panes[pane].simulationId) as
      (Snapshot['context']['simulations'][number] & { layer_sets?: readonly LayerSetRef[] }) | undefined;
    if (!simulation) return [];
    const configurationId = typeof simulation.configuration === 'number' ? simulation.configuration : simulation.configuration.id;
    return (simulation.layer_sets ?? []).map((set) => ({
      id: set.id,
      simulationId: simulation.id,
      configurationId,
      name: layerSetName(set),
      layerType: set.layer_type,
      shown: layerSetShown(set, setShown[pane]),
      file: setFiles[set.id] ?? null,
    }));
  };
}

/** Rows equal field by field (the selector builds new ones on every snapshot). */
export const sameLayerSetRows = (a: readonly LayerSetRow[], b: readonly LayerSetRow[]) =>
  a.length === b.length &&
  a.every((row, i) => row.id === b[i]!.id && row.shown === b[i]!.shown && row.file === b[i]!.file && row.simulationId === b[i]!.simulationId);

/** The first pane's visible layer ids, as the screen last reported them. */
export const selectFirstPaneLayers = (s: Snapshot): readonly string[] => s.context.firstPane?.layers ?? [];

/** The first pane's filter choices, one `a|b` string (or null) per dimension. */
export function selectFirstPaneFilters(s: Snapshot): Record<FilterDimension, string | null> {
  const selection = s.children.filter0?.getSnapshot().context.selection ?? {};
  return Object.fromEntries(
    FILTER_DIMENSIONS.map((d) => {
      const values = selection[d];
      return [d, values?.length ? values.join('|') : null];
    }),
  ) as Record<FilterDimension, string | null>;
}

/** One pane's parts of the address: its filter choices, the colour settings of one of its layers, its theme. */
function paneUrlView(s: Snapshot, pane: PaneIndex, layers: readonly string[], camera: UrlPaneView['camera'] | null): UrlPaneView {
  const ui = s.children.ui?.getSnapshot().context;
  const selection = s.children[pane === 0 ? 'filter0' : 'filter1']?.getSnapshot().context.selection ?? {};
  const filters: Partial<Record<FilterDimension, string>> = {};
  for (const dimension of FILTER_DIMENSIONS) {
    const values = selection[dimension];
    if (values?.length) filters[dimension] = values.join('|');
  }
  // Each layer keeps its own colour edits: the address carries those of one layer, the last
  // visible one that has any.
  const edited = ui?.colour[pane] ?? {};
  const colourLayer = [...layers].reverse().find((id) => edited[id]) ?? (layers.length ? undefined : Object.keys(edited)[0]);
  const colour = colourLayer === undefined ? undefined : edited[colourLayer];
  return {
    ...(camera ? { camera } : {}),
    ...(layers.length ? { layers: [...layers] } : {}),
    ...(Object.keys(filters).length ? { filters } : {}),
    ...(colour && (colour.min !== null || colour.max !== null) ? { scale: { min: colour.min, max: colour.max } } : {}),
    ...(colour && colour.palette !== 'legend' ? { palette: colour.palette } : {}),
    ...(colour && colourLayer !== undefined && (colour.min !== null || colour.max !== null || colour.palette !== 'legend') ? { colourLayer } : {}),
    ...(ui && ui.themes[pane] !== 'default' ? { theme: ui.themes[pane] } : {}),
  };
}

/**
 * The view as the address carries it (machines/view-url): the first pane's camera as last
 * reported, its visible layers (`layers`, else those the screen last reported), the filter choices,
 * the colour settings, theme, split view and the last picked point; in split view the second
 * pane's own (its camera only when the cameras are not linked, and the simulation it shows).
 */
export function selectUrlView(s: Snapshot, layers: readonly string[] = selectFirstPaneLayers(s)): UrlView {
  const ui = s.children.ui?.getSnapshot().context;
  const point = ui?.points.at(-1)?.point;
  const view: UrlView = {
    ...paneUrlView(s, 0, layers, s.context.seen[0] ?? s.context.cameras[0]),
    ...(ui?.split ? { split: true } : {}),
    ...(point ? { point } : {}),
  };
  if (ui?.split) {
    const linked = ui.linked;
    const second: NonNullable<UrlView['second']> = paneUrlView(s, 1, s.context.secondLayers, linked ? null : (s.context.seen[1] ?? s.context.cameras[1]));
    const simulation = s.children.filter1?.getSnapshot().context.selectedSimulationId;
    const firstSimulation = s.children.filter0?.getSnapshot().context.selectedSimulationId;
    // The first pane's simulation is the address's own `simulation`; the second's only when it differs.
    if (typeof simulation === 'number' && simulation !== firstSimulation) second.simulation = simulation;
    if (Object.keys(second).length) view.second = second;
  }
  return view;
}
