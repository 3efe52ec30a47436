/**
 * Streaming binary STL: an 80-byte header, a little-endian uint32 triangle count, then 50-byte
 * records (normal, three vertices as float32 xyz, a 2-byte attribute that is ignored). Records
 * that straddle chunk boundaries are reassembled in a 50-byte carry buffer; whole records are read
 * straight from the chunk, so nothing is allocated per triangle.
 */
import { BINARY_HEADER_BYTES, BINARY_RECORD_BYTES, declaredTriangleCount } from './detect.ts';
import { StlParseError, describeCoordinate } from './errors.ts';
import { FloatSink } from './float-sink.ts';

export interface ParsedTriangles {
  positions: Float32Array;
  normals: Float32Array;
  triangleCount: number;
  name: string;
}

/** Header text up to the first NUL, without a leading "solid" keyword. */
function headerName(header: Uint8Array): string {
  let end = 0;
  while (end < 80 && header[end] !== 0) end++;
  let text = '';
  for (let i = 0; i < end; i++) text += header[i] >= 0x20 && header[i] < 0x7f ? String.fromCharCode(header[i]) : ' ';
  return text.replace(/^\s*solid\b/i, '').trim();
}

export class BinaryStlParser {
  private readonly header = new Uint8Array(BINARY_HEADER_BYTES);
  private headerFilled = 0;
  private declared = -1;
  private readonly carry = new Uint8Array(BINARY_RECORD_BYTES);
  private carryFilled = 0;
  private readonly carryView = new DataView(this.carry.buffer);
  private positions: FloatSink | undefined;
  private normals: FloatSink | undefined;
  private triangles = 0;
  /** Bytes past the last declared record (a count that undercounts the file). */
  private surplusBytes = 0;

  constructor(
    private readonly maxTriangles: number,
    private readonly expectedBytes: number | undefined,
  ) {}

  push(chunk: Uint8Array): void {
    let at = 0;
    if (this.headerFilled < BINARY_HEADER_BYTES) {
      const take = Math.min(BINARY_HEADER_BYTES - this.headerFilled, chunk.length);
      this.header.set(chunk.subarray(0, take), this.headerFilled);
      this.headerFilled += take;
      at = take;
      if (this.headerFilled < BINARY_HEADER_BYTES) return;
      this.startBody();
    }
    const remaining = this.declared - this.triangles;
    let usable = chunk.length - at;
    const room = remaining * BINARY_RECORD_BYTES - this.carryFilled;
    if (usable > room) {
      this.surplusBytes += usable - room;
      usable = room;
    }
    const stop = at + usable;

    if (this.carryFilled > 0) {
      const take = Math.min(BINARY_RECORD_BYTES - this.carryFilled, stop - at);
      this.carry.set(chunk.subarray(at, at + take), this.carryFilled);
      this.carryFilled += take;
      at += take;
      if (this.carryFilled < BINARY_RECORD_BYTES) return;
      this.readRecords(this.carryView, 0, 1);
      this.carryFilled = 0;
    }
    const whole = Math.floor((stop - at) / BINARY_RECORD_BYTES);
    if (whole > 0) {
      this.readRecords(new DataView(chunk.buffer, chunk.byteOffset, chunk.byteLength), at, whole);
      at += whole * BINARY_RECORD_BYTES;
    }
    if (at < stop) {
      this.carry.set(chunk.subarray(at, stop), 0);
      this.carryFilled = stop - at;
    }
  }

  private startBody(): void {
    this.declared = declaredTriangleCount(this.header);
    const declaredBytes = BINARY_HEADER_BYTES + BINARY_RECORD_BYTES * this.declared;
    if (this.expectedBytes !== undefined && this.expectedBytes !== declaredBytes) {
      throw this.countMismatch(this.expectedBytes);
    }
    if (this.declared > this.maxTriangles) {
      throw new StlParseError('stl-too-many-triangles', `The file declares ${this.declared} triangles; the limit is ${this.maxTriangles}.`, {
        declaredTriangles: this.declared,
        maxTriangles: this.maxTriangles,
      });
    }
    // Trust the count for allocation only when the caller vouched for the size (checked above).
    const initial = this.expectedBytes !== undefined ? this.declared : Math.min(this.declared, 65_536);
    this.positions = new FloatSink(initial * 9);
    this.normals = new FloatSink(initial * 3);
  }

