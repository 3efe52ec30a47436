/**
 * Whole-file reads and writes of result and geometry GLBs through the blob store (which speaks
 * streams), and the `assets.blob_key` convention: "{container}/{name}", e.g.
 * "assets/results/simulation-12/job-40/pct-sunlit.summer.daytime.glb".
 */
import { Readable } from 'node:stream';
import type { BlobKey, BlobStore } from './blob-store.ts';

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

/** Slice size of putBytes: a store that hashes what passes (MD5, SHA-256) does one slice per turn. */
const PUT_SLICE_BYTES = 1 << 20;

function* slices(bytes: Uint8Array): Generator<Buffer> {
  const whole = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 0; at < whole.byteLength; at += PUT_SLICE_BYTES) yield whole.subarray(at, at + PUT_SLICE_BYTES);
}

/**
 * Writes `bytes` as a stream of 1 MiB slices (no copies): one 150 MB chunk hashed in one go held
 * the event loop for most of a second.
 */
export async function putBytes(store: BlobStore, key: BlobKey, bytes: Uint8Array): Promise<void> {
  await store.put(key, Readable.from(slices(bytes)));
}

/** The blob's bytes; throws when it does not exist (an asset row pointing at nothing is a bug or data loss). */
export async function getBytes(store: BlobStore, key: BlobKey): Promise<Uint8Array> {
  const download = await store.get(key);
  if (!download) throw new Error(`blob ${formatBlobKey(key)} does not exist`);
  // Copied into one buffer of the stated size as the chunks arrive: joining 200 MB at the end is a
  // single copy that held the event loop for 0.15 s. Its own ArrayBuffer, so it can
  // move to a worker thread.
  const size = download.properties.size;
  const whole = new Uint8Array(new ArrayBuffer(size));
  let at = 0;
  const extra: Buffer[] = [];
  for await (const data of download.stream) {
    const chunk = typeof data === 'string' ? Buffer.from(data) : (data as Buffer);
    const fits = Math.min(chunk.byteLength, size - at);
    whole.set(fits === chunk.byteLength ? chunk : chunk.subarray(0, fits), at);
    at += fits;
    if (fits < chunk.byteLength) extra.push(chunk.subarray(fits));
  }
  if (extra.length === 0) return at === size ? whole : whole.subarray(0, at);
  // The stored size was out of date (never expected): fall back to joining.
  const joined = Buffer.concat([whole, ...extra]);
  return new Uint8Array(joined.buffer, joined.byteOffset, joined.byteLength);
}
