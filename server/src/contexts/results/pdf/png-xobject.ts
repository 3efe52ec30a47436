/**
 * PNG images as PDF image XObjects without pdf-lib's JavaScript PNG codec, which takes about a
 * second per full-HD screenshot on the request thread (decode, then re-deflate in JS). PDF's
 * FlateDecode with the PNG predictors reads PNG's compressed scanlines as they are, so:
 * - 8-bit RGB, non-interlaced: the IDAT data is the image stream, untouched;
 * - 8-bit RGBA, non-interlaced (what a canvas capture gives): inflated and unfiltered once, split
 *   into colour and an alpha soft mask, each deflated with node's native zlib.
 * Anything else (palette, grey, 16-bit, interlaced) returns null and goes through pdf-lib.
 */
import { deflateSync, inflateSync } from 'node:zlib';
import type { PDFDocument, PDFRef } from 'pdf-lib';

export interface ImageXObject {
  ref: PDFRef;
  width: number;
  height: number;
}

interface PngParts {
  width: number;
  height: number;
  colourType: number;
  idat: Buffer;
}

/** IHDR and the joined IDAT data of a PNG, whatever its kind; null when the chunks do not add up. */
function chunks(bytes: Uint8Array): { header: Buffer; idat: Buffer } | null {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 8;
  let header: Buffer | null = null;
  const idat: Buffer[] = [];
  while (offset + 8 <= buf.length) {
    const length = buf.readUInt32BE(offset);
    const type = buf.toString('latin1', offset + 4, offset + 8);
    if (offset + 12 + length > buf.length) return null;
    const data = buf.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') header = data;
    else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') break;
    offset += 12 + length;
  }
  if (!header || header.length < 13 || idat.length === 0) return null;
  return { header, idat: Buffer.concat(idat) };
}

function parse(bytes: Uint8Array): PngParts | null {
  const png = chunks(bytes);
  if (!png) return null;
  const { header } = png;
  const [bitDepth, colourType, compression, filter, interlace] = [header[8], header[9], header[10], header[11], header[12]];
  if (bitDepth !== 8 || (colourType !== 2 && colourType !== 6) || compression !== 0 || filter !== 0 || interlace !== 0) return null;
  return { width: header.readUInt32BE(0), height: header.readUInt32BE(4), colourType: colourType!, idat: png.idat };
}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/**
 * Whether the PNG's image data inflates to no more than its header's size allows (scanlines with
 * their filter bytes; twice that for an interlaced one, whose passes add rows). Checked, with the
 * inflation stopped at that size, before pdf-lib's codec inflates it without a limit: a few KB of
 * IDAT can inflate to gigabytes whatever the header says.
 */
export function pngInflatesWithinHeader(bytes: Uint8Array): boolean {
  const png = chunks(bytes);
  if (!png) return false;
  const { header } = png;
  const [width, height] = [header.readUInt32BE(0), header.readUInt32BE(4)];
  const [bitDepth, colourType, interlace] = [header[8]!, header[9]!, header[12]!];
  const channels = CHANNELS[colourType];
  if (!channels || ![1, 2, 4, 8, 16].includes(bitDepth)) return false;
  const scanlines = height * (Math.ceil((width * channels * bitDepth) / 8) + 1);
  try {
    inflateSync(png.idat, { maxOutputLength: Math.max(1, interlace ? 2 * scanlines : scanlines) });
    return true;
  } catch {
    return false;
  }
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** Undoes PNG's per-scanline filters in place into `out` (bpp bytes per pixel). */
function unfilter(raw: Buffer, width: number, height: number, bpp: number): Uint8Array | null {
  const stride = width * bpp;
  if (raw.length < (stride + 1) * height) return null;
  const out = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const src = y * (stride + 1) + 1;
    const row = y * stride;
    const prev = row - stride;
    for (let i = 0; i < stride; i++) {
      const x = raw[src + i]!;
      const a = i >= bpp ? out[row + i - bpp]! : 0;
      const b = y > 0 ? out[prev + i]! : 0;
      let v: number;
      switch (filter) {
        case 0:
          v = x;
          break;
        case 1:
          v = x + a;
          break;
        case 2:
          v = x + b;
          break;
        case 3:
          v = x + ((a + b) >> 1);
          break;
        case 4:
          v = x + paeth(a, b, y > 0 && i >= bpp ? out[prev + i - bpp]! : 0);
          break;
        default:
          return null;
      }
      out[row + i] = v & 255;
    }
  }
  return out;
}

