/**
 * Comments and test names say why in words, or cite an ADR: a tracker's number (the word and a
 * number) means nothing to the next reader, who has the code and docs/ but not the tracker. Checked in
 * every folder of code (engine/, machines/, tests/, server/, contract/, src/, scripts/) and the lint
 * configuration.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;
const CHECKED = ['engine/', 'machines/', 'tests/', 'server/', 'contract/', 'src/', 'scripts/', 'eslint.config.js', 'eslint.server-layers.js'];
const SKIP = new Set(['node_modules', 'artifacts', 'dist']);

function files(path: string): string[] {
  const full = join(root, path);
  if (!statSync(full).isDirectory()) return [full];
  return readdirSync(full).flatMap((entry) => (SKIP.has(entry) ? [] : files(join(path, entry))));
}

/** The comments of a TypeScript or JavaScript file: line comments and block comments. */
function comments(text: string): string[] {
  return [...text.matchAll(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g)].map((m) => m[0]);
}

/**
 * The names of a test file's suites, tests and benchmarks: the first argument of describe, it, test
 * or bench (with .each, .skip, .only and the like) when it is a string literal.
 */
function testNames(text: string): string[] {
  const call = /\b(?:describe|it|test|bench)(?:\.\w+(?:\([^()]*\))?)*\(\s*(['"`])((?:\\.|(?!\1)[\s\S])*?)\1/g;
  return [...text.matchAll(call)].map((m) => m[2]!);
}

/** The word "issue" or "issues" and a number, "#" or not: a pointer at the tracker rather than a reason. */
const ISSUE_NUMBER = /\bissues?\s*#?\d+/i;

describe('comments', () => {
  it('find an issue number in a comment, and none in prose without one', () => {
    expect(comments(`const a = 1; ${'/'}/ the wait (issue 17 item 13)`).some((c) => ISSUE_NUMBER.test(c))).toBe(true);
    expect(comments(`${'/'}**\n * Issues 14 and 26 asked for it.\n */`).some((c) => ISSUE_NUMBER.test(c))).toBe(true);
    expect(comments(`${'/'}/ an issue with 16 points, see ADR 21`).some((c) => ISSUE_NUMBER.test(c))).toBe(false);
  });

  it.each(CHECKED)('in %s say why in words, not by an issue number', (folder) => {
    const citing = files(folder)
      .filter((f) => /\.(ts|tsx|mts|mjs|js)$/.test(f))
      .flatMap((f) =>
        comments(readFileSync(f, 'utf8'))
          .filter((c) => ISSUE_NUMBER.test(c))
          .map((c) => `${relative(root, f)}: ${c.match(ISSUE_NUMBER)![0]}`),
      );
    expect(citing).toEqual([]);
  });
});

describe('test names', () => {
  it('find an issue number in a test name, however the call is written, and none in a name without one', () => {
    expect(testNames(`${'i'}t('links to Resources (issue 16 item 11)', async () => {});`).some((n) => ISSUE_NUMBER.test(n))).toBe(true);
    expect(testNames(`describe.each([1, 2])(\n  "a criterion's recipe (Issue #16)",\n  () => {});`).some((n) => ISSUE_NUMBER.test(n))).toBe(true);
    expect(testNames(`${'t'}est.skip(\`issue 16: the journey\`, () => {});`).some((n) => ISSUE_NUMBER.test(n))).toBe(true);
    expect(testNames(`it('counts 16 issues of the report', () => {});`)).toEqual(['counts 16 issues of the report']);
    expect(testNames(`it('counts 16 issues of the report', () => {});`).some((n) => ISSUE_NUMBER.test(n))).toBe(false);
  });

  it.each(CHECKED)('in %s say the behaviour in words, not an issue number', (folder) => {
    const citing = files(folder)
      .filter((f) => /\.(test|bench)\.(ts|tsx|mts|mjs)$/.test(f))
      .flatMap((f) =>
        testNames(readFileSync(f, 'utf8'))
          .filter((n) => ISSUE_NUMBER.test(n))
          .map((n) => `${relative(root, f)}: ${n}`),
      );
    expect(citing).toEqual([]);
  });
});
