/**
 * Image bombs: a tiny PNG or JPEG that declares a huge canvas is refused from its
 * header — before anything decodes it or stores it — by study images and by the PDF export alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crc32 } from 'node:zlib';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { buildWorld, type World } from '../../../test/world.ts';
import { caller } from '../../../test/api.ts';
import { studyImages } from '../../db/schema/index.ts';
import { MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE } from '../../contexts/results/pdf/image-info.ts';

let t: TestContext;
let w: World;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestContext();
  w = await buildWorld(t.deps);
  call = caller(t);
});
afterAll(() => t.close());

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(8 + data.length + 4);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body) >>> 0, 8 + data.length);
  return out;
}

/** A PNG of a few dozen bytes whose header declares width × height RGBA pixels. */
function pngDeclaring(width: number, height: number): string {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IEND', Buffer.alloc(0))]);
  return png.toString('base64');
}

/** A JPEG header with a start-of-frame declaring width × height. */
function jpegDeclaring(width: number, height: number): string {
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), sof, Buffer.from([0xff, 0xd9])]).toString('base64');
}

const study = () => `/api/project/${w.projectId}/study/${w.studyId}`;

describe('declared pixel sizes', () => {
  it('study images refuse a 65535 × 65535 PNG and an oversized JPEG, and store nothing', async () => {
    const before = (await t.database.db.select().from(studyImages)).length;
    for (const image of [pngDeclaring(65535, 65535), pngDeclaring(MAX_IMAGE_SIDE + 1, 10), jpegDeclaring(65000, 65000)]) {
      const res = await call('POST', `${study()}/study-image`, w.tokens.projectAdmin, { name: 'Bomb', image_base64: image });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body as object)).toEqual(['image_base64']);
      expect(String((res.body as Record<string, string[]>).image_base64)).toMatch(/pixels/);
    }
    expect((await t.database.db.select().from(studyImages)).length).toBe(before);
  });

  it('the PDF export refuses an 8192 × 8192 PNG before decoding it', async () => {
    expect(8192 * 8192).toBeGreaterThan(MAX_IMAGE_PIXELS);
    const res = await call('POST', '/api/export-pdf/', w.tokens.projectAdmin, {
      project_id: w.projectId,
      study_id: w.studyId,
      insight_id: w.insights.publishedInsightId,
      images: [{ scene_view_id: w.insights.sceneViewId, image_base64: pngDeclaring(8192, 8192) }],
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body as object)).toEqual(['images.0']);
    expect(String((res.body as Record<string, string[]>)['images.0'])).toMatch(/pixels/);
  });

  it('a large but reasonable screenshot size is still accepted by the check', async () => {
    const { checkImageSize } = await import('../../contexts/results/pdf/image-info.ts');
    expect(checkImageSize({ contentType: 'image/png', width: 7680, height: 4320 })).toBeUndefined();
  });
});
