/**
 * Staging containers for uploads that browsers send straight to the storage account.
 *
 * Azure cannot limit a container SAS to one blob-name prefix (directory SAS needs a hierarchical
 * namespace account), so each upload URL gets a container of its own, `{prefix}upload-{uuid}`, and a
 * service SAS for that container alone: create and write, no read, list or delete, expiring with
 * the grant. A token can therefore never write where another upload's files are — Azure checks the
 * signature against the container in the URL. The server reads what arrived when the client
 * reports the upload done (contexts/projects/uploads/collect.ts), checks and records it, copies it into the
 * real container under `{uuid}/{filename}` and deletes it here. Containers whose URL has expired
 * are swept (their metadata carries the expiry), so abandoned uploads do not pile up.
 */
import type { Readable } from 'node:stream';
import {
  ContainerSASPermissions,
  RestError,
  SASProtocol,
  generateBlobSASQueryParameters,
  type BlobServiceClient,
  type ContainerClient,
  type StorageSharedKeyCredential,
} from '@azure/storage-blob';
import type { BlobDownload, BlobProperties, StagedUploadRef, UploadStaging, UploadUrl, UploadUrlRequest } from '../blob-store.ts';
import { BlobNameError } from '../blob-store.ts';
import { assertBlobName } from '../blob-names.ts';
import { blobProperties } from './azure-properties.ts';
import { isNotFound, rethrow } from './azure-errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Metadata keys (Azure lower-cases them): which container the files are meant for, and until when the URL lives. */
const META_CONTAINER = 'canopycontainer';
const META_EXPIRES = 'canopyexpires';

export class AzureUploadStaging implements UploadStaging {
  constructor(
    private readonly service: BlobServiceClient,
    private readonly credential: StorageSharedKeyCredential,
    private readonly prefix: string,
    private readonly description: string,
  ) {}

  private get stagingPrefix(): string {
    return `${this.prefix}upload-`;
  }

  private containerOf(uuid: string): ContainerClient {
    if (!UUID.test(uuid)) throw new BlobNameError(`Not an upload uuid: ${JSON.stringify(uuid)}.`);
    return this.service.getContainerClient(`${this.stagingPrefix}${uuid}`);
  }

  async create(request: UploadUrlRequest): Promise<UploadUrl> {
    const container = this.containerOf(request.prefix);
    try {
      await container.createIfNotExists({ metadata: { [META_CONTAINER]: request.container, [META_EXPIRES]: request.expiresOn.toISOString() } });
    } catch (error) {
      rethrow(error, this.description);
    }
    const permissions = ContainerSASPermissions.from({
      read: request.permissions.includes('r'),
      create: request.permissions.includes('c'),
      write: request.permissions.includes('w'),
      delete: request.permissions.includes('d'),
    });
    const sas = generateBlobSASQueryParameters(
      {
        containerName: container.containerName,
        permissions,
        expiresOn: request.expiresOn,
        // HTTPS only against a real account; Azurite on loopback speaks plain HTTP.
        protocol: container.url.startsWith('https:') ? SASProtocol.Https : SASProtocol.HttpsAndHttp,
      },
      this.credential,
    );
    return { containerUrl: container.url, sasToken: sas.toString() };
  }

  async *list(upload: StagedUploadRef): AsyncIterable<BlobProperties> {
    const container = this.containerOf(upload.uuid);
    try {
      for await (const item of container.listBlobsFlat()) {
        yield blobProperties({ container: container.containerName, name: item.name }, item.properties);
      }
    } catch (error) {
      if (isNotFound(error)) return;
      rethrow(error, this.description);
    }
  }

  async get(upload: StagedUploadRef, name: string): Promise<BlobDownload | null> {
    const container = this.containerOf(upload.uuid);
    try {
      assertBlobName(name);
      const answer = await container.getBlobClient(name).download(0, undefined, { maxRetryRequests: 3 });
      if (!answer.readableStreamBody) return null;
      return {
        properties: blobProperties({ container: container.containerName, name }, answer),
        stream: answer.readableStreamBody as Readable,
      };
    } catch (error) {
      if (isNotFound(error) || error instanceof BlobNameError) return null;
      rethrow(error, this.description);
    }
  }

  async delete(upload: StagedUploadRef, name: string, ifMatch?: string): Promise<boolean> {
    const container = this.containerOf(upload.uuid);
    try {
      const options = ifMatch ? { deleteSnapshots: 'include' as const, conditions: { ifMatch } } : { deleteSnapshots: 'include' as const };
      return (await container.getBlobClient(name).deleteIfExists(options)).succeeded;
    } catch (error) {
      // 412: written again since it was read — the newer version stays for the next collection.
      if (isNotFound(error) || (error instanceof RestError && error.statusCode === 412)) return false;
      rethrow(error, this.description);
    }
  }

  async sweep(before: Date): Promise<number> {
    let removed = 0;
    try {
      for await (const item of this.service.listContainers({ prefix: this.stagingPrefix, includeMetadata: true })) {
        const expires = Date.parse(item.metadata?.[META_EXPIRES] ?? '');
        // A staging container without our metadata is not one we made: leave it.
        if (!Number.isFinite(expires) || expires >= before.getTime()) continue;
        const gone = await this.service.getContainerClient(item.name).deleteIfExists();
        if (gone.succeeded) removed++;
      }
    } catch (error) {
      rethrow(error, this.description);
    }
    return removed;
  }
}
