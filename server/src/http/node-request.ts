/**
 * The Node request behind a Hono context, when there is one (a real socket; not app.request() in
 * tests). Reading a header from it is a property look-up, whereas `c.req.header()` makes
 * @hono/node-server build a web `Headers` object for the request, and `c.req.raw.body` a whole web
 * `Request` with its AbortSignal: together over half of a health check's cost in a profile.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context } from 'hono';

export function nodeRequest(c: Context): IncomingMessage | undefined {
  return (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
}

/** The Node response behind a Hono context, when there is one. */
export function nodeResponse(c: Context): ServerResponse | undefined {
  return (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
}

/** A request header (lower-case `name`), read from the Node request when there is one. */
export function requestHeader(c: Context, name: string): string | undefined {
  const incoming = nodeRequest(c);
  if (!incoming) return c.req.header(name);
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}
