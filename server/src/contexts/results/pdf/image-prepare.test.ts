/**
 * Images prepared away from the document (in the CPU pool) register as the same streams a direct
 * embed writes: the fast path's RGB and RGBA, and pdf-lib's codec for the kinds it handles alone.
 */
import { describe, expect, it } from 'vitest';
import { crc32, deflateSync, inflateSync } from 'node:zlib';
import { PDFDocument, PDFName, type PDFRawStream, type PDFRef } from 'pdf-lib';
import { encodePng } from '../../../../test/world-insights.ts';
import { preparePng } from './image-prepare.ts';
import { embedPngFast, registerImage } from './png-xobject.ts';

function chunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(8 + data.length + 4);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body) >>> 0, 8 + data.length);
  return out;
}

/** A 4 × 2 palette PNG (colour type 3) with a transparency chunk: pdf-lib's codec territory. */
function palettePng(): Uint8Array {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(4, 0);
  ihdr.writeUInt32BE(2, 4);
  ihdr.set([8, 3, 0, 0, 0], 8);
  const plte = Buffer.from([255, 0, 0, 0, 255, 0, 0, 0, 255]);
  const trns = Buffer.from([255, 128, 0]);
  const raw = Buffer.from([0, 0, 1, 2, 0, 0, 2, 1, 0, 1]);
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('PLTE', plte),
      chunk('tRNS', trns),
      chunk('IDAT', deflateSync(raw)),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

function stream(doc: PDFDocument, ref: PDFRef): PDFRawStream {
  return doc.context.lookup(ref) as PDFRawStream;
}

describe('preparePng', () => {
  it('gives the fast path’s streams for RGBA, mask included', async () => {
    const png = encodePng(6, 5, (x, y) => [x * 40, y * 50, 90, 40 + x * 30], true);
    const direct = await PDFDocument.create();
    const a = embedPngFast(direct, png)!;
    const moved = await PDFDocument.create();
    const b = registerImage(moved, (await preparePng(png))!);
    expect(b).toMatchObject({ width: 6, height: 5 });
    expect(Buffer.from(stream(moved, b.ref).contents)).toEqual(Buffer.from(stream(direct, a.ref).contents));
    const maskA = stream(direct, stream(direct, a.ref).dict.get(PDFName.of('SMask')) as PDFRef);
    const maskB = stream(moved, stream(moved, b.ref).dict.get(PDFName.of('SMask')) as PDFRef);
    expect(Buffer.from(maskB.contents)).toEqual(Buffer.from(maskA.contents));
    expect(String(stream(moved, b.ref).dict.get(PDFName.of('ColorSpace')))).toBe('/DeviceRGB');
  });

  it('carries pdf-lib’s own encoding of a palette PNG over, soft mask and all', async () => {
    const png = palettePng();
    const direct = await PDFDocument.create();
    const a = await direct.embedPng(png);
    await a.embed();
    const moved = await PDFDocument.create();
    const b = registerImage(moved, (await preparePng(png))!);
    const [sa, sb] = [stream(direct, a.ref), stream(moved, b.ref)];
    expect(Buffer.from(sb.contents)).toEqual(Buffer.from(sa.contents));
    expect([...inflateSync(sb.contents).subarray(0, 6)]).toEqual([255, 0, 0, 0, 255, 0]);
    for (const key of ['Width', 'Height', 'BitsPerComponent', 'ColorSpace', 'Filter']) {
      expect(String(sb.dict.get(PDFName.of(key)))).toBe(String(sa.dict.get(PDFName.of(key))));
    }
    const mask = stream(moved, sb.dict.get(PDFName.of('SMask')) as PDFRef);
    expect([...inflateSync(mask.contents).subarray(0, 4)]).toEqual([255, 128, 0, 255]);
    // and the document still saves and loads
    await PDFDocument.load(await moved.save());
  });

  it('answers null for bytes that are not a readable PNG', async () => {
    expect(await preparePng(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]))).toBeNull();
    expect(await preparePng(palettePng().subarray(0, 60))).toBeNull();
  });
});
