/**
 * Request-body limits (issue 17 item 1). Every route gets one, declared with the route
 * (`defineRoute(access, config, { body })`) so none can be forgotten: a small default for forms and
 * ids, and a larger tier only where a route carries a document or an image. A declared
 * Content-Length over the limit is refused before a byte is read; a chunked body is counted as it
 * streams and refused as soon as it passes the limit, so neither reaches memory in full.
 *
 * The blob endpoint streams files to disk under UPLOAD_MAX_BYTES itself (receiveBlob), hence 'stream'.
 */
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

export const BODY_LIMITS = {
  /** Forms, credentials, ids, short texts: everything not named below. */
  form: 64 * 1024,
  /** Client-owned JSON (scene views, drawings, layer selections, result lists, scenario inputs). */
  document: 4 * 1024 * 1024,
  /** One base64 image (study images: image_base64 is at most 28,000,000 characters). */
  image: 30 * 1024 * 1024,
  /** A PDF export with its captured views. */
  pdf: 64 * 1024 * 1024,
} as const;

export type BodyTier = keyof typeof BODY_LIMITS | 'stream';

export function tooLargeMessage(maxBytes: number): string {
  return `Request body is too large: at most ${maxBytes} bytes are accepted here.`;
}

export function limitBody(maxBytes: number): MiddlewareHandler {
  return bodyLimit({
    maxSize: maxBytes,
    // The rest of the body was never read: closing the connection is cheaper than draining it.
    onError: (c) => c.json({ detail: tooLargeMessage(maxBytes) }, 413, { Connection: 'close' }),
  });
}
