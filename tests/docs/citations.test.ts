/**
 * The repository explains itself (issue 18 item 10): every document a comment or a page cites is in
 * it — `docs/….md` paths, sections of the contract in docs/reference/ ("SPEC §7", "DOMAIN.md §2",
 * "CFD.md §2.3") and ADRs by number. A citation of something that is not here fails with its file.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;
const SOURCES = ['server/src', 'server/test', 'src', 'machines', 'engine', 'scripts', 'tests', 'docs', 'README.md', '.ci/run'];
const SKIP = new Set(['node_modules', 'artifacts', 'reference', 'dist']);

function files(path: string): string[] {
  const full = join(root, path);
  if (!statSync(full, { throwIfNoEntry: false })) return [];
  if (!statSync(full).isDirectory()) return [full];
  return readdirSync(full).flatMap((entry) => (SKIP.has(entry) ? [] : files(join(path, entry))));
}

const texts = SOURCES.flatMap(files)
  .filter((f) => /\.(ts|tsx|mts|mjs|md)$|\/run$/.test(f))
  .map((f) => ({ file: relative(root, f), text: readFileSync(f, 'utf8') }));

/** Section numbers ("2", "2.3") of a reference document's headings ("## 2. Performance", "### 2.3 …"). */
function sections(name: string): Set<string> {
  const text = readFileSync(join(root, 'docs/reference', name), 'utf8');
  return new Set([...text.matchAll(/^#{2,4} (\d+(?:\.\d+)*)\.? /gm)].map((m) => m[1]!));
}

function citations(pattern: RegExp): Array<{ file: string; cited: string }> {
  return texts.flatMap(({ file, text }) => [...text.matchAll(pattern)].map((m) => ({ file, cited: m[1]! })));
}

describe('citations in the code and docs', () => {
  it('name docs/ files that exist', () => {
    const missing = citations(/\b(docs\/[A-Za-z0-9_./-]+\.md)\b/g).filter(({ cited }) => !statSync(join(root, cited), { throwIfNoEntry: false }));
    expect(missing).toEqual([]);
  });

  it.each([
    ['SPEC', /\bSPEC(?:\.md)? ?§ ?(\d+(?:\.\d+)*)/g],
    ['DOMAIN', /\bDOMAIN(?:\.md)? ?§ ?(\d+(?:\.\d+)*)/g],
    ['CFD', /\bCFD(?:\.md)? ?§ ?(\d+(?:\.\d+)*)/g],
  ] as const)('cite sections of %s.md that exist in docs/reference', (name, pattern) => {
    const known = sections(`${name}.md`);
    const found = citations(pattern);
    expect(found.length).toBeGreaterThan(0);
    expect(found.filter(({ cited }) => !known.has(cited.replace(/\.$/, '')))).toEqual([]);
  });

  it('cite ADRs that exist', () => {
    const numbers = new Set(readdirSync(join(root, 'docs/adr')).map((f) => Number(f.slice(0, 4))));
    const found = citations(/\bADR[ -]?0*(\d+)\b/g);
    expect(found.length).toBeGreaterThan(0);
    expect(found.filter(({ cited }) => !numbers.has(Number(cited)))).toEqual([]);
  });
});
