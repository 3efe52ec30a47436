/**
 * The preview's 3D view (three.js lives in this lazily loaded chunk): the viewer's canvas with a
 * browser-made layer per geometry file, the ground, the findings' highlights and the tunnel
 * outlines. Keyboard: the arrow keys orbit, + and − zoom (orbit-keys.ts); the mouse orbits, pans
 * and zooms as in the viewer. A focus request from the machine flies to the selected finding.
 */
import { useEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import type { GeometryFinding } from '@canopy/contract/scenarios.ts';
import type { PreviewFile } from '@machines/scenario-preview/scenario-preview.machine.ts';
import type { TunnelExtent } from '@machines/scenario-preview/tunnel-extent.ts';
import type { SceneLayer, ViewerHandle } from '../../../viewer/contracts.ts';
import type { DecodedLayer } from '../../../viewer/workers/decoded-layer.ts';
import { dropLocalLayer, putLocalLayer } from '../../../viewer/scene/local-layers.ts';
import { ViewerCanvas } from '../../../viewer/scene/viewer-canvas.tsx';
import { cameraToFit, findingBounds } from '../../viewer/validation-findings.ts';
import { orbitCamera } from './orbit-keys.ts';
import { groundSoup, outlinesOf, previewHighlights, ROLE_THEME, sceneBounds } from './preview-scene.ts';
import * as css from './scenario-preview.css.ts';

export interface PreviewCanvasProps {
  files: readonly PreviewFile[];
  soups: ReadonlyMap<number, Float32Array>;
  findings: readonly GeometryFinding[];
  selectedId: string | null;
  focus: number;
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

export default function PreviewCanvas({ files, soups, findings, selectedId, focus, extent, drawGround }: PreviewCanvasProps) {
  const handle = useRef<ViewerHandle>(null);
  const bounds = useMemo(() => sceneBounds(soups.values(), extent), [soups, extent]);

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

  // A new tunnel is shown whole: the view steps back to take it in.
  useEffect(() => {
    const h = handle.current;
    if (!h || !extent) return;
    const b = sceneBounds([], extent);
    if (b) h.setCamera(cameraToFit(h.getCamera(), b));
  }, [extent]);

  // Each focus request flies to the selected finding (its faces, else its location).
  useEffect(() => {
    const h = handle.current;
    const finding = findings.find((f) => f.id === selectedId);
    if (!h || !finding || focus === 0) return;
    const b = findingBounds(highlights, finding);
    if (b) h.setCamera(cameraToFit(h.getCamera(), b));
    // Only a new request moves the camera, not highlights arriving later.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focus]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const h = handle.current;
    if (!h) return;
    const next = orbitCamera(h.getCamera(), event.key);
    if (!next) return;
    event.preventDefault();
    h.setCamera(next);
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
        ref={handle}
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
