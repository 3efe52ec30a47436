/**
 * The wind rose as a picture (DOMAIN.md §1): 16 sectors centred on north, the direction the wind
 * blows FROM, each wedge stacked by speed bin from the centre out, its length the share of counted
 * hours; calm hours are not in any wedge — their share is written in the centre circle. Radius is
 * linear in frequency, as in ladybug-tools' WindRose, so wedge lengths compare directly.
 */
import { scaleLinear } from 'd3-scale';
import type { WeatherSummary } from '@machines/weather/weather.types.ts';
import { compassName, percent, speedColor } from './chart-colors.ts';
import * as css from './weather-panels.css.ts';

type Rose = WeatherSummary['wind_rose'];

const SIZE = 320;
const CENTRE = SIZE / 2;
const OUTER = 120;
const CALM_RADIUS = 14;

/** SVG point at `radius` and compass bearing `deg` (0 = north, up; clockwise). */
function at(radius: number, deg: number): [number, number] {
  const rad = (deg * Math.PI) / 180;
  return [CENTRE + radius * Math.sin(rad), CENTRE - radius * Math.cos(rad)];
}

function wedge(r0: number, r1: number, fromDeg: number, toDeg: number): string {
  const [ax, ay] = at(r0, fromDeg);
  const [bx, by] = at(r1, fromDeg);
  const [cx, cy] = at(r1, toDeg);
  const [dx, dy] = at(r0, toDeg);
  const f = (n: number) => n.toFixed(2);
  return `M${f(ax)},${f(ay)} L${f(bx)},${f(by)} A${f(r1)},${f(r1)} 0 0 1 ${f(cx)},${f(cy)} L${f(dx)},${f(dy)} A${f(r0)},${f(r0)} 0 0 0 ${f(ax)},${f(ay)} Z`;
}

/** The share axis: d3's round maximum at or above `maxShare` and about four rings up to it. */
function shareAxis(maxShare: number): { top: number; rings: number[] } {
  const scale = scaleLinear()
    .domain([0, maxShare > 0 ? maxShare : 0.01])
    .nice(4);
  return { top: scale.domain()[1]!, rings: scale.ticks(4).filter((share) => share > 0) };
}

export function describeRose(rose: Rose): string {
  if (rose.total_count === 0) return 'Wind rose: no hours in this selection.';
  let best = 0;
  rose.sector_counts.forEach((n, k) => {
    if (n > rose.sector_counts[best]!) best = k;
  });
  const prevailing = rose.sector_counts[best]! / rose.total_count;
  return `Wind rose, ${rose.sectors} sectors: most often from ${compassName(rose.sector_centres_deg[best]!)} (${percent(prevailing)} of hours); calm ${percent(rose.calm_share)}.`;
}

/** `calmCaption` replaces "Centre: calm hours (N h)" for a rose given as frequencies (an ingested result layer). */
export function WindRoseChart({ rose, calmCaption }: { rose: Rose; calmCaption?: string }) {
  const total = rose.total_count || 1;
  const maxShare = Math.max(...rose.sector_counts.map((n) => n / total), 0);
  const { top, rings } = shareAxis(maxShare);
  const scale = (share: number) => CALM_RADIUS + (share / top) * (OUTER - CALM_RADIUS);
  const half = rose.sector_width_deg / 2 - 0.8;

  return (
    <figure className={css.figure}>
      <svg viewBox={`0 0 ${SIZE} ${SIZE}`} className={css.rose} role="img" aria-label={describeRose(rose)} data-testid="wind-rose">
        {rings.map((share) => (
          <g key={share}>
            <circle cx={CENTRE} cy={CENTRE} r={scale(share)} className={css.gridLine} />
            <text x={CENTRE + 3} y={CENTRE - scale(share) - 2} className={css.axisLabel}>
              {percent(share, share < 0.01 ? 1 : 0)}
            </text>
          </g>
        ))}
        {rose.counts.map((bins, sector) => {
          const centre = rose.sector_centres_deg[sector]!;
          let cumulative = 0;
          return (
            <g key={sector} data-sector={compassName(centre)}>
              <title>{`From ${compassName(centre)}: ${percent(rose.sector_counts[sector]! / total)} of hours`}</title>
              {bins.map((count, bin) => {
                if (count === 0) return null;
                const r0 = scale(cumulative / total);
                cumulative += count;
                const r1 = scale(cumulative / total);
                return <path key={bin} d={wedge(r0, r1, centre - half, centre + half)} fill={speedColor(bin)} className={css.wedge} />;
              })}
            </g>
          );
        })}
        <circle cx={CENTRE} cy={CENTRE} r={CALM_RADIUS} className={css.calm} />
        <text x={CENTRE} y={CENTRE + 3} textAnchor="middle" className={css.calmLabel}>
          {percent(rose.calm_share, 0)}
        </text>
        {(['N', 'E', 'S', 'W'] as const).map((label, k) => {
          const [x, y] = at(OUTER + 16, k * 90);
          return (
            <text key={label} x={x} y={y + 4} textAnchor="middle" className={css.compass}>
              {label}
            </text>
          );
        })}
      </svg>
      <figcaption className={css.legend}>
        <span className={css.legendTitle}>Wind speed (m/s)</span>
        {rose.speed_bin_labels.map((label, bin) => (
          <span key={label} className={css.legendItem}>
            <span className={css.swatch} style={{ background: speedColor(bin) }} aria-hidden="true" />
            {label}
          </span>
        ))}
        <span className={css.legendItem}>{calmCaption ?? `Centre: calm hours (${rose.calm_count} h)`}</span>
      </figcaption>
    </figure>
  );
}
