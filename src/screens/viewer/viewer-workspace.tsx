/**
 * The viewer proper (issue 8): one or two panes (split view, cameras optionally linked), the
 * toolbar, the side panels of the active pane (layers, colour scale, wind rose, data, graphs,
 * four-point plot, camera positions), the scenario's geometry validation findings (listed, and
 * their offending faces drawn on the model), the keyboard shortcuts with their overlay, and the mode
 * panels (Insights, Images, Reports through the ViewerBridge; Settings with the results import).
 */
import { defaultSimulationId } from '@machines/viewer/default-simulation.ts';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { Simulation } from '@canopy/contract/viewer.ts';
import type { FilterDimension } from '@machines/layer-filter/layer-filter.types.ts';
import { FILTER_DIMENSIONS } from '@machines/layer-filter/layer-filter.types.ts';
import { availableThemes, paneEffects, viewerUiMachine } from '@machines/viewer/viewer-ui.machine.ts';
import { commandFor, type ViewerCommand } from '@machines/viewer/viewer-keys.ts';
import { VIEWER_EFFECTS, VIEWER_PANELS, type PaneIndex, type ViewerEffects, type ViewerPanel } from '@machines/viewer/viewer-ui.types.ts';
import { EffectsSettings } from './effects-settings.tsx';
import { describeAsset, isPresentationPlane, probeLayerTitle, sceneKindOf, type GraphDefinition, type JobTypeRef } from './scene-layers.ts';
import type { CameraState, ProbeResult, ThemeName, ViewerBridge, ViewerHandle, ViewerModeProps, ViewState } from '../../viewer/contracts.ts';
import { ToastContext } from '../../app/contexts.ts';
import { Button } from '../../ui/button.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { Loading } from '../system/loading.tsx';
import { ChunkErrorBoundary } from '../system/chunk-error-boundary.tsx';
import { LayerPanel } from './layer-panel.tsx';
import { ColourScalePanel } from './colour-scale-panel.tsx';
import { WindRosePanel } from './wind-rose-panel.tsx';
import { DataPanel } from './data-panel.tsx';
import { GraphPanel } from './graph-panel.tsx';
import { isGraphLayer, isWindRoseLayer } from './json-layers.ts';
import { comparisonGroup, FourPointPlot } from './four-point-plot.tsx';
import { CameraPositionsPanel } from './camera-positions-panel.tsx';
import { ShortcutOverlay } from './shortcut-overlay.tsx';
import { ResultsImportPanel } from './results-import-panel.tsx';
import { FindingsPanel } from './findings-panel.tsx';
import { useFindingsView } from './use-findings-view.ts';
import { cameraToFit, type Bounds } from './validation-findings.ts';
import { ViewerPane } from './viewer-pane.tsx';
import { ComfortPanel } from './comfort-panel.tsx';
import { useComfortReclass } from './use-comfort-reclass.ts';
import { usePaneModel, type PaneModel } from './use-pane-model.ts';
import type { ViewerLogic } from '../../services/viewer-services.ts';
import * as css from './viewer.css.ts';

export type ViewerMode = 'Viewer' | 'Insights' | 'Reports' | 'Images' | 'Settings';

const PANEL_LABELS: Record<ViewerPanel, string> = {
  layers: 'Layers',
  colour: 'Colour scale',
  wind: 'Wind rose',
  data: 'Data',
  graph: 'Graphs',
  points: 'Four points',
  cameras: 'Cameras',
  comfort: 'Comfort',
};

const VIEW_IDS = ['viewer-1', 'viewer-2'] as const;

/** The insights, images and reports modes (src/screens/insights), each its own lazy chunk, given the ViewerBridge. */
const MODE_PANELS: Record<'Insights' | 'Images' | 'Reports', ComponentType<ViewerModeProps>> = {
  Insights: lazy(() => import('../insights/index.ts').then((m) => ({ default: m.InsightsMode }))),
  Images: lazy(() => import('../insights/index.ts').then((m) => ({ default: m.ImagesMode }))),
  Reports: lazy(() => import('../insights/index.ts').then((m) => ({ default: m.ReportsMode }))),
};

