/**
 * What every validated input (JSON body, query, path, form) is checked for after its schema, in
 * the app's validation hook (app.ts), because the schemas cannot say it once for all fields:
 * - NUL characters (U+0000) in any string or key: PostgreSQL refuses them in text and jsonb, so they
 *   reached the database as a 500 (DRF's message). Likewise lone surrogates (JSON's "\ud800"),
 *   which jsonb refuses.
 * - nesting deeper than MAX_DEPTH inside free-form JSON (view_json, drawing_json, parameter values):
 *   serialising it for jsonb overflowed the stack.
 * The walk is iterative and stops at the first MAX_PROBLEMS findings, so hostile input costs at
 * most one pass over what the body limit let in.
 */
import type { FieldErrors } from './domain-errors.ts';

export const NUL_MESSAGE = 'Null characters are not allowed.';
export const LONE_SURROGATE_MESSAGE = 'Text must be valid Unicode: it contains half of a surrogate pair.';
export const MAX_DEPTH = 64;
export const TOO_DEEP_MESSAGE = `Nested too deeply: at most ${MAX_DEPTH} levels of lists and objects.`;
const MAX_PROBLEMS = 20;

/** A high surrogate not followed by a low one, or a low one not after a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function textProblem(text: string): string | undefined {
  if (text.includes('\u0000')) return NUL_MESSAGE;
  if (LONE_SURROGATE.test(text)) return LONE_SURROGATE_MESSAGE;
  return undefined;
}

export function inputProblems(value: unknown): FieldErrors | undefined {
  const problems: FieldErrors = {};
  let found = 0;
  // A body that is not an object has no fields to name.
  const named = value !== null && typeof value === 'object' && !Array.isArray(value);
  const report = (path: Array<string | number>, message: string) => {
    const key = path.length && named ? path.join('.') : 'non_field_errors';
    const list = (problems[key] ??= []);
    if (!list.includes(message)) list.push(message);
    found++;
  };
  const stack: Array<{ value: unknown; path: Array<string | number> }> = [{ value, path: [] }];
  while (stack.length && found < MAX_PROBLEMS) {
    const { value: item, path } = stack.pop()!;
    if (typeof item === 'string') {
      const problem = textProblem(item);
      if (problem) report(path, problem);
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    if (path.length >= MAX_DEPTH) {
      report(path.slice(0, 1), TOO_DEEP_MESSAGE);
      continue;
    }
    if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) stack.push({ value: item[i], path: [...path, i] });
      continue;
    }
    for (const [key, child] of Object.entries(item)) {
      // A bad key is reported on the object that holds it: the key itself cannot be shown safely.
      const problem = textProblem(key);
      if (problem) report(path, problem);
      else stack.push({ value: child, path: [...path, key] });
    }
  }
  return found ? problems : undefined;
}