/** One PDF stream, encoded already: its dictionary as plain values (strings are names) and its bytes. */
export interface PreparedStream {
  dict: Record<string, PdfPlain>;
  contents: Uint8Array;
}

export type PdfPlain = string | number | PdfPlain[] | { [key: string]: PdfPlain };

/**
 * An image ready for a PDF, made where no document is at hand (a worker thread of the CPU pool):
 * the colour stream and its optional alpha soft mask. Registering it copies nothing and decodes
 * nothing (registerImage).
 */
export interface PreparedImage {
  width: number;
  height: number;
  colour: PreparedStream;
  mask?: PreparedStream;
}

/** The PNG as a prepared image, or null when it is a kind left to pdf-lib. */
export function prepareFastPng(bytes: Uint8Array): PreparedImage | null {
  const png = parse(bytes);
  if (!png) return null;
  const { width, height } = png;
  const base = { Type: 'XObject', Subtype: 'Image', Width: width, Height: height, BitsPerComponent: 8, Filter: 'FlateDecode' };
  if (png.colourType === 2) {
    return {
      width,
      height,
      colour: {
        contents: png.idat,
        dict: { ...base, ColorSpace: 'DeviceRGB', DecodeParms: { Predictor: 15, Colors: 3, BitsPerComponent: 8, Columns: width } },
      },
    };
  }
  let pixels: Uint8Array | null;
  try {
    // Inflated to at most what the header's size needs (an IDAT can claim far more).
    pixels = unfilter(inflateSync(png.idat, { maxOutputLength: Math.max(1, (width * 4 + 1) * height) }), width, height, 4);
  } catch {
    return null;
  }
  if (!pixels) return null;
  const rgb = new Uint8Array(width * height * 3);
  const alpha = new Uint8Array(width * height);
  let opaque = true;
  for (let p = 0, q = 0, k = 0; k < alpha.length; k++, p += 4, q += 3) {
    rgb[q] = pixels[p]!;
    rgb[q + 1] = pixels[p + 1]!;
    rgb[q + 2] = pixels[p + 2]!;
    alpha[k] = pixels[p + 3]!;
    if (alpha[k] !== 255) opaque = false;
  }
  return {
    width,
    height,
    colour: { contents: deflateSync(rgb), dict: { ...base, ColorSpace: 'DeviceRGB' } },
    ...(opaque ? {} : { mask: { contents: deflateSync(alpha), dict: { ...base, ColorSpace: 'DeviceGray' } } }),
  };
}

/** Registers a prepared image in the document (its streams as they are) and returns the XObject. */
export function registerImage(doc: PDFDocument, image: PreparedImage): ImageXObject {
  const context = doc.context;
  const dict: Record<string, unknown> = { ...image.colour.dict };
  if (image.mask) dict.SMask = context.register(context.stream(image.mask.contents, image.mask.dict as never));
  const ref = context.register(context.stream(image.colour.contents, dict as never));
  return { ref, width: image.width, height: image.height };
}

/** The PNG as a registered image XObject, or null when it is a kind left to pdf-lib. */
export function embedPngFast(doc: PDFDocument, bytes: Uint8Array): ImageXObject | null {
  const prepared = prepareFastPng(bytes);
  return prepared ? registerImage(doc, prepared) : null;
}
