/**
 * The viewer proper: one or two panes (split view, cameras optionally linked), the
 * toolbar, the side panels of the active pane (layers, colour scale, wind rose, data, graphs,
 * four-point plot, camera positions), the scenario's geometry validation findings (listed, and
 * their offending faces drawn on the model), the keyboard shortcuts with their overlay, and the mode
 * panels (Insights, Images, Reports through the ViewerBridge; Settings with the results import).
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import type { viewerWorkspaceMachine } from '@machines/viewer-workspace/viewer-workspace.machine.ts';
import type { Simulation } from '@canopy/contract/viewer.ts';
import { availableThemes, paneEffects } from '@machines/viewer/viewer-ui.machine.ts';
import {
  sameLayerSetRows,
  selectChildren,
  selectFirstPaneFilters,
  selectFirstPaneLayers,
  selectImportPlane,
  selectLayerSetRows,
  selectLegendShown,
  selectOverlayOpen,
  selectOverrides,
  selectPaneCameras,
  selectProbe,
  selectTool,
  selectUrlView,
} from '@machines/viewer-workspace/viewer-workspace.selectors.ts';
import type { ViewerCommand } from '@machines/viewer/viewer-keys.ts';
import { VIEWER_EFFECTS, VIEWER_PANELS, type PaneIndex, type ViewerEffects, type ViewerPanel } from '@machines/viewer/viewer-ui.types.ts';
import { EffectsSettings } from './effects-settings.tsx';
import {
  describeAsset,
  isPresentationPlane,
  layerSetSceneLayers,
  probeLayerTitle,
  sceneKindOf,
  type GraphDefinition,
  type JobTypeRef,
} from './scene-layers.ts';
import { methodNotesOf } from './method-notes.ts';
import type { ProbeResult, ThemeName, ViewerBridge, ViewerHandle, ViewerModeProps, ViewState } from '../../viewer/contracts.ts';
import { OPENING_CAMERA } from '../../viewer/scene/opening-camera.ts';
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
import type { Bounds } from './validation-findings.ts';
import { WorkspaceBridge } from './workspace-bridge.tsx';
import { ViewerPane } from './viewer-pane.tsx';
import { selectMayChangeProject } from '@machines/permissions/permissions.selectors.ts';
import { PermissionsContext } from '../../app/permissions-context.ts';
import { ComfortPanel } from './comfort-panel.tsx';
import { PointStorySection } from './point-story/point-story-section.tsx';
import { useComfortReclass } from './use-comfort-reclass.ts';
import { DifferencePanel } from './difference/difference-panel.tsx';
import { useDifference } from './difference/use-difference.ts';
import { useDifferenceShown } from './difference/use-difference-shown.ts';
import { usePaneModel, type PaneModel } from './use-pane-model.ts';
import { ZonesPanel } from './zones/zones-panel.tsx';
import { ZoneScoresSection } from './zones/zone-scores-section.tsx';
import { useZoneScores } from './zones/use-zone-scores.ts';
import { DEFAULT_PLANE_Z, zoneOutlines } from './zones/zone-outlines.ts';
import { layerSetDownloadPath, type ViewerLogic } from '../../services/viewer-services.ts';
import { useViewAddress } from './use-view-address.ts';
import { InlineMessage } from '../../ui/inline-message.tsx';
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
  story: 'Point story',
  difference: 'Difference',
  zones: 'Zones',
};

const VIEW_IDS = ['viewer-1', 'viewer-2'] as const;
type WorkspaceSnapshot = SnapshotFrom<typeof viewerWorkspaceMachine>;
const LAYER_SET_ROWS = [selectLayerSetRows(0), selectLayerSetRows(1)] as const;

/** The insights, images and reports modes (src/screens/insights), each its own lazy chunk, given the ViewerBridge. */
const MODE_PANELS: Record<'Insights' | 'Images' | 'Reports', ComponentType<ViewerModeProps>> = {
  Insights: lazy(() => import('../insights/index.ts').then((m) => ({ default: m.InsightsMode }))),
  Images: lazy(() => import('../insights/index.ts').then((m) => ({ default: m.ImagesMode }))),
  Reports: lazy(() => import('../insights/index.ts').then((m) => ({ default: m.ReportsMode }))),
};

