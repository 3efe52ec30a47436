/**
 * Building blocks of the API contract shared by every resource: DRF page envelopes, field-error
 * and detail bodies, choice and text fields whose messages match Django REST Framework's.
 * The web app imports the inferred types with `import type` only.
 */
import { z } from '@hono/zod-openapi';
import { DetailSchema, FieldErrorsSchema, json, jsonBody } from './http.ts';

export { DetailSchema, FieldErrorsSchema, json, jsonBody };

export const BLANK = 'This field may not be blank.';
export const tooLong = (n: number) => `Ensure this field has no more than ${n} characters.`;
export const notAChoice = (value: unknown) => `"${shown(value)}" is not a valid choice.`;

/**
 * The input as DRF would quote it, kept short: String() of a list nested thousands deep overflowed
 * the stack, and a long value has no place in an error message.
 */
function shown(value: unknown): string {
  if (value !== null && typeof value === 'object') return Array.isArray(value) ? 'a list' : 'an object';
  const text = String(value);
  return text.length > 100 ? `${text.slice(0, 100)}…` : text;
}

/** A trimmed, required, non-blank string of at most `max` characters. */
export const text = (max: number) => z.string().trim().min(1, BLANK).max(max, tooLong(max));
/** An optional string that may be blank, at most `max` characters. */
export const optionalText = (max: number) => z.string().trim().max(max, tooLong(max)).optional();

/** One of `values`, with DRF's `"x" is not a valid choice.` for anything else. */
export function choice<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: (issue) => (issue.input === undefined ? undefined : notAChoice(issue.input)) });
}

/** A JSON boolean, with DRF's message for anything else. */
export const flag = () => z.boolean({ error: (issue) => (issue.input === undefined ? undefined : 'Must be a valid boolean.') });

const INTEGER_REQUIRED = 'A valid integer is required.';

/** A database id in a body: a positive 32-bit integer. */
export const idField = () =>
  z
    .number({ error: (issue) => (issue.input === undefined ? undefined : INTEGER_REQUIRED) })
    .int(INTEGER_REQUIRED)
    .min(1, 'Ensure this value is greater than or equal to 1.')
    .max(2_147_483_647, 'Ensure this value is less than or equal to 2147483647.');

/** Path parameters arrive as text; the handler turns anything but a positive integer into a 404. */
export const pathParams = <const K extends string>(...names: K[]) =>
  z.object(Object.fromEntries(names.map((n) => [n, z.string().openapi({ param: { name: n, in: 'path' }, example: '1' })])) as Record<K, z.ZodString>);

/** `page` and `page_size` stay strings: the paginator answers 404 / falls back, rather than zod answering 400. */
export const PageQuery = z.object({
  page: z.string().optional().openapi({ description: 'Page number from 1; 0, non-numeric or past the end → 404 "Invalid page."' }),
  page_size: z.string().optional().openapi({ description: 'Items per page, at most 999; anything unusable → 25' }),
});

export function paginated<T extends z.ZodType>(item: T, name: string) {
  return z
    .object({
      count: z.number().int(),
      next: z.string().nullable().openapi({ description: 'Absolute URL of the next page, or null' }),
      previous: z.string().nullable().openapi({ description: 'Absolute URL of the previous page, or null' }),
      results: z.array(item),
    })
    .openapi(name);
}

/** The standard error answers, by status, for route definitions. */
export const answers = {
  400: json(FieldErrorsSchema, 'Invalid fields, as {field: [messages]}'),
  401: json(DetailSchema, 'Not signed in, or the token is not valid'),
  403: json(DetailSchema, 'Can see the object but may not change it'),
  404: json(DetailSchema, 'No such object, or not visible to the user ("Invalid page." for a bad page)'),
} as const;

export const UserRefSchema = z
  .object({ id: z.number().int(), username: z.string(), name: z.string().openapi({ description: 'First and last name, or the username' }) })
  .openapi('UserRef');
export type UserRef = z.infer<typeof UserRefSchema>;
