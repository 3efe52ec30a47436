/**
 * The messages between the server's thread and the embedded database's own thread
 * (db/pglite-thread.ts and db/pglite-worker.ts). Values cross by structured clone.
 */
import type { RowMode } from '@electric-sql/pglite';

export type Request =
  | { op: 'query'; text: string; params: unknown[]; rowMode?: RowMode; paramTypes?: number[]; raw: number[]; tx?: number }
  | { op: 'exec'; text: string; rowMode?: RowMode; raw: number[]; tx?: number }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'planOnce'; text: string }
  | { op: 'migrate'; folder: string }
  | { op: 'dump' }
  | { op: 'close' };

/** json and jsonb: sent as text, parsed on the server's thread (db/pglite-worker.ts leftRaw). */
export const JSON_TYPES: readonly number[] = [114, 3802];

export type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: ErrorFields };

/** What a thread start-up says: ready, or why not. */
export type Started = { ready: true } | { ready: false; error: ErrorFields };

/** An error's message and its own fields (a PostgreSQL error's code, constraint, detail...). */
export interface ErrorFields {
  name: string;
  message: string;
  fields: Record<string, unknown>;
}

export function errorFields(error: unknown): ErrorFields {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function') continue;
    // Query options carry parser functions; the text and values are enough to tell the statement.
    if (key === 'queryOptions') continue;
    fields[key] = value;
  }
  return { name: error.name, message: error.message, fields };
}

/** The error again on the receiving side, with its fields, so `code` and `constraint` checks still work. */
export function errorFrom(fields: ErrorFields): Error {
  const error = new Error(fields.message);
  error.name = fields.name;
  Object.assign(error, fields.fields);
  return error;
}
