/**
 * What the API client throws. Each failure the callers must tell apart has its own class
 * (API.md "Client rules for tokens"): a timeout is not a server error, a permission error is
 * not a logout, and an expired session is neither.
 */
import type { ServerError, ServerErrorKind } from '@machines/auth/auth.types.ts';
import { isServerError } from '@machines/auth/server-error.ts';

export const INVALID_REFRESH_TOKEN = 'Invalid refresh token';

export abstract class ApiError extends Error {
  abstract readonly kind: ServerErrorKind;
  constructor(
    message: string,
    /** The path that was requested (without the base URL). */
    readonly path: string,
    /** HTTP status, or null when no response arrived. */
    readonly status: number | null = null,
    /** The parsed response body (DRF: `{detail}` or `{field: [messages]}`). */
    readonly data: unknown = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** Any other HTTP error response (400 field errors, 404, 429, 5xx …). */
export class HttpError extends ApiError {
  readonly kind = 'http' as const;
}

/** The request was still 403 after a token refresh and a retry: shown to the user, not a logout. */
export class PermissionError extends ApiError {
  readonly kind = 'permission' as const;
}

/** Aborted (our 100000 ms timeout, or the caller's signal) or answered 408. */
export class TimeoutError extends ApiError {
  readonly kind = 'timeout' as const;
}

/** No response at all (offline, DNS, CORS …). */
export class NetworkError extends ApiError {
  readonly kind = 'network' as const;
}

/** The refresh token was refused: the session is over and the user must sign in again. */
export class SessionExpiredError extends ApiError {
  readonly kind = 'session' as const;
  constructor(path: string, status: number | null = null, data: unknown = null) {
    super(INVALID_REFRESH_TOKEN, path, status, data);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** DRF's `{"detail": "…"}`, when the body has one. */
export function detailOf(data: unknown): string | null {
  return isRecord(data) && typeof data.detail === 'string' ? data.detail : null;
}

/** DRF's field errors `{field: ["message", …]}` (a bare string counts as one message). */
export function fieldErrorsOf(data: unknown): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  if (!isRecord(data)) return fields;
  for (const [key, value] of Object.entries(data)) {
    if (key === 'detail' || key === 'code') continue;
    if (Array.isArray(value)) {
      const messages = value.filter((m): m is string => typeof m === 'string');
      if (messages.length) fields[key] = messages;
    } else if (typeof value === 'string') {
      fields[key] = [value];
    }
  }
  return fields;
}

/**
 * The plain, serialisable form of any failure, as the machines keep it (machines do not import the
 * client, so they never see these classes).
 */
export function toServerError(error: unknown): ServerError {
  if (error instanceof ApiError) {
    return {
      kind: error.kind,
      status: error.status,
      detail: detailOf(error.data) ?? (error.kind === 'http' ? null : error.message),
      fields: fieldErrorsOf(error.data),
      body: error.data,
    };
  }
  return {
    kind: 'network',
    status: null,
    detail: error instanceof Error ? error.message : String(error),
    fields: {},
    body: null,
  };
}

/** Runs a call so that whatever it throws reaches the machines as a plain ServerError. */
export async function asServerCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw isServerError(error) ? error : toServerError(error);
  }
}
