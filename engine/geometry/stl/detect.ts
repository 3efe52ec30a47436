/**
 * Binary or ASCII? Binary STL headers are free text and many exporters start them with "solid",
 * so the leading keyword alone decides nothing. The checks, strongest first:
 *   1. A file that does not start with "solid" (after a BOM and whitespace) is binary.
 *   2. When the total size is known it settles it: binary exactly when size = 84 + 50·n with n the
 *      header's count. An ASCII file cannot match by accident: bytes 80–83 of text are all ≥ 0x09,
 *      so n would be ≥ 151 million and the file ≥ 7.5 GB.
 *   3. Otherwise the prefix is inspected: a byte that never appears in ASCII STL (NUL, most
 *      control characters) means binary — the count's high byte is NUL for any file under 16.7
 *      million triangles; the words "facet" or "endsolid" in clean text mean ASCII.
 */

export type StlFormat = 'binary' | 'ascii';

export const BINARY_HEADER_BYTES = 84;
export const BINARY_RECORD_BYTES = 50;
/** Past this much text-like prefix without a decision, the file is read as ASCII (which then reports where it fails). */
const MAX_UNDECIDED_PREFIX_BYTES = 64 * 1024;

/** Bytes that ASCII STL never contains: controls other than tab, LF, VT, FF, CR; and DEL. */
function isNonTextByte(byte: number): boolean {
  return byte < 0x09 || (byte > 0x0d && byte < 0x20) || byte === 0x7f;
}

/** Index after an optional UTF-8 BOM and leading whitespace. */
export function skipLeadingSpace(bytes: Uint8Array): number {
  let i = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (i < bytes.length && (bytes[i] === 0x20 || (bytes[i] >= 0x09 && bytes[i] <= 0x0d))) i++;
  return i;
}

function startsWithWord(bytes: Uint8Array, at: number, word: string): boolean {
  if (at + word.length > bytes.length) return false;
  for (let k = 0; k < word.length; k++) if ((bytes[at + k] | 0x20) !== word.charCodeAt(k)) return false;
  return true;
}

function containsWord(bytes: Uint8Array, from: number, word: string): boolean {
  const first = word.charCodeAt(0);
  for (let i = from; i + word.length <= bytes.length; i++) {
    if ((bytes[i] | 0x20) === first && startsWithWord(bytes, i, word)) return true;
  }
  return false;
}

export function declaredTriangleCount(header: Uint8Array): number {
  return (header[80] | (header[81] << 8) | (header[82] << 16)) + header[83] * 0x1000000;
}

/**
 * Decides the format from the bytes seen so far, or returns undefined to ask for more.
 * `final`: no more bytes will come (the prefix is the whole file).
 * `totalBytes`: the file's size when the caller knows it (upload size, buffer length).
 */
export function detectStlFormat(prefix: Uint8Array, final: boolean, totalBytes?: number): StlFormat | undefined {
  const start = skipLeadingSpace(prefix);
  if (!final && start + 5 > prefix.length) return undefined;
  if (!startsWithWord(prefix, start, 'solid')) return 'binary';

  const size = totalBytes ?? (final ? prefix.length : undefined);
  if (size !== undefined) {
    if (prefix.length < BINARY_HEADER_BYTES) return size < BINARY_HEADER_BYTES ? 'ascii' : undefined;
    return size === BINARY_HEADER_BYTES + BINARY_RECORD_BYTES * declaredTriangleCount(prefix) ? 'binary' : 'ascii';
  }

  for (let i = start; i < prefix.length; i++) if (isNonTextByte(prefix[i])) return 'binary';
  // The keyword test starts after the first line so a header "solid facet" cannot trigger it.
  let secondLine = start;
  while (secondLine < prefix.length && prefix[secondLine] !== 0x0a && prefix[secondLine] !== 0x0d) secondLine++;
  if (secondLine < prefix.length && (containsWord(prefix, secondLine, 'facet') || containsWord(prefix, secondLine, 'endsolid'))) {
    return 'ascii';
  }
  return prefix.length >= MAX_UNDECIDED_PREFIX_BYTES ? 'ascii' : undefined;
}