  private countMismatch(actualBytes: number): StlParseError {
    const declaredBytes = BINARY_HEADER_BYTES + BINARY_RECORD_BYTES * this.declared;
    const records = Math.max(0, (actualBytes - BINARY_HEADER_BYTES) / BINARY_RECORD_BYTES);
    return new StlParseError(
      'stl-count-mismatch',
      `Binary STL header declares ${this.declared} triangles (${declaredBytes} bytes) but the file has ${actualBytes} bytes ` +
        `(${Number.isInteger(records) ? records : records.toFixed(2)} records of 50 bytes).`,
      { declaredTriangles: this.declared, declaredBytes, actualBytes },
    );
  }

  private readRecords(view: DataView, offset: number, count: number): void {
    const positions = this.positions as FloatSink;
    const normals = this.normals as FloatSink;
    positions.reserve(count * 9);
    normals.reserve(count * 3);
    const p = positions.data;
    const n = normals.data;
    let pi = positions.length;
    let ni = normals.length;
    for (let r = 0; r < count; r++, offset += BINARY_RECORD_BYTES) {
      // Non-finite values poison the sum (x − x is 0 only for finite x); one test per record.
      let poison = 0;
      for (let k = 12; k < 48; k += 4) {
        const value = view.getFloat32(offset + k, true);
        poison += value - value;
        p[pi++] = value;
      }
      if (poison !== 0) this.rejectNonFinite(view, offset, this.triangles + r);
      for (let k = 0; k < 12; k += 4) {
        const value = view.getFloat32(offset + k, true);
        // A NaN normal (common for sliver faces) is harmless: the engine uses the winding.
        n[ni++] = value - value === 0 ? value : 0;
      }
    }
    positions.length = pi;
    normals.length = ni;
    this.triangles += count;
  }

  private rejectNonFinite(view: DataView, offset: number, triangle: number): never {
    for (let k = 0; k < 9; k++) {
      const value = view.getFloat32(offset + 12 + k * 4, true);
      if (!Number.isFinite(value)) {
        throw new StlParseError(
          'stl-non-finite',
          `Binary STL ${describeCoordinate(triangle, Math.floor(k / 3), k % 3)} is ${value} (byte ${this.byteOf(triangle) + 12 + k * 4}).`,
          { triangle, vertex: Math.floor(k / 3), axis: 'xyz'[k % 3] },
          [triangle],
        );
      }
    }
    throw new StlParseError('stl-reader-misuse', `Triangle ${triangle} was flagged non-finite but all values are finite.`);
  }

  private byteOf(triangle: number): number {
    return BINARY_HEADER_BYTES + BINARY_RECORD_BYTES * triangle;
  }

  end(totalBytes: number): ParsedTriangles {
    if (this.headerFilled < BINARY_HEADER_BYTES) {
      throw new StlParseError('stl-truncated', `Binary STL is ${totalBytes} bytes, shorter than its 84-byte header and triangle count.`, {
        actualBytes: totalBytes,
      });
    }
    if (this.triangles < this.declared) {
      throw new StlParseError(
        'stl-truncated',
        `Binary STL is truncated: the header declares ${this.declared} triangles but the file ends after ` +
          `${this.triangles} complete triangles${this.carryFilled > 0 ? ` and ${this.carryFilled} bytes of triangle ${this.triangles}` : ''} ` +
          `(${totalBytes} of ${this.byteOf(this.declared)} bytes).`,
        { declaredTriangles: this.declared, completeTriangles: this.triangles, actualBytes: totalBytes },
      );
    }
    if (this.surplusBytes > 0) throw this.countMismatch(totalBytes);
    return {
      positions: (this.positions as FloatSink).result(),
      normals: (this.normals as FloatSink).result(),
      triangleCount: this.triangles,
      name: headerName(this.header),
    };
  }
}
