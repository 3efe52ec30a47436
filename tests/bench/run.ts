/** Runs every tests/bench/*.bench.ts (or those named on the command line) one after another. */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { section } from './harness.ts';

const dir = dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.includes(w)))
  .sort();

for (const file of files) {
  section(file.replace('.bench.ts', ''));
  const mod = (await import(pathToFileURL(join(dir, file)).href)) as { default: () => Promise<void> };
  try {
    await mod.default();
  } catch (error) {
    console.error(`benchmark ${file} failed:`, error);
    process.exitCode = 1;
  }
}
