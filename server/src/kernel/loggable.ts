/** What an unexpected error leaves in the log, for the HTTP layer and for work that runs off the request. */
import { inspect } from 'node:util';

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
