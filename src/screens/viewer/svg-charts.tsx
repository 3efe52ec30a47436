/**
 * Small SVG charts for the graph panel and the four-point plot: bars over categories and lines of
 * several series over categories, with axes, tick labels and an accessible description.
 */
import { scaleLinear } from 'd3-scale';
import * as css from './viewer.css.ts';

const W = 300;
const H = 180;
const M = { left: 36, right: 8, top: 10, bottom: 34 };
const innerW = W - M.left - M.right;
const innerH = H - M.top - M.bottom;

const fmt = (n: number) => (Math.abs(n) >= 100 ? n.toFixed(0) : Number(n.toPrecision(3)).toString());

/** About this many value ticks on the 136 px value axis. */
const VALUE_TICKS = 4;

/** The value axis over [lo, hi]: d3's round domain around it and its ticks (1, 2, 5 × 10ⁿ steps). */
function valueAxis(lo: number, hi: number): { yMin: number; yMax: number; ticks: number[] } {
  const scale = scaleLinear()
    .domain([lo, hi > lo ? hi : lo + 1])
    .nice(VALUE_TICKS);
  const [yMin, yMax] = scale.domain() as [number, number];
  return { yMin, yMax, ticks: scale.ticks(VALUE_TICKS) };
}

function Axes({
  yMax,
  yMin,
  ticks,
  yLabel,
  xLabel,
  categories,
  x,
}: {
  yMax: number;
  yMin: number;
  ticks: number[];
  yLabel: string;
  xLabel: string;
  categories: string[];
  x: (i: number) => number;
}) {
  const y = (v: number) => M.top + innerH - ((v - yMin) / (yMax - yMin || 1)) * innerH;
  const every = Math.max(1, Math.ceil(categories.length / 8));
  return (
    <g>
      <line x1={M.left} y1={M.top} x2={M.left} y2={M.top + innerH} className={css.axis} />
      <line x1={M.left} y1={M.top + innerH} x2={M.left + innerW} y2={M.top + innerH} className={css.axis} />
      {ticks.map((t) => (
        <text key={t} x={M.left - 4} y={y(t) + 3} textAnchor="end" className={css.axisText}>
          {fmt(t)}
        </text>
      ))}
      {categories.map((c, i) =>
        i % every === 0 ? (
          <text key={`${c}-${i}`} x={x(i)} y={M.top + innerH + 12} textAnchor="middle" className={css.axisText}>
            {c}
          </text>
        ) : null,
      )}
      <text x={M.left + innerW / 2} y={H - 4} textAnchor="middle" className={css.axisText}>
        {xLabel}
      </text>
      <text x={10} y={M.top + innerH / 2} textAnchor="middle" className={css.axisText} transform={`rotate(-90 10 ${M.top + innerH / 2})`}>
        {yLabel}
      </text>
    </g>
  );
}

export function BarChart({
  label,
  categories,
  values,
  colours,
  xLabel,
  yLabel,
}: {
  label: string;
  categories: string[];
  values: number[];
  colours?: string[];
  xLabel: string;
  yLabel: string;
}) {
  const { yMax, ticks } = valueAxis(0, Math.max(0, ...values));
  const band = innerW / Math.max(1, categories.length);
  const x = (i: number) => M.left + band * (i + 0.5);
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className={css.chart} role="img" aria-label={label}>
      <Axes yMax={yMax} yMin={0} ticks={ticks} yLabel={yLabel} xLabel={xLabel} categories={categories} x={x} />
      {values.map((v, i) => {
        const h = (v / yMax) * innerH;
        return (
          <rect key={i} x={x(i) - band * 0.4} width={band * 0.8} y={M.top + innerH - h} height={h} fill={colours?.[i] ?? '#3b528b'}>
            <title>{`${categories[i]}: ${fmt(v)}`}</title>
          </rect>
        );
      })}
    </svg>
  );
}

export interface Series {
  name: string;
  colour: string;
  /** One value per category; null where there is none. */
  values: Array<number | null>;
}

export function LineChart({
  label,
  categories,
  series,
  xLabel,
  yLabel,
}: {
  label: string;
  categories: string[];
  series: Series[];
  xLabel: string;
  yLabel: string;
}) {
  const all = series.flatMap((s) => s.values.filter((v): v is number => v !== null));
  const { yMin: lo, yMax: hi, ticks } = valueAxis(Math.min(0, ...all), Math.max(...all, 0));
  const step = categories.length > 1 ? innerW / (categories.length - 1) : 0;
  const x = (i: number) => (categories.length > 1 ? M.left + step * i : M.left + innerW / 2);
  const y = (v: number) => M.top + innerH - ((v - lo) / (hi - lo || 1)) * innerH;
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className={css.chart} role="img" aria-label={label}>
      <Axes yMax={hi} yMin={lo} ticks={ticks} yLabel={yLabel} xLabel={xLabel} categories={categories} x={x} />
      {series.map((s) => {
        const points = s.values.map((v, i) => (v === null ? null : `${x(i).toFixed(1)},${y(v).toFixed(1)}`)).filter(Boolean);
        return (
          <g key={s.name} data-series={s.name}>
            <polyline points={points.join(' ')} fill="none" stroke={s.colour} strokeWidth={2} />
            {s.values.map((v, i) =>
              v === null ? null : (
                <circle key={i} cx={x(i)} cy={y(v)} r={3} fill={s.colour}>
                  <title>{`${s.name}, ${categories[i]}: ${fmt(v)}`}</title>
                </circle>
              ),
            )}
          </g>
        );
      })}
    </svg>
  );
}
