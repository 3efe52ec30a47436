/**
 * BLOB_STORE=azure: the BlobStore interface on Azure Blob Storage (@azure/storage-blob 12.29.x;
 * Azurite 3.35 in tests — newer SDKs send an API version it refuses, ARCHITECTURE.md §2).
 *
 * - Containers are the logical ones ('assets', 'project-assets', 'cfd-checkpoints') behind an
 *   optional AZURE_STORAGE_CONTAINER_PREFIX, so several installations can share one account; each is
 *   created the first time this process writes to it.
 * - put() streams into block blobs (stage blocks, then commit the list): a body that fails before
 *   the commit leaves no blob and the previous one untouched — the same all-or-nothing the local
 *   store gets from rename. Uncommitted blocks are discarded by Azure itself.
 * - Upload URLs are service SAS tokens on a staging container of their own (azure-staging.ts).
 * - No request the SDK cannot get an answer to is retried for long: an unreachable store becomes
 *   BlobStoreUnavailableError (503) within seconds rather than hanging a user's request.
 */
import type { Readable } from 'node:stream';
import { BlobServiceClient, StorageSharedKeyCredential, type ContainerClient } from '@azure/storage-blob';
import type { BlobDownload, BlobKey, BlobProperties, BlobStore, PutResult, UploadUrl, UploadUrlRequest } from '../blob-store.ts';
import { BlobNameError } from '../blob-store.ts';
import { assertBlobName, isContainerName } from '../blob-names.ts';
import { Md5Tap } from '../md5-tap.ts';
import type { AzureAccount } from './azure-account.ts';
import { applyUploadCors } from './azure-cors.ts';
import { isNotFound, rethrow } from './azure-errors.ts';
import { blobProperties } from './azure-properties.ts';
import { AzureUploadStaging } from './azure-staging.ts';

/** Block size and parallel blocks of a streamed put: at most 16 MiB of one upload in memory. */
const BLOCK_BYTES = 4 * 1024 * 1024;
const BLOCKS_IN_FLIGHT = 4;

export interface AzureBlobStoreOptions {
  account: AzureAccount;
  /** Put before every container name (AZURE_STORAGE_CONTAINER_PREFIX); '' for none. */
  containerPrefix: string;
  /** The app's origin, for the account's CORS rule; null leaves the account's CORS alone. */
  corsOrigin: string | null;
  /** Attempts per request (default 3): an unreachable store is reported after a few seconds. */
  maxTries?: number;
}

export class AzureBlobStore implements BlobStore {
  readonly kind = 'azure' as const;
  readonly staging: AzureUploadStaging;
  readonly service: BlobServiceClient;
  /** "Azure Blob Storage at <endpoint>", for messages an operator reads. */
  readonly description: string;
  private readonly prefix: string;
  private readonly ensured = new Map<string, Promise<void>>();

  constructor(private readonly options: AzureBlobStoreOptions) {
    const credential = new StorageSharedKeyCredential(options.account.name, options.account.key);
    this.service = new BlobServiceClient(options.account.blobEndpoint, credential, {
      retryOptions: { maxTries: options.maxTries ?? 3, retryDelayInMs: 200, maxRetryDelayInMs: 2000 },
    });
    this.prefix = options.containerPrefix;
    this.description = `Azure Blob Storage at ${options.account.blobEndpoint}`;
    this.staging = new AzureUploadStaging(this.service, credential, this.prefix, this.description);
  }

  /** Applies the CORS rule; fails start-up with the store named when the account refuses or cannot be reached. */
  async open(): Promise<this> {
    if (this.options.corsOrigin) {
      try {
        await applyUploadCors(this.service, this.options.corsOrigin);
      } catch (error) {
        throw new Error(`${this.description}: could not set CORS for ${this.options.corsOrigin}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return this;
  }

  /** The physical container of a logical one; refuses names that are not Azure container names. */
  containerClient(container: string): ContainerClient {
    const physical = `${this.prefix}${container}`;
    if (!isContainerName(container) || !isContainerName(physical)) throw new BlobNameError(`Not a container name: ${JSON.stringify(container)}.`);
    return this.service.getContainerClient(physical);
  }

  private blockBlob(key: BlobKey) {
    assertBlobName(key.name);
    return this.containerClient(key.container).getBlockBlobClient(key.name);
  }

  /** Creates the container once per process (a failed attempt is tried again next time). */
  private ensureContainer(container: string): Promise<void> {
    let ready = this.ensured.get(container);
    if (!ready) {
      ready = this.containerClient(container)
        .createIfNotExists()
        .then(() => undefined);
      ready.catch(() => this.ensured.delete(container));
      this.ensured.set(container, ready);
    }
    return ready;
  }

  async put(key: BlobKey, body: Readable): Promise<PutResult> {
    const blob = this.blockBlob(key);
    const md5 = new Md5Tap();
    // pipe() does not pass errors on: a failed body must fail the upload before its commit.
    body.once('error', (error) => md5.destroy(error));
    try {
      await this.ensureContainer(key.container);
      const answer = await blob.uploadStream(body.pipe(md5), BLOCK_BYTES, BLOCKS_IN_FLIGHT, {
        blobHTTPHeaders: { blobContentType: 'application/octet-stream' },
      });
      return { ...blobProperties(key, { ...answer, contentLength: md5.bytes }), contentMd5: md5.digest() };
    } catch (error) {
      body.unpipe(md5);
      md5.destroy();
      rethrow(error, this.description);
    }
  }

  async get(key: BlobKey): Promise<BlobDownload | null> {
    try {
      // maxRetryRequests: a read broken off mid-way resumes from where it stopped.
      const answer = await this.blockBlob(key).download(0, undefined, { maxRetryRequests: 3 });
      if (!answer.readableStreamBody) return null;
      return { properties: blobProperties(key, answer), stream: answer.readableStreamBody as Readable };
    } catch (error) {
      if (isNotFound(error)) return null;
      rethrow(error, this.description);
    }
  }

  async head(key: BlobKey): Promise<BlobProperties | null> {
    try {
      return blobProperties(key, await this.blockBlob(key).getProperties());
    } catch (error) {
      if (isNotFound(error)) return null;
      rethrow(error, this.description);
    }
  }

  async delete(key: BlobKey): Promise<boolean> {
    try {
      const answer = await this.blockBlob(key).deleteIfExists({ deleteSnapshots: 'include' });
      return answer.succeeded;
    } catch (error) {
      if (isNotFound(error)) return false;
      rethrow(error, this.description);
    }
  }

  async *list(container: string, prefix = ''): AsyncIterable<BlobProperties> {
    const client = this.containerClient(container);
    try {
      for await (const item of client.listBlobsFlat({ prefix })) {
        yield blobProperties({ container, name: item.name }, item.properties);
      }
    } catch (error) {
      if (isNotFound(error)) return;
      rethrow(error, this.description);
    }
  }

  createUploadUrl(request: UploadUrlRequest): Promise<UploadUrl> {
    return this.staging.create(request);
  }
}

export async function openAzureBlobStore(options: AzureBlobStoreOptions): Promise<AzureBlobStore> {
  return new AzureBlobStore(options).open();
}
