/**
 * The errors the contexts raise (and the infrastructure's own limits): what went wrong, in the
 * API's words, without an HTTP status. The HTTP layer maps each kind to its status in one place
 * (http/errors.ts renderError), so the contexts know nothing of requests and responses. Bodies keep
 * Django REST Framework's shapes, which the API promises: `{"detail": "..."}` for an error of the
 * request and `{"field": ["message", ...]}` for errors of fields.
 */
import type { ZodError } from 'zod';

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

/** What kind of failure: each is one HTTP status (http/errors.ts). */
export type ErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'too-large'
  | 'unprocessable'
  | 'too-many'
  | 'upstream-failed'
  | 'unavailable'
  | 'upstream-timeout';

export class DomainError extends Error {
  constructor(
    public readonly kind: ErrorKind,
    public readonly body: Record<string, unknown>,
    public readonly options: {
      /** For a limit that lifts by itself ('too-many', 'unavailable'): when to try again. */
      retryAfterSeconds?: number;
      /** Refused before its body was read: the connection closes rather than take the rest of an upload. */
      unreadBody?: boolean;
    } = {},
  ) {
    super(typeof body.detail === 'string' ? body.detail : kind);
    this.name = 'DomainError';
  }

  static detail(kind: ErrorKind, detail: string, extra: Record<string, unknown> = {}) {
    return new DomainError(kind, { detail, ...extra });
  }
  static notFound() {
    return DomainError.detail('not-found', MESSAGES.notFound);
  }
  static forbidden() {
    return DomainError.detail('forbidden', MESSAGES.permissionDenied);
  }
  static notAuthenticated() {
    return DomainError.detail('unauthenticated', MESSAGES.notAuthenticated);
  }
  static fields(errors: FieldErrors) {
    return new DomainError('invalid', errors);
  }
  static field(field: string, message: string) {
    return new DomainError('invalid', { [field]: [message] });
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
