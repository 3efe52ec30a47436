/**
 * Draws a colour scale's legend onto a 2D canvas (for screenshots "with legend"): a gradient bar
 * for continuous scales with their round ticks, one swatch per class for discrete ones, and the unit.
 */
import type { ColourScale } from '../contracts.ts';
import { colourAtPosition, parseHex, toHex } from './scale.ts';
import { formatValue, withUnit } from '@canopy/engine/results/labels.ts';

export interface LegendBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

const fmt = (v: number) => formatValue(v);

export function drawLegend(ctx: CanvasRenderingContext2D, scale: ColourScale, box: LegendBox, scaleFactor = 1): void {
  const pad = 8 * scaleFactor;
  const font = 12 * scaleFactor;
  ctx.save();
  ctx.fillStyle = 'rgba(255,255,255,0.88)';
  ctx.fillRect(box.x, box.y, box.width, box.height);
  ctx.font = `${font}px sans-serif`;
  ctx.fillStyle = '#1b1f24';
  ctx.textBaseline = 'top';
  const title = withUnit(scale.title ?? scale.legendName ?? '', scale.unit);
  let y = box.y + pad;
  if (title) {
    ctx.fillText(title, box.x + pad, y, box.width - 2 * pad);
    y += font * 1.4;
  }
  const barX = box.x + pad;
  const barW = box.width - 2 * pad;
  const rgb = scale.colours.map(parseHex);
  if (scale.discrete) {
    const n = scale.colours.length;
    const rowH = Math.max(font * 1.3, (box.y + box.height - pad - y) / Math.max(1, n));
    for (let k = 0; k < n; k++) {
      ctx.fillStyle = scale.colours[k];
      ctx.fillRect(barX, y + k * rowH, rowH * 0.8, rowH * 0.8);
      ctx.fillStyle = '#1b1f24';
      ctx.fillText(scale.classLabels?.[k] ?? `${k}`, barX + rowH, y + k * rowH, barW - rowH);
    }
  } else {
    const barH = Math.max(8 * scaleFactor, box.y + box.height - pad - y - font * 1.4);
    const gradient = ctx.createLinearGradient(barX, 0, barX + barW, 0);
    for (let i = 0; i <= 16; i++) gradient.addColorStop(i / 16, toHex(colourAtPosition(scale, i / 16, rgb)));
    ctx.fillStyle = gradient;
    ctx.fillRect(barX, y, barW, barH);
    ctx.fillStyle = '#1b1f24';
    // The same round ticks as the legend over the view; the ends keep inside the bar's box.
    const ticks = scale.ticks?.length ? scale.ticks : [scale.min, scale.max];
    const span = scale.max - scale.min || 1;
    for (const tick of ticks) {
      const x = barX + ((tick - scale.min) / span) * barW;
      ctx.textAlign = x <= barX + 1 ? 'left' : x >= barX + barW - 1 ? 'right' : 'center';
      ctx.fillRect(x - 0.5 * scaleFactor, y + barH, scaleFactor, 3 * scaleFactor);
      ctx.fillText(fmt(tick), x, y + barH + 4 * scaleFactor);
    }
    if (scale.glyph === 'arrow') drawScaleArrow(ctx, scale, barX, y + barH + font * 1.6, scaleFactor, font);
  }
  ctx.restore();
}

/** Height a legend needs in a screenshot (continuous scales with a scale arrow take a row more). */
export function legendHeight(scale: ColourScale, scaleFactor: number): number {
  if (scale.discrete) return (30 + scale.colours.length * 18) * scaleFactor;
  return (scale.glyph === 'arrow' ? 92 : 72) * scaleFactor;
}

/** An arrow layer's scale arrow, as over the view: a full-length arrow is the top of the range. */
function drawScaleArrow(ctx: CanvasRenderingContext2D, scale: ColourScale, x: number, y: number, k: number, font: number): void {
  const h = 4 * k;
  ctx.fillStyle = scale.colours.at(-1) ?? '#1b1f24';
  ctx.beginPath();
  ctx.moveTo(x, y + h - 1.5 * k);
  ctx.lineTo(x + 30 * k, y + h - 1.5 * k);
  ctx.lineTo(x + 30 * k, y);
  ctx.lineTo(x + 40 * k, y + h);
  ctx.lineTo(x + 30 * k, y + 2 * h);
  ctx.lineTo(x + 30 * k, y + h + 1.5 * k);
  ctx.lineTo(x, y + h + 1.5 * k);
  ctx.closePath();
  ctx.fill();
  ctx.fillStyle = '#1b1f24';
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  ctx.font = `${font}px sans-serif`;
  ctx.fillText(`= ${fmt(scale.max)}${scale.unit ? ` ${scale.unit}` : ''} (full length)`, x + 46 * k, y + h);
}
