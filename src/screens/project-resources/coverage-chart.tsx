/**
 * Data coverage as a picture: one cell per day of the file (a row per month), green when every
 * key variable is recorded for all 24 hours, orange for some missing hours, red for a day with
 * none. Missing hours per variable are written beneath — a glance says whether the file can carry
 * a wind or comfort study.
 */
import type { WeatherSummary } from '@machines/weather/weather.types.ts';
import { MISSING, MONTHS, percent } from './chart-colors.ts';
import * as css from './weather-panels.css.ts';

type Coverage = WeatherSummary['coverage'];

const CELL = 12;
const LEFT = 32;
const NAMES: Record<string, string> = {
  dry_bulb: 'temperature',
  relative_humidity: 'humidity',
  wind_speed: 'wind speed',
  wind_direction: 'wind direction',
  global_horizontal: 'global radiation',
  direct_normal: 'direct radiation',
  diffuse_horizontal: 'diffuse radiation',
};

/** Days of a 365-day (or 366-day) file split into months, in file order. */
function monthRows(days: number): number[] {
  const lengths = [31, days >= 366 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return days >= 365 ? lengths : [days];
}

export function CoverageChart({ coverage }: { coverage: Coverage }) {
  const rows = monthRows(coverage.missing_by_day.length);
  const missing = Object.entries(coverage.missing).filter(([, n]) => n > 0);
  const label = `Data coverage: ${percent(coverage.complete_share)} of ${coverage.hours} hours complete${missing.length ? `; missing ${missing.map(([k, n]) => `${n} h of ${NAMES[k] ?? k}`).join(', ')}` : ''}.`;
  let day = 0;
  return (
    <figure className={css.figure}>
      <svg
        viewBox={`0 0 ${LEFT + 31 * CELL + 4} ${rows.length * CELL + 4}`}
        className={css.coverage}
        role="img"
        aria-label={label}
        data-testid="coverage-chart"
      >
        {rows.map((length, row) => (
          <g key={row}>
            <text x={LEFT - 4} y={row * CELL + CELL - 3} textAnchor="end" className={css.axisLabel}>
              {rows.length === 12 ? MONTHS[row] : ''}
            </text>
            {Array.from({ length }, (_, d) => {
              const hours = coverage.missing_by_day[day++] ?? 24;
              const fill = hours === 0 ? MISSING.none : hours >= 24 ? MISSING.all : MISSING.some;
              return (
                <rect key={d} x={LEFT + d * CELL} y={row * CELL} width={CELL - 2} height={CELL - 2} rx={2} fill={fill}>
                  <title>{hours === 0 ? 'complete' : `${hours} h missing`}</title>
                </rect>
              );
            })}
          </g>
        ))}
      </svg>
      <figcaption className={css.legend}>
        <span className={css.legendTitle}>{percent(coverage.complete_share)} of hours complete</span>
        <span className={css.legendItem}>
          <span className={css.swatch} style={{ background: MISSING.none }} aria-hidden="true" /> complete day
        </span>
        <span className={css.legendItem}>
          <span className={css.swatch} style={{ background: MISSING.some }} aria-hidden="true" /> some hours missing
        </span>
        <span className={css.legendItem}>
          <span className={css.swatch} style={{ background: MISSING.all }} aria-hidden="true" /> no data
        </span>
        {missing.map(([key, n]) => (
          <span key={key} className={css.legendItem}>
            {NAMES[key] ?? key}: {n} h missing
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