/** The first pane's view for the insights modes: the machine's record of it, and the pane's camera now. */
function viewStateOf(snapshot: WorkspaceSnapshot, handle: ViewerHandle | null): ViewState {
  const shown = snapshot.context.firstPane;
  return {
    camera: handle?.getCamera() ?? OPENING_CAMERA,
    layers: [...selectFirstPaneLayers(snapshot)],
    filters: selectFirstPaneFilters(snapshot),
    // The screen sent the pane model's own scales (machines do not import their type).
    colourScale: (shown?.colourScale ?? null) as ViewState['colourScale'],
    layerScales: (shown?.layerScales ?? {}) as ViewState['layerScales'],
    theme: snapshot.children.ui?.getSnapshot().context.themes[0] ?? 'default',
    simulationId: shown?.simulationId ?? null,
  };
}

/** The probed layer's name for the data panel. */
const probeLayerLabel = (model: PaneModel, probe: ProbeResult | null) =>
  probeLayerTitle(
    model.assets.find((a) => String(a.id) === probe?.layerId),
    model.active?.id ?? null,
    model.layerTitle,
    model.unit,
  );

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
  /** Every scenario's simulations in the study (difference maps compare two scenarios); `simulations` when absent. */
  studySimulations?: readonly Simulation[];
}

