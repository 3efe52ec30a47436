/**
 * Test helper (not product code): the fonts a PDF uses, read back with pdf-lib — each font
 * dictionary's subtype and base font name, and whether its descriptor carries an embedded
 * TrueType program (/FontFile2).
 */
import { PDFDict, PDFName, PDFRawStream, PDFRef, type PDFDocument, type PDFObject } from 'pdf-lib';

export interface PdfFontInfo {
  subtype: string;
  baseFont: string;
  /** The size in bytes of the embedded TrueType program (/FontFile2), or null when none is embedded. */
  fontFile2Bytes: number | null;
}

const name = (value: PDFObject | undefined) => (value instanceof PDFName ? value.decodeText() : '');

export function fontsOf(doc: PDFDocument): PdfFontInfo[] {
  const resolve = (value: PDFObject | undefined) => (value instanceof PDFRef ? doc.context.lookup(value) : value);
  const fonts: PdfFontInfo[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || name(object.get(PDFName.of('Type'))) !== 'Font') continue;
    const descriptor = resolve(object.get(PDFName.of('FontDescriptor')));
    const file = descriptor instanceof PDFDict ? resolve(descriptor.get(PDFName.of('FontFile2'))) : undefined;
    fonts.push({
      subtype: name(object.get(PDFName.of('Subtype'))),
      baseFont: name(object.get(PDFName.of('BaseFont'))),
      fontFile2Bytes: file instanceof PDFRawStream ? file.contents.length : null,
    });
  }
  return fonts;
}

/**
 * The embedded TrueType fonts (CIDFontType2 with a /FontFile2 program) by PostScript name, without
 * the subset tag (the usual `ABCDEF+` prefix, or pdf-lib's `-1234` suffix).
 */
export function embeddedTrueTypeFonts(doc: PDFDocument): string[] {
  return fontsOf(doc)
    .filter((f) => f.subtype === 'CIDFontType2' && (f.fontFile2Bytes ?? 0) > 0)
    .map((f) => f.baseFont.replace(/^[A-Z]{6}\+/, '').replace(/-\d+$/, ''))
    .sort();
}
