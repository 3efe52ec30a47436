/**
 * Builds the configured blob store: the embedded default keeps blobs under DATA_DIR/blobs;
 * BLOB_STORE=azure puts them in an Azure Blob Storage account (ADR 16). No caller knows which.
 */
import { join } from 'node:path';
import type { Config } from '../env.ts';
import type { BlobStore } from './blob-store.ts';
import { openLocalBlobStore } from './local-blob-store.ts';
import { deriveSasKey } from './sas.ts';
import { azureAccount } from './azure/azure-account.ts';
import { openAzureBlobStore } from './azure/azure-blob-store.ts';

export async function openBlobStore(config: Config, secretKey: Uint8Array): Promise<BlobStore> {
  if (config.BLOB_STORE === 'azure') {
    return openAzureBlobStore({
      account: azureAccount(config),
      containerPrefix: config.AZURE_STORAGE_CONTAINER_PREFIX,
      corsOrigin: config.AZURE_STORAGE_CORS ? new URL(config.publicUrl).origin : null,
    });
  }
  return openLocalBlobStore({ root: join(config.dataDir, 'blobs'), sasKey: deriveSasKey(secretKey) });
}
