/**
 * Comments say why in words, or cite an ADR: a tracker's number (the word and a number) means nothing
 * to the next reader, who has the code and docs/ but not the tracker. Checked in every folder of code:
 * engine/, machines/, tests/, server/, contract/ and src/.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;
const CHECKED = ['engine', 'machines', 'tests', 'server', 'contract', 'src'];
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

/** The word "issue" or "issues" and a number, "#" or not: a pointer at the tracker rather than a reason. */
const ISSUE_NUMBER = /\bissues?\s*#?\d+/i;

describe('comments', () => {
  it('find an issue number in a comment, and none in prose without one', () => {
    expect(comments(`const a = 1; ${'/'}/ the wait (issue 17 item 13)`).some((c) => ISSUE_NUMBER.test(c))).toBe(true);
    expect(comments(`${'/'}**\n * Issues 14 and 26 asked for it.\n */`).some((c) => ISSUE_NUMBER.test(c))).toBe(true);
    expect(comments(`${'/'}/ an issue with 16 points, see ADR 21`).some((c) => ISSUE_NUMBER.test(c))).toBe(false);
  });

  it.each(CHECKED)('in %s/ say why in words, not by an issue number', (folder) => {
    const citing = files(folder)
      .filter((f) => /\.(ts|tsx|mts|mjs)$/.test(f))
      .flatMap((f) =>
        comments(readFileSync(f, 'utf8'))
          .filter((c) => ISSUE_NUMBER.test(c))
          .map((c) => `${relative(root, f)}: ${c.match(ISSUE_NUMBER)![0]}`),
      );
    expect(citing).toEqual([]);
  });
});
