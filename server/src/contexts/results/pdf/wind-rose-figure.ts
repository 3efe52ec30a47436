/**
 * The station's wind rose drawn in the report's method section: one wedge per sector, as long as
 * the share of the hours the wind comes from it, on rings at round shares, north up and the sectors
 * turning clockwise as a compass does; the calm hours said under it. Engineers read a rose at a
 * glance where a row of sixteen percentages needs reading.
 */
import { rgb, type PDFFont, type PDFPage } from 'pdf-lib';

export interface RoseData {
  /** Share of all hours from each sector (0–1), the first centred on north, then clockwise. */
  shares: number[];
  /** Share of the hours that were calm. */
  calm: number;
  hours: number;
}

const WEDGE = rgb(0.1, 0.32, 0.24);
const RING = rgb(0.75, 0.75, 0.75);
const LABEL = rgb(0.35, 0.35, 0.35);

/** The ring spacing, a round share (1, 2, 5 or 10 %…) giving two to five rings up to the largest sector. */
export function ringStep(maxShare: number): number {
  const steps = [0.01, 0.02, 0.025, 0.05, 0.1, 0.2, 0.25, 0.5];
  return steps.find((s) => maxShare / s <= 5) ?? 1;
}

/**
 * Each sector's wedge as an SVG path about the rose's centre (y down, as pdf-lib's drawSvgPath
 * takes it): from the centre out to `radius × share / outer`, 90 % of the sector's width so
 * neighbours stay apart.
 */
export function wedgePaths(shares: readonly number[], outer: number, radius: number): string[] {
  const n = shares.length;
  const half = (Math.PI / n) * 0.9;
  return shares.map((share, i) => {
    const r = (radius * Math.max(0, share)) / outer;
    if (!(r > 0)) return '';
    const centre = (2 * Math.PI * i) / n;
    const at = (a: number) => `${(r * Math.sin(a)).toFixed(2)} ${(-r * Math.cos(a)).toFixed(2)}`;
    return `M 0 0 L ${at(centre - half)} A ${r.toFixed(2)} ${r.toFixed(2)} 0 0 1 ${at(centre + half)} Z`;
  });
}

/** Draws the rose with its centre at (cx, cy) in page points. */
export function drawWindRose(page: PDFPage, font: PDFFont, cx: number, cy: number, radius: number, rose: RoseData): void {
  const maxShare = Math.max(...rose.shares, 0);
  const step = ringStep(maxShare);
  const rings = Math.max(1, Math.ceil(maxShare / step - 1e-9));
  const outer = rings * step;
  for (let k = 1; k <= rings; k++) {
    const r = (radius * k) / rings;
    page.drawCircle({ x: cx, y: cy, size: r, borderColor: RING, borderWidth: 0.5 });
    const label = `${Math.round(k * step * 1000) / 10} %`;
    page.drawText(label, { x: cx + r * 0.71 + 2, y: cy + r * 0.71 + 1, size: 6.5, font, color: LABEL });
  }
  page.drawLine({ start: { x: cx - radius, y: cy }, end: { x: cx + radius, y: cy }, thickness: 0.4, color: RING });
  page.drawLine({ start: { x: cx, y: cy - radius }, end: { x: cx, y: cy + radius }, thickness: 0.4, color: RING });
  for (const path of wedgePaths(rose.shares, outer, radius)) {
    if (path) page.drawSvgPath(path, { x: cx, y: cy, color: WEDGE, opacity: 0.85, borderColor: rgb(1, 1, 1), borderWidth: 0.4 });
  }
  const compass: Array<[string, number, number]> = [
    ['N', 0, radius + 4],
    ['E', radius + 4, -3],
    ['S', 0, -radius - 11],
    ['W', -radius - 4, -3],
  ];
  for (const [name, dx, dy] of compass) {
    const width = font.widthOfTextAtSize(name, 8);
    const x = dx === 0 ? cx - width / 2 : dx > 0 ? cx + dx : cx + dx - width;
    page.drawText(name, { x, y: cy + dy, size: 8, font, color: LABEL });
  }
}
