/**
 * A point's story in words and as a table: the figure caption an insight (and so the PDF) carries,
 * and the hourly CSV the panel exports. Both read the same story the panel draws, so the numbers
 * agree wherever they are read.
 */
import { typicalYearCalendar } from '@canopy/engine/analyses/periods.ts';
import type { StoryResult } from '@machines/point-story/point-story.types.ts';

/** The PDF's and the API's limit on an image caption. */
const CAPTION_LIMIT = 2000;

export const formatShare = (share: number) => (Number.isNaN(share) ? '–' : `${(Math.round(share * 1000) / 10).toFixed(1)} %`);
const metres = (v: number) => (Math.round(v * 10) / 10).toFixed(1);

export function pointLabel(result: Pick<StoryResult, 'position'>): string {
  return `(${result.position.map(metres).join(', ')}) m`;
}

/** The allowed exceedance of each threshold the criterion's classes and safety limits use. */
export function thresholdLimits(result: Pick<StoryResult, 'criterion'>): Map<number, string> {
  const limits = new Map<number, string>();
  const comparison = result.criterion.exceedanceComparison === 'lessThan' ? '<' : '≤';
  for (const c of result.criterion.classes) {
    if (c.thresholdMs !== null && c.allowedExceedance !== null && !limits.has(c.thresholdMs))
      limits.set(c.thresholdMs, `${c.label} ${comparison} ${formatShare(c.allowedExceedance)}`);
  }
  for (const s of result.criterion.safety)
    if (!limits.has(s.thresholdMs)) limits.set(s.thresholdMs, `${s.label} ${comparison} ${formatShare(s.allowedExceedance)}`);
  return limits;
}

/** Hours of the year the judged speed is above `speedMs` (from the exceedance curve). */
export function hoursAbove(result: Pick<StoryResult, 'story'>, speedMs: number): number | null {
  const { speedsMs, hoursAbove: hours } = result.story.exceedanceCurve;
  const k = speedsMs.indexOf(speedMs);
  if (k >= 0) return hours[k]!;
  return speedMs > speedsMs[speedsMs.length - 1]! ? 0 : null;
}

/** First line: what and where; then one line per season × time window with its class and numbers. */
export function storyCaption(result: StoryResult): string {
  const head = `Point story at ${pointLabel(result)}: ${result.criterion.name}, ${result.weatherName}`;
  const lines = result.story.periods.map((p) => {
    const shares = p.exceedances.map((e) => `P(U > ${e.thresholdMs} m/s) ${formatShare(e.share)}`).join(', ');
    const extra = [
      p.utciComfortablePct === null ? null : `UTCI comfortable ${Math.round(p.utciComfortablePct)} %`,
      p.sunshineHours === null ? null : `sunshine ${p.sunshineHours} h`,
    ].filter(Boolean);
    return `${p.period.season.name}, ${p.period.timeWindow.name.toLowerCase()}: ${p.classLabel ?? 'no class'} (${shares})${extra.length ? `; ${extra.join('; ')}` : ''}`;
  });
  const text = [head, ...lines].join('\n');
  return text.length <= CAPTION_LIMIT ? text : `${text.slice(0, CAPTION_LIMIT - 1)}…`;
}

const cell = (v: number) => (Number.isNaN(v) ? '' : String(Math.round(v * 1000) / 1000));

/** One row per hour of the typical year: when, the met wind, and the point's series. */
export function storyCsv(result: StoryResult): string {
  const calendar = typicalYearCalendar();
  const { story, met } = result;
  const header = ['month', 'day', 'hour_ending', 'met_wind_direction_deg', 'met_wind_speed_m_s', 'pedestrian_speed_m_s', 'judged_speed_m_s'];
  if (story.utciC) header.push('utci_C');
  if (story.sunshine) header.push('sunshine');
  const rows = [header.join(',')];
  for (let h = 0; h < story.speedMs.length; h++) {
    const row = [
      calendar.month[h],
      calendar.day[h],
      calendar.hour[h],
      cell(met.windDirectionDeg[h]!),
      cell(met.windSpeedMs[h]!),
      cell(story.speedMs[h]!),
      cell(story.comfortSpeedMs[h]!),
    ];
    if (story.utciC) row.push(cell(story.utciC[h]!));
    if (story.sunshine) row.push(story.sunshine[h]!);
    rows.push(row.join(','));
  }
  return `${rows.join('\n')}\n`;
}