export function ViewerWorkspace({
  logic,
  projectId,
  studyId,
  configurationId,
  mode,
  simulations,
  jobTypes,
  graphDefinitions,
  initialSimulationId,
  onSimulationsChanged,
  studySimulations,
}: ViewerWorkspaceProps) {
  const toasts = ToastContext.useActorRef();
  // The coordination is the workspace machine's (machines/viewer-workspace); this view renders it.
  const workspace = useActorRef(logic.workspace, { input: { simulations: simulations as never, initialSimulationId, projectId, studyId, toasts } });
  const { ui, filter0, filter1, reclass0, reclass1, cameras } = useMemo(() => selectChildren(workspace.getSnapshot()), [workspace]);
  const filters = useMemo(() => [filter0, filter1] as const, [filter0, filter1]);

  const split = useSelector(ui, (s) => s.context.split);
  const linked = useSelector(ui, (s) => s.context.linked);
  const activePane = useSelector(ui, (s) => s.context.activePane);
  const themes = useSelector(ui, (s) => s.context.themes);
  const panel = useSelector(ui, (s) => s.context.panel);
  const points = useSelector(ui, (s) => s.context.points);
  const compareBy = useSelector(ui, (s) => s.context.compareBy);
  const plane = useSelector(ui, (s) => s.context.plane);
  const tronUnlocked = useSelector(ui, (s) => s.context.tronUnlocked);
  const tool = useSelector(workspace, selectTool);
  const overlayOpen = useSelector(workspace, selectOverlayOpen);
  const legendShown = useSelector(workspace, selectLegendShown);
  const effects = useSelector(ui, (s) => s.context.effects);
  // What the panes draw (the machine's decision); equal switches keep one object, so no scene re-render.
  const shownEffects = useSelector(
    ui,
    (s) => paneEffects(s.context),
    (a: ViewerEffects, b: ViewerEffects) => VIEWER_EFFECTS.every((e) => a[e] === b[e]),
  );
  const themeList = availableThemes(tronUnlocked);

  const overrideIds = useSelector(workspace, selectOverrides);
  const overrides = useMemo(() => overrideIds.map((ids) => (ids ? new Set(ids) : null)) as [Set<number> | null, Set<number> | null], [overrideIds]);
  const cameraProps = useSelector(workspace, selectPaneCameras);
  const probe = useSelector(workspace, selectProbe);
  const importPlane = useSelector(workspace, selectImportPlane);
  const handles = useRef<[ViewerHandle | null, ViewerHandle | null]>([null, null]);

  // Each pane's comfort re-classification (its own criterion), told by the machine what the pane shows; its map shows in that pane.
  const reclasses = [useComfortReclass(reclass0, onSimulationsChanged), useComfortReclass(reclass1, onSimulationsChanged)] as const;
  const reclass = reclasses[activePane];
  // A difference map (B − A of two scenarios of the study) shows on the active pane's simulation, in place of a re-classified map.
  const difference = useDifference(projectId, configurationId, studySimulations ?? simulations, jobTypes, onSimulationsChanged);
  const activeSimulationId = useSelector(filters[activePane], (s) => s.context.selectedSimulationId);
  const differenceShown = useMemo(
    () => (difference.layer && activeSimulationId !== null ? { ...difference.layer, simulationId: activeSimulationId } : null),
    [difference.layer, activeSimulationId],
  );
  // What a read-only user may not do is not offered (the server checks the same right).
  const mayChange = PermissionsContext.useSelector(selectMayChangeProject(projectId));
  // The panes' layer sets (the machine decides which are shown and keeps their files' state).
  const setRows0 = useSelector(workspace, LAYER_SET_ROWS[0], sameLayerSetRows);
  const setRows1 = useSelector(workspace, LAYER_SET_ROWS[1], sameLayerSetRows);
  const setRows = [setRows0, setRows1] as const;
  const setLayers0 = useMemo(() => layerSetSceneLayers(setRows0, projectId, layerSetDownloadPath), [setRows0, projectId]);
  const setLayers1 = useMemo(() => layerSetSceneLayers(setRows1, projectId, layerSetDownloadPath), [setRows1, projectId]);
  const models = [
    usePaneModel(filters[0], simulations, jobTypes, projectId, VIEW_IDS[0], ui, 0, plane, overrides[0], differenceShown ?? reclasses[0].layer, setLayers0),
    usePaneModel(filters[1], simulations, jobTypes, projectId, VIEW_IDS[1], ui, 1, plane, overrides[1], differenceShown ?? reclasses[1].layer, setLayers1),
  ] as const;
  const model = models[activePane];
  const filter = filters[activePane];
  useDifferenceShown(differenceShown, ui);

  // The study's zones (the zones machine): drawn over both panes; while one is drawn, a click on the plane is its next point.
  const zones = useActorRef(logic.zones, { input: { projectId, studyId, toasts } });
  const zoneList = useSelector(zones, (s) => s.context.zones);
  const zoneDraft = useSelector(zones, (s) => s.context.draft);
  const drawingZone = useSelector(zones, (s) => s.matches('drawing'));
  const [planeZ, setPlaneZ] = useState(DEFAULT_PLANE_Z);
  const outlines = useMemo(() => zoneOutlines(zoneList, zoneDraft, planeZ), [zoneList, zoneDraft, planeZ]);
  // Their scores for the layer shown in the active pane, or for the difference panel's A and B.
  const zoneScores = useZoneScores({ logic, projectId, jobTypes, zones: zoneList, difference: difference.actor, model });

  // The screen's simulations (a results import, a re-classification saved) go to the machine, which ignores the ones it has.
  useEffect(
    () => workspace.send({ type: 'simulations.set', simulations: simulations as never, initialSimulationId }),
    [workspace, simulations, initialSimulationId],
  );

  // The scenario's geometry validation findings: listed in the side panel, drawn on both panes.
  const flyTo = useCallback((bounds: Bounds) => workspace.send({ type: 'findings.show', bounds }), [workspace]);
  const findings = useFindingsView(projectId, configurationId, flyTo);

  const run = useCallback((command: ViewerCommand) => workspace.send({ type: 'command.run', command }), [workspace]);

  // What the first pane shows goes to the machine, which the modes' bridge and the address read.
  const first = models[0];
  const visibleLayers = useMemo(() => first.layers.filter((l) => l.visible).map((l) => l.id), [first.layers]);
  const firstSimulationId = first.simulation?.id ?? null;
  useEffect(
    () =>
      workspace.send({
        type: 'pane.shown',
        shown: { layers: visibleLayers, colourScale: first.colourScale, layerScales: first.layerScales, simulationId: firstSimulationId },
      }),
    [workspace, visibleLayers, first.colourScale, first.layerScales, firstSimulationId],
  );

  // The bridge the insights, images and reports modes use: the first pane's handle and state.
  const bridge = useMemo<ViewerBridge>(
    () => ({
      handle: () => handles.current[0],
      viewState: () => viewStateOf(workspace.getSnapshot(), handles.current[0]),
      restore: (view: ViewState) => workspace.send({ type: 'view.restore', view }),
    }),
    [workspace],
  );

  // The second pane's visible layers go to the machine too: in split view the address carries them.
  const secondPaneLayers = models[1].layers;
  const secondLayers = useMemo(() => secondPaneLayers.filter((l) => l.visible).map((l) => l.id), [secondPaneLayers]);
  useEffect(() => workspace.send({ type: 'secondPane.shown', layers: secondLayers }), [workspace, secondLayers]);

  // The panes' view lives in the address: copied, it opens the same view; back and forward walk it.
  const readUrlView = useCallback(() => selectUrlView(workspace.getSnapshot()), [workspace]);
  const addressSources = useMemo(() => [workspace, ui, filter0, filter1], [workspace, ui, filter0, filter1]);
  const address = useViewAddress(workspace, addressSources, readUrlView, `${visibleLayers.join(',')}|${secondLayers.join(',')}`);

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
        {address.notice ? (
          <InlineMessage
            tone="info"
            action={
              <Button size="sm" onClick={address.dismiss}>
                Dismiss
              </Button>
            }
          >
            {address.notice} {address.problems.join('; ')}
          </InlineMessage>
        ) : null}
        {mode === 'Viewer' ? (
          <>
            {split ? <p className={css.muted}>Panels act on Viewer {activePane + 1} (W switches).</p> : null}
            <div className={css.panelTabs} role="toolbar" aria-label="Panels">
              {VIEWER_PANELS.map((p) => (
                <button key={p} type="button" className={css.panelTab} aria-pressed={panel === p} onClick={() => ui.send({ type: 'panel.show', panel: p })}>
                  {PANEL_LABELS[p]}
                </button>
              ))}
            </div>
            {panel === 'layers' ? (
              <LayerPanel
                key={activePane}
                filter={filter}
                viewId={VIEW_IDS[activePane]}
                simulations={simulations}
                simulationId={model.simulation?.id ?? null}
                visible={model.visible}
                layerSets={setRows[activePane]}
                onToggleLayerSet={(id) => workspace.send({ type: 'layerSet.toggle', pane: activePane, id })}
              />
            ) : null}
            {panel === 'colour' ? (
              <ColourScalePanel
                id={`colour-${activePane}`}
                scale={model.colourScale}
                title={model.legend?.title ?? (model.active ? describeAsset(model.active) : null)}
                settings={model.colourSettings}
                onRange={(min, max) => model.active && ui.send({ type: 'colour.range', pane: activePane, layer: String(model.active.id), min, max })}
                onPalette={(palette) => model.active && ui.send({ type: 'colour.palette', pane: activePane, layer: String(model.active.id), palette })}
                onReset={() => model.active && ui.send({ type: 'colour.reset', pane: activePane, layer: String(model.active.id) })}
                method={methodNotesOf(model.active)}
              />
            ) : null}
            {panel === 'wind' ? (
              <WindRosePanel
                logic={logic.windRose}
                projectId={projectId}
                metSourceId={model.simulation?.met_source_id ?? null}
                roseLayers={model.assets.filter(isWindRoseLayer)}
                urlOf={model.urlOf}
              />
            ) : null}
            {panel === 'data' ? (
              <DataPanel
                probe={probe}
                unit={model.unit}
                scale={(probe && model.layerScales[probe.layerId]) || model.colourScale}
                probing={tool === 'probe' || panel === 'data'}
                layerLabel={probeLayerLabel(model, probe)}
              />
            ) : null}
            {panel === 'graph' ? (
              <GraphPanel
                graphLayers={model.assets.filter(isGraphLayer)}
                urlOf={model.urlOf}
                asset={model.active}
                url={model.activeUrl}
                field={model.field}
                legend={model.legend}
                definitions={graphDefinitions}
                layerTitle={model.layerTitle}
                unit={model.unit}
              />
            ) : null}
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
                mayChange={mayChange}
                cameras={cameras}
                current={() => handles.current[activePane]?.getCamera() ?? null}
                onRestore={(camera) =>
                  workspace.send({
                    type: 'camera.restore',
                    camera: { position: camera.position, target: camera.target, up: camera.up ?? [0, 0, 1], fov: camera.fov ?? 45 },
                  })
                }
              />
            ) : null}
            {panel === 'comfort' ? (
              <ComfortPanel
                key={activePane}
                reclass={reclass.actor}
                mayChange={mayChange}
                computing={model.simulation?.status === 'queued' || model.simulation?.status === 'running'}
              />
            ) : null}
            {panel === 'story' ? (
              <PointStorySection
                logic={logic.pointStory}
                simulations={simulations}
                shownSimulationId={model.simulation?.id ?? null}
                scope={{ projectId, studyId }}
                point={points.at(-1)?.point ?? null}
                picking={tool === 'points'}
                onPick={() => ui.send({ type: tool === 'points' ? 'tool.cancel' : 'tool.points' })}
              />
            ) : null}
            {panel === 'difference' ? <DifferencePanel difference={difference.actor} mayChange={mayChange} /> : null}
            {panel === 'zones' ? (
              <ZonesPanel zones={zones} mayChange={mayChange}>
                <ZoneScoresSection scores={zoneScores} />
              </ZonesPanel>
            ) : null}
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
        {mode === 'Settings' && !mayChange ? (
          <div className={css.modePanel}>
            <p className={css.muted}>Importing results into this scenario needs the right to change the project.</p>
          </div>
        ) : null}
        {mode === 'Settings' && mayChange ? (
          <div className={css.modePanel}>
            <ResultsImportPanel
              logic={logic}
              projectId={projectId}
              simulation={models[0].simulation}
              planes={importPlanes}
              planeId={importPlane}
              onPlane={(id) => workspace.send({ type: 'importPlane.select', plane: id })}
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
          <Button
            size="sm"
            tone={tool === 'probe' ? 'primary' : 'secondary'}
            aria-pressed={tool === 'probe'}
            onClick={() => run(tool === 'probe' ? 'cancel' : 'probe')}
          >
            Probe
          </Button>
          <Button
            size="sm"
            tone={tool === 'points' ? 'primary' : 'secondary'}
            aria-pressed={tool === 'points'}
            onClick={() => run(tool === 'points' ? 'cancel' : 'points')}
          >
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
                loadAsset={logic.loadAsset}
                highlights={findings.highlights}
                effects={shownEffects}
                camera={cameraProps[i] ?? undefined}
                onCameraChange={(camera) => workspace.send({ type: 'camera.moved', pane: i, camera })}
                // Only the data panel and the probe tool read probes: the machine keeps the active pane's while they do.
                onProbe={(p) => workspace.send({ type: 'probe.moved', pane: i, probe: p })}
                outlines={outlines}
                onPick={(p) => {
                  if (!drawingZone) return workspace.send({ type: 'point.picked', pane: i, point: p.point });
                  setPlaneZ(p.point[2]);
                  zones.send({ type: 'point.add', point: p.point });
                }}
                onLayerRange={(layer, range) => ui.send({ type: 'layer.values', layer, range })}
                onLayerError={(layerId, message) => {
                  const asset = models[i].assets.find((a) => String(a.id) === layerId);
                  const set = setRows[i].find((r) => `set-${r.id}` === layerId);
                  const title = asset ? describeAsset(asset) : (set?.name ?? layerId);
                  workspace.send({ type: 'layer.failed', pane: i, layerId, title, message });
                }}
              />
            ))}
        </div>
      </div>
      <WorkspaceBridge workspace={workspace} handles={handles} configurationId={configurationId} />
      <ShortcutOverlay open={overlayOpen} onOpenChange={(open) => ui.send({ type: open ? 'overlay.open' : 'overlay.close' })} tronUnlocked={tronUnlocked} />
    </div>
  );
}
