/**
 * Images mode (SPEC §2 image container, image view creation panel; issue 10): capture the viewer
 * (ViewerHandle.captureImage) as a study image, place images in an insight as image views with a
 * caption, and order them (Move up/down → sort_order).
 */
import { useCallback, useContext, useEffect, useState } from 'react';
import type { Insight, StudyImage } from '@canopy/contract/insights.ts';
import { errorMessage, asServerError } from '@machines/shared/actors.ts';
import type { ViewerModeProps } from '../../viewer/contracts.ts';
import { selectMayChangeInsights } from '@machines/permissions/permissions.selectors.ts';
import { PermissionsContext } from '../../app/permissions-context.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { blobToDataUrl, InsightsServicesContext } from '../../services/insights-services.ts';
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
  const scope = { projectId, studyId };
  const [images, setImages] = useState<StudyImage[]>([]);
  const [insights, setInsights] = useState<Insight[]>([]);
  const [insightId, setInsightId] = useState('');
  const [caption, setCaption] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  /** The image view the user is asked to confirm removing (view state: the dialog is open). */
  const [removing, setRemoving] = useState<{ insightId: number; id: number; label: string } | null>(null);

  const reload = useCallback(async () => {
    const [imgs, data] = await Promise.all([services.listImages({ projectId, studyId }), services.load({ projectId, studyId })]);
    setImages(imgs);
    setInsights(data.insights.sort((a, b) => a.sort_order - b.sort_order));
  }, [services, projectId, studyId]);

  const guard = async (run: () => Promise<unknown>) => {
    setWorking(true);
    setError(null);
    try {
      await run();
      await reload();
    } catch (e) {
      setError(errorMessage(asServerError(e)) ?? 'Something went wrong. Please try again.');
    } finally {
      setWorking(false);
    }
  };

  useEffect(() => {
    void guard(async () => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reload]);

  const insight = insights.find((i) => String(i.id) === insightId) ?? null;
  const views = [...(insight?.imageview_set ?? [])].sort((a, b) => a.sort_order - b.sort_order);

  return (
    <section className={`${css.panel} ${sidebar.imagesPanel}`} aria-label="Images">
      <h3>Images</h3>
      {mayEdit ? (
        <div className={sidebar.captureRow}>
          <TextField id="image-name" className={sidebar.fullField} label="Image name" value={name} onValueChange={setName} placeholder="Viewer capture" />
          <Button
            size="sm"
            tone="primary"
            className={sidebar.noShrink}
            disabled={working || !viewer.handle()}
            onClick={() =>
              void guard(async () => {
                const blob = await viewer.handle()!.captureImage({ withLegend: true });
                await services.storeImage(
                  scope,
                  name.trim() || `Capture ${new Date().toISOString().slice(0, 16).replace('T', ' ')}`,
                  await blobToDataUrl(blob),
                );
                setName('');
              })
            }
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
        onValueChange={setInsightId}
        options={[{ value: '', label: 'Choose an insight' }, ...insights.map((i) => ({ value: String(i.id), label: i.title }))]}
      />
      {insight && mayEdit ? <TextField id="image-caption" className={sidebar.fullField} label="Caption" value={caption} onValueChange={setCaption} /> : null}
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
                  void guard(() =>
                    // A scene view's own capture keeps its view: the PDF then draws the view's drawing, pins and legend over it.
                    services
                      .addImageView(scope, insight.id, {
                        study_image_id: image.id,
                        caption,
                        sort_order: views.length,
                        scene_view_id: sceneViewOf(insight, image.id),
                      })
                      .then(() => setCaption('')),
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
                        void guard(() =>
                          Promise.all([
                            services.updateImageView(scope, insight.id, v.id, { sort_order: i - 1 }),
                            services.updateImageView(scope, insight.id, views[i - 1]!.id, { sort_order: i }),
                          ]),
                        )
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
          void guard(() => services.removeImageView(scope, r.insightId, r.id));
        }}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}
