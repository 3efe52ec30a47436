/**
 * The public page's read-only 3D viewer: one scene view of the shared insight or report, drawn as it
 * was saved (camera, theme, layers, filters, colour scale), its layers read through the link's layer
 * route without signing in. The visitor may turn the camera; nothing is saved. The canvas (three.js)
 * is loaded only when a view is shown, and draws only on demand: WebGL may be drawn in software.
 */
import { lazy, Suspense, useMemo } from 'react';
import type { SharedContent } from '@canopy/contract/share-links.ts';
import { LegendOverlay } from '../viewer/legend-overlay.tsx';
import { sharedSceneOf } from './shared-scene.ts';
import * as css from './share-links.css.ts';

const ViewerCanvas = lazy(() => import('../../viewer/scene/viewer-canvas.tsx').then((m) => ({ default: m.ViewerCanvas })));

/** A layer as the public route gives it: no session, so a plain fetch; a refusal is the layer's error. */
async function loadSharedLayer(url: string): Promise<ArrayBuffer> {
  const res = await fetch(url, { credentials: 'omit' });
  if (!res.ok) throw new Error(res.status === 404 ? 'This layer is no longer shared.' : `The layer could not be read (HTTP ${res.status}).`);
  return res.arrayBuffer();
}

export interface SharedSceneViewerProps {
  content: SharedContent;
  sceneViewId: number;
  layerUrl(assetId: number): string;
  failures: readonly string[];
  onLayerError(layerId: string): void;
}

export function SharedSceneViewer({ content, sceneViewId, layerUrl, failures, onLayerError }: SharedSceneViewerProps) {
  const view = useMemo(() => content.insights.flatMap((i) => i.sceneview_set).find((v) => v.id === sceneViewId) ?? null, [content, sceneViewId]);
  const scene = useMemo(() => (view ? sharedSceneOf(view, content.layers, layerUrl) : null), [view, content.layers, layerUrl]);
  if (!view) return null;
  const label = `3D view: ${view.name}`;
  if (!scene) {
    return (
      <section className={css.scene} aria-label={label}>
        <p className={css.muted}>This view has no layers that can be shown in 3D.</p>
      </section>
    );
  }
  const scales = scene.colourScale ? [scene.colourScale] : [];
  const failed = scene.layers.filter((l) => failures.includes(l.id)).map((l) => l.label ?? l.id);
  return (
    <section className={css.scene} aria-label={label}>
      <div className={css.sceneBar}>
        <strong>{view.name || '3D view'}</strong>
        <span className={css.muted}>Read-only 3D · drag to turn</span>
      </div>
      <div className={css.sceneCanvas} data-testid="shared-scene">
        <Suspense fallback={<p className={css.muted}>Loading the 3D view…</p>}>
          <ViewerCanvas
            key={view.id}
            layers={scene.layers}
            colourScale={scene.colourScale}
            layerScales={scene.colourScale?.layerId ? { [scene.colourScale.layerId]: scene.colourScale } : undefined}
            theme={scene.theme}
            camera={scene.camera}
            loadAsset={loadSharedLayer}
            onLayerError={onLayerError}
            showNorthArrow
          />
        </Suspense>
        <LegendOverlay scales={scales} fallbackTitle={null} />
      </div>
      {scene.filters.length ? <p className={css.muted}>Filters: {scene.filters.join(' · ')}</p> : null}
      {failed.length ? <p role="alert">Not shown: {failed.join(', ')} could not be read.</p> : null}
    </section>
  );
}
