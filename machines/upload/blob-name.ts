/**
 * A file name the blob endpoint accepts, made from whatever the user's file is called: the server
 * refuses (never rewrites) names with control characters, path separators, Windows-forbidden
 * characters, leading/trailing spaces, a trailing dot or more than 255 bytes
 * (server/src/blobs/blob-names.ts), so the client cleans them up before building the URL.
 */
const MAX_BYTES = 255;
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f/\\<>:"|?*]/g;

const utf8Length = (text: string): number => new TextEncoder().encode(text).length;

/** Shortens `text` to at most `max` UTF-8 bytes without cutting a character in two. */
function truncateBytes(text: string, max: number): string {
  let out = '';
  for (const ch of text) {
    if (utf8Length(out + ch) > max) break;
    out += ch;
  }
  return out;
}

export function safeBlobName(name: string): string {
  let clean = name
    .normalize('NFC')
    .replace(FORBIDDEN, '_')
    .trim()
    .replace(/[.\s]+$/, '');
  if (clean === '' || clean === '.' || clean === '..') clean = 'file';
  if (utf8Length(clean) <= MAX_BYTES) return clean;
  // Keep the extension: later features pick their parser by it.
  const dot = clean.lastIndexOf('.');
  const extension = dot > 0 && clean.length - dot <= 16 ? clean.slice(dot) : '';
  return truncateBytes(clean.slice(0, clean.length - extension.length), MAX_BYTES - utf8Length(extension)).trimEnd() + extension;
}
