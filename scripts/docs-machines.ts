/** `npm run docs:machines`: writes docs/machines (scripts/machine-docs.ts) and removes pages of machines that are gone. */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MACHINE_DOCS_DIR, machineDocs } from './machine-docs.ts';

const pages = await machineDocs();
mkdirSync(MACHINE_DOCS_DIR, { recursive: true });
for (const [name, text] of pages) writeFileSync(join(MACHINE_DOCS_DIR, name), text);
for (const stale of readdirSync(MACHINE_DOCS_DIR).filter((f) => f.endsWith('.md') && !pages.has(f))) {
  rmSync(join(MACHINE_DOCS_DIR, stale));
  console.log(`removed docs/machines/${stale}`);
}
console.log(`docs/machines: ${pages.size} pages`);