/** The probed layer's name for the data panel. */
const probeLayerLabel = (model: PaneModel, probe: ProbeResult | null) =>
  probeLayerTitle(model.assets.find((a) => String(a.id) === probe?.layerId), model.active?.id ?? null, model.layerTitle, model.unit);

const isTyping = (target: EventTarget | null) => {
  const el = target as HTMLElement | null;
  if (!el) return false;
  // Checkboxes and buttons take no text: shortcuts still work while they have focus.
  if (el.tagName === 'INPUT') return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color'].includes((el as HTMLInputElement).type);
  return el.isContentEditable || ['TEXTAREA', 'SELECT'].includes(el.tagName);
};

const near = (a: CameraState, b: CameraState | null) =>
  !!b && [...a.position, ...a.target].every((v, i) => Math.abs(v - [...b.position, ...b.target][i]!) < 1e-4);

export interface ViewerWorkspaceProps {
  logic: ViewerLogic;
  projectId: number;
  studyId: number;
  configurationId: number;
  mode: ViewerMode;
  simulations: readonly Simulation[];
  jobTypes: readonly JobTypeRef[];
  graphDefinitions: readonly GraphDefinition[];
  initialSimulationId: number | null;
  onSimulationsChanged(): void;
}

export function ViewerWorkspace({ logic, projectId, studyId, configurationId, mode, simulations, jobTypes, graphDefinitions, initialSimulationId, onSimulationsChanged }: ViewerWorkspaceProps) {
  const toasts = ToastContext.useActorRef();
  const ui = useActorRef(viewerUiMachine, { input: {} });
  const filterInput = { simulations: simulations as never, toasts };
  const first = useActorRef(logic.layerFilter, { input: filterInput });
  const second = useActorRef(logic.layerFilter, { input: filterInput });
  const filters = useMemo(() => [first, second] as const, [first, second]);
  const cameras = useActorRef(logic.cameras, { input: { projectId, studyId, toasts } });

  const split = useSelector(ui, (s) => s.context.split);
  const linked = useSelector(ui, (s) => s.context.linked);
  const activePane = useSelector(ui, (s) => s.context.activePane);
  const themes = useSelector(ui, (s) => s.context.themes);
  const colour = useSelector(ui, (s) => s.context.colour);
  const panel = useSelector(ui, (s) => s.context.panel);
  const points = useSelector(ui, (s) => s.context.points);
  const compareBy = useSelector(ui, (s) => s.context.compareBy);
  const plane = useSelector(ui, (s) => s.context.plane);
  const tronUnlocked = useSelector(ui, (s) => s.context.tronUnlocked);
  const tool = useSelector(ui, (s) => s.value.tool as 'idle' | 'probe' | 'points');
  const overlayOpen = useSelector(ui, (s) => s.matches({ overlay: 'open' }));
  const legendShown = useSelector(ui, (s) => s.matches({ legend: 'shown' }));
  const effects = useSelector(ui, (s) => s.context.effects);
  // What the panes draw (the machine's decision); equal switches keep one object, so no scene re-render.
  const shownEffects = useSelector(ui, (s) => paneEffects(s.context), (a: ViewerEffects, b: ViewerEffects) => VIEWER_EFFECTS.every((e) => a[e] === b[e]));
  const themeList = availableThemes(tronUnlocked);

  const [overrides, setOverrides] = useState<[Set<number> | null, Set<number> | null]>([null, null]);
  const [cameraProps, setCameraProps] = useState<[CameraState | undefined, CameraState | undefined]>([undefined, undefined]);
  const [probe, setProbe] = useState<ProbeResult | null>(null);
  const [importPlane, setImportPlane] = useState<number | null>(null);
  const handles = useRef<[ViewerHandle | null, ViewerHandle | null]>([null, null]);
  const lastApplied = useRef<[CameraState | null, CameraState | null]>([null, null]);

  // The comfort re-classification follows the active pane's simulation; its map shows in the panes of that simulation.
  const reclass = useComfortReclass(logic, filters[activePane], simulations, projectId, onSimulationsChanged);
  const models = [
    usePaneModel(filters[0], simulations, jobTypes, projectId, VIEW_IDS[0], colour[0], plane, overrides[0], reclass.layer),
    usePaneModel(filters[1], simulations, jobTypes, projectId, VIEW_IDS[1], colour[1], plane, overrides[1], reclass.layer),
  ] as const;
  const model = models[activePane];
  const filter = filters[activePane];

  // The configuration's simulations feed both panes; each starts on the wanted simulation, else the first with results.
  useEffect(() => {
    for (const f of filters) f.send({ type: 'results.set', simulations: simulations as never });
    const wanted = simulations.find((s) => s.id === initialSimulationId)?.id ?? defaultSimulationId(simulations);
    for (const f of filters) {
      const current = f.getSnapshot().context.selectedSimulationId;
      if (current === null && wanted !== undefined) f.send({ type: 'simulation.select', simulationId: wanted });
    }
  }, [simulations, initialSimulationId, filters]);

  // A wanted simulation id that is not in the results stores SPEC §5's error in the machine.
  useEffect(() => {
    if (initialSimulationId !== null && simulations.length && !simulations.some((s) => s.id === initialSimulationId)) {
      filters[0].send({ type: 'simulation.select', simulationId: initialSimulationId });
    }
  }, [initialSimulationId, simulations, filters]);

  // A restored view's layers hold until the user changes the saved selection; the panes' saved lists
  // are kept in step, since POST replaces the simulation's whole list.
  useEffect(() => {
    const subs = filters.map((f, i) => {
      let last = f.getSnapshot().context.userLayers;
      let wrote = false;
      return f.subscribe((snapshot) => {
        // Only this pane's own writes are news for the other pane; a reload is not (no ping-pong).
        const writing = (['replacing', 'removing', 'clearing'] as const).some((state) => snapshot.matches({ simulation: state }));
        if (writing) wrote = true;
        if (snapshot.context.userLayers === last) return;
        last = snapshot.context.userLayers;
        setOverrides((o) => (i === 0 ? (o[0] === null ? o : [null, o[1]]) : o[1] === null ? o : [o[0], null]));
        if (!wrote || writing) return;
        wrote = false;
        const other = filters[1 - i]!;
        if (other.getSnapshot().context.selectedSimulationId === snapshot.context.selectedSimulationId && other.getSnapshot().matches({ simulation: 'idle' })) {
          other.send({ type: 'layers.reload' });
        }
      });
    });
    return () => subs.forEach((s) => s.unsubscribe());
  }, [filters]);

  const onCameraChange = useCallback(
    (index: PaneIndex, camera: CameraState) => {
      if (near(camera, lastApplied.current[index])) return;
      const state = ui.getSnapshot().context;
      if (!state.split || !state.linked) return;
      const other = (1 - index) as PaneIndex;
      lastApplied.current[other] = camera;
      handles.current[other]?.setCamera(camera);
    },
    [ui],
  );

  // The scenario's geometry validation findings: listed in the side panel, drawn on both panes.
  const flyTo = useCallback(
    (bounds: Bounds) => {
      const handle = handles.current[ui.getSnapshot().context.activePane];
      const current = handle?.getCamera();
      if (handle && current) handle.setCamera(cameraToFit(current, bounds));
    },
    [ui],
  );
  const findings = useFindingsView(projectId, configurationId, flyTo);

  const screenshot = useCallback(async () => {
    const handle = handles.current[ui.getSnapshot().context.activePane];
    if (!handle) return;
    try {
      // The legend goes into the screenshot while it is shown over the view.
      const blob = await handle.captureImage({ withLegend: ui.getSnapshot().matches({ legend: 'shown' }) });
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `canopy-viewer-${configurationId}-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')}.png`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      toasts.send({ type: 'toast.show', toast: { tone: 'danger', title: 'The screenshot could not be taken', description: error instanceof Error ? error.message : undefined } });
    }
  }, [ui, toasts, configurationId]);

  const saveCamera = useCallback(() => {
    const camera = handles.current[ui.getSnapshot().context.activePane]?.getCamera();
    if (!camera) return;
    ui.send({ type: 'panel.show', panel: 'cameras' });
    cameras.send({ type: 'save', body: { name: `View ${cameras.getSnapshot().context.positions.length + 1}`, camera } });
  }, [ui, cameras]);

  const run = useCallback(
    (command: ViewerCommand) => {
      const state = ui.getSnapshot().context;
      switch (command) {
        case 'overlay':
          return ui.send({ type: 'overlay.open' });
        case 'cancel':
          return ui.send({ type: 'tool.cancel' });
        case 'fit':
          return handles.current[state.activePane]?.fitToView();
        case 'screenshot':
          return void screenshot();
        case 'split':
          return ui.send({ type: 'split.toggle' });
        case 'link':
          return ui.send({ type: 'link.toggle' });
        case 'probe':
          return ui.send({ type: 'tool.probe' });
        case 'points':
          return ui.send({ type: 'tool.points' });
        case 'theme.next':
          return ui.send({ type: 'theme.next' });
        case 'pane.other':
          return ui.send({ type: 'pane.other' });
        case 'camera.save':
          return saveCamera();
        case 'legend':
          return ui.send({ type: 'legend.toggle' });
        default:
          return ui.send({ type: 'panel.show', panel: command.slice('panel.'.length) as ViewerPanel });
      }
    },
    [ui, screenshot, saveCamera],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      if (ui.getSnapshot().matches({ overlay: 'open' })) return;
      ui.send({ type: 'key', key: event.key });
      const command = commandFor(event.key);
      if (!command) return;
      event.preventDefault();
      run(command);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [ui, run]);

  // The bridge the insights, images and reports modes use: the first pane's handle and state.
  const latest = useRef({ models, themes, filters });
  latest.current = { models, themes, filters };
  const bridge = useMemo<ViewerBridge>(
    () => ({
      handle: () => handles.current[0],
      viewState: (): ViewState => {
        const { models: m, themes: t, filters: f } = latest.current;
        const selection = f[0].getSnapshot().context.selection;
        return {
          camera: handles.current[0]?.getCamera() ?? { position: [-60, -120, 90], target: [0, 0, 0], up: [0, 0, 1], fov: 45 },
          layers: m[0].layers.filter((l) => l.visible).map((l) => l.id),
          filters: Object.fromEntries(FILTER_DIMENSIONS.map((d) => [d, selection[d]?.length ? selection[d]!.join('|') : null])),
          colourScale: m[0].colourScale,
          theme: t[0],
          simulationId: m[0].simulation?.id ?? null,
        };
      },
      restore: (view: ViewState) => {
        const f = latest.current.filters[0];
        if (view.simulationId !== null && view.simulationId !== f.getSnapshot().context.selectedSimulationId) {
          f.send({ type: 'simulation.select', simulationId: view.simulationId });
        } else f.send({ type: 'filters.reset' });
        for (const [dimension, value] of Object.entries(view.filters)) {
          if (value && (FILTER_DIMENSIONS as readonly string[]).includes(dimension)) f.send({ type: 'filter.set', dimension: dimension as FilterDimension, values: value.split('|') });
        }
        setOverrides((o) => [new Set(view.layers.map(Number).filter(Number.isFinite)), o[1]]);
        ui.send({ type: 'theme.set', pane: 0, theme: view.theme });
        if (view.colourScale) ui.send({ type: 'colour.range', pane: 0, min: view.colourScale.min, max: view.colourScale.max });
        lastApplied.current[0] = null;
        handles.current[0]?.setCamera(view.camera);
        setCameraProps((c) => [view.camera, c[1]]);
      },
    }),
    [ui],
  );

  const planes = model.assets.filter(isPresentationPlane);
  const importPlanes = planes.length ? planes : model.assets.filter((a) => sceneKindOf(a) === 'data');
  const group = comparisonGroup(model.assets, model.active, compareBy);
  const setRef = (index: PaneIndex) => (handle: ViewerHandle | null) => {
    handles.current[index] = handle;
  };
  const ModePanel = mode === 'Insights' || mode === 'Images' || mode === 'Reports' ? MODE_PANELS[mode] : null;

  return (
    <div className={css.body}>
      <aside className={css.sidebar} aria-label={`${mode} panel`}>
        {mode === 'Viewer' ? (
          <>
            {split ? (
              <p className={css.muted}>
                Panels act on Viewer {activePane + 1} (W switches).
              </p>
            ) : null}
            <div className={css.panelTabs} role="toolbar" aria-label="Panels">
              {VIEWER_PANELS.map((p) => (
                <button key={p} type="button" className={css.panelTab} aria-pressed={panel === p} onClick={() => ui.send({ type: 'panel.show', panel: p })}>
                  {PANEL_LABELS[p]}
                </button>
              ))}
            </div>
            {panel === 'layers' ? (
              <LayerPanel key={activePane} filter={filter} viewId={VIEW_IDS[activePane]} simulations={simulations} simulationId={model.simulation?.id ?? null} visible={model.visible} />
            ) : null}
            {panel === 'colour' ? (
              <ColourScalePanel
                id={`colour-${activePane}`}
                scale={model.colourScale}
                title={model.legend?.title ?? (model.active ? describeAsset(model.active) : null)}
                settings={colour[activePane]}
                onRange={(min, max) => ui.send({ type: 'colour.range', pane: activePane, min, max })}
                onPalette={(palette) => ui.send({ type: 'colour.palette', pane: activePane, palette })}
                onReset={() => ui.send({ type: 'colour.reset', pane: activePane })}
              />
            ) : null}
            {panel === 'wind' ? <WindRosePanel projectId={projectId} metSourceId={model.simulation?.met_source_id ?? null} roseLayers={model.assets.filter(isWindRoseLayer)} urlOf={model.urlOf} /> : null}
            {panel === 'data' ? <DataPanel probe={probe} unit={model.unit} probing={tool === 'probe' || panel === 'data'} layerLabel={probeLayerLabel(model, probe)} /> : null}
            {panel === 'graph' ? <GraphPanel graphLayers={model.assets.filter(isGraphLayer)} urlOf={model.urlOf} asset={model.active} url={model.activeUrl} field={model.field} legend={model.legend} definitions={graphDefinitions} layerTitle={model.layerTitle} unit={model.unit} /> : null}
            {panel === 'points' ? (
              <FourPointPlot
                points={points}
                compareBy={compareBy}
                group={group}
                urlOf={model.urlOf}
                field={model.field}
                unit={model.unit}
                picking={tool === 'points'}
                onCompareBy={(by) => ui.send({ type: 'compare.by', by })}
                onPick={() => ui.send({ type: tool === 'points' ? 'tool.cancel' : 'tool.points' })}
                onRemove={(index) => ui.send({ type: 'point.remove', index })}
                onClear={() => ui.send({ type: 'points.clear' })}
              />
            ) : null}
            {panel === 'cameras' ? (
              <CameraPositionsPanel
                cameras={cameras}
                current={() => handles.current[activePane]?.getCamera() ?? null}
                onRestore={(camera) => {
                  const state: CameraState = { position: camera.position, target: camera.target, up: camera.up ?? [0, 0, 1], fov: camera.fov ?? 45 };
                  handles.current[activePane]?.setCamera(state);
                  setCameraProps((c) => (activePane === 0 ? [state, c[1]] : [c[0], state]));
                }}
              />
            ) : null}
            {panel === 'comfort' ? <ComfortPanel reclass={reclass.actor} /> : null}
            <FindingsPanel {...findings.panel} />
          </>
        ) : null}
        {ModePanel ? (
          <ChunkErrorBoundary>
            <Suspense fallback={<Loading />}>
              <ModePanel projectId={projectId} studyId={studyId} configurationId={configurationId} viewer={bridge} />
            </Suspense>
          </ChunkErrorBoundary>
        ) : null}
        {mode === 'Settings' ? (
          <div className={css.modePanel}>
            <ResultsImportPanel
              logic={logic}
              projectId={projectId}
              simulation={models[0].simulation}
              planes={importPlanes}
              planeId={importPlane}
              onPlane={setImportPlane}
              onImported={onSimulationsChanged}
            />
          </div>
        ) : null}
      </aside>
      <div className={css.stage}>
        <div className={css.toolbar} role="toolbar" aria-label="Viewer tools">
          <Button size="sm" onClick={() => run('fit')}>
            Fit to view
          </Button>
          <Button size="sm" tone={tool === 'probe' ? 'primary' : 'secondary'} aria-pressed={tool === 'probe'} onClick={() => run(tool === 'probe' ? 'cancel' : 'probe')}>
            Probe
          </Button>
          <Button size="sm" tone={tool === 'points' ? 'primary' : 'secondary'} aria-pressed={tool === 'points'} onClick={() => run(tool === 'points' ? 'cancel' : 'points')}>
            Pick points
          </Button>
          <Button size="sm" onClick={() => run('screenshot')}>
            Screenshot
          </Button>
          <Button size="sm" aria-pressed={legendShown} tone={legendShown ? 'primary' : 'secondary'} onClick={() => run('legend')}>
            Legend
          </Button>
          <Button size="sm" aria-pressed={split} tone={split ? 'primary' : 'secondary'} onClick={() => run('split')}>
            Split view
          </Button>
          {split ? (
            <label className={css.layerRow}>
              <input type="checkbox" checked={linked} onChange={() => run('link')} /> Link cameras
            </label>
          ) : null}
          <EffectsSettings effects={effects} split={split} onToggle={(effect) => ui.send({ type: 'effects.toggle', effect })} />
          <SelectField
            id="viewer-plane"
            label="Presentation plane"
            value={plane ?? ''}
            onValueChange={(v) => ui.send({ type: 'plane.select', plane: v || null })}
            options={[{ value: '', label: 'All planes' }, ...planes.map((p) => ({ value: String(p.id), label: describeAsset(p) }))]}
          />
          <Button size="sm" tone="ghost" aria-label="Keyboard shortcuts" onClick={() => run('overlay')}>
            ?
          </Button>
        </div>
        <div className={css.panes}>
          {([0, 1] as const)
            .filter((i) => i === 0 || split)
            .map((i) => (
              <ViewerPane
                key={i}
                ref={setRef(i)}
                index={i}
                model={models[i]}
                theme={themes[i]}
                themes={themeList}
                active={activePane === i}
                split={split}
                showLegend={legendShown}
                onActivate={() => ui.send({ type: 'pane.activate', pane: i })}
                onTheme={(theme: ThemeName) => ui.send({ type: 'theme.set', pane: i, theme })}
                loadAsset={logic.services.loadAsset}
                highlights={findings.highlights}
                effects={shownEffects}
                camera={cameraProps[i]}
                onCameraChange={(camera) => onCameraChange(i, camera)}
                onProbe={(p) => {
                  // Only the data panel reads probes: re-render on pointer moves only while it shows.
                  const snapshot = ui.getSnapshot();
                  if (i !== snapshot.context.activePane) return;
                  if (snapshot.matches({ tool: 'probe' }) || snapshot.context.panel === 'data') setProbe(p);
                }}
                onPick={(p) => {
                  ui.send({ type: 'pane.activate', pane: i });
                  ui.send({ type: 'point.add', point: p.point });
                }}
                onLayerError={(layerId, message) => {
                  const asset = models[i].assets.find((a) => String(a.id) === layerId);
                  toasts.send({ type: 'toast.show', toast: { id: `layer-${i}-${layerId}`, tone: 'danger', title: `The layer ${asset ? describeAsset(asset) : layerId} could not be loaded`, description: message } });
                }}
              />
            ))}
        </div>
      </div>
      <ShortcutOverlay open={overlayOpen} onOpenChange={(open) => ui.send({ type: open ? 'overlay.open' : 'overlay.close' })} tronUnlocked={tronUnlocked} />
    </div>
  );
}
