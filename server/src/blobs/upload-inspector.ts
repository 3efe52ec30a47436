/**
 * The body as the blob store reads it: counted against the upload limit, hashed (SHA-256, recorded
 * with the upload) and its first kilobytes kept for content sniffing — in the one pass the bytes
 * make anyway, so a 200 MB upload is never read twice.
 *
 * It is a lazy pull stream: nothing is read from the request until the store reads, so an error
 * (over the limit, dropped connection) can only surface to a reader that is listening. Going over
 * the limit stops reading without destroying the request, so the 413 answer can still be sent.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { SNIFF_BYTES } from './content-sniff.ts';

export class BodyTooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    super(`The body is larger than the limit of ${limitBytes} bytes.`);
    this.name = 'BodyTooLargeError';
  }
}

export interface InspectedBody {
  stream: Readable;
  /** Bytes read so far (all of them once the stream ended). */
  bytes(): number;
  sha256(): string;
  /** Up to SNIFF_BYTES leading bytes. */
  head(): Uint8Array;
}

export function inspectBody(source: Readable, limitBytes: number): InspectedBody {
  const hash = createHash('sha256');
  const headChunks: Buffer[] = [];
  let headBytes = 0;
  let bytes = 0;

  async function* pass(): AsyncGenerator<Buffer> {
    // destroyOnReturn: false — stopping early must leave the socket open for the error answer.
    for await (const data of source.iterator({ destroyOnReturn: false })) {
      const chunk = Buffer.isBuffer(data) ? data : Buffer.from(data as Uint8Array);
      bytes += chunk.length;
      if (bytes > limitBytes) throw new BodyTooLargeError(limitBytes);
      hash.update(chunk);
      if (headBytes < SNIFF_BYTES) {
        // A copy: the socket may reuse the chunk's memory once it is passed on.
        const part = Buffer.from(chunk.subarray(0, SNIFF_BYTES - headBytes));
        headChunks.push(part);
        headBytes += part.length;
      }
      yield chunk;
    }
  }

  return {
    stream: Readable.from(pass(), { objectMode: false }),
    bytes: () => bytes,
    sha256: () => hash.digest('hex'),
    head: () => Buffer.concat(headChunks),
  };
}
