/**
 * Fonts of the exported PDFs. DejaVu Sans (server/assets/fonts, licence beside it) is embedded when
 * @pdf-lib/fontkit is installed — pdf-lib needs it to embed TrueType. Until then the PDF uses the
 * standard Helvetica pair, which every reader has but which covers only Windows-1252: text is passed
 * through `printable`, which swaps what the font cannot draw for '?', so an unusual character
 * never aborts an export. `embedded` says which one a document got.
 */
import { readFile } from 'node:fs/promises';
import { type PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib';

export interface PdfFonts {
  regular: PDFFont;
  bold: PDFFont;
  /** True when DejaVu is embedded; false when the standard Helvetica is used. */
  embedded: boolean;
}

const FONT_DIR = new URL('../../../assets/fonts/', import.meta.url);

/** fontkit when installed (not a dependency yet: the specifier is a variable so no build needs it). */
async function optionalFontkit(): Promise<unknown> {
  const specifier = '@pdf-lib/fontkit';
  try {
    const module = (await import(specifier)) as { default?: unknown };
    return module.default ?? module;
  } catch {
    return null;
  }
}

export async function loadFonts(doc: PDFDocument): Promise<PdfFonts> {
  const fontkit = await optionalFontkit();
  if (fontkit) {
    doc.registerFontkit(fontkit as Parameters<PDFDocument['registerFontkit']>[0]);
    const [regular, bold] = await Promise.all([readFile(new URL('DejaVuSans.ttf', FONT_DIR)), readFile(new URL('DejaVuSans-Bold.ttf', FONT_DIR))]);
    return { regular: await doc.embedFont(regular, { subset: true }), bold: await doc.embedFont(bold, { subset: true }), embedded: true };
  }
  return { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold), embedded: false };
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
