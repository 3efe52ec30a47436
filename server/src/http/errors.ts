/**
 * Django REST Framework error shapes: `{"detail": "..."}` for request-level errors and
 * `{"field": ["message", ...]}` for field errors. Handlers throw ApiError; onError renders it.
 */
import { HTTPException } from 'hono/http-exception';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { BlobStoreUnavailableError } from '../blobs/blob-store.ts';
import { DomainError, MESSAGES, type ErrorKind, type FieldErrors } from '../kernel/domain-errors.ts';
import { loggable } from '../kernel/loggable.ts';

export { MESSAGES, mergeFieldErrors, zodToFieldErrors, type FieldErrors } from '../kernel/domain-errors.ts';
export { LOGGED_CHARS, loggable } from '../kernel/loggable.ts';

/** The one place a context's error becomes an HTTP status. */
const STATUS: Record<ErrorKind, ContentfulStatusCode> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  unprocessable: 422,
  'too-many': 429,
  'upstream-failed': 502,
  unavailable: 503,
  'upstream-timeout': 504,
};

/** An error raised in a route itself, with its status; errors from the contexts are DomainErrors. */
export class ApiError extends Error {
  constructor(
    public readonly status: ContentfulStatusCode,
    public readonly body: Record<string, unknown>,
    public readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.detail === 'string' ? body.detail : `HTTP ${status}`);
    this.name = 'ApiError';
  }

  static detail(status: ContentfulStatusCode, detail: string, extra: Record<string, unknown> = {}) {
    return new ApiError(status, { detail, ...extra });
  }
  static notFound() {
    return ApiError.detail(404, MESSAGES.notFound);
  }
  static forbidden() {
    return ApiError.detail(403, MESSAGES.permissionDenied);
  }
  static notAuthenticated() {
    return new ApiError(401, { detail: MESSAGES.notAuthenticated }, { 'WWW-Authenticate': 'Bearer realm="api"' });
  }
  static fields(errors: FieldErrors) {
    return new ApiError(400, errors);
  }
  static field(field: string, message: string) {
    return new ApiError(400, { [field]: [message] });
  }
}

export function renderError(error: unknown, c: Context): Response {
  if (error instanceof ApiError) {
    for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
    return c.json(error.body, error.status);
  }
  if (error instanceof DomainError) {
    if (error.kind === 'unauthenticated') c.header('WWW-Authenticate', 'Bearer realm="api"');
    const { retryAfterSeconds, unreadBody } = error.options;
    if (retryAfterSeconds !== undefined) c.header('Retry-After', String(retryAfterSeconds));
    if (unreadBody) c.header('Connection', 'close');
    return c.json(error.body, STATUS[error.kind]);
  }
  if (error instanceof HTTPException) {
    // hono's JSON validator throws this for a body that is not JSON.
    const message = error.message || 'Bad request';
    const detail = /malformed json/i.test(message) ? `JSON parse error - ${message}` : message;
    return c.json({ detail }, error.status as ContentfulStatusCode);
  }
  if (error instanceof BlobStoreUnavailableError) {
    // The store is named for the operator; the cause (a socket error) goes to the log only.
    console.error(error.message);
    c.header('Retry-After', '5');
    return c.json({ detail: `The blob store (${error.store}) cannot be reached. Try again shortly.` }, 503);
  }
  console.error(loggable(error));
  return c.json({ detail: 'A server error occurred.' }, 500);
}
