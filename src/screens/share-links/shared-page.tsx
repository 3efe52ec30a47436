/**
 * The public page of a share link, /shared/{token}: for anyone, signed in or not. Asks
 * for the password when the link has one, then shows the insight or report read-only — titles,
 * text, one scene view at a time in a read-only 3D viewer, the captured images with their captions,
 * the pins. A dead link says only that it is no
 * longer available. The machine (machines/share-links/shared-view.machine.ts) does the work.
 */
import { useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { Insight } from '@canopy/contract/insights.ts';
import type { SharedContent } from '@canopy/contract/share-links.ts';
import * as sel from '@machines/share-links/share-links.selectors.ts';
import { drawableSceneViews, type sharedViewMachine } from '@machines/share-links/shared-view.machine.ts';
import { usePageTitle } from '../../app/page-title.ts';
import { bindSharedView, sharedImageUrl, sharedLayerUrl, ShareLinksServicesContext } from '../../services/share-links-services.ts';
import { Button } from '../../ui/button.tsx';
import { formatDate } from '../../ui/format.ts';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { SharedSceneViewer } from './shared-scene-viewer.tsx';
import * as css from './share-links.css.ts';

type SharedViewRef = ActorRefFrom<typeof sharedViewMachine>;

export function SharedPage({ token }: { token: string }) {
  const services = useContext(ShareLinksServicesContext);
  const logic = useMemo(() => bindSharedView(services), [services]);
  const actor = useActorRef(logic, { input: { token } });
  const state = useSelector(actor, sel.selectSharedState);
  const info = useSelector(actor, sel.selectSharedInfo);
  const content = useSelector(actor, sel.selectSharedContent);
  const passwordError = useSelector(actor, sel.selectPasswordError);
  const failure = useSelector(actor, sel.selectSharedFailure);
  const [password, setPassword] = useState('');
  usePageTitle(content ? (content.report?.title ?? content.insights[0]?.title ?? 'Shared') : 'Shared link');

  return (
    <main className={css.page}>
      {state === 'loading' || state === 'opening' ? <p className={css.muted}>Opening the shared link…</p> : null}
      {state === 'gone' ? (
        <>
          <h1>This link is not available</h1>
          <p className={css.muted}>It may have expired or been revoked. Ask the person who shared it for a new one.</p>
        </>
      ) : null}
      {state === 'failed' ? (
        <InlineMessage
          tone="danger"
          action={
            <Button size="sm" onClick={() => actor.send({ type: 'retry' })}>
              Retry
            </Button>
          }
        >
          {failure}
        </InlineMessage>
      ) : null}
      {state === 'locked' ? (
        <form
          className={css.panel}
          aria-label="Open the shared link"
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'password.submit', password });
          }}
        >
          <h1>This {info?.kind === 'report' ? 'report' : 'insight'} is protected</h1>
          <TextField
            id="shared-password"
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            onValueChange={setPassword}
            errors={passwordError ? [passwordError] : []}
          />
          <div className={css.row}>
            <Button type="submit" tone="primary" disabled={!password}>
              Open
            </Button>
          </div>
        </form>
      ) : null}
      {state === 'showing' && content ? <SharedContentView token={token} content={content} actor={actor} /> : null}
    </main>
  );
}

/** The 3D viewer of the chosen scene view, with a choice of the others when there are several. */
function SharedScenes({ token, content, actor }: { token: string; content: SharedContent; actor: SharedViewRef }) {
  const sceneViewId = useSelector(actor, sel.selectSharedSceneViewId);
  const failures = useSelector(actor, sel.selectSharedSceneFailures);
  const views = useMemo(() => drawableSceneViews(content), [content]);
  const layerUrl = useCallback((assetId: number) => sharedLayerUrl(token, assetId, content.access), [token, content.access]);
  const onLayerError = useCallback((layerId: string) => actor.send({ type: 'scene.layerFailed', layerId }), [actor]);
  if (sceneViewId === null) return null;
  return (
    <>
      {views.length > 1 ? (
        <div className={css.sceneChoices} role="group" aria-label="Views in 3D">
          {views.map((v) => (
            <Button key={v.id} size="sm" aria-pressed={v.id === sceneViewId} onClick={() => actor.send({ type: 'scene.show', sceneViewId: v.id })}>
              {v.name || `View ${v.id}`}
            </Button>
          ))}
        </div>
      ) : null}
      <SharedSceneViewer content={content} sceneViewId={sceneViewId} layerUrl={layerUrl} failures={failures} onLayerError={onLayerError} />
    </>
  );
}

function SharedContentView({ token, content, actor }: { token: string; content: SharedContent; actor: SharedViewRef }) {
  const image = (id: number) => sharedImageUrl(token, id, content.access);
  const scenes = <SharedScenes token={token} content={content} actor={actor} />;
  return (
    <article aria-label={content.kind === 'report' ? 'Shared report' : 'Shared insight'}>
      <p className={css.muted}>Read-only · shared until {formatDate(content.expires_at)}</p>
      {content.report ? (
        <>
          <h1>{content.report.title}</h1>
          <p className={css.muted}>
            {[content.report.cover.project, content.report.cover.location, content.report.cover.author, content.report.cover.date].filter(Boolean).join(' · ')}
          </p>
          {scenes}
          {content.report.report_views.map((view) => {
            const insight = content.insights.find((i) => i.id === view.insight.id);
            return (
              <figure key={view.id} className={css.figure}>
                {insight ? <h2>{insight.title}</h2> : null}
                {insight?.text ? <p className={css.text}>{insight.text}</p> : null}
                <img className={css.image} src={image(view.image_view.study_image_id)} alt={view.caption || insight?.title || 'Figure'} />
                {view.caption ? <figcaption>{view.caption}</figcaption> : null}
              </figure>
            );
          })}
        </>
      ) : (
        content.insights.map((insight, i) => <SharedInsight key={insight.id} insight={insight} image={image} scenes={i === 0 ? scenes : null} />)
      )}
    </article>
  );
}

function SharedInsight({ insight, image, scenes }: { insight: Insight; image: (id: number) => string; scenes: ReactNode }) {
  // The captured image of each scene view, then the image views not already shown by their scene view.
  const shown = new Set<number>();
  const figures: Array<{ key: string; imageId: number; caption: string }> = [];
  for (const view of insight.sceneview_set) {
    if (view.study_image_id === null || shown.has(view.study_image_id)) continue;
    shown.add(view.study_image_id);
    figures.push({ key: `s${view.id}`, imageId: view.study_image_id, caption: view.name });
  }
  for (const view of insight.imageview_set) {
    if (shown.has(view.study_image_id)) continue;
    shown.add(view.study_image_id);
    figures.push({ key: `i${view.id}`, imageId: view.study_image_id, caption: view.caption });
  }
  return (
    <section aria-label={insight.title}>
      <h1>{insight.title}</h1>
      {insight.text ? <p className={css.text}>{insight.text}</p> : null}
      {scenes}
      {figures.map((f) => (
        <figure key={f.key} className={css.figure}>
          <img className={css.image} src={image(f.imageId)} alt={f.caption || insight.title} />
          {f.caption ? <figcaption>{f.caption}</figcaption> : null}
        </figure>
      ))}
      {insight.pins.length ? (
        <>
          <h2>Pins</h2>
          <ul>
            {insight.pins.map((pin) => (
              <li key={pin.id}>
                {[pin.title, pin.note, pin.item.value !== undefined ? `${pin.item.value}${pin.item.unit ? ` ${pin.item.unit}` : ''}` : null]
                  .filter(Boolean)
                  .join(' — ')}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
