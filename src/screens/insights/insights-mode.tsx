/**
 * Insights mode (SPEC §2 insight type selector and sorter, annotation menu, drawing tool):
 * the study's insights filtered by type, reordered by drag or keyboard, published by permitted
 * users, deleted with SPEC §8's toasts; the selected insight restores its scene view, downloads
 * as a PDF (behind the PDF creation loading screen) and can be edited, annotated with pins or drawn
 * on — three exclusive modes of the viewer-modes machine.
 */
import { useContext, useMemo, useState } from 'react';
import { layerLabel, resultAnalysisLabel } from '@canopy/engine/results/labels.ts';
import { useActorRef, useSelector } from '@xstate/react';
import { pdfFileName } from '@canopy/contract/insights.ts';
import { selectBusy as selectWorkspaceBusy, selectChildren, selectRestoreError } from '@machines/insights-workspace/insights-workspace.selectors.ts';
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
import { pinMarks } from '../../insights/scene-view-capture.ts';
import { bindInsightsWorkspace, InsightsServicesContext } from '../../services/insights-services.ts';
import { DrawingOverlay } from './drawing-overlay.tsx';
import { valueInWords } from '../viewer/value-words.ts';
import { DrawingToolbar } from './drawing-toolbar.tsx';
import { InsightList } from './insight-list.tsx';
import { InsightEditor } from './insight-editor.tsx';
import { PdfLoadingScreen } from './pdf-loading-screen.tsx';
import { PinForm } from './pin-form.tsx';
import { ShareLinksPanel } from '../share-links/share-links-panel.tsx';
import * as css from './insights.css.ts';

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
  // The coordination is the insights workspace machine's (pins, restore, save, Escape); this view renders it.
  const logic = useMemo(() => bindInsightsWorkspace(services, viewer), [services, viewer]);
  const workspace = useActorRef(logic, { input: { projectId, studyId, toasts } });
  const { panel, modes: modeActor, pdf } = useMemo(() => selectChildren(workspace.getSnapshot()), [workspace]);
  const exporting = useSelector(pdf, selectExporting);
  const mayEdit = PermissionsContext.useSelector(selectMayChangeInsights(projectId));
  const restoreError = useSelector(workspace, selectRestoreError);
  const restoringOrSaving = useSelector(workspace, selectWorkspaceBusy);

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
  const selectedId = selected?.id ?? null;

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
          <Button size="sm" onClick={() => workspace.send({ type: 'view.save' })} disabled={busy || restoringOrSaving}>
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
