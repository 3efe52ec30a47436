/**
 * Decoding a PNG for a PDF, as the CPU pool's task 'pdf.preparePng': an allowed
 * image (up to 36 megapixels) still costs seconds of inflating, unfiltering and deflating, which on
 * the request thread froze every other request. This runs in a worker thread and returns encoded
 * streams that the request thread registers as they are (png-xobject.ts registerImage).
 *
 * PNG kinds the direct path leaves out (palette, grey, 16-bit, interlaced) go through pdf-lib's own
 * codec in a scratch document here, and its streams are carried over the same way.
 */
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, PDFRef, type PDFObject } from 'pdf-lib';
import { pngInflatesWithinHeader, prepareFastPng, type PdfPlain, type PreparedImage, type PreparedStream } from './png-xobject.ts';

function plain(value: PDFObject): PdfPlain {
  if (value instanceof PDFName) return value.decodeText();
  if (value instanceof PDFNumber) return value.asNumber();
  if (value instanceof PDFArray) return value.asArray().map(plain);
  if (value instanceof PDFDict) return Object.fromEntries(value.entries().map(([k, v]) => [k.decodeText(), plain(v)]));
  // pdf-lib's PNG streams hold names, numbers and a soft-mask reference only (handled by the caller).
  throw new Error(`unexpected ${value.constructor.name} in an image dictionary`);
}

function streamOf(doc: PDFDocument, ref: PDFRef): { stream: PreparedStream; mask: PDFRef | undefined } {
  const object = doc.context.lookup(ref);
  if (!(object instanceof PDFRawStream)) throw new Error('pdf-lib did not write the image as a raw stream');
  const dict: Record<string, PdfPlain> = {};
  let mask: PDFRef | undefined;
  for (const [key, value] of object.dict.entries()) {
    const name = key.decodeText();
    if (name === 'Length') continue; // recomputed when the stream is written
    if (name === 'SMask' && value instanceof PDFRef) mask = value;
    else dict[name] = plain(value);
  }
  return { stream: { dict, contents: object.contents }, mask };
}

async function preparePdfLibPng(bytes: Uint8Array): Promise<PreparedImage> {
  const scratch = await PDFDocument.create();
  const image = await scratch.embedPng(bytes);
  await image.embed();
  const { stream, mask } = streamOf(scratch, image.ref);
  return { width: image.width, height: image.height, colour: stream, ...(mask ? { mask: streamOf(scratch, mask).stream } : {}) };
}

/** The PNG ready to register, or null when it cannot be read (damaged). */
export async function preparePng(bytes: Uint8Array): Promise<PreparedImage | null> {
  try {
    const fast = prepareFastPng(bytes);
    if (fast) return fast;
    // pdf-lib's codec inflates without a limit: only data that stays within the header's size reaches it.
    return pngInflatesWithinHeader(bytes) ? await preparePdfLibPng(bytes) : null;
  } catch {
    return null;
  }
}
