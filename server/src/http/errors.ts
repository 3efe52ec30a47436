/**
 * Django REST Framework error shapes: `{"detail": "..."}` for request-level errors and
 * `{"field": ["message", ...]}` for field errors. Handlers throw ApiError; onError renders it.
 */
import { HTTPException } from 'hono/http-exception';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';
import { BlobStoreUnavailableError } from '../blobs/blob-store.ts';
import { inspect } from 'node:util';

export const MESSAGES = {
  notFound: 'Not found.',
  notAuthenticated: 'Authentication credentials were not provided.',
  permissionDenied: 'You do not have permission to perform this action.',
  invalidPage: 'Invalid page.',
  required: 'This field is required.',
  methodNotAllowed: (method: string) => `Method "${method}" not allowed.`,
  malformedUrl: 'Malformed URL: a percent-escape is not valid.',
  throttled: (seconds: number) => `Request was throttled. Expected available in ${seconds} seconds.`,
} as const;

export type FieldErrors = Record<string, string[]>;

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

/** zod issues → DRF field errors. A missing value reads "This field is required." as in DRF. */
export function zodToFieldErrors(error: ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : 'non_field_errors';
    const missing = issue.code === 'invalid_type' && /received undefined/.test(issue.message);
    (out[key] ??= []).push(missing ? MESSAGES.required : issue.message);
  }
  return out;
}

export function mergeFieldErrors(a: FieldErrors, b: FieldErrors | undefined): FieldErrors {
  const out: FieldErrors = { ...a };
  for (const [key, messages] of Object.entries(b ?? {})) out[key] = [...new Set([...(out[key] ?? []), ...messages])];
  return out;
}

/** Characters of an unexpected error that go to the log. */
export const LOGGED_CHARS = 4000;

/**
 * An unexpected error as the log gets it: inspected, then cut to LOGGED_CHARS. A driver's error can
 * quote the whole statement and its values — a 5 MB project name went into the log in full.
 */
export function loggable(error: unknown): string {
  const text = inspect(error, { depth: 3, maxStringLength: LOGGED_CHARS, maxArrayLength: 20, breakLength: 160 });
  return text.length > LOGGED_CHARS ? `${text.slice(0, LOGGED_CHARS)}… (${text.length - LOGGED_CHARS} more characters)` : text;
}

export function renderError(error: unknown, c: Context): Response {
  if (error instanceof ApiError) {
    for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
    return c.json(error.body, error.status);
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
