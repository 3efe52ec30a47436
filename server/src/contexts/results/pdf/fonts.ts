/**
 * Fonts of the exported PDFs: DejaVu Sans and DejaVu Sans Bold (server/assets/fonts, licence beside
 * them), embedded as subset TrueType fonts through @pdf-lib/fontkit. Embedding, rather than the
 * standard Helvetica every reader has, is what lets a PDF show the characters engineers write —
 * m², °C, ≤, ±, Greek letters, accented place names — beyond Windows-1252. Text still passes
 * through `printable`, which swaps what DejaVu cannot draw (CJK, emoji) for '?', so an unusual
 * character never aborts an export.
 */
import { readFile } from 'node:fs/promises';
import * as fontkitModule from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

export interface PdfFonts {
  regular: PDFFont;
  bold: PDFFont;
}

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];

/** fontkit's object: `default` both of its ES build and of its UMD build imported from ESM under Node. */
const fontkit = ((fontkitModule as unknown as { default?: Fontkit }).default ?? fontkitModule) as Fontkit;

const FONT_DIR = new URL('../../../../assets/fonts/', import.meta.url);
export const FONT_FILES = { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf' } as const;

/** The font files, read once per process (they are read-only assets of the build). */
let fontBytes: Promise<{ regular: Uint8Array; bold: Uint8Array }> | null = null;

function readFonts() {
  fontBytes ??= Promise.all([readFile(new URL(FONT_FILES.regular, FONT_DIR)), readFile(new URL(FONT_FILES.bold, FONT_DIR))]).then(
    ([regular, bold]) => ({ regular: new Uint8Array(regular), bold: new Uint8Array(bold) }),
    (error: unknown) => {
      fontBytes = null;
      throw error;
    },
  );
  return fontBytes;
}

/** Embeds DejaVu Sans and Sans Bold in `doc`, subset to the glyphs the document draws. */
export async function loadFonts(doc: PDFDocument): Promise<PdfFonts> {
  doc.registerFontkit(fontkit);
  const bytes = await readFonts();
  const [regular, bold] = await Promise.all([doc.embedFont(bytes.regular, { subset: true }), doc.embedFont(bytes.bold, { subset: true })]);
  return { regular, bold };
}

const charsets = new WeakMap<PDFFont, Set<number>>();

/** `text` with every character the font cannot draw replaced ('?'; tabs and odd spaces become spaces). */
export function printable(font: PDFFont, text: string): string {
  let set = charsets.get(font);
  if (!set) {
    set = new Set(font.getCharacterSet());
    charsets.set(font, set);
  }
  let out = '';
  for (const ch of text.replace(/[\t\u00a0\u2000-\u200b\u202f]/g, ' ')) {
    const code = ch.codePointAt(0)!;
    out += set.has(code) ? ch : code < 32 ? '' : '?';
  }
  return out;
}
