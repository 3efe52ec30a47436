/**
 * `node --import tsx server/src/blob-backup-main.ts export DIR` copies every blob of the configured
 * store (BLOB_STORE, DATA_DIR or the AZURE_STORAGE_* settings) into DIR; `… import DIR` puts a backup
 * back, checking each blob's SHA-256. The other half of a backup is the database's (docs/scale-out.md).
 */
import { resolve } from 'node:path';
import { loadConfig } from './env.ts';
import { openBlobStore } from './blobs/open-blob-store.ts';
import { exportBlobs, importBlobs } from './admin/blob-backup.ts';

const [command, dir] = process.argv.slice(2);
if ((command !== 'export' && command !== 'import') || !dir) {
  console.error('usage: blob-backup-main.ts export|import DIR');
  process.exit(2);
}
try {
  const config = loadConfig();
  // The key only signs upload URLs, which a backup never issues.
  const store = await openBlobStore({ ...config, AZURE_STORAGE_CORS: false }, new Uint8Array(32));
  const target = resolve(dir);
  const started = Date.now();
  const summary = command === 'export' ? await exportBlobs(store, target, console.log) : await importBlobs(store, target, console.log);
  console.log(
    `${command === 'export' ? 'Exported' : 'Imported'} ${summary.blobs} blobs (${summary.bytes} bytes) ${command === 'export' ? 'to' : 'from'} ${target} in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
  // The storage client keeps its connections alive: leave rather than wait for them.
  process.exit(0);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
