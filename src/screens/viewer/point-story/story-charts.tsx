/**
 * The point story's charts: the exceedance curve (hours a year above each speed) with the
 * criterion's thresholds marked, and a year of hours drawn as each day's mean and maximum (8,760
 * hours do not fit 300 pixels; a day's range does).
 */
import { scaleLinear } from 'd3-scale';
import * as css from '../viewer.css.ts';

const W = 300;
const H = 180;
const M = { left: 40, right: 8, top: 10, bottom: 30 };
const innerW = W - M.left - M.right;
const innerH = H - M.top - M.bottom;

function axisTicks(lo: number, hi: number) {
  const scale = scaleLinear()
    .domain([lo, hi > lo ? hi : lo + 1])
    .nice(4);
  const [min, max] = scale.domain() as [number, number];
  return { min, max, ticks: scale.ticks(4) };
}

function Frame({ xLabel, yLabel, children }: { xLabel: string; yLabel: string; children: React.ReactNode }) {
  return (
    <g>
      <line x1={M.left} y1={M.top} x2={M.left} y2={M.top + innerH} className={css.axis} />
      <line x1={M.left} y1={M.top + innerH} x2={M.left + innerW} y2={M.top + innerH} className={css.axis} />
      {children}
      <text x={M.left + innerW / 2} y={H - 2} textAnchor="middle" className={css.axisText}>
        {xLabel}
      </text>
      <text x={10} y={M.top + innerH / 2} textAnchor="middle" className={css.axisText} transform={`rotate(-90 10 ${M.top + innerH / 2})`}>
        {yLabel}
      </text>
    </g>
  );
}

export interface ThresholdMark {
  speedMs: number;
  label: string;
}

/** Hours above each speed, with a dashed line at each threshold of the criterion. */
export function ExceedanceCurve({ speedsMs, hoursAbove, marks }: { speedsMs: number[]; hoursAbove: number[]; marks: ThresholdMark[] }) {
  const xs = axisTicks(0, Math.max(speedsMs[speedsMs.length - 1] ?? 1, ...marks.map((m) => m.speedMs)));
  const ys = axisTicks(0, Math.max(1, ...hoursAbove));
  const x = (v: number) => M.left + ((v - xs.min) / (xs.max - xs.min)) * innerW;
  const y = (v: number) => M.top + innerH - ((v - ys.min) / (ys.max - ys.min)) * innerH;
  const points = speedsMs.map((s, k) => `${x(s).toFixed(1)},${y(hoursAbove[k]!).toFixed(1)}`).join(' ');
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className={css.chart} role="img" aria-label="Exceedance curve: hours a year above each speed">
      <Frame xLabel="Speed (m/s)" yLabel="Hours a year above">
        {ys.ticks.map((t) => (
          <text key={`y${t}`} x={M.left - 4} y={y(t) + 3} textAnchor="end" className={css.axisText}>
            {t.toLocaleString('en-GB')}
          </text>
        ))}
        {xs.ticks.map((t) => (
          <text key={`x${t}`} x={x(t)} y={M.top + innerH + 12} textAnchor="middle" className={css.axisText}>
            {t}
          </text>
        ))}
        {marks.map((m) => (
          <g key={m.speedMs} data-threshold={m.speedMs}>
            <line x1={x(m.speedMs)} x2={x(m.speedMs)} y1={M.top} y2={M.top + innerH} stroke="#b2182b" strokeDasharray="3 3" strokeWidth={1} />
            <title>{`${m.speedMs} m/s: ${m.label}`}</title>
          </g>
        ))}
        <polyline points={points} fill="none" stroke="#2166ac" strokeWidth={2} />
      </Frame>
    </svg>
  );
}

/** Each day's mean and maximum of an hourly series (NaN hours left out). */
function dailyMeanMax(values: ArrayLike<number>): { mean: Array<number | null>; max: Array<number | null> } {
  const days = Math.floor(values.length / 24);
  const mean: Array<number | null> = [];
  const max: Array<number | null> = [];
  for (let d = 0; d < days; d++) {
    let sum = 0;
    let n = 0;
    let top = -Infinity;
    for (let h = d * 24; h < d * 24 + 24; h++) {
      const v = values[h]!;
      if (Number.isNaN(v)) continue;
      sum += v;
      n++;
      if (v > top) top = v;
    }
    mean.push(n ? sum / n : null);
    max.push(n ? top : null);
  }
  return { mean, max };
}

const MONTH_STARTS = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334];
const MONTHS = ['J', 'F', 'M', 'A', 'M', 'J', 'J', 'A', 'S', 'O', 'N', 'D'];

/** A year of hours as daily mean (solid) and maximum (light) lines. */
export function YearChart({ label, values, yLabel, colour }: { label: string; values: ArrayLike<number>; yLabel: string; colour: string }) {
  const { mean, max } = dailyMeanMax(values);
  const known = [...mean, ...max].filter((v): v is number => v !== null);
  const ys = axisTicks(Math.min(0, ...known), Math.max(...known, 1));
  const x = (d: number) => M.left + (d / 364) * innerW;
  const y = (v: number) => M.top + innerH - ((v - ys.min) / (ys.max - ys.min)) * innerH;
  const line = (series: Array<number | null>) =>
    series
      .map((v, d) => (v === null ? null : `${x(d).toFixed(1)},${y(v).toFixed(1)}`))
      .filter(Boolean)
      .join(' ');
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className={css.chart} role="img" aria-label={label}>
      <Frame xLabel="Day of the year (daily mean and maximum)" yLabel={yLabel}>
        {ys.ticks.map((t) => (
          <text key={t} x={M.left - 4} y={y(t) + 3} textAnchor="end" className={css.axisText}>
            {t}
          </text>
        ))}
        {MONTH_STARTS.map((d, m) => (
          <text key={d} x={x(d + 15)} y={M.top + innerH + 12} textAnchor="middle" className={css.axisText}>
            {MONTHS[m]}
          </text>
        ))}
        <polyline points={line(max)} fill="none" stroke={colour} strokeOpacity={0.35} strokeWidth={1} />
        <polyline points={line(mean)} fill="none" stroke={colour} strokeWidth={1.5} />
      </Frame>
    </svg>
  );
}
