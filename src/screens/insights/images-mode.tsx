/**
 * Images mode (SPEC §2 image container, image view creation panel): capture the viewer
 * (ViewerHandle.captureImage) as a study image, place images in an insight as image views with a
 * caption, and order them (Move up/down → sort_order).
 */
import { useContext, useMemo, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { Insight, StudyImage } from '@canopy/contract/insights.ts';
import { selectBusy, selectData, selectError, selectFields } from '@machines/viewer-modes/study-records.selectors.ts';
import type { ViewerModeProps } from '../../viewer/contracts.ts';
import { selectMayChangeInsights } from '@machines/permissions/permissions.selectors.ts';
import { PermissionsContext } from '../../app/permissions-context.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { InsightsServicesContext } from '../../services/insights-services.ts';
import { bindImageRecords, type ImagesChange, type ImagesData } from '../../services/insight-records-services.ts';
import { useStudyImage } from './use-study-image.ts';
import * as css from './insights.css.ts';
import * as sidebar from './images-mode.css.ts';

function Thumb({ projectId, studyId, image }: { projectId: number; studyId: number; image: StudyImage }) {
  const url = useStudyImage(projectId, studyId, image.id);
  return url ? <img className={css.thumb} src={url} alt={image.name} /> : <div className={css.thumb} role="img" aria-label={image.name} />;
}

/** The insight's scene view whose saved capture this study image is, or null. */
export function sceneViewOf(insight: Insight, studyImageId: number): number | null {
  return insight.sceneview_set.find((v) => v.study_image_id === studyImageId)?.id ?? null;
}

export function ImagesMode({ projectId, studyId, viewer }: ViewerModeProps) {
  const services = useContext(InsightsServicesContext);
  // Capturing and placing images changes the study's insights: offered only to who may (as the server decides).
  const mayEdit = PermissionsContext.useSelector(selectMayChangeInsights(projectId));
  // Loading and each change (then the reload) are the study records machine's; this view renders it.
  const logic = useMemo(() => bindImageRecords(services, { projectId, studyId }, viewer), [services, projectId, studyId, viewer]);
  const records = useActorRef(logic, { input: { fields: { name: '', caption: '', insightId: '' } } });
  const data = useSelector(records, selectData<ImagesData>);
  const working = useSelector(records, selectBusy);
  const error = useSelector(records, selectError);
  const { name = '', caption = '', insightId = '' } = useSelector(records, selectFields);
  const field = (key: string) => (value: string) => records.send({ type: 'field.set', name: key, value });
  const change = (change: ImagesChange, clear?: string[]) => records.send({ type: 'change', change, clear });
  /** The image view the user is asked to confirm removing (view state: the dialog is open). */
  const [removing, setRemoving] = useState<{ insightId: number; id: number; label: string } | null>(null);

  const images = data?.images ?? [];
  const insights = data?.insights ?? [];
  const insight = insights.find((i) => String(i.id) === insightId) ?? null;
  const views = [...(insight?.imageview_set ?? [])].sort((a, b) => a.sort_order - b.sort_order);

  return (
    <section className={`${css.panel} ${sidebar.imagesPanel}`} aria-label="Images">
      <h3>Images</h3>
      {mayEdit ? (
        <div className={sidebar.captureRow}>
          <TextField id="image-name" className={sidebar.fullField} label="Image name" value={name} onValueChange={field('name')} placeholder="Viewer capture" />
          <Button
            size="sm"
            tone="primary"
            className={sidebar.noShrink}
            disabled={working || !viewer.handle()}
            onClick={() => change({ kind: 'capture', name }, ['name'])}
          >
            Capture image
          </Button>
        </div>
      ) : null}
      {error ? <p role="alert">{error}</p> : null}
      <SelectField
        id="images-insight"
        className={sidebar.fullField}
        label="Insight"
        value={insightId}
        onValueChange={field('insightId')}
        options={[{ value: '', label: 'Choose an insight' }, ...insights.map((i) => ({ value: String(i.id), label: i.title }))]}
      />
      {insight && mayEdit ? (
        <TextField id="image-caption" className={sidebar.fullField} label="Caption" value={caption} onValueChange={field('caption')} />
      ) : null}
      <ul className={css.list} aria-label="Study images">
        {images.map((image) => (
          <li key={image.id} className={`${css.item} ${sidebar.imageItem}`} aria-label={image.name}>
            <Thumb projectId={projectId} studyId={studyId} image={image} />
            <span className={css.muted}>
              {image.name} · {image.width}×{image.height}
            </span>
            {insight && mayEdit && views.some((v) => v.study_image_id === image.id) ? (
              // Already in the insight: said, not offered twice (the same image went in twice).
              <Button size="sm" className={sidebar.wrapButton} disabled aria-pressed>
                Added to {insight.title}
              </Button>
            ) : insight && mayEdit ? (
              <Button
                size="sm"
                className={sidebar.wrapButton}
                disabled={working}
                onClick={() =>
                  change(
                    {
                      kind: 'add',
                      insightId: insight.id,
                      // A scene view's own capture keeps its view: the PDF then draws the view's drawing, pins and legend over it.
                      body: { study_image_id: image.id, caption, sort_order: views.length, scene_view_id: sceneViewOf(insight, image.id) },
                    },
                    ['caption'],
                  )
                }
              >
                Add to {insight.title}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {insight ? (
        <>
          <h4>Images of {insight.title}</h4>
          <ol className={css.list} aria-label="Image views">
            {views.map((v, i) => (
              <li key={v.id} className={`${css.item} ${sidebar.imageItem} ${sidebar.viewRow}`} aria-label={v.caption || `Image ${i + 1}`}>
                <span className={sidebar.caption}>{v.caption || <em>No caption</em>}</span>
                {mayEdit ? (
                  <div className={sidebar.actions}>
                    <Button
                      size="sm"
                      tone="ghost"
                      aria-label={`Move image ${i + 1} up`}
                      disabled={working || i === 0}
                      onClick={() =>
                        change({
                          kind: 'move',
                          insightId: insight.id,
                          moves: [
                            { id: v.id, sort_order: i - 1 },
                            { id: views[i - 1]!.id, sort_order: i },
                          ],
                        })
                      }
                    >
                      ↑
                    </Button>
                    <Button
                      size="sm"
                      tone="ghost"
                      aria-label={`Remove image ${i + 1}`}
                      disabled={working}
                      onClick={() => setRemoving({ insightId: insight.id, id: v.id, label: v.caption || `Image ${i + 1}` })}
                    >
                      Remove
                    </Button>
                  </div>
                ) : null}
              </li>
            ))}
          </ol>
        </>
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        title="Remove image from the insight?"
        description={
          removing ? `“${removing.label}” and its caption leave the insight and its reports. The captured image stays in the study's images.` : undefined
        }
        confirmLabel="Remove"
        tone="danger"
        onConfirm={() => {
          const r = removing!;
          setRemoving(null);
          change({ kind: 'remove', insightId: r.insightId, id: r.id });
        }}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}
