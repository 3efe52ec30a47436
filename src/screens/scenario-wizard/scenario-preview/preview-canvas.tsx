/**
 * The preview's 3D view (three.js lives in this lazily loaded chunk): the viewer's canvas with a
 * browser-made layer per geometry file, the ground, the findings' highlights and the tunnel
 * outlines. Keyboard: the arrow keys orbit, + and − zoom (orbit-keys.ts); the mouse orbits, pans
 * and zooms as in the viewer. Each framing request of the machine (the scene, the picked finding or
 * the tunnel) moves the camera once, as soon as the 3D view is there to move: a request made while
 * three.js is still starting is answered when it has, and the viewer's own fit-on-first-layer is
 * replaced by the preview's opening view, so it cannot land after (and undo) a request.
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { GeometryFinding } from '@canopy/contract/scenarios.ts';
import type { Framing, PreviewFile } from '@machines/scenario-preview/scenario-preview.machine.ts';
import type { TunnelExtent } from '@machines/scenario-preview/tunnel-extent.ts';
import type { CameraState, SceneLayer, ViewerHandle } from '../../../viewer/contracts.ts';
import type { DecodedLayer } from '../../../viewer/workers/decoded-layer.ts';
import { dropLocalLayer, putLocalLayer } from '../../../viewer/scene/local-layers.ts';
import { ViewerCanvas } from '../../../viewer/scene/viewer-canvas.tsx';
import { OPENING_CAMERA } from '../../../viewer/scene/opening-camera.ts';
import { cameraToFit } from '../../viewer/validation-findings.ts';
import { orbitCamera } from './orbit-keys.ts';
import { framedBounds, groundSoup, outlinesOf, previewHighlights, ROLE_THEME, sceneBounds } from './preview-scene.ts';
import * as css from './scenario-preview.css.ts';

export interface PreviewCanvasProps {
  files: readonly PreviewFile[];
  soups: ReadonlyMap<number, Float32Array>;
  findings: readonly GeometryFinding[];
  selectedId: string | null;
  framing: Framing;
  extent: TunnelExtent | null;
  /** Whether a ground is drawn for want of a ground file. */
  drawGround: boolean;
}

/** Geometry layers read no metadata (it carries a result's units and legend). */
const NO_METADATA = {} as DecodedLayer['metadata'];

const neverFetched = () => Promise.reject(new Error('the preview draws only files read in the browser'));

/** A triangle soup as a drawable layer (every corner its own vertex, as the STL has it). */
function soupLayer(name: string, positions: Float32Array): string {
  const indices = new Uint32Array(positions.length / 3);
  for (let i = 0; i < indices.length; i++) indices[i] = i;
  return putLocalLayer(name, { positions, indices, fields: {}, metadata: NO_METADATA });
}

export default function PreviewCanvas({ files, soups, findings, selectedId, framing, extent, drawGround }: PreviewCanvasProps) {
  // The handle arrives once three.js has started (a render or more after this component mounts).
  const [view, setView] = useState<ViewerHandle | null>(null);
  const bounds = useMemo(() => sceneBounds(soups.values(), extent), [soups, extent]);
  // The opening view takes in what is read so far; given as the canvas's camera, it also keeps the
  // viewer from fitting on its own when the first layer is in, which could come after a request.
  const [opening] = useState<CameraState | undefined>(() => {
    const b = sceneBounds(soups.values(), null);
    return b ? cameraToFit(OPENING_CAMERA, b) : undefined;
  });

  const layers = useMemo(() => {
    const out: SceneLayer[] = [];
    if (drawGround && bounds)
      out.push({ id: 'ground', kind: 'geometry', url: soupLayer('preview-ground', groundSoup(bounds)), visible: true, role: 'ground_outer' });
    for (const file of files) {
      const soup = soups.get(file.uploadId);
      if (soup)
        out.push({
          id: `upload-${file.uploadId}`,
          kind: 'geometry',
          url: soupLayer(`preview/${file.uploadId}`, soup),
          visible: true,
          role: ROLE_THEME[file.role],
          label: file.filename,
        });
    }
    return out;
  }, [files, soups, bounds, drawGround]);
  // Layers made here are let go when replaced or when the preview closes.
  useEffect(() => () => layers.forEach((l) => dropLocalLayer(l.url)), [layers]);

  const highlights = useMemo(() => previewHighlights(findings, files, soups, selectedId), [findings, files, soups, selectedId]);
  const outlines = useMemo(() => outlinesOf(extent), [extent]);

  // Each framing request moves the camera once; the opening view answers request 0.
  const answered = useRef(0);
  useEffect(() => {
    if (!view || framing.request === answered.current) return;
    const picked = findings.find((f) => f.id === selectedId) ?? null;
    const b = framedBounds(framing.on, { soups, extent, highlights, picked });
    // The tunnel asked for may not be drawn yet: the request is answered when it is.
    if (!b && framing.on === 'tunnel' && !extent) return;
    answered.current = framing.request;
    if (b) view.setCamera(cameraToFit(view.getCamera(), b));
  }, [view, framing, findings, selectedId, soups, extent, highlights]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!view) return;
    const next = orbitCamera(view.getCamera(), event.key);
    if (!next) return;
    event.preventDefault();
    view.setCamera(next);
  };

  return (
    <div
      className={css.stage}
      tabIndex={0}
      role="group"
      aria-label="3D preview of the scenario geometry: drag or use the arrow keys to orbit, + and − to zoom"
      onKeyDown={onKeyDown}
    >
      <ViewerCanvas
        ref={setView}
        camera={opening}
        layers={layers}
        colourScale={null}
        theme="default"
        loadAsset={neverFetched}
        originPoint={[0, 0, 0]}
        highlights={highlights}
        outlines={outlines}
      />
    </div>
  );
}
