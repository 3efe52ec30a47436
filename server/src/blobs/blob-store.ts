/**
 * Where uploaded bytes live. Callers speak in Azure Blob Storage's terms (container, blob name,
 * shared access signature), so the embedded local-disk store and an Azure account are
 * interchangeable behind this interface: routes and services never touch paths or SDKs.
 *
 * Every body is a Node stream and every read returns one — nothing here buffers a whole blob.
 */
import type { Readable } from 'node:stream';

/** A blob's address: its container and its name inside it (`{uuid}/{filename}`, '/'-separated). */
export interface BlobKey {
  container: string;
  name: string;
}

export interface BlobProperties extends BlobKey {
  size: number;
  /** Quoted, opaque; changes whenever the blob is written. */
  etag: string;
  lastModified: Date;
}

export interface PutResult extends BlobProperties {
  /** Base64 MD5 of the bytes written, as Azure's Content-MD5 answer header carries it. */
  contentMd5: string;
}

export interface BlobDownload {
  properties: BlobProperties;
  stream: Readable;
}

/** Permissions of a shared access signature, in Azure's letters (r read, c create, w write, d delete). */
export type SasPermission = 'r' | 'c' | 'w' | 'd';

export interface UploadUrlRequest {
  container: string;
  /** The blob-name prefix (one path segment, the upload's uuid) the signature is limited to. */
  prefix: string;
  permissions: readonly SasPermission[];
  expiresOn: Date;
  /**
   * The origin the client reached this server on. The local store serves blobs itself, so its
   * container URL is on this origin; an Azure store ignores it (its URL is the account's).
   */
  origin: string;
}

export interface UploadUrl {
  /** PUT `{containerUrl}/{prefix}/{filename}?{sasToken}`. */
  containerUrl: string;
  sasToken: string;
}

export interface BlobStore {
  readonly kind: 'local' | 'azure';
  /**
   * Streams `body` into the blob, replacing any previous one only when the whole body has arrived:
   * if the stream fails (dropped connection, size limit) nothing is left behind and an existing
   * blob of that name is untouched.
   */
  put(key: BlobKey, body: Readable): Promise<PutResult>;
  /** The blob's bytes as a stream, or null when it does not exist. */
  get(key: BlobKey): Promise<BlobDownload | null>;
  head(key: BlobKey): Promise<BlobProperties | null>;
  /** True when a blob was deleted. */
  delete(key: BlobKey): Promise<boolean>;
  /** Every blob of the container whose name starts with `prefix`, in no particular order. */
  list(container: string, prefix?: string): AsyncIterable<BlobProperties>;
  /** A URL and signature that let a client PUT blobs under `prefix` until `expiresOn`. */
  createUploadUrl(request: UploadUrlRequest): UploadUrl;
}

export class BlobNameError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BlobNameError';
  }
}
