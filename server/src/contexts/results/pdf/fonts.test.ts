/**
 * The PDFs embed DejaVu Sans (server/assets/fonts) through @pdf-lib/fontkit, not the standard
 * Helvetica: the font program is in the file (/FontFile2, subset), no standard font is referenced,
 * and characters beyond Windows-1252 — m², °, ≤, ±, Greek — come back out of the PDF as written.
 */
import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { pdfToText, popplerAvailable } from '../../../../test/world-insights.ts';
import { loadFonts, printable } from './fonts.ts';
import { fontsOf, embeddedTrueTypeFonts } from './testing/pdf-fonts.ts';
import { PdfWriter } from './writer.ts';

const poppler = popplerAvailable();
const SAMPLE = 'Terrace of 120 m² at 21 °C: gusts ≤ 5 m/s ± 0.5 (α = 0.22, Ø 3 m) — São Paulo, Zürich';

async function samplePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const writer = new PdfWriter(doc, await loadFonts(doc), 'A4');
  writer.text('Wind comfort — summary', { size: 16, bold: true });
  writer.text(SAMPLE);
  return doc.save();
}

describe('PDF fonts', () => {
  it('embeds DejaVu Sans and Sans Bold as subset TrueType programs, and no standard font', async () => {
    const doc = await PDFDocument.load(await samplePdf());
    expect(embeddedTrueTypeFonts(doc)).toEqual(['DejaVuSans', 'DejaVuSans-Bold']);
    const fonts = fontsOf(doc);
    // subset: tagged (pdf-lib appends a number to the name) and far smaller than the 700 kB font file
    for (const font of fonts.filter((f) => f.subtype === 'CIDFontType2')) {
      expect(font.baseFont).toMatch(/^DejaVuSans(-Bold)?-\d+$/);
      expect(font.fontFile2Bytes).toBeGreaterThan(1000);
      expect(font.fontFile2Bytes).toBeLessThan(200_000);
    }
    expect(fonts.filter((f) => f.subtype === 'Type1').map((f) => f.baseFont)).toEqual([]);
  });

  it('keeps m², °, ≤, ±, Greek and accents; swaps only what DejaVu cannot draw', async () => {
    const doc = await PDFDocument.create();
    const { regular } = await loadFonts(doc);
    expect(printable(regular, SAMPLE)).toBe(SAMPLE);
    expect(printable(regular, 'Wind 風 ok')).toBe('Wind ? ok');
  });

  it.skipIf(!poppler)('the text reads back out of the PDF as written', async () => {
    const text = pdfToText(await samplePdf()).replace(/\s+/g, ' ');
    expect(text).toContain('Wind comfort — summary');
    expect(text).toContain(SAMPLE);
  });
});
