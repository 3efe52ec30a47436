/** The SDK's blob properties in the BlobStore's terms. */
import type { BlobKey, BlobProperties } from '../blob-store.ts';

export interface AzureBlobInfo {
  etag?: string | undefined;
  lastModified?: Date | undefined;
  contentLength?: number | undefined;
}

export function blobProperties(key: BlobKey, info: AzureBlobInfo): BlobProperties {
  return { ...key, size: info.contentLength ?? 0, etag: info.etag ?? '""', lastModified: info.lastModified ?? new Date(0) };
}
