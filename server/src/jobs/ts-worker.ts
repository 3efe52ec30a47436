/**
 * The entry point of a worker thread that runs a TypeScript module: a two-line JavaScript module
 * that registers tsx's loader in the thread and imports the module. On Node 20, `--import tsx` in
 * a Worker's execArgv does not reach a thread started from a plain URL (piscina's own entry does
 * the import for the CPU pool; engine/cfd/run/pool.ts boots its stepping threads the same way).
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

export function typescriptWorkerEntry(module: URL): URL {
  // The ESM build of tsx's API (createRequire finds the CommonJS one beside it).
  const tsx = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const source = `import { register } from ${JSON.stringify(tsx)};\nregister();\nawait import(${JSON.stringify(module.href)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(source)}`);
}
