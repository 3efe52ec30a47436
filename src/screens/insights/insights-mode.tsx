/**
 * Insights mode (issue 10; SPEC §2 insight type selector and sorter, annotation menu, drawing tool):
 * the study's insights filtered by type, reordered by drag or keyboard, published by permitted
 * users, deleted with SPEC §8's toasts; the selected insight restores its scene view, downloads
 * as a PDF (behind the PDF creation loading screen) and can be edited, annotated with pins or drawn
 * on — three exclusive modes of the viewer-modes machine.
 */
import { useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { layerLabel, resultAnalysisLabel } from '@canopy/engine/results/labels.ts';
import { useActorRef, useSelector } from '@xstate/react';
import { pdfFileName, type Insight } from '@canopy/contract/insights.ts';
import { viewerModesMachine } from '@machines/viewer-modes/viewer-modes.machine.ts';
import * as modes from '@machines/viewer-modes/viewer-modes.selectors.ts';
import * as panelSel from '@machines/viewer-modes/insights-panel.selectors.ts';
import { selectExporting } from '@machines/viewer-modes/pdf-export.selectors.ts';
import { templateOfKind, templateText } from '@machines/viewer-modes/global-templates.ts';
import { selectMayChangeInsights } from '@machines/permissions/permissions.selectors.ts';
import type { ViewerModeProps, ViewState } from '../../viewer/contracts.ts';
import { ToastContext } from '../../app/contexts.ts';
import { PermissionsContext } from '../../app/permissions-context.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { emptyDrawing, parseDrawing, serialiseDrawing } from '../../insights/drawing.ts';
import { readSceneView, serialiseSceneView, type PinMark } from '../../insights/scene-view-json.ts';
import { bindInsightsPanel, bindPdfExport, blobToDataUrl, InsightsServicesContext } from '../../services/insights-services.ts';
import { DrawingOverlay } from './drawing-overlay.tsx';
import { valueInWords } from '../viewer/value-words.ts';
import { DrawingToolbar } from './drawing-toolbar.tsx';
import { InsightList } from './insight-list.tsx';
import { InsightEditor } from './insight-editor.tsx';
import { PdfLoadingScreen } from './pdf-loading-screen.tsx';
import { PinForm } from './pin-form.tsx';
import { ShareLinksPanel } from '../share-links/share-links-panel.tsx';
import * as css from './insights.css.ts';

/** The insight's pins as the overlay draws them. */
export function pinMarks(insight: Insight | null): PinMark[] {
  if (!insight) return [];
  return insight.pins.map((p) => {
    const type = insight.pin_types.find((t) => t.id === p.insight_pin_type_id);
    return {
      pinTypeId: p.insight_pin_type_id,
      position: p.item.position,
      colour: type?.colour ?? '#e4572e',
      icon: type?.icon ?? 'info',
      title: p.title,
      note: p.note,
    };
  });
}

/** A label inside a sentence: "Sun-lit time" → "sun-lit time"; an acronym ("UTCI …") keeps its capitals. */
function inSentence(label: string): string {
  return /^[A-Z][a-z]/.test(label) ? label[0]!.toLowerCase() + label.slice(1) : label;
}

/**
 * The analysis of the view being annotated, in words from the one label table: the layer's human
 * name (its legend's title), else the analysis filter's or legend's label — never a raw id.
 */
export function analysisShown(view: Pick<ViewState, 'filters' | 'colourScale'>): string | null {
  const title = view.colourScale?.title;
  if (title) return inSentence(title);
  const raw = view.filters.analysis_type ?? view.colourScale?.legendName ?? null;
  if (!raw) return null;
  const named = view.filters.analysis_type ? resultAnalysisLabel(raw) : layerLabel(raw).title;
  return inSentence(named);
}

export function InsightsMode({ projectId, studyId, viewer }: ViewerModeProps) {
  const services = useContext(InsightsServicesContext);
  const toasts = ToastContext.useActorRef();
  const logic = useMemo(() => bindInsightsPanel(services), [services]);
  const panel = useActorRef(logic, { input: { projectId, studyId, toasts } });
  const modeActor = useActorRef(viewerModesMachine, { input: {} });
  const pdfLogic = useMemo(() => bindPdfExport(services), [services]);
  const pdf = useActorRef(pdfLogic, { input: { toasts } });
  const exporting = useSelector(pdf, selectExporting);
  const mayEdit = PermissionsContext.useSelector(selectMayChangeInsights(projectId));

  const loading = useSelector(panel, panelSel.selectLoading);
  const failed = useSelector(panel, panelSel.selectFailed);
  const error = useSelector(panel, panelSel.selectError);
  const busy = useSelector(panel, panelSel.selectBusy);
  const insights = useSelector(panel, panelSel.selectVisibleInsights);
  const categories = useSelector(panel, panelSel.selectCategories);
  const templates = useSelector(panel, panelSel.selectTemplates);
  const globalTemplates = useSelector(panel, panelSel.selectGlobalTemplates);
  const category = useSelector(panel, panelSel.selectCategory);
  const selected = useSelector(panel, panelSel.selectSelected);
  const confirming = useSelector(panel, panelSel.selectConfirmingDelete);

  const mode = useSelector(modeActor, modes.selectMode);
  const draft = useSelector(modeActor, modes.selectDraft);
  const drag = useSelector(modeActor, modes.selectDrag);
  const selectedShape = useSelector(modeActor, modes.selectSelectedShape);
  const pendingPin = useSelector(modeActor, modes.selectPendingPin);
  const typing = useSelector(modeActor, modes.selectTyping);
  const annotatingIdle = useSelector(modeActor, modes.selectAnnotatingIdle);
  const drawing = useSelector(modeActor, modes.selectDrawing);
  const mayUndo = useSelector(modeActor, modes.selectCanUndo);
  const mayRedo = useSelector(modeActor, modes.selectCanRedo);
  const [newTitle, setNewTitle] = useState('');
  // The share links of the selected insight, opened on demand (each opening lists its live links).
  const [sharing, setSharing] = useState(false);
  const [restoreError, setRestoreError] = useState<string | null>(null);

  // The machine keeps the drawing and its history; a saved pin is the insights panel's to store.
  useEffect(() => {
    const subs = [
      modeActor.on('pin.commit', (e) => {
        panel.send({
          type: 'pin.add',
          id: e.insightId,
          pin: {
            templateId: e.details.templateId,
            pinTypeId: e.details.pinTypeId,
            colour: e.details.colour,
            icon: e.details.icon,
            position: e.placement.point,
            layerId: e.placement.layerId,
            value: e.placement.value,
            unit: e.placement.unit,
            valueText: e.placement.valueText,
            title: e.details.title,
            note: e.details.note,
            sceneViewId: selectedViewId(panel.getSnapshot().context.data.insights.find((i) => i.id === e.insightId) ?? null),
          },
        });
      }),
    ];
    return () => subs.forEach((s) => s.unsubscribe());
  }, [modeActor, panel]);

  // Escape cancels the current interaction in every mode (text inputs handle their own keys).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const el = event.target as HTMLElement | null;
      if (el && ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName) && !typing) return;
      modeActor.send({ type: 'cancel' });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [modeActor, typing]);

  // Selecting an insight shows its first scene view: the viewer's state, the drawing and the pins.
  const selectedId = selected?.id ?? null;
  useEffect(() => {
    setRestoreError(null);
    const view = selected?.sceneview_set[0];
    const load = (doc: ReturnType<typeof emptyDrawing>) => modeActor.send({ type: 'drawing.load', drawing: doc });
    if (!view) return load(emptyDrawing());
    try {
      const drawingJson = view.drawings[0]?.drawing_json;
      if (view.view_json) {
        const doc = readSceneView(view.view_json);
        viewer.restore(doc.view);
        load(drawingJson ? parseDrawing(drawingJson) : doc.drawing);
      } else load(parseDrawing(drawingJson));
    } catch (e) {
      setRestoreError(e instanceof Error ? e.message : String(e));
    }
    // Only a change of insight restores; saving the same insight must not move the camera back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selectedId, viewer, modeActor]);

  const saveView = useCallback(async () => {
    if (!selected) return;
    const state = viewer.viewState();
    const handle = viewer.handle();
    let image: string | null = null;
    try {
      if (handle) image = await blobToDataUrl(await handle.captureImage({ withLegend: true }));
    } catch {
      image = null;
    }
    const pins = pinMarks(selected);
    const scale = state.colourScale;
    panel.send({
      type: 'view.save',
      id: selected.id,
      view: {
        sceneViewId: selectedViewId(selected),
        name: selected.title,
        viewJson: serialiseSceneView(state, drawing, pins) as never,
        camera: state.camera,
        simulationId: state.simulationId,
        legend:
          scale && scale.colours.length
            ? {
                title: scale.title ?? scale.legendName ?? 'Legend',
                unit: scale.unit,
                min: scale.min,
                max: scale.max,
                colours: scale.colours,
                class_labels: scale.classLabels,
                discrete: scale.discrete,
              }
            : null,
        imageBase64: image,
        drawingJson: serialiseDrawing(drawing),
      },
    });
  }, [selected, viewer, panel, drawing]);

  const capture = mode === 'drawing' ? 'draw' : annotatingIdle || pendingPin ? 'pin' : null;

  return (
    <section className={css.panel} aria-label="Insights">
      <h3>Insights</h3>
      <SelectField
        id="insight-type"
        label="Insight type"
        value={category ?? ''}
        onValueChange={(v) => panel.send({ type: 'category.filter', category: v || null })}
        options={[{ value: '', label: 'All types' }, ...categories.map((c) => ({ value: c.key, label: c.name }))]}
      />
      {mayEdit ? (
        <form
          className={css.row}
          onSubmit={(e) => {
            e.preventDefault();
            if (!newTitle.trim()) return;
            // A new insight opens with the default template, its prompts naming the analysis shown.
            const text = templateText(templateOfKind(globalTemplates, 'insight'), { analysis: analysisShown(viewer.viewState()) });
            panel.send({ type: 'insight.create', title: newTitle.trim(), category, text });
            setNewTitle('');
          }}
        >
          <TextField id="new-insight-title" label="New insight" value={newTitle} onValueChange={setNewTitle} placeholder="Title" />
          <Button type="submit" size="sm" tone="primary" disabled={!newTitle.trim() || busy || loading || failed}>
            Add insight
          </Button>
        </form>
      ) : null}
      {loading ? <p className={css.muted}>Loading insights…</p> : null}
      {failed ? (
        <p role="alert">
          {error}{' '}
          <Button size="sm" onClick={() => panel.send({ type: 'list.reload' })}>
            Retry
          </Button>
        </p>
      ) : null}
      {!loading && !failed && insights.length === 0 ? <p className={css.muted}>No insights yet.</p> : null}
      <InsightList
        insights={insights}
        categories={categories}
        selectedId={selectedId}
        mayEdit={mayEdit}
        busy={busy}
        onSelect={(id) => panel.send({ type: 'insight.select', id })}
        onMove={(id, index) => panel.send({ type: 'insight.move', id, index })}
        onStatus={(id, status) => panel.send({ type: 'insight.status', id, status })}
        onDelete={(id) => panel.send({ type: 'insight.delete', id })}
      />
      <ConfirmDialog
        open={confirming !== null}
        title="Delete insight?"
        description={confirming ? `“${confirming.title}” will be deleted with its views, pins and drawings. This cannot be undone.` : undefined}
        confirmLabel="Delete"
        tone="danger"
        onConfirm={() => panel.send({ type: 'deletion.confirm' })}
        onCancel={() => panel.send({ type: 'cancel' })}
      />
      {restoreError ? <p role="alert">The saved view could not be restored: {restoreError}</p> : null}
      {selected ? (
        <div className={css.row}>
          <Button
            size="sm"
            disabled={exporting}
            onClick={() =>
              pdf.send({
                type: 'pdf.export',
                request: { project_id: projectId, study_id: studyId, insight_id: selected.id },
                filename: pdfFileName(selected.title),
              })
            }
          >
            Download PDF
          </Button>
          {mayEdit && selected.insight_status === 'Published' ? (
            <Button size="sm" aria-pressed={sharing} onClick={() => setSharing(!sharing)}>
              Share
            </Button>
          ) : null}
        </div>
      ) : null}
      {sharing && mayEdit && selected?.insight_status === 'Published' ? (
        <ShareLinksPanel key={selected.id} target={{ projectId, kind: 'insight', id: selected.id }} />
      ) : null}
      {selected && mayEdit ? (
        <div className={css.row} role="toolbar" aria-label="Insight modes">
          <Button
            size="sm"
            aria-pressed={mode === 'editing'}
            tone={mode === 'editing' ? 'primary' : 'secondary'}
            onClick={() => modeActor.send(mode === 'editing' ? { type: 'mode.browse' } : { type: 'mode.edit', insightId: selected.id })}
          >
            Edit
          </Button>
          <Button
            size="sm"
            aria-pressed={mode === 'annotating'}
            tone={mode === 'annotating' ? 'primary' : 'secondary'}
            onClick={() => modeActor.send(mode === 'annotating' ? { type: 'mode.browse' } : { type: 'mode.annotate', insightId: selected.id })}
          >
            Add pin
          </Button>
          <Button
            size="sm"
            aria-pressed={mode === 'drawing'}
            tone={mode === 'drawing' ? 'primary' : 'secondary'}
            onClick={() => modeActor.send(mode === 'drawing' ? { type: 'mode.browse' } : { type: 'mode.draw', insightId: selected.id })}
          >
            Draw
          </Button>
          <Button size="sm" onClick={() => void saveView()} disabled={busy}>
            Save view
          </Button>
        </div>
      ) : null}
      {mode === 'editing' && selected ? (
        <InsightEditor
          insight={selected}
          categories={categories}
          onSave={(fields) => {
            panel.send({ type: 'insight.update', id: selected.id, ...fields });
            modeActor.send({ type: 'edit.saved' });
          }}
          onCancel={() => modeActor.send({ type: 'cancel' })}
        />
      ) : null}
      {mode === 'annotating' ? (
        pendingPin ? (
          <PinForm
            templates={templates}
            pinTypes={selected?.pin_types ?? []}
            placement={pendingPin}
            onSave={(details) => modeActor.send({ type: 'pin.save', details })}
            onCancel={() => modeActor.send({ type: 'cancel' })}
          />
        ) : (
          <p className={css.muted}>Click the model to place a pin (Escape to stop).</p>
        )
      ) : null}
      {mode === 'drawing' ? <DrawingToolbar actor={modeActor} canUndo={mayUndo} canRedo={mayRedo} /> : null}
      <DrawingOverlay
        handle={viewer.handle()}
        drawing={drawing}
        draft={draft}
        drag={drag}
        selectedId={selectedShape}
        pins={pinMarks(selected)}
        capture={capture}
        typingAt={typing && draft ? draft.points[0]! : null}
        onPointerDown={(point, shapeId) => modeActor.send({ type: 'pointer.down', point, shapeId })}
        onPointerMove={(point) => modeActor.send({ type: 'pointer.move', point })}
        onPointerUp={(point) => modeActor.send({ type: 'pointer.up', point })}
        onPinClick={(x, y) => {
          const hit = viewer.handle()?.pick(x, y);
          if (hit) {
            // The hit layer's own scale names its classes (another layer shown beside it has its own).
            const state = viewer.viewState();
            const scale = state.layerScales?.[hit.layerId] ?? state.colourScale;
            const valueText = hit.value !== undefined ? valueInWords(hit.value, scale, hit.unit) : undefined;
            modeActor.send({ type: 'pin.place', placement: { point: hit.point, layerId: hit.layerId, value: hit.value, unit: hit.unit, valueText } });
          } else toasts.send({ type: 'toast.show', toast: { tone: 'info', title: 'Click on the model to place the pin' } });
        }}
        onTextCommit={(text) => modeActor.send({ type: 'text.commit', text })}
        onTextCancel={() => modeActor.send({ type: 'cancel' })}
      />
      {exporting ? <PdfLoadingScreen /> : null}
    </section>
  );
}

function selectedViewId(insight: Insight | null): number | null {
  return insight?.sceneview_set[0]?.id ?? null;
}
