/** Which PNGs take the direct path into the PDF, and that pdf-lib reads back what it wrote. */
import { describe, expect, it } from 'vitest';
import { PDFDocument, PDFName, type PDFRawStream, PDFRef } from 'pdf-lib';
import { encodePng } from '../../../../test/world-insights.ts';
import { embedPngFast } from './png-xobject.ts';
import { imageInfo } from './image-info.ts';

/** The same PNG with IHDR byte `index` changed (CRC left stale: the reader does not check it). */
function withHeaderByte(png: Uint8Array, index: number, value: number): Uint8Array {
  const copy = Uint8Array.from(png);
  copy[16 + index] = value;
  return copy;
}

describe('embedPngFast', () => {
  const rgb = encodePng(5, 4, (x, y) => [x * 40, y * 60, 100]);
  const rgba = encodePng(5, 4, (x) => [200, 10, 10, x * 60], true);

  it('passes RGB scanlines through with the PNG predictor', async () => {
    const doc = await PDFDocument.create();
    const image = embedPngFast(doc, rgb)!;
    expect(image).toMatchObject({ width: 5, height: 4 });
    const stream = doc.context.lookup(image.ref) as PDFRawStream;
    expect(stream.dict.get(PDFName.of('Filter'))).toBe(PDFName.of('FlateDecode'));
    expect(String(stream.dict.get(PDFName.of('DecodeParms')))).toContain('/Predictor 15');
    expect(stream.dict.get(PDFName.of('SMask'))).toBeUndefined();
  });

  it('splits RGBA into colour and a grey soft mask holding the alpha values', async () => {
    const doc = await PDFDocument.create();
    const image = embedPngFast(doc, rgba)!;
    const stream = doc.context.lookup(image.ref) as PDFRawStream;
    const maskRef = stream.dict.get(PDFName.of('SMask'));
    expect(maskRef).toBeInstanceOf(PDFRef);
    const mask = doc.context.lookup(maskRef as PDFRef) as PDFRawStream;
    expect(mask.dict.get(PDFName.of('ColorSpace'))).toBe(PDFName.of('DeviceGray'));
    const { inflateSync } = await import('node:zlib');
    expect([...inflateSync(mask.contents).subarray(0, 5)]).toEqual([0, 60, 120, 180, 240]);
    expect([...inflateSync(stream.contents).subarray(0, 3)]).toEqual([200, 10, 10]);
  });

  it('leaves fully opaque RGBA without a mask', async () => {
    const doc = await PDFDocument.create();
    const image = embedPngFast(
      doc,
      encodePng(3, 3, () => [1, 2, 3, 255], true),
    )!;
    expect((doc.context.lookup(image.ref) as PDFRawStream).dict.get(PDFName.of('SMask'))).toBeUndefined();
  });

  it('leaves palette, grey, 16-bit, interlaced and damaged PNGs to pdf-lib', async () => {
    const doc = await PDFDocument.create();
    expect(embedPngFast(doc, withHeaderByte(rgb, 9, 3))).toBeNull(); // palette
    expect(embedPngFast(doc, withHeaderByte(rgb, 9, 0))).toBeNull(); // grey
    expect(embedPngFast(doc, withHeaderByte(rgb, 8, 16))).toBeNull(); // 16-bit
    expect(embedPngFast(doc, withHeaderByte(rgb, 12, 1))).toBeNull(); // Adam7
    expect(embedPngFast(doc, rgba.subarray(0, 40))).toBeNull(); // truncated
    expect(embedPngFast(doc, new Uint8Array(20))).toBeNull();
    // an RGBA IDAT whose scanlines are too short for the header's size
    const short = withHeaderByte(rgba, 3, 50);
    expect(embedPngFast(doc, short)).toBeNull();
  });
});

describe('imageInfo', () => {
  it('reads PNG and JPEG sizes from the bytes and refuses the rest', () => {
    expect(imageInfo(encodePng(7, 3, () => [0, 0, 0]))).toEqual({ contentType: 'image/png', width: 7, height: 3 });
    // a JPEG start: SOI, an APP0 segment, then SOF0 with height 2, width 9
    const jpeg = Uint8Array.from([
      0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x0b, 0x08, 0x00, 0x02, 0x00, 0x09, 0x01, 0x01, 0x11, 0x00, 0xff, 0xd9,
    ]);
    expect(imageInfo(jpeg)).toEqual({ contentType: 'image/jpeg', width: 9, height: 2 });
    expect(imageInfo(new TextEncoder().encode('GIF89a.......'))).toBeNull();
  });
});
