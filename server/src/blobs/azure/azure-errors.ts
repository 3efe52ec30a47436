/** Telling the SDK's answers apart: a missing blob or container, versus a store that cannot be reached. */
import { RestError } from '@azure/storage-blob';
import { BlobStoreUnavailableError } from '../blob-store.ts';

export function isNotFound(error: unknown): boolean {
  return error instanceof RestError && error.statusCode === 404;
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'REQUEST_SEND_ERROR',
]);

/** True when no answer came from the service at all (as opposed to an answer refusing the request). */
export function isUnreachable(error: unknown): boolean {
  if (!(error instanceof RestError)) return false;
  if (error.statusCode !== undefined && error.statusCode !== 0) return error.statusCode === 502 || error.statusCode === 503 || error.statusCode === 504;
  return error.code === undefined || NETWORK_CODES.has(error.code);
}

/** Rethrows an unreachable store as BlobStoreUnavailableError (503 to API clients); other errors as they are. */
export function rethrow(error: unknown, where: string): never {
  if (isUnreachable(error)) throw new BlobStoreUnavailableError(where, error instanceof Error ? error.message : String(error));
  throw error;
}
