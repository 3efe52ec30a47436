/**
 * Builds the configured blob store. The embedded default keeps blobs under DATA_DIR/blobs; an
 * Azure Blob Storage implementation of the same interface plugs in here (BLOB_STORE=azure) without
 * any caller changing.
 */
import { join } from 'node:path';
import type { Config } from '../env.ts';
import type { BlobStore } from './blob-store.ts';
import { openLocalBlobStore } from './local-blob-store.ts';
import { deriveSasKey } from './sas.ts';

export async function openBlobStore(config: Config, secretKey: Uint8Array): Promise<BlobStore> {
  if (config.BLOB_STORE === 'azure') {
    throw new Error('BLOB_STORE=azure is not available in this version yet; use BLOB_STORE=local (files under DATA_DIR/blobs).');
  }
  return openLocalBlobStore({ root: join(config.dataDir, 'blobs'), sasKey: deriveSasKey(secretKey) });
}
