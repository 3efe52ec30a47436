/**
 * What an uploader accepts, checked before a byte is sent so the user hears at once, in plain
 * words, why a file was not taken (the server checks again: size 413, and it sniffs the type).
 */
import type { UploadSource } from './upload.types.ts';

export interface FileRules {
  /** Largest accepted file (the server's UPLOAD_MAX_BYTES by default: 200 MB). */
  maxBytes: number;
  /** Accepted extensions ('.stl') or media types ('image/png', 'image/*'); empty or absent = anything. */
  accept?: readonly string[];
}

export const DEFAULT_MAX_BYTES = 200 * 1024 * 1024;

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value >= 100 ? Math.round(value) : Math.round(value * 10) / 10} ${units[unit]}`;
}

function accepts(file: UploadSource, accept: readonly string[]): boolean {
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return accept.some((rule) => {
    const r = rule.toLowerCase().trim();
    if (r.startsWith('.')) return name.endsWith(r);
    if (r.endsWith('/*')) return type.startsWith(r.slice(0, -1));
    return type === r;
  });
}

/** The message for a file the rules refuse, or null when it may be sent. */
export function checkFile(file: UploadSource, rules: FileRules): string | null {
  if (rules.accept?.length && !accepts(file, rules.accept)) {
    return `"${file.name}" is not a file type this uploader accepts (${rules.accept.join(', ')}).`;
  }
  if (file.size === 0) return `"${file.name}" is empty.`;
  if (file.size > rules.maxBytes) {
    return `"${file.name}" is ${formatBytes(file.size)}; the largest file accepted is ${formatBytes(rules.maxBytes)}.`;
  }
  return null;
}
