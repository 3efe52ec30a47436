/**
 * Request-body limits. Every route gets one, declared with the route
 * (`defineRoute(access, config, { body })`) so none can be forgotten: a small default for forms and
 * ids, and a larger tier only where a route carries a document or an image. A declared
 * Content-Length over the limit is refused before a byte is read; a chunked body is counted as it
 * streams and refused as soon as it passes the limit, so neither reaches memory in full.
 *
 * The blob endpoint streams files to disk under UPLOAD_MAX_BYTES itself (receiveBlob), hence 'stream'.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { nodeRequest } from './node-request.ts';

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

/**
 * Decided from the Node request's own headers when there is one: a GET or HEAD has no body for the
 * app (@hono/node-server gives it none), a request with neither Transfer-Encoding nor
 * Content-Length has none (RFC 9112 §6.3), and a declared length is compared as it stands. Only a
 * chunked body is counted as it arrives, by Hono's bodyLimit, which needs the web Request.
 * Asking Hono's middleware for every request would build that Request (and its AbortSignal) even
 * for a health check, which a profile showed as the largest single cost of one.
 */
export function limitBody(maxBytes: number): MiddlewareHandler {
  // The rest of the body was never read: closing the connection is cheaper than draining it.
  const refuse = (c: Context) => c.json({ detail: tooLargeMessage(maxBytes) }, 413, { Connection: 'close' });
  const counted = bodyLimit({ maxSize: maxBytes, onError: refuse });
  return (c, next) => {
    const incoming = nodeRequest(c);
    if (!incoming) return counted(c, next);
    if (incoming.method === 'GET' || incoming.method === 'HEAD') return next();
    const { headers } = incoming;
    if (headers['transfer-encoding'] !== undefined) return counted(c, next);
    const declared = headers['content-length'];
    if (declared === undefined) return next();
    return Number.parseInt(declared, 10) > maxBytes ? Promise.resolve(refuse(c)) : next();
  };
}
