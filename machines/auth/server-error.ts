/**
 * Failures as the auth machines keep them. The live actors (src/services/auth-services.ts) already reject with
 * a ServerError; anything else (a thrown Error, a string) is wrapped so a screen always has the same
 * shape to read.
 */
import type { ServerError } from './auth.types.ts';

export function isServerError(value: unknown): value is ServerError {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<ServerError>;
  return typeof v.kind === 'string' && typeof v.fields === 'object' && v.fields !== null && 'status' in v && 'detail' in v;
}

export function asServerError(error: unknown): ServerError {
  if (isServerError(error)) return error;
  return {
    kind: 'network',
    status: null,
    detail: error instanceof Error ? error.message : typeof error === 'string' ? error : null,
    fields: {},
    body: null,
  };
}

/** A failure decided in the browser (no server call was made), e.g. a single sign-on state mismatch. */
export function clientError(detail: string): ServerError {
  return { kind: 'http', status: null, detail, fields: {}, body: null };
}
