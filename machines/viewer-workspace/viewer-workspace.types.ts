/**
 * Types of the viewer workspace machine: what the three.js panes report (cameras, probes, picks,
 * layer failures, screenshots) and what the machine asks of them (emitted events the renderless
 * bridge in src/screens/viewer turns into ViewerHandle calls). Renderer-neutral plain data.
 */
import type { ResultSimulation } from '@machines/layer-filter/layer-filter.types.ts';
import type { ToastSink } from '@machines/toast/toast-relay.ts';
import type { ViewerCommand } from '@machines/viewer/viewer-keys.ts';
import type { PaneIndex, ThemeName } from '@machines/viewer/viewer-ui.types.ts';
import type { LayerSetLoaderEvent } from './layer-sets.ts';
import type { UrlView } from '@machines/view-url/view-url.ts';

type Vec3 = [number, number, number];

/** A pane's camera (the shape of ViewerHandle.getCamera / setCamera). */
export interface PaneCamera {
  position: Vec3;
  target: Vec3;
  up: Vec3;
  fov: number;
}

/** A ray query's hit under the pointer. */
export interface PaneProbe {
  point: Vec3;
  layerId: string;
  value?: number;
  unit?: string;
}

/** A box in site metres (a validation finding's extent). */
export interface PaneBounds {
  min: Vec3;
  max: Vec3;
}

/** A saved scene view to show in the first pane (the insights modes' ViewerBridge.restore). */
export interface RestoredView {
  camera: PaneCamera;
  layers: string[];
  filters: Record<string, string | null>;
  /** The shown layer's scale: its range goes back to that layer (never to a category map). */
  colourScale: { min: number; max: number; discrete?: boolean; layerId?: string } | null;
  theme: ThemeName;
  simulationId: number | null;
}

export interface ViewerWorkspaceInput {
  simulations?: ResultSimulation[];
  /** The simulation the address names, if any. */
  initialSimulationId?: number | null;
  projectId: number;
  studyId: number;
  toasts?: ToastSink;
}

export type ViewerWorkspaceEvent =
  | { type: 'simulations.set'; simulations: ResultSimulation[]; initialSimulationId: number | null }
  /** A key the screen did not keep for a text field (no modifier). */
  /** `inText`: the key went to a field that takes text (it is the field's, not a shortcut). */
  | { type: 'key.press'; key: string; inText?: boolean }
  | { type: 'command.run'; command: ViewerCommand }
  | { type: 'camera.moved'; pane: PaneIndex; camera: PaneCamera }
  | { type: 'camera.captured'; camera: PaneCamera }
  | { type: 'camera.restore'; camera: PaneCamera }
  | { type: 'probe.moved'; pane: PaneIndex; probe: PaneProbe | null }
  | { type: 'point.picked'; pane: PaneIndex; point: Vec3 }
  | { type: 'layer.failed'; pane: PaneIndex; layerId: string; title: string; message: string }
  | { type: 'screenshot.done' }
  | { type: 'screenshot.failed'; message?: string }
  | { type: 'findings.show'; bounds: PaneBounds }
  | { type: 'view.restore'; view: RestoredView }
  /** The view the address names (machines/view-url): what it leaves out is the default. */
  | { type: 'url.apply'; view: UrlView }
  | { type: 'importPlane.select'; plane: number | null }
  /** What the first pane shows, as the screen's pane model derives it (the insights modes read it through their bridge). */
  | { type: 'pane.shown'; shown: FirstPaneShown }
  /** The second pane's visible layer ids (its view in the address in split view). */
  | { type: 'secondPane.shown'; layers: readonly string[] }
  /** A layer set of the pane's simulation switched on or off (from what the pane shows now). */
  | { type: 'layerSet.toggle'; pane: PaneIndex; id: number }
  | LayerSetLoaderEvent;

/** What the machine asks of the panes (xstate `emit`); the bridge calls the pane's ViewerHandle. */
export type ViewerWorkspaceEmitted =
  | { type: 'pane.fit'; pane: PaneIndex }
  | { type: 'pane.camera'; pane: PaneIndex; camera: PaneCamera }
  | { type: 'pane.flyTo'; pane: PaneIndex; bounds: PaneBounds }
  | { type: 'pane.screenshot'; pane: PaneIndex; withLegend: boolean }
  | { type: 'pane.readCamera'; pane: PaneIndex };

/**
 * What the first pane shows beyond the machines' own state: its visible layer ids, the colour scale
 * of the layer the panels follow and every shown layer's own scale (src/viewer/contracts.ts's
 * ColourScale, which machines do not import), and its simulation.
 */
export interface FirstPaneShown {
  layers: readonly string[];
  colourScale: unknown;
  layerScales: Readonly<Record<string, unknown>>;
  simulationId: number | null;
}
