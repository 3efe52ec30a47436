/**
 * The colour legends over the 3D view: one for every shown data
 * layer, each with the layer's human name and unit and the very scale the layer is drawn with —
 * classes with their labels, or a gradient with its round ticks. Shown while the viewer UI's legend
 * region is 'shown' (toggled by the toolbar's Legend button or L); the same legend goes into
 * screenshots and figures (viewer/colour/legend-canvas.ts).
 */
import { formatValue, withUnit } from '@canopy/engine/results/labels.ts';
import type { ColourScale } from '../../viewer/contracts.ts';
import * as css from './viewer.css.ts';

export function LegendOverlay({ scales, fallbackTitle }: { scales: readonly ColourScale[]; fallbackTitle: string | null }) {
  const shown = scales.filter((scale) => scale.colours.length > 0);
  if (shown.length === 0) return null;
  return (
    <div className={css.legendStack}>
      {shown.map((scale, i) => (
        <Legend key={scale.layerId ?? i} scale={scale} fallbackTitle={i === 0 ? fallbackTitle : null} />
      ))}
    </div>
  );
}

function Legend({ scale, fallbackTitle }: { scale: ColourScale; fallbackTitle: string | null }) {
  const title = withUnit(scale.title ?? fallbackTitle ?? 'Values', scale.unit);
  const ticks = scale.ticks?.length ? scale.ticks : [scale.min, scale.max];
  const span = scale.max - scale.min || 1;
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
          <ol className={css.legendTicks} aria-label="Ticks" style={{ listStyle: 'none', padding: 0 }}>
            {ticks.map((tick) => (
              <li key={tick} className={css.legendTick} style={{ left: `${((tick - scale.min) / span) * 100}%` }}>
                {formatValue(tick)}
              </li>
            ))}
          </ol>
        </>
      )}
      {scale.glyph === 'arrow' ? <ScaleArrow scale={scale} /> : null}
    </figure>
  );
}

/**
 * An arrow layer's key: a full-length arrow (one point spacing long) is the top of the range, and
 * each arrow is as long as its speed against it, so the scale arrow reads as "this long is 6 m/s".
 */
function ScaleArrow({ scale }: { scale: ColourScale }) {
  const speed = `${formatValue(scale.max)}${scale.unit ? ` ${scale.unit}` : ''}`;
  return (
    <p className={css.legendArrow}>
      <svg role="img" aria-label={`Scale arrow: ${speed}`} width="44" height="12" viewBox="0 0 44 12">
        <path d="M0 4.5h32v-3l12 4.5-12 4.5v-3H0z" fill={scale.colours.at(-1)} stroke="currentColor" strokeWidth="0.6" />
      </svg>
      <span>{speed}: a full-length arrow (one arrow spacing); slower wind, shorter arrows</span>
    </p>
  );
}
