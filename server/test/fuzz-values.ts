/**
 * Hostile values for the API fuzz suite (server/src/http/fuzz.test.ts), as fast-check arbitraries:
 * wrong types, NUL characters, huge and deeply nested values, unusual unicode, numbers JSON cannot
 * carry or the database cannot hold, and raw bodies that are not JSON at all.
 */
import fc from 'fast-check';

/** JSON text of `value` nested in `depth` lists (JSON.stringify itself overflows at such depths). */
export function nestedJson(depth: number, inner = '"x"'): string {
  return `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;
}

export const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ maxLength: 10 }).map((s) => `${s}\u0000${s}`),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '%',
    '%zz',
    '../../etc/passwd',
    "' or 1=1 --",
    '<script>alert(1)</script>',
    '\ud800',
    '\u202e\u0301',
    '🏙️🌬️',
    'NaN',
    'null',
    '-1',
    '1e999',
  ),
  fc.integer({ min: 200, max: 20_000 }).map((n) => 'x'.repeat(n)),
);

export const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -0, -1, 1.5, 2 ** 31, 2 ** 31 - 1, -(2 ** 31) - 1, 2 ** 53 + 1, 1e308, -1e308, Number.MIN_VALUE),
);

/** Any hostile JSON value (depth-bounded; the deep ones go through `deepJson` as text). */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom(true, false, null) },
  { weight: 1, arbitrary: fc.array(fc.oneof(hostileString, hostileNumber), { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(hostileString, fc.oneof(hostileString, hostileNumber), { maxKeys: 4 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
);

/** A plausible value for a property of `type`, so the other fields get past the first check. */
export function plausible(type: string | undefined, ids: readonly number[]): fc.Arbitrary<unknown> {
  switch (type) {
    case 'integer':
    case 'number':
      return fc.constantFrom(...ids, 1, 0.5);
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.constantFrom([], [1], ['a']);
    case 'object':
      return fc.constantFrom({}, { version: 1 });
    default:
      return fc.constantFrom('Fuzzed name', 'fuzz@example.test', 'annual', '08:00-18:00', '2025-06-21', 'pending');
  }
}

/** Raw request bodies: text that is not JSON, JSON with values JSON forbids, runaway nesting. */
export const rawBody = fc.oneof(
  fc.constantFrom('NaN', '{"a": NaN}', '{"a": Infinity}', '{', '', 'null', '[]', '"text"', '{"a":1e999}', '{"__proto__": {"isSuperuser": true}}', '\u0000'),
  fc.integer({ min: 100, max: 20_000 }).map((depth) => nestedJson(depth)),
  fc.integer({ min: 100, max: 5_000 }).map((depth) => `{"a":${nestedJson(depth, '{"b":1}')}}`),
);
