/**
 * Blob-name rules. Names become paths on the local disk, so each '/'-separated segment must be a
 * plain file name: no traversal ('.', '..'), no separators hidden by percent-encoding, no control
 * characters, no characters Windows refuses, at most 255 bytes. The server refuses a bad name
 * instead of rewriting it — the stored blob must be the one the client addressed; the web client
 * cleans names up before it builds the URL (machines/upload/blob-name.ts applies the same rules).
 */
import { BlobNameError } from './blob-store.ts';

const MAX_SEGMENT_BYTES = 255;
// C0 and C1 controls, DEL, path separators and the characters Windows forbids in file names.
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f/\\<>:"|?*]/;

/** The reason a single name segment is refused, or null when it is acceptable. */
export function segmentProblem(segment: string): string | null {
  if (segment.length === 0) return 'is empty';
  if (segment === '.' || segment === '..') return 'is a relative path segment';
  if (FORBIDDEN.test(segment)) return 'contains a control character, a path separator or one of < > : " | ? *';
  if (segment !== segment.trim()) return 'starts or ends with white space';
  if (segment.endsWith('.')) return 'ends with a dot';
  if (Buffer.byteLength(segment, 'utf8') > MAX_SEGMENT_BYTES) return `is longer than ${MAX_SEGMENT_BYTES} bytes`;
  if (segment !== segment.normalize('NFC')) return 'is not in Unicode normal form C';
  return null;
}

/** Throws BlobNameError unless `name` is one or more acceptable segments joined by '/'. */
export function assertBlobName(name: string): string[] {
  const segments = name.split('/');
  for (const segment of segments) {
    const problem = segmentProblem(segment);
    if (problem) throw new BlobNameError(`The blob name ${JSON.stringify(name)} ${problem}.`);
  }
  return segments;
}

/** The container names this server uses (lower case letters, digits and hyphens, as in Azure). */
export function isContainerName(name: string): boolean {
  return /^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){2,62}$/.test(name);
}
