/**
 * The repository explains itself: every file or folder a comment or a page names is in it (a path
 * from the repository's root, from the citing file's folder, or the tail of one: "coarse-start.ts",
 * "contexts/compute/cfd/run-state.ts"), and so are the sections of the contract in docs/reference/ ("SPEC
 * §7", "DOMAIN.md §2", "CFD.md §2.3") and ADRs by number. A citation of something that is not here
 * fails with its file.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;
const SOURCES = ['server/src', 'server/test', 'src', 'machines', 'engine', 'scripts', 'tests', 'docs', 'contract', 'README.md', '.ci/run'];
const SKIP = new Set(['node_modules', 'artifacts', 'reference', 'dist']);
/** Folders written while the tests run, named in comments that say where to look afterwards. */
const RUN_OUTPUT = new Set(['tests/e2e/artifacts']);

function files(path: string, skip = SKIP): string[] {
  const full = join(root, path);
  if (!statSync(full, { throwIfNoEntry: false })) return [];
  if (!statSync(full).isDirectory()) return [full];
  return readdirSync(full).flatMap((entry) => (skip.has(entry) ? [] : files(join(path, entry), skip)));
}

const texts = SOURCES.flatMap((s) => files(s))
  .filter((f) => /\.(ts|tsx|mts|mjs|md)$|\/run$/.test(f))
  .map((f) => ({ file: relative(root, f), text: readFileSync(f, 'utf8') }));

/** Every file and folder of the repository, relative to its root. */
const existing = new Set(
  files('.', new Set(['node_modules', '.git', 'dist'])).flatMap((f) => {
    const parts = relative(root, f).split('/');
    return parts.map((_, i) => parts.slice(0, i + 1).join('/'));
  }),
);
const everyPath = [...existing];

/** What a reader is pointed at: the comments of code, the whole of a page. */
function prose({ file, text }: { file: string; text: string }): string {
  return file.endsWith('.md') ? text : [...text.matchAll(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g)].map((m) => m[0]).join('\n');
}

/** A name with a source or document extension ("run-state.ts", "docs/scale-out.md"), or a path from a top folder. */
const FILE_PATH = /(?<![\w@./:-])((?:\.{1,2}\/)*[A-Za-z_][\w.-]*(?:\/[\w.-]+)*\.(?:ts|tsx|mts|mjs|md|c|sql))(?![\w/-])/g;
const FOLDER_PATH = /(?<![\w@./:-])((?:engine|server|src|machines|docs|tests|scripts|contract)\/[\w.-]+(?:\/[\w.-]+)*)(?![\w-])/g;

function resolves(file: string, cited: string, tails: boolean): boolean {
  const path = cited.replace(/[./]+$/, '');
  if (existing.has(normalize(path)) || RUN_OUTPUT.has(path)) return true;
  if (existing.has(normalize(join(dirname(file), path)))) return true;
  const tail = '/' + path.replace(/^(\.{1,2}\/)+/, '');
  return tails && everyPath.some((p) => p.endsWith(tail));
}

/** Section numbers ("2", "2.3") of a reference document's headings ("## 2. Performance", "### 2.3 …"). */
function sections(name: string): Set<string> {
  const text = readFileSync(join(root, 'docs/reference', name), 'utf8');
  return new Set([...text.matchAll(/^#{2,4} (\d+(?:\.\d+)*)\.? /gm)].map((m) => m[1]!));
}

function citations(pattern: RegExp): Array<{ file: string; cited: string }> {
  return texts.flatMap(({ file, text }) => [...text.matchAll(pattern)].map((m) => ({ file, cited: m[1]! })));
}

describe('citations in the code and docs', () => {
  it('name files and folders that exist', () => {
    const missing = texts.flatMap((t) => {
      const text = prose(t);
      return [
        ...[...text.matchAll(FILE_PATH)].filter((m) => !resolves(t.file, m[1]!, true)),
        ...[...text.matchAll(FOLDER_PATH)].filter((m) => !resolves(t.file, m[1]!, false)),
      ].map((m) => ({ file: t.file, cited: m[1]! }));
    });
    expect(missing).toEqual([]);
  });

  it('find a path that is not there, and the same path where it is', () => {
    const text = prose({ file: 'engine/x.ts', text: '/' + '/ see engine/cfd/run/gone.ts and engine/cfd/run/direction.ts' });
    const cited = [...text.matchAll(FILE_PATH)].map((m) => m[1]!);
    expect(cited).toEqual(['engine/cfd/run/gone.ts', 'engine/cfd/run/direction.ts']);
    expect(cited.map((c) => resolves('engine/x.ts', c, true))).toEqual([false, true]);
    expect(resolves('server/src/contexts/compute/cfd/x.ts', 'run-state.ts', true)).toBe(true);
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
