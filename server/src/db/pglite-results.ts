/**
 * The rows of one statement's answer from PGlite's protocol messages, as PGlite's `query()` gives
 * them (same fields, row modes, type parsers, command and counts), for db/pglite-statements.ts.
 *
 * PGlite's own reader (parse.parseResults) merges the caller's parsers into a copy of its few
 * hundred default ones on every call: drizzle passes its own for every statement, and that copy
 * was a sixth of the server's time in a profile of the project detail under load. Here a column's
 * parser is looked up once per answer, the caller's first.
 */
import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';
type Parser = (value: string, typeId?: number) => unknown;

interface Field {
  name: string;
  dataTypeID: number;
}

export function readResults<T>(messages: ReadonlyArray<{ name: string }>, defaults: PGlite['parsers'], options: QueryOptions | undefined): Results<T> {
  const own = options?.parsers as Record<number, Parser> | undefined;
  const arrays = options?.rowMode === 'array';
  let fields: Field[] = [];
  let parsers: Array<Parser | undefined> = [];
  const rows: unknown[] = [];
  let affectedRows = 0;
  let command: string | undefined;
  let rowCount: number | undefined;
  for (const message of messages) {
    switch (message.name) {
      case 'rowDescription': {
        fields = (message as unknown as { fields: Field[] }).fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID }));
        parsers = fields.map((f) => own?.[f.dataTypeID] ?? (defaults[f.dataTypeID] as Parser | undefined));
        break;
      }
      case 'dataRow': {
        const values = (message as unknown as { fields: Array<string | null> }).fields;
        const parsed = values.map((value, i) => {
          if (value === null) return null;
          const parser = parsers[i];
          return parser ? parser(value, fields[i]!.dataTypeID) : value;
        });
        if (arrays) rows.push(parsed);
        else {
          const row: Record<string, unknown> = {};
          for (let i = 0; i < fields.length; i++) row[fields[i]!.name] = parsed[i];
          rows.push(row);
        }
        break;
      }
      case 'commandComplete': {
        // "SELECT 2", "UPDATE 3", "INSERT 0 5": the count is the last word when there is one.
        const parts = (message as unknown as { text: string }).text.split(' ');
        command = parts[0];
        const count = Number.parseInt(parts[parts.length - 1]!, 10);
        if (['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command!)) affectedRows += count;
        if (!Number.isNaN(count)) rowCount = count;
        break;
      }
    }
  }
  const result: Results<T> = { rows: rows as T[], fields, affectedRows };
  if (command !== undefined) Object.assign(result, { command, ...(rowCount === undefined ? {} : { rowCount }) });
  return result;
}
