/**
 * Monthly summaries as pictures: the temperature band (range min–max, the band of mean daily
 * minimum to mean daily maximum, the mean as a tick) and the wind (mean speed as bars, the maximum
 * as a dot, the prevailing direction as an arrow pointing where the wind blows TO — a wind "from
 * W" arrow points east, as on weather maps).
 */
import { scaleLinear } from 'd3-scale';
import type { WeatherSummary } from '@machines/weather/weather.types.ts';
import { compassName, MONTHS, TEMPERATURE, WIND_BAR } from './chart-colors.ts';
import * as css from './weather-panels.css.ts';

type Month = WeatherSummary['monthly'][number];

const WIDTH = 480;
const HEIGHT = 200;
const LEFT = 36;
const RIGHT = 8;
const TOP = 12;
const BOTTOM = 24;

/** About five round ticks (1, 2, 5 × 10ⁿ steps) between min and max, by d3. */
const ticks = (min: number, max: number): number[] => scaleLinear().domain([min, max]).ticks(5);

function frame(lo: number, hi: number) {
  const y = (v: number) => TOP + ((hi - v) / (hi - lo || 1)) * (HEIGHT - TOP - BOTTOM);
  const slot = (WIDTH - LEFT - RIGHT) / 12;
  const x = (month: number) => LEFT + (month - 0.5) * slot;
  return { y, x, slot };
}

function Axes({ lo, hi, unit, y }: { lo: number; hi: number; unit: string; y: (v: number) => number }) {
  return (
    <g>
      {ticks(lo, hi).map((v) => (
        <g key={v}>
          <line x1={LEFT} x2={WIDTH - RIGHT} y1={y(v)} y2={y(v)} className={v === 0 ? css.zeroLine : css.gridLine} />
          <text x={LEFT - 4} y={y(v) + 3} textAnchor="end" className={css.axisLabel}>
            {v}
          </text>
        </g>
      ))}
      <text x={4} y={TOP - 2} className={css.axisLabel}>
        {unit}
      </text>
      {MONTHS.map((m, k) => (
        <text key={m} x={LEFT + (k + 0.5) * ((WIDTH - LEFT - RIGHT) / 12)} y={HEIGHT - 8} textAnchor="middle" className={css.axisLabel}>
          {m}
        </text>
      ))}
    </g>
  );
}

export function TemperatureChart({ monthly }: { monthly: Month[] }) {
  const values = monthly.flatMap((m) => [m.temperature_c.min, m.temperature_c.max]).filter((v): v is number => v !== null);
  const lo = Math.floor(Math.min(0, ...values) / 5) * 5;
  const hi = Math.ceil(Math.max(...values, 5) / 5) * 5;
  const { x, y, slot } = frame(lo, hi);
  const coldest = monthly.reduce((a, b) => ((b.temperature_c.mean ?? Infinity) < (a.temperature_c.mean ?? Infinity) ? b : a));
  const warmest = monthly.reduce((a, b) => ((b.temperature_c.mean ?? -Infinity) > (a.temperature_c.mean ?? -Infinity) ? b : a));
  const label = `Monthly temperature: coldest ${MONTHS[coldest.month - 1]} (mean ${coldest.temperature_c.mean} °C), warmest ${MONTHS[warmest.month - 1]} (mean ${warmest.temperature_c.mean} °C).`;
  return (
    <figure className={css.figure}>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className={css.chart} role="img" aria-label={label} data-testid="temperature-chart">
        <Axes lo={lo} hi={hi} unit="°C" y={y} />
        {monthly.map((m) => {
          const t = m.temperature_c;
          if (t.min === null || t.max === null) return null;
          const cx = x(m.month);
          return (
            <g key={m.month}>
              <title>{`${MONTHS[m.month - 1]}: ${t.min} to ${t.max} °C, daily ${t.mean_daily_min} to ${t.mean_daily_max} °C, mean ${t.mean} °C`}</title>
              <rect x={cx - slot * 0.12} width={slot * 0.24} y={y(t.max)} height={y(t.min) - y(t.max)} fill={TEMPERATURE.range} rx={2} />
              {t.mean_daily_min !== null && t.mean_daily_max !== null ? (
                <rect
                  x={cx - slot * 0.3}
                  width={slot * 0.6}
                  y={y(t.mean_daily_max)}
                  height={y(t.mean_daily_min) - y(t.mean_daily_max)}
                  fill={TEMPERATURE.band}
                  rx={2}
                />
              ) : null}
              {t.mean !== null ? (
                <line x1={cx - slot * 0.36} x2={cx + slot * 0.36} y1={y(t.mean)} y2={y(t.mean)} stroke={TEMPERATURE.mean} strokeWidth={2} />
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption className={css.legend}>
        <span className={css.legendItem}>
          <span className={css.swatch} style={{ background: TEMPERATURE.range }} aria-hidden="true" /> lowest–highest
        </span>
        <span className={css.legendItem}>
          <span className={css.swatch} style={{ background: TEMPERATURE.band }} aria-hidden="true" /> mean daily low–high
        </span>
        <span className={css.legendItem}>
          <span className={css.swatch} style={{ background: TEMPERATURE.mean }} aria-hidden="true" /> mean
        </span>
      </figcaption>
    </figure>
  );
}

export function WindSummaryChart({ monthly }: { monthly: Month[] }) {
  const maxima = monthly.map((m) => m.wind.max_speed_ms ?? m.wind.mean_speed_ms ?? 0);
  const hi = Math.ceil(Math.max(...maxima, 1) / 5) * 5;
  const { x, y, slot } = frame(0, hi);
  const windiest = monthly.reduce((a, b) => ((b.wind.mean_speed_ms ?? 0) > (a.wind.mean_speed_ms ?? 0) ? b : a));
  const label = `Monthly wind: windiest ${MONTHS[windiest.month - 1]} (mean ${windiest.wind.mean_speed_ms} m/s).`;
  return (
    <figure className={css.figure}>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT + 24}`} className={css.chart} role="img" aria-label={label} data-testid="wind-chart">
        <Axes lo={0} hi={hi} unit="m/s" y={y} />
        {monthly.map((m) => {
          const w = m.wind;
          const cx = x(m.month);
          const direction = w.prevailing_direction_deg;
          return (
            <g key={m.month}>
              <title>{`${MONTHS[m.month - 1]}: mean ${w.mean_speed_ms} m/s, max ${w.max_speed_ms} m/s${direction === null ? '' : `, mostly from ${compassName(direction)}`}`}</title>
              {w.mean_speed_ms !== null ? (
                <rect x={cx - slot * 0.3} width={slot * 0.6} y={y(w.mean_speed_ms)} height={y(0) - y(w.mean_speed_ms)} fill={WIND_BAR} rx={2} />
              ) : null}
              {w.max_speed_ms !== null ? <circle cx={cx} cy={y(w.max_speed_ms)} r={2.5} className={css.maxDot} /> : null}
              {direction !== null ? (
                // Points downwind: rotate the "to" direction (from + 180°) clockwise from north (up).
                <g transform={`translate(${cx} ${HEIGHT + 8}) rotate(${direction + 180})`}>
                  <path d="M0,-7 L3.5,3 L0,1 L-3.5,3 Z" className={css.arrow} />
                </g>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption className={css.legend}>
        <span className={css.legendItem}>
          <span className={css.swatch} style={{ background: WIND_BAR }} aria-hidden="true" /> mean speed
        </span>
        <span className={css.legendItem}>● highest hourly speed</span>
        <span className={css.legendItem}>▲ prevailing wind, pointing downwind</span>
      </figcaption>
    </figure>
  );
}
