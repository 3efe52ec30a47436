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

/** One upload URL's files as its client sent them: the uuid and the container they are meant for. */
export interface StagedUploadRef {
  container: string;
  uuid: string;
}

/**
 * Where a store that takes the client's PUT itself (Azure: the browser talks to the storage account,
 * not to Canopy) keeps an upload's files until the server has checked and recorded them. Each upload
 * URL gets its own staging area and its signature covers only that area, so one upload can never
 * write where another's files are (ADR 16). A store whose PUT goes through the server (local) has none.
 */
export interface UploadStaging {
  /** Blobs the client sent, named `{uuid}/{filename}` as it addressed them (and anything else it wrote there). */
  list(upload: StagedUploadRef): AsyncIterable<BlobProperties>;
  get(upload: StagedUploadRef, name: string): Promise<BlobDownload | null>;
  /** With `ifMatch`, only while the blob is still the version of that ETag (the client may write it again). */
  delete(upload: StagedUploadRef, name: string, ifMatch?: string): Promise<boolean>;
  /** Removes the staging areas of upload URLs that expired before `before`; answers how many went. */
  sweep(before: Date): Promise<number>;
}

export interface BlobStore {
  readonly kind: 'local' | 'azure';
  /** Null when uploads arrive through the server's own PUT route and are recorded there. */
  readonly staging: UploadStaging | null;
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
  /** A URL and signature that let a client PUT blobs under `prefix` until `expiresOn` (and no others). */
  createUploadUrl(request: UploadUrlRequest): Promise<UploadUrl>;
}

export class BlobNameError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BlobNameError';
  }
}

/**
 * The store did not answer (network down, service unavailable): callers answer 503 naming the store
 * rather than 500, and nothing was written (a put either completes or leaves nothing).
 */
export class BlobStoreUnavailableError extends Error {
  constructor(
    /** The store, as an operator knows it: "Azure Blob Storage at https://acct.blob.core.windows.net". */
    readonly store: string,
    cause: string,
  ) {
    super(`The blob store (${store}) cannot be reached: ${cause}`);
    this.name = 'BlobStoreUnavailableError';
  }
}
