/** MD5 of the bytes passing through, for the Content-MD5 answer (Azure computes it on Put Blob). */
import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

export class Md5Tap extends Transform {
  private readonly hash = createHash('md5');
  /** Bytes passed through so far. */
  bytes = 0;
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.hash.update(chunk);
    this.bytes += chunk.length;
    done(null, chunk);
  }
  digest(): string {
    return this.hash.digest('base64');
  }
}
