/**
 * A flowing page writer over pdf-lib: text that wraps at the margins, figures that scale to fit,
 * colour legends, and a new page whenever the next block does not fit. Page numbers are stamped at
 * the end. Coordinates are PDF points (1/72 in), origin bottom-left.
 */
import { degrees, drawImage, PageSizes, rgb, type PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib';
import type { ImageXObject } from './png-xobject.ts';
import type { Legend, PageSize } from '@canopy/contract/insights.ts';
import { printable, type PdfFonts } from './fonts.ts';
import { formatValue } from '@canopy/engine/results/labels.ts';
import { drawWindRose, type RoseData } from './wind-rose-figure.ts';

const MARGIN = 56;
const GREY = rgb(0.35, 0.35, 0.35);
const BLACK = rgb(0, 0, 0);
const BRAND = rgb(0.1, 0.32, 0.24);

export const PAGE_DIMENSIONS: Record<PageSize, [number, number]> = { A4: PageSizes.A4, Letter: PageSizes.Letter };

function hex(colour: string) {
  const n = Number.parseInt(colour.slice(1), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
}

const charWidthCache = new WeakMap<PDFFont, Map<number, Map<string, number>>>();

/**
 * A character's advance width in `font` at `size`, measured once per font, size and character. pdf-lib
 * measures a string as the sum of its glyphs' advances, so summing characters is the same measure
 * (a ligature would only make the real text narrower, never overflow).
 */
function charWidths(font: PDFFont, size: number): (ch: string) => number {
  let bySize = charWidthCache.get(font);
  if (!bySize) charWidthCache.set(font, (bySize = new Map()));
  let widths = bySize.get(size);
  if (!widths) bySize.set(size, (widths = new Map()));
  const known = widths;
  return (ch) => {
    let w = known.get(ch);
    if (w === undefined) known.set(ch, (w = font.widthOfTextAtSize(ch, size)));
    return w;
  };
}

export interface TextStyle {
  size?: number;
  bold?: boolean;
  colour?: 'black' | 'grey';
  /** Extra space after the block, points. */
  after?: number;
}

export class PdfWriter {
  private page!: PDFPage;
  private y = 0;
  readonly width: number;
  readonly height: number;

  constructor(
    readonly doc: PDFDocument,
    readonly fonts: PdfFonts,
    pageSize: PageSize,
  ) {
    [this.width, this.height] = PAGE_DIMENSIONS[pageSize];
    this.newPage();
  }

  get contentWidth(): number {
    return this.width - 2 * MARGIN;
  }

  newPage(): void {
    this.page = this.doc.addPage([this.width, this.height]);
    this.y = this.height - MARGIN;
  }

  /** Starts a new page unless `height` points still fit on this one. */
  ensure(height: number): void {
    if (this.y - height < MARGIN + 14) this.newPage();
  }

  space(points: number): void {
    this.y -= points;
  }

  /**
   * Word-wrapped lines of `text` at `size` within `width`; explicit newlines are kept. Linear in the
   * text's length: each character's width is measured once per font and size (lineWidths), a word's
   * width is the sum of its characters', a line's the sum of its words' and spaces' — never the
   * whole line measured again for each word, nor a long word's prefixes one by one (that was cubic:
   * a 1,000-character word held the event loop for 16 s). A word wider than the line is cut where
   * the next character would overflow.
   */
  wrap(text: string, font: PDFFont, size: number, width = this.contentWidth): string[] {
    const widthOf = charWidths(font, size);
    const lines: string[] = [];
    // Lines first: printable() drops control characters, newlines among them.
    for (const paragraph of text.split(/\r?\n/).map((line) => printable(font, line))) {
      const space = widthOf(' ');
      let line = '';
      let lineWidth = 0;
      for (const word of paragraph.split(/ +/)) {
        let wordWidth = 0;
        for (const ch of word) wordWidth += widthOf(ch);
        if (line && lineWidth + space + wordWidth <= width) {
          line += ` ${word}`;
          lineWidth += space + wordWidth;
          continue;
        }
        if (line) lines.push(line);
        if (wordWidth <= width) {
          line = word;
          lineWidth = wordWidth;
          continue;
        }
        // a single word longer than the line is cut where it overflows (at least one character a line)
        let piece = '';
        let pieceWidth = 0;
        for (const ch of word) {
          const w = widthOf(ch);
          if (piece && pieceWidth + w > width) {
            lines.push(piece);
            piece = '';
            pieceWidth = 0;
          }
          piece += ch;
          pieceWidth += w;
        }
        line = piece;
        lineWidth = pieceWidth;
      }
      lines.push(line);
    }
    return lines;
  }

  text(text: string, style: TextStyle = {}): void {
    const size = style.size ?? 11;
    const font = style.bold ? this.fonts.bold : this.fonts.regular;
    const leading = size * 1.3;
    for (const line of this.wrap(text, font, size)) {
      this.ensure(leading);
      this.y -= leading;
      if (line) this.page.drawText(line, { x: MARGIN, y: this.y + size * 0.25, size, font, color: style.colour === 'grey' ? GREY : BLACK });
    }
    this.y -= style.after ?? 0;
  }

  /** A wind rose figure, centred, with a caption under it (wind-rose-figure.ts). */
  windRose(rose: RoseData, caption: string): void {
    const radius = 62;
    this.ensure(2 * radius + 60);
    const cy = this.y - radius - 16;
    drawWindRose(this.page, this.fonts.regular, MARGIN + this.contentWidth / 2, cy, radius, rose);
    this.y = cy - radius - 18;
    this.text(caption, { size: 8.5, colour: 'grey', after: 6 });
  }

  /** The page being written (figure overlays draw on it). */
  get currentPage(): PDFPage {
    return this.page;
  }

  /** Points left above the bottom margin of this page. */
  get remaining(): number {
    return this.y - MARGIN - 14;
  }

  /**
   * The laid-out head of page 1: a band with the product and the kind of
   * document, the title, a subtitle, and the facts in two columns under small captions.
   */
  cover(kind: string, title: string, subtitle: string, facts: Array<[string, string]>): void {
    const band = 92;
    this.page.drawRectangle({ x: 0, y: this.height - band, width: this.width, height: band, color: BRAND });
    this.page.drawText('CANOPY', { x: MARGIN, y: this.height - 40, size: 11, font: this.fonts.bold, color: rgb(1, 1, 1) });
    this.page.drawText('Building microclimate study', { x: MARGIN, y: this.height - 56, size: 9, font: this.fonts.regular, color: rgb(0.85, 0.93, 0.89) });
    const label = printable(this.fonts.bold, kind.toUpperCase());
    this.page.drawText(label, {
      x: this.width - MARGIN - this.fonts.bold.widthOfTextAtSize(label, 10),
      y: this.height - 40,
      size: 10,
      font: this.fonts.bold,
      color: rgb(1, 1, 1),
    });
    this.y = this.height - band - 36;
    this.text(title, { size: 24, bold: true, after: 4 });
    if (subtitle) this.text(subtitle, { size: 12, colour: 'grey', after: 14 });
    const column = this.contentWidth / 2;
    for (let i = 0; i < facts.length; i += 2) {
      this.ensure(34);
      const top = this.y;
      let lowest = top;
      for (const [k, [name, value]] of facts.slice(i, i + 2).entries()) {
        const x = MARGIN + k * column;
        this.page.drawText(printable(this.fonts.regular, name.toUpperCase()), { x, y: top - 10, size: 7.5, font: this.fonts.regular, color: GREY });
        const lines = this.wrap(value || '—', this.fonts.regular, 11, column - 12);
        lines.forEach((line, n) => this.page.drawText(line, { x, y: top - 25 - n * 14, size: 11, font: this.fonts.regular, color: BLACK }));
        lowest = Math.min(lowest, top - 25 - (lines.length - 1) * 14);
      }
      this.y = lowest - 12;
    }
    this.rule();
    this.space(6);
  }

  /** An image XObject (pdf-lib's PDFImage fits too) scaled to the content width and at most `maxHeight`, centred; returns where it went. */
  image(image: ImageXObject, maxHeight: number): { x: number; y: number; width: number; height: number } {
    const scale = Math.min(this.contentWidth / image.width, maxHeight / image.height);
    const w = image.width * scale;
    const h = image.height * scale;
    this.ensure(h + 6);
    this.y -= h;
    const name = this.page.node.newXObject('Image', image.ref);
    const zero = degrees(0);
    const rect = { x: MARGIN + (this.contentWidth - w) / 2, y: this.y, width: w, height: h };
    this.page.pushOperators(...drawImage(name, { ...rect, rotate: zero, xSkew: zero, ySkew: zero }));
    this.y -= 6;
    return rect;
  }

  /** A framed placeholder where a figure has no image. */
  missingImage(message: string): void {
    const h = 60;
    this.ensure(h + 6);
    this.y -= h;
    this.page.drawRectangle({ x: MARGIN, y: this.y, width: this.contentWidth, height: h, borderColor: GREY, borderWidth: 0.75 });
    const size = 10;
    const line = printable(this.fonts.regular, message);
    this.page.drawText(line, { x: MARGIN + 10, y: this.y + h / 2 - size / 2, size, font: this.fonts.regular, color: GREY });
    this.y -= 6;
  }

  /** Colour swatches with their values or class labels, in one or more rows. */
  legend(legend: Legend): void {
    const size = 8;
    const font = this.fonts.regular;
    this.text(`${legend.title}${legend.unit ? ` (${legend.unit})` : ''}`, { size: 9, bold: true });
    const labels = legend.colours.map((_, i) => {
      if (legend.class_labels?.[i]) return legend.class_labels[i]!;
      if (legend.min === undefined || legend.max === undefined) return '';
      const n = legend.colours.length;
      const value = n === 1 ? legend.min : legend.min + ((legend.max - legend.min) * i) / (n - 1);
      return formatValue(value);
    });
    const cell = Math.max(48, ...labels.map((l) => font.widthOfTextAtSize(printable(font, l), size) + 18));
    const perRow = Math.max(1, Math.floor(this.contentWidth / cell));
    for (let start = 0; start < legend.colours.length; start += perRow) {
      this.ensure(16);
      this.y -= 14;
      legend.colours.slice(start, start + perRow).forEach((colour, k) => {
        const x = MARGIN + k * cell;
        this.page.drawRectangle({ x, y: this.y, width: 12, height: 10, color: hex(colour), borderColor: GREY, borderWidth: 0.5 });
        const label = printable(font, labels[start + k] ?? '');
        if (label) this.page.drawText(label, { x: x + 15, y: this.y + 2, size, font, color: BLACK });
      });
    }
    this.y -= 6;
  }

  /**
   * A table of text across the content width: a shaded bold heading row, then one row per entry,
   * each cell wrapped within its column. Columns share the width in proportion to their widest cell
   * (each at least a sixth of an equal share); a row that does not fit starts a new page, the
   * heading row repeated on it.
   */
  table(headings: readonly string[], rows: ReadonlyArray<readonly string[]>): void {
    const size = 8.5;
    const leading = size * 1.3;
    const pad = 4;
    const { regular, bold } = this.fonts;
    const n = headings.length;
    const natural = headings.map((h, c) =>
      Math.max(bold.widthOfTextAtSize(printable(bold, h), size), ...rows.map((r) => regular.widthOfTextAtSize(printable(regular, r[c] ?? ''), size))),
    );
    const floor = this.contentWidth / n / 6;
    // a point of slack, so a cell measured exactly at its width is not wrapped by rounding
    const wanted = natural.map((w) => Math.max(floor, w + 2 * pad + 1));
    // The longest word of each column: a table too wide for the page wraps between words, and a
    // short column (a zone's name) is not squeezed to mid-word breaks by its long-headed neighbours.
    const longestWord = (text: string, font: PDFFont) =>
      Math.max(
        0,
        ...printable(font, text)
          .split(/\s+/)
          .map((word) => font.widthOfTextAtSize(word, size)),
      );
    const least = headings.map((h, c) =>
      Math.min(wanted[c]!, Math.max(floor, longestWord(h, bold) + 2 * pad + 1, ...rows.map((r) => longestWord(r[c] ?? '', regular) + 2 * pad + 1))),
    );
    const total = wanted.reduce((a, b) => a + b, 0);
    const leastTotal = least.reduce((a, b) => a + b, 0);
    const widths =
      total > this.contentWidth && leastTotal < this.contentWidth
        ? wanted.map((w, c) => least[c]! + ((w - least[c]!) * (this.contentWidth - leastTotal)) / (total - leastTotal))
        : wanted.map((w) => (w / total) * this.contentWidth);
    const lay = (cells: readonly string[], font: PDFFont) => cells.map((cell, c) => this.wrap(cell, font, size, widths[c]! - 2 * pad));
    const drawRow = (lines: string[][], font: PDFFont, shaded: boolean) => {
      const height = Math.max(...lines.map((l) => l.length)) * leading + pad;
      const top = this.y;
      if (shaded) this.page.drawRectangle({ x: MARGIN, y: top - height, width: this.contentWidth, height, color: rgb(0.93, 0.95, 0.94) });
      let x = MARGIN;
      lines.forEach((cellLines, c) => {
        cellLines.forEach((line, k) => {
          if (line) this.page.drawText(line, { x: x + pad, y: top - (k + 1) * leading + size * 0.25, size, font, color: BLACK });
        });
        x += widths[c]!;
      });
      this.y = top - height;
      this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: MARGIN + this.contentWidth, y: this.y }, thickness: 0.4, color: GREY });
    };
    const head = lay(headings, bold);
    const headHeight = Math.max(...head.map((l) => l.length)) * leading + pad;
    this.ensure(headHeight + leading * 2);
    drawRow(head, bold, true);
    for (const row of rows) {
      const lines = lay(row, regular);
      const height = Math.max(...lines.map((l) => l.length)) * leading + pad;
      if (this.y - height < MARGIN + 14) {
        this.newPage();
        drawRow(head, bold, true);
      }
      drawRow(lines, regular, false);
    }
    this.y -= 12;
  }

  rule(): void {
    this.ensure(10);
    this.y -= 5;
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: this.width - MARGIN, y: this.y }, thickness: 0.5, color: GREY });
    this.y -= 5;
  }

  /** "page n of m" at the foot of every page. */
  numberPages(): void {
    const pages = this.doc.getPages();
    pages.forEach((page, i) => {
      const label = `${i + 1} / ${pages.length}`;
      const size = 8;
      const w = this.fonts.regular.widthOfTextAtSize(label, size);
      page.drawText(label, { x: (this.width - w) / 2, y: MARGIN / 2, size, font: this.fonts.regular, color: GREY });
    });
  }
}
