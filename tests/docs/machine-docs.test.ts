/**
 * docs/machines is generated from machines/, so the pages cannot drift from the code: a page that differs from what
 * `npm run docs:machines` would write — a machine changed, added or removed without regenerating —
 * fails here, naming the page.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MACHINE_DOCS_DIR, machineDocs } from '../../scripts/machine-docs.ts';

describe('docs/machines', () => {
  it('is what npm run docs:machines writes: one current page per machine, nothing else', async () => {
    const pages = await machineDocs();
    expect(pages.size).toBeGreaterThan(30);
    const onDisk = readdirSync(MACHINE_DOCS_DIR).filter((f) => f.endsWith('.md')).sort();
    expect(onDisk).toEqual([...pages.keys()].sort());
    const stale = [...pages].filter(([name, text]) => readFileSync(join(MACHINE_DOCS_DIR, name), 'utf8') !== text).map(([name]) => name);
    expect(stale).toEqual([]);
  });
});
