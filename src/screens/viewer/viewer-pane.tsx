/**
 * One viewer of the screen (the second one in split view): the 3D canvas with its own theme and
 * layer selection, a small bar naming it with its theme picker. Clicking or focusing it makes it
 * the pane the side panels act on.
 */
import { forwardRef } from 'react';
import type { ColourScale, ThemeName, ViewerCanvasProps, ViewerHandle } from '../../viewer/contracts.ts';
import { ViewerCanvas } from '../../viewer/scene/viewer-canvas.tsx';
import { THEMES } from '../../viewer/themes/themes.ts';
import type { PaneModel } from './use-pane-model.ts';
import { simulationLabel } from './layer-panel.tsx';
import { LegendOverlay } from './legend-overlay.tsx';
import { withUnit } from '@canopy/engine/results/labels.ts';
import * as css from './viewer.css.ts';

/** A legend for every shown data layer (each drawn with its own scale), the followed one first. */
function legendScales(model: PaneModel): ColourScale[] {
  const followed = model.colourScale;
  const others = Object.values(model.layerScales).filter((scale) => scale !== followed);
  return followed ? [followed, ...others] : others;
}

/** The site's reference origin in scene coordinates: results, uploads and surroundings share it. */
const SITE_ORIGIN: [number, number, number] = [0, 0, 0];

export interface ViewerPaneProps extends Pick<
  ViewerCanvasProps,
  'camera' | 'onCameraChange' | 'onProbe' | 'onPick' | 'onLayerError' | 'onLayerRange' | 'loadAsset' | 'highlights' | 'outlines' | 'effects'
> {
  index: 0 | 1;
  model: PaneModel;
  theme: ThemeName;
  themes: readonly ThemeName[];
  active: boolean;
  split: boolean;
  onActivate(): void;
  onTheme(theme: ThemeName): void;
  /** The colour legend over the view (the viewer UI's legend region). */
  showLegend: boolean;
}

export const ViewerPane = forwardRef<ViewerHandle, ViewerPaneProps>(function ViewerPane(
  { index, model, theme, themes, active, split, onActivate, onTheme, showLegend, ...canvas },
  ref,
) {
  const name = `Viewer ${index + 1}`;
  return (
    <section
      className={css.pane}
      data-active={split && active}
      aria-label={name}
      data-testid={`viewer-pane-${index + 1}`}
      onPointerDown={onActivate}
      onFocus={onActivate}
    >
      <div className={css.paneBar}>
        <strong>{split ? name : 'Viewer'}</strong>
        <span>{model.simulation ? simulationLabel(model.simulation) : 'No simulation'}</span>
        {model.layerTitle ? <span aria-label="Layer shown">{withUnit(model.layerTitle, model.unit)}</span> : null}
        <label>
          <span className={css.muted}>Theme </span>
          <select id={`viewer-theme-${index + 1}`} aria-label={`${name} theme`} value={theme} onChange={(e) => onTheme(e.target.value as ThemeName)}>
            {themes.map((t) => (
              <option key={t} value={t}>
                {THEMES[t]?.label ?? t}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className={css.canvasHost}>
        {/* The reference origin: the site's (0, 0, 0), where the project's coordinates and the surroundings are anchored. */}
        <ViewerCanvas
          ref={ref}
          layers={model.layers}
          colourScale={model.colourScale}
          layerScales={model.layerScales}
          theme={theme}
          showNorthArrow
          originPoint={model.layers.length ? SITE_ORIGIN : undefined}
          {...canvas}
        />
        {showLegend ? <LegendOverlay scales={legendScales(model)} fallbackTitle={model.layerTitle} /> : null}
      </div>
    </section>
  );
});
