/**
 * The embedded blob store: files under DATA_DIR/blobs/{container}/{uuid}/{filename}.
 *
 * A body streams into DATA_DIR/blobs/.tmp/ (same filesystem, so the final rename is atomic), is
 * flushed to disk, and only then renamed into place. A failed stream removes its temporary file, so
 * a dropped connection or an over-limit body leaves nothing — and never half-replaces a blob.
 * Streams run with backpressure end to end, so memory stays flat whatever the file size.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { mkdir, readdir, rename, rm, rmdir, stat, unlink } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { hostname } from 'node:os';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import type { Stats } from 'node:fs';
import type { BlobDownload, BlobKey, BlobProperties, BlobStore, PutResult, UploadUrl, UploadUrlRequest } from './blob-store.ts';
import { BlobNameError } from './blob-store.ts';
import { assertBlobName, isContainerName } from './blob-names.ts';
import { signSas, type SasKey } from './sas.ts';
import { Md5Tap } from './md5-tap.ts';

const TEMP_DIR = '.tmp';
/** Temporary files older than this at start-up were left by a killed process. */
const STALE_TEMP_MS = 24 * 60 * 60 * 1000;

export interface LocalBlobStoreOptions {
  /** DATA_DIR/blobs */
  root: string;
  /** Signs the upload URLs the PUT endpoint (routes/blobs) verifies. */
  sasKey: SasKey;
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/**
 * Temporary files are named host~pid~run~uuid.part. `run` tells this process from an earlier one
 * that had the same pid (a container's server is often pid 1 on every start).
 */
const HOST = hostname().replace(/[^A-Za-z0-9.-]/g, '_');
const RUN = randomUUID().slice(0, 8);

function tempName(): string {
  return `${HOST}~${process.pid}~${RUN}~${randomUUID()}.part`;
}

/** Whether a temporary file was written by a process of this host that no longer runs. */
function ownerIsGone(entry: string): boolean {
  const [host, pid, run, rest] = entry.split('~');
  if (host !== HOST || !rest?.endsWith('.part') || !/^\d+$/.test(pid ?? '')) return false;
  if (Number(pid) === process.pid) return run !== RUN;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

export class LocalBlobStore implements BlobStore {
  readonly kind = 'local' as const;
  /** The server's own PUT route receives, checks and records every upload (routes/uploads/blob.routes.ts). */
  readonly staging = null;
  private readonly root: string;
  private readonly tempDir: string;
  private readonly sasKey: SasKey;

  constructor(options: LocalBlobStoreOptions) {
    this.root = resolve(options.root);
    this.tempDir = join(this.root, TEMP_DIR);
    this.sasKey = options.sasKey;
  }

  /** Creates the folders and clears temporary files a killed process left behind. */
  /**
   * Clears temporary files no live upload holds: each is named after the host and
   * process writing it, so one whose process is gone (killed mid-upload) goes at once, while one of
   * another live process sharing this folder stays. Files of other hosts, or whose owner cannot be
   * told, go only once a day old.
   */
  async open(now = Date.now()): Promise<this> {
    await mkdir(this.tempDir, { recursive: true });
    for (const entry of await readdir(this.tempDir)) {
      const path = join(this.tempDir, entry);
      const info = await stat(path).catch(() => null);
      if (!info) continue;
      if (now - info.mtimeMs > STALE_TEMP_MS || ownerIsGone(entry)) await rm(path, { force: true });
    }
    return this;
  }

  /** The file of a blob; refuses names that would leave the container's folder. */
  private pathOf(key: BlobKey): string {
    if (!isContainerName(key.container)) throw new BlobNameError(`Not a container name: ${JSON.stringify(key.container)}.`);
    const segments = assertBlobName(key.name);
    const path = resolve(this.root, key.container, ...segments);
    // Defence in depth: assertBlobName already refuses '..' and separators.
    if (!path.startsWith(join(this.root, key.container) + sep)) throw new BlobNameError('The blob name leaves its container.');
    return path;
  }

  private properties(key: BlobKey, info: Stats): BlobProperties {
    const version = Math.floor(info.mtimeMs * 1000)
      .toString(16)
      .toUpperCase();
    return { ...key, size: info.size, etag: `"0x${version}${info.size.toString(16).toUpperCase()}"`, lastModified: info.mtime };
  }

  async put(key: BlobKey, body: Readable): Promise<PutResult> {
    const target = this.pathOf(key);
    await mkdir(this.tempDir, { recursive: true });
    const temp = join(this.tempDir, tempName());
    const md5 = new Md5Tap();
    // flush: fsync before close, so a renamed blob is on disk, not only in the page cache.
    const out = createWriteStream(temp, { flags: 'wx', flush: true });
    try {
      await pipeline(body, md5, out);
      await mkdir(join(target, '..'), { recursive: true });
      await rename(temp, target);
    } catch (error) {
      // A body that fails at once can reject the pipeline before the file is even open; the
      // stream then opens and closes it afterwards, so wait for that before removing it, or the
      // temporary file would be created after its removal and left behind.
      if (!out.closed) await once(out, 'close').catch(() => undefined);
      await rm(temp, { force: true });
      throw error;
    }
    return { ...this.properties(key, await stat(target)), contentMd5: md5.digest() };
  }

  async get(key: BlobKey): Promise<BlobDownload | null> {
    const path = this.pathOf(key);
    const info = await stat(path).catch((error: unknown) => {
      if (isMissing(error)) return null;
      throw error;
    });
    if (!info?.isFile()) return null;
    return { properties: this.properties(key, info), stream: createReadStream(path) };
  }

  async head(key: BlobKey): Promise<BlobProperties | null> {
    const info = await stat(this.pathOf(key)).catch((error: unknown) => {
      if (isMissing(error)) return null;
      throw error;
    });
    return info?.isFile() ? this.properties(key, info) : null;
  }

  async delete(key: BlobKey): Promise<boolean> {
    const path = this.pathOf(key);
    try {
      await unlink(path);
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
    // Drop folders the blob leaves empty (its uuid folder), up to the container.
    const containerDir = join(this.root, key.container);
    for (let dir = join(path, '..'); dir.startsWith(containerDir + sep); dir = join(dir, '..')) {
      const removed = await rmdir(dir).then(
        () => true,
        () => false,
      );
      if (!removed) break;
    }
    return true;
  }

  async *list(container: string, prefix = ''): AsyncIterable<BlobProperties> {
    if (!isContainerName(container)) throw new BlobNameError(`Not a container name: ${JSON.stringify(container)}.`);
    const containerDir = join(this.root, container);
    // Start from the deepest folder the prefix names, so listing one upload's uuid reads one folder.
    const slash = prefix.lastIndexOf('/');
    const startDir = slash >= 0 ? join(containerDir, ...assertBlobName(prefix.slice(0, slash))) : containerDir;
    const pending = [startDir];
    while (pending.length) {
      const dir = pending.pop()!;
      const entries = await readdir(dir, { withFileTypes: true }).catch((error: unknown) => {
        if (isMissing(error)) return [];
        throw error;
      });
      for (const entry of entries) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) {
          pending.push(path);
          continue;
        }
        const name = relative(containerDir, path).split(sep).join('/');
        if (!entry.isFile() || !name.startsWith(prefix)) continue;
        const info = await stat(path).catch(() => null);
        if (info) yield this.properties({ container, name }, info);
      }
    }
  }

  async createUploadUrl(request: UploadUrlRequest): Promise<UploadUrl> {
    return {
      containerUrl: `${request.origin.replace(/\/$/, '')}/blobs/${request.container}`,
      sasToken: signSas(this.sasKey, {
        container: request.container,
        directory: request.prefix,
        permissions: request.permissions,
        expiresOn: request.expiresOn,
      }),
    };
  }
}

export async function openLocalBlobStore(options: LocalBlobStoreOptions): Promise<LocalBlobStore> {
  return new LocalBlobStore(options).open();
}
