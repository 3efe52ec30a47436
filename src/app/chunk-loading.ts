/**
 * Lazy route chunks with the failure handling of SPEC §8: a script chunk that times out (120 s,
 * SPEC §9) or is missing, and a style chunk that fails, each end on a clear screen with a reload
 * button instead of a blank page.
 */
import { lazy, type ComponentType } from 'react';

export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export type ChunkFailureKind = 'timeout' | 'missing' | 'style';

export class ChunkLoadError extends Error {
  constructor(
    public readonly kind: ChunkFailureKind,
    cause?: unknown,
  ) {
    super(kind === 'timeout' ? 'Loading chunk timed out' : kind === 'style' ? 'Loading style chunk failed' : 'Loading chunk failed', { cause });
    this.name = 'ChunkLoadError';
  }
}

/** Classifies what a failed dynamic import threw (messages differ between browsers and Vite). */
export function classifyChunkError(error: unknown): ChunkFailureKind | null {
  if (error instanceof ChunkLoadError) return error.kind;
  const message = error instanceof Error ? error.message : String(error);
  if (/Unable to preload CSS|CSS_CHUNK_LOAD_FAILED|style chunk/i.test(message)) return 'style';
  if (/dynamically imported module|Importing a module script failed|Loading chunk|error loading dynamically imported|Failed to fetch/i.test(message)) {
    return 'missing';
  }
  return null;
}

export function loadWithTimeout<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        const kind = classifyChunkError(error);
        reject(kind ? new ChunkLoadError(kind, error) : error);
      },
    );
  });
}

/** React.lazy over a named export, with the timeout and classification above. */
export function lazyScreen<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(() => loadWithTimeout(load).then((module) => ({ default: module[name] as unknown as ComponentType<object> })));
}
