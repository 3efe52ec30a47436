/**
 * Whole-file reads and writes of result and geometry GLBs through the blob store (which speaks
 * streams), and the `assets.blob_key` convention: "{container}/{name}", e.g.
 * "assets/results/simulation-12/job-40/pct-sunlit.summer.daytime.glb".
 */
import { Readable } from 'node:stream';
import type { BlobKey, BlobStore } from '../../blobs/blob-store.ts';

/** Container of simulation assets (the uploads' `assets` container). */
export const ASSETS_CONTAINER = 'assets';

export function formatBlobKey(key: BlobKey): string {
  return `${key.container}/${key.name}`;
}

export function parseBlobKey(text: string): BlobKey {
  const slash = text.indexOf('/');
  if (slash <= 0 || slash === text.length - 1) throw new Error(`asset blob key '${text}' is not "{container}/{name}"`);
  return { container: text.slice(0, slash), name: text.slice(slash + 1) };
}

export async function putBytes(store: BlobStore, key: BlobKey, bytes: Uint8Array): Promise<void> {
  await store.put(key, Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]));
}

/** The blob's bytes; throws when it does not exist (an asset row pointing at nothing is a bug or data loss). */
export async function getBytes(store: BlobStore, key: BlobKey): Promise<Uint8Array> {
  const download = await store.get(key);
  if (!download) throw new Error(`blob ${formatBlobKey(key)} does not exist`);
  const chunks: Buffer[] = [];
  for await (const chunk of download.stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  const joined = Buffer.concat(chunks);
  return new Uint8Array(joined.buffer, joined.byteOffset, joined.byteLength);
}
