/**
 * A point's story drawn as one image for an insight (and so the PDF): the comfort class per season
 * and time of day with each threshold's share, the exceedance curve with the thresholds marked, and
 * the wind rose at the point — the panel's numbers, from the same story. Drawn on a 2D canvas.
 */
import type { StoryResult } from '@machines/point-story/point-story.types.ts';
import { formatShare, pointLabel, thresholdLimits } from './story-text.ts';

const WIDTH = 1400;
const HEIGHT = 900;
const INK = '#1a1a1a';
const GREY = '#6b6b6b';
const LINE = '#2166ac';
const MARK = '#b2182b';

function drawTable(g: CanvasRenderingContext2D, result: StoryResult, x: number, y: number): void {
  const thresholds = result.story.thresholdsMs;
  const limits = thresholdLimits(result);
  const columns = [260, 190, ...thresholds.map(() => 110)];
  const cellX = (c: number) => x + columns.slice(0, c).reduce((a, b) => a + b, 0);
  g.font = 'bold 17px sans-serif';
  g.fillStyle = INK;
  ['Period', 'Class', ...thresholds.map((t) => `> ${t} m/s`)].forEach((text, c) => g.fillText(text, cellX(c), y));
  g.font = '17px sans-serif';
  result.story.periods.forEach((p, r) => {
    const rowY = y + 28 * (r + 1);
    g.fillText(`${p.period.season.name}, ${p.period.timeWindow.name.toLowerCase()}`, cellX(0), rowY);
    g.fillText(p.classLabel ?? '–', cellX(1), rowY);
    p.exceedances.forEach((e, c) => g.fillText(formatShare(e.share), cellX(c + 2), rowY));
  });
  g.fillStyle = GREY;
  g.font = '14px sans-serif';
  const limitY = y + 28 * (result.story.periods.length + 1) + 4;
  g.fillText(`Allowed: ${thresholds.map((t) => `> ${t} m/s: ${limits.get(t) ?? ''}`).join(' · ')}`, x, limitY);
}

function drawCurve(g: CanvasRenderingContext2D, result: StoryResult, x: number, y: number, w: number, h: number): void {
  const { speedsMs, hoursAbove } = result.story.exceedanceCurve;
  const maxX = Math.max(speedsMs[speedsMs.length - 1] ?? 1, ...result.story.thresholdsMs);
  const maxY = Math.max(1, ...hoursAbove);
  const px = (v: number) => x + (v / maxX) * w;
  const py = (v: number) => y + h - (v / maxY) * h;
  g.strokeStyle = GREY;
  g.lineWidth = 1;
  g.strokeRect(x, y, w, h);
  g.fillStyle = INK;
  g.font = 'bold 17px sans-serif';
  g.fillText('Hours a year above each speed', x, y - 12);
  g.font = '14px sans-serif';
  g.fillStyle = GREY;
  g.fillText('0', x - 14, y + h + 4);
  g.fillText(`${maxX} m/s`, x + w - 40, y + h + 20);
  g.fillText(`${maxY.toLocaleString('en-GB')} h`, x + 4, y + 16);
  g.setLineDash([6, 5]);
  g.strokeStyle = MARK;
  for (const t of result.story.thresholdsMs) {
    g.beginPath();
    g.moveTo(px(t), y);
    g.lineTo(px(t), y + h);
    g.stroke();
    g.fillStyle = MARK;
    g.fillText(`${t}`, px(t) + 3, y + h - 6);
  }
  g.setLineDash([]);
  g.strokeStyle = LINE;
  g.lineWidth = 3;
  g.beginPath();
  speedsMs.forEach((s, k) => (k === 0 ? g.moveTo(px(s), py(hoursAbove[k]!)) : g.lineTo(px(s), py(hoursAbove[k]!))));
  g.stroke();
}

function drawRose(g: CanvasRenderingContext2D, result: StoryResult, cx: number, cy: number, radius: number): void {
  const { rose } = result.story;
  const total = rose.totalCount || 1;
  const maxShare = Math.max(...Array.from(rose.sectorCounts, (n) => n / total), 0.01);
  g.fillStyle = INK;
  g.font = 'bold 17px sans-serif';
  g.fillText('Wind rose at this point', cx - radius, cy - radius - 24);
  g.strokeStyle = '#c8c8c8';
  g.lineWidth = 1;
  for (const k of [0.5, 1]) {
    g.beginPath();
    g.arc(cx, cy, radius * k, 0, 2 * Math.PI);
    g.stroke();
  }
  const half = (Math.PI / rose.sectors) * 0.9;
  g.fillStyle = '#1a5240';
  rose.sectorCounts.forEach((count, s) => {
    const r = (radius * count) / total / maxShare;
    if (!(r > 0)) return;
    const centre = (2 * Math.PI * s) / rose.sectors - Math.PI / 2;
    g.beginPath();
    g.moveTo(cx, cy);
    g.arc(cx, cy, r, centre - half, centre + half);
    g.closePath();
    g.fill();
  });
  g.fillStyle = GREY;
  g.font = '15px sans-serif';
  g.fillText('N', cx - 5, cy - radius - 4);
  g.fillText(`Outer ring ${formatShare(maxShare)} of hours`, cx - radius, cy + radius + 24);
}

/** The story on a canvas of the given document (the browser's; a test's). */
export function drawStoryFigure(canvas: HTMLCanvasElement, result: StoryResult): void {
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  const g = canvas.getContext('2d');
  if (!g) throw new Error('this browser cannot draw the figure (no 2D canvas)');
  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, WIDTH, HEIGHT);
  g.fillStyle = INK;
  g.font = 'bold 24px sans-serif';
  g.fillText(`Point story at ${pointLabel(result)}`, 40, 48);
  g.font = '17px sans-serif';
  g.fillStyle = GREY;
  g.fillText(
    `${result.criterion.name} (${result.story.gemUsed ? 'max(mean, GEM)' : 'hourly mean'}) · ${result.weatherName} · ${result.story.exceedanceCurve.countedHours.toLocaleString('en-GB')} counted hours`,
    40,
    76,
  );
  drawTable(g, result, 40, 120);
  drawCurve(g, result, 80, 540, 700, 300);
  drawRose(g, result, 1080, 690, 150);
}

/** The figure as a PNG data: URL. */
export function storyFigurePng(result: StoryResult): string {
  const canvas = document.createElement('canvas');
  drawStoryFigure(canvas, result);
  return canvas.toDataURL('image/png');
}
