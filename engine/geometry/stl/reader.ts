/**
 * The STL entry points. `createStlReader` takes the file chunk by chunk (as an upload streams in)
 * and never holds more than one chunk plus the decoded triangles; `parseStl` reads a whole buffer;
 * `tryParseStl` returns the failure as a finding instead of throwing.
 *
 * Every failure is a StlParseError whose `finding` says what and where (byte, line, triangle,
 * vertex). Anything else escaping would be a bug, and the fuzz tests look for exactly that.
 */
import type { GeometryFinding } from '../validate/finding.ts';
import { AsciiStlParser } from './ascii-parser.ts';
import { BinaryStlParser } from './binary-parser.ts';
import { detectStlFormat, type StlFormat } from './detect.ts';
import { StlParseError } from './errors.ts';

export interface StlMesh {
  /** xyz per vertex, three vertices per triangle, metres as stored (no scaling, no axis swap). */
  positions: Float32Array;
  /** The file's facet normals, xyz per triangle (non-finite ones replaced by 0; not trusted downstream). */
  normals: Float32Array;
  triangleCount: number;
  format: StlFormat;
  /** The solid's name (ASCII) or the header text (binary), trimmed; may be empty. */
  name: string;
}

export interface StlReaderOptions {
  /** The file's size when known (upload size): makes binary detection exact and allows one allocation. */
  expectedBytes?: number;
  /** Reject files with more triangles than this before decoding them (memory guard). Default 10 million. */
  maxTriangles?: number;
}

export interface StlReader {
  push(chunk: Uint8Array): void;
  end(): StlMesh;
  readonly bytesRead: number;
}

export const DEFAULT_MAX_READ_TRIANGLES = 10_000_000;

interface Parser {
  push(chunk: Uint8Array): void;
}

export function createStlReader(options: StlReaderOptions = {}): StlReader {
  const maxTriangles = options.maxTriangles ?? DEFAULT_MAX_READ_TRIANGLES;
  const expectedBytes = options.expectedBytes;
  let bytesRead = 0;
  let head: Uint8Array = new Uint8Array(0);
  let format: StlFormat | undefined;
  let binary: BinaryStlParser | undefined;
  let ascii: AsciiStlParser | undefined;
  let failure: unknown;
  let finished = false;

  const start = (chosen: StlFormat): Parser => {
    format = chosen;
    if (chosen === 'binary') return (binary = new BinaryStlParser(maxTriangles, expectedBytes));
    return (ascii = new AsciiStlParser(maxTriangles));
  };

  // After a failure the reader stays failed: later calls rethrow the first error.
  const guarded = <T>(fn: () => T): T => {
    if (failure !== undefined) throw failure;
    try {
      return fn();
    } catch (error) {
      failure = error;
      throw error;
    }
  };

  return {
    get bytesRead() {
      return bytesRead;
    },
    push(chunk: Uint8Array): void {
      guarded(() => {
        if (finished) throw new StlParseError('stl-reader-misuse', 'push() after end().');
        if (chunk.length === 0) return;
        bytesRead += chunk.length;
        const parser = binary ?? ascii;
        if (parser) return parser.push(chunk);
        // Undecided bytes are kept (at most 64 KB); a first chunk that decides is not copied.
        let prefix = chunk;
        if (head.length > 0) {
          prefix = new Uint8Array(head.length + chunk.length);
          prefix.set(head);
          prefix.set(chunk, head.length);
        }
        const chosen = detectStlFormat(prefix, false, expectedBytes);
        if (chosen) {
          head = new Uint8Array(0);
          start(chosen).push(prefix);
        } else {
          head = prefix === chunk ? chunk.slice() : prefix;
        }
      });
    },
    end(): StlMesh {
      return guarded(() => {
        if (finished) throw new StlParseError('stl-reader-misuse', 'end() called twice.');
        finished = true;
        if (bytesRead === 0) throw new StlParseError('stl-empty-file', 'The file is empty (0 bytes).');
        if (expectedBytes !== undefined && bytesRead < expectedBytes) {
          throw new StlParseError('stl-truncated', `The file ended after ${bytesRead} of its expected ${expectedBytes} bytes.`, {
            actualBytes: bytesRead,
            expectedBytes,
          });
        }
        if (!binary && !ascii) start(detectStlFormat(head, true, expectedBytes) ?? 'ascii').push(head);
        const parsed = binary ? binary.end(bytesRead) : (ascii as AsciiStlParser).end();
        return { ...parsed, format: format as StlFormat };
      });
    },
  };
}

/** Reads a whole STL file held in memory (its length makes binary detection exact). */
export function parseStl(bytes: Uint8Array, options: Omit<StlReaderOptions, 'expectedBytes'> = {}): StlMesh {
  const reader = createStlReader({ ...options, expectedBytes: bytes.length });
  reader.push(bytes);
  return reader.end();
}

export type StlParseResult = { ok: true; mesh: StlMesh } | { ok: false; finding: GeometryFinding };

/** `parseStl` that returns the failure as a finding (and turns an unexpected exception into one). */
export function tryParseStl(bytes: Uint8Array, options: Omit<StlReaderOptions, 'expectedBytes'> = {}): StlParseResult {
  try {
    return { ok: true, mesh: parseStl(bytes, options) };
  } catch (error) {
    return { ok: false, finding: stlErrorToFinding(error) };
  }
}

export function stlErrorToFinding(error: unknown): GeometryFinding {
  if (error instanceof StlParseError) return { ...error.finding };
  return {
    id: 'stl-internal-error',
    severity: 'error',
    code: 'stl-internal-error',
    message: `The STL reader failed unexpectedly: ${error instanceof Error ? error.message : String(error)}.`,
    suggestedFix: 'Report this as a bug in Canopy, with the file.',
    triangles: [],
  };
}
