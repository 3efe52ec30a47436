/**
 * PNG and JPEG recognition by their bytes, with pixel dimensions: study images and PDF figures
 * accept only what pdf-lib can embed, and the type comes from the content, never from a name.
 */
export interface ImageInfo {
  contentType: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function pngInfo(bytes: Uint8Array): ImageInfo | null {
  if (bytes.length < 24 || !PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The first chunk is IHDR: length(4) type(4) width(4) height(4).
  if (String.fromCharCode(...bytes.subarray(12, 16)) !== 'IHDR') return null;
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  return width > 0 && height > 0 ? { contentType: 'image/png', width, height } : null;
}

/** Walks the JPEG markers to the first start-of-frame (baseline, progressive or lossless). */
function jpegInfo(bytes: Uint8Array): ImageInfo | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let i = 2;
  while (i + 9 < bytes.length) {
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1]!;
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    const length = (bytes[i + 2]! << 8) | bytes[i + 3]!;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      const height = (bytes[i + 5]! << 8) | bytes[i + 6]!;
      const width = (bytes[i + 7]! << 8) | bytes[i + 8]!;
      return width > 0 && height > 0 ? { contentType: 'image/jpeg', width, height } : null;
    }
    i += 2 + length;
  }
  return null;
}

/**
 * Pixel limits, checked on the declared size before anything decodes an image (a 340 KB PNG declaring 8192 × 8192 RGBA decoded to ~770 MB). 36 megapixels holds an 8K screen
 * capture (7680 × 4320); decoded RGBA that is at most ~145 MB.
 */
export const MAX_IMAGE_SIDE = 16384;
export const MAX_IMAGE_PIXELS = 36_000_000;

/** Why the declared size is refused, or undefined when it is within the limits. */
export function checkImageSize(info: ImageInfo): string | undefined {
  if (info.width <= MAX_IMAGE_SIDE && info.height <= MAX_IMAGE_SIDE && info.width * info.height <= MAX_IMAGE_PIXELS) return undefined;
  return `The image is ${info.width} × ${info.height} pixels; at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels and ${MAX_IMAGE_SIDE} pixels a side are accepted.`;
}

export function imageInfo(bytes: Uint8Array): ImageInfo | null {
  return pngInfo(bytes) ?? jpegInfo(bytes);
}

/** Base64 or a `data:image/...;base64,` URL → bytes; null when it is not base64. */
export function decodeBase64Image(text: string): Uint8Array | null {
  const body = text.startsWith('data:') ? text.slice(text.indexOf(',') + 1) : text;
  const clean = body.replace(/\s+/g, '');
  if (clean.length === 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(clean)) return null;
  return new Uint8Array(Buffer.from(clean, 'base64'));
}
