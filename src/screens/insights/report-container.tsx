/**
 * The report container (SPEC §2 report container, report view creation panel, PDF creation loading
 * screen): a report's cover data, its ordered views previewed with their images, adding a
 * view from an insight's image views with a caption, reordering, Draft/Published, and the PDF —
 * POST /api/export-pdf/ behind a 'Creating PDF' screen, saved under the project's and the report's names.
 */
import { useContext, useMemo, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { pdfFileName } from '@canopy/contract/insights.ts';
import { selectBusy, selectData, selectError, selectFields } from '@machines/viewer-modes/study-records.selectors.ts';
import { selectExporting, selectPdfError } from '@machines/viewer-modes/pdf-export.selectors.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { bindPdfExport, InsightsServicesContext } from '../../services/insights-services.ts';
import { bindReportRecords, type ReportChange, type ReportData } from '../../services/insight-records-services.ts';
import { PdfLoadingScreen } from './pdf-loading-screen.tsx';
import { ShareLinksPanel } from '../share-links/share-links-panel.tsx';
import { useStudyImage } from './use-study-image.ts';
import * as css from './insights.css.ts';

function Preview({ projectId, studyId, imageId, caption }: { projectId: number; studyId: number; imageId: number; caption: string }) {
  const url = useStudyImage(projectId, studyId, imageId);
  return (
    <figure style={{ margin: 0 }}>
      {url ? <img className={css.thumb} src={url} alt={caption || 'Report image'} /> : <div className={css.thumb} />}
      <figcaption>{caption || <em>No caption</em>}</figcaption>
    </figure>
  );
}

export function ReportContainer({ projectId, studyId, reportId, mayEdit = true }: { projectId: number; studyId: number; reportId: number; mayEdit?: boolean }) {
  const services = useContext(InsightsServicesContext);
  // Loading and each change (then the reload) are the study records machine's; this view renders it.
  const logic = useMemo(() => bindReportRecords(services, { projectId, studyId }, reportId), [services, projectId, studyId, reportId]);
  const records = useActorRef(logic, { input: { fields: { choice: '', caption: '' } } });
  const data = useSelector(records, selectData<ReportData>);
  const working = useSelector(records, selectBusy);
  const error = useSelector(records, selectError);
  const { choice = '', caption = '' } = useSelector(records, selectFields);
  const field = (key: string) => (value: string) => records.send({ type: 'field.set', name: key, value });
  const change = (change: ReportChange, clear?: string[]) => records.send({ type: 'change', change, clear });
  /** The report view the user is asked to confirm removing (view state: the dialog is open). */
  const [removing, setRemoving] = useState<{ insightId: number; id: number; label: string } | null>(null);
  /** The share links panel, opened on demand (each opening lists the report's live links). */
  const [sharing, setSharing] = useState(false);
  const pdfLogic = useMemo(() => bindPdfExport(services), [services]);
  const pdf = useActorRef(pdfLogic, { input: {} });
  const creatingPdf = useSelector(pdf, selectExporting);
  const pdfError = useSelector(pdf, selectPdfError);

  const report = data?.report ?? null;
  if (!report) return error ? <p role="alert">{error}</p> : <p className={css.muted}>Loading the report…</p>;
  const insights = data?.insights ?? [];
  const imageViews = insights.flatMap((i) => i.imageview_set.map((v) => ({ insight: i, view: v })));
  const chosen = imageViews.find((x) => String(x.view.id) === choice);
  const views = report.report_views;
  const order = views.map((v) => v.id);

  return (
    <article className={css.panel} aria-label={`Report ${report.title}`}>
      <h3>{report.title}</h3>
      <dl className={css.muted} aria-label="Cover">
        <div>Project: {report.cover.project}</div>
        <div>Location: {report.cover.location}</div>
        <div>Author: {report.cover.author}</div>
        <div>
          Version {report.cover.version} · {report.cover.date} · {report.page_size} · {report.report_status}
        </div>
      </dl>
      {error || pdfError ? <p role="alert">{error ?? pdfError}</p> : null}
      <div className={css.row}>
        {mayEdit ? (
          <label className={css.muted}>
            <input
              type="checkbox"
              checked={report.report_status === 'Published'}
              disabled={working}
              onChange={(e) => change({ kind: 'status', published: e.target.checked })}
            />{' '}
            Published
          </label>
        ) : null}
        <Button
          size="sm"
          tone="primary"
          disabled={creatingPdf}
          onClick={() =>
            pdf.send({
              type: 'pdf.export',
              request: { project_id: projectId, study_id: studyId, report_id: reportId },
              filename: pdfFileName(report.title, report.cover.project),
            })
          }
        >
          Download PDF
        </Button>
        {mayEdit && report.report_status === 'Published' ? (
          <Button size="sm" aria-pressed={sharing} onClick={() => setSharing(!sharing)}>
            Share
          </Button>
        ) : null}
      </div>
      {sharing && mayEdit && report.report_status === 'Published' ? <ShareLinksPanel target={{ projectId, kind: 'report', id: report.id }} /> : null}
      {mayEdit ? (
        <form
          className={css.panel}
          aria-label="Add report view"
          onSubmit={(e) => {
            e.preventDefault();
            if (!chosen) return;
            change(
              {
                kind: 'add',
                insightId: chosen.insight.id,
                body: { report_id: report.id, image_view_id: chosen.view.id, caption: caption || chosen.view.caption },
              },
              ['caption'],
            );
          }}
        >
          <SelectField
            id="report-image-view"
            label="Image"
            value={choice}
            onValueChange={field('choice')}
            options={[
              { value: '', label: imageViews.length ? 'Choose an insight image' : 'No insight images yet (add them in Images)' },
              ...imageViews.map((x) => ({ value: String(x.view.id), label: `${x.insight.title} · ${x.view.caption || `image ${x.view.id}`}` })),
            ]}
          />
          <TextField id="report-caption" label="Caption" value={caption} onValueChange={field('caption')} />
          <Button type="submit" size="sm" disabled={!chosen || working}>
            Add to report
          </Button>
        </form>
      ) : null}
      <ol className={css.list} aria-label="Report views">
        {views.map((v, i) => (
          <li key={v.id} className={css.item} aria-label={v.caption || `View ${i + 1}`}>
            <Preview projectId={projectId} studyId={studyId} imageId={v.image_view.study_image_id} caption={v.caption} />
            {mayEdit ? (
              <div className={css.row}>
                <Button
                  size="sm"
                  tone="ghost"
                  aria-label={`Move view ${i + 1} up`}
                  disabled={working || i === 0}
                  onClick={() => {
                    const next = [...order];
                    [next[i - 1], next[i]] = [next[i]!, next[i - 1]!];
                    change({ kind: 'order', order: next });
                  }}
                >
                  ↑
                </Button>
                <Button
                  size="sm"
                  tone="ghost"
                  aria-label={`Remove view ${i + 1}`}
                  disabled={working}
                  onClick={() => setRemoving({ insightId: v.insight.id, id: v.id, label: `view ${i + 1}` })}
                >
                  Remove
                </Button>
              </div>
            ) : null}
          </li>
        ))}
      </ol>
      {creatingPdf ? <PdfLoadingScreen /> : null}
      <ConfirmDialog
        open={removing !== null}
        title="Remove view from the report?"
        description={removing ? `The ${removing.label} leaves this report. Its image stays in the insight.` : undefined}
        confirmLabel="Remove"
        tone="danger"
        onConfirm={() => {
          const r = removing!;
          setRemoving(null);
          change({ kind: 'remove', insightId: r.insightId, id: r.id });
        }}
        onCancel={() => setRemoving(null)}
      />
    </article>
  );
}
