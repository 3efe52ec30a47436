/**
 * An append-only Float32Array that grows by doubling: the reader does not trust a header's
 * triangle count enough to allocate it up front (a hostile header may claim billions), so it starts
 * small unless the caller vouched for the file size.
 */
export class FloatSink {
  data: Float32Array;
  length = 0;

  constructor(initialCapacity: number) {
    this.data = new Float32Array(Math.max(16, initialCapacity));
  }

  /** Makes room for `extra` more floats. */
  reserve(extra: number): void {
    const needed = this.length + extra;
    if (needed <= this.data.length) return;
    let capacity = this.data.length * 2;
    while (capacity < needed) capacity *= 2;
    const grown = new Float32Array(capacity);
    grown.set(this.data.subarray(0, this.length));
    this.data = grown;
  }

  push3(a: number, b: number, c: number): void {
    this.reserve(3);
    const d = this.data;
    d[this.length] = a;
    d[this.length + 1] = b;
    d[this.length + 2] = c;
    this.length += 3;
  }

  /** The filled part; no copy when the capacity was exact. */
  result(): Float32Array {
    return this.length === this.data.length ? this.data : this.data.slice(0, this.length);
  }
}
