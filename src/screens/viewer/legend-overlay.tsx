/**
 * The colour legend over the 3D view (issue 16 item 9): the layer's human name and unit, and its
 * colours — classes with their labels, or a gradient from min to max. Shown while the viewer UI's
 * legend region is 'shown' (toggled by the toolbar's Legend button or L); the same legend goes into
 * screenshots and figures (viewer/colour/legend-canvas.ts).
 */
import { formatValue, withUnit } from '@canopy/engine/results/labels.ts';
import type { ColourScale } from '../../viewer/contracts.ts';
import * as css from './viewer.css.ts';

export function LegendOverlay({ scale, fallbackTitle }: { scale: ColourScale | null; fallbackTitle: string | null }) {
  if (!scale || scale.colours.length === 0) return null;
  const title = withUnit(scale.title ?? fallbackTitle ?? 'Values', scale.unit);
  return (
    <figure className={css.legendOverlay} aria-label={`Legend: ${title}`}>
      <figcaption className={css.legendOverlayTitle}>{title}</figcaption>
      {scale.discrete ? (
        <ul className={css.legendClasses}>
          {scale.colours.map((colour, i) => (
            <li key={i}>
              <span className={css.legendSwatch} style={{ background: colour }} aria-hidden />
              {scale.classLabels?.[i] ?? String(i)}
            </li>
          ))}
        </ul>
      ) : (
        <>
          <div className={css.legendOverlayBar} style={{ background: `linear-gradient(to right, ${scale.colours.join(', ')})` }} aria-hidden />
          <div className={css.legendRange}>
            <span>{formatValue(scale.min)}</span>
            <span>{formatValue(scale.max)}</span>
          </div>
        </>
      )}
    </figure>
  );
}
