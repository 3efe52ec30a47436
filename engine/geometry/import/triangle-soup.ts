/**
 * A growing triangle soup (x, y, z × 3 per triangle, float32) with the two limits every reader
 * keeps: a triangle count, and a time budget checked every few thousand triangles so a pathological
 * file ends with a message instead of holding a worker thread.
 */
import { ModelImportError } from './import-error.ts';

export interface ReadLimits {
  /** Most triangles a model may have. */
  maxTriangles: number;
  /** Date.now() after which reading stops with a message. */
  deadline: number;
  /** Called with the fraction read (0 to 1) now and then, for progress. */
  onProgress?: (fraction: number) => void;
}

const CHECK_EVERY = 16_384;

export class TriangleSoup {
  private data = new Float32Array(9 * 1024);
  private count = 0;

  constructor(
    private readonly limits: ReadLimits,
    private readonly budgetSeconds: number,
  ) {}

  get triangles(): number {
    return this.count;
  }

  push(ax: number, ay: number, az: number, bx: number, by: number, bz: number, cx: number, cy: number, cz: number): void {
    if (this.count >= this.limits.maxTriangles) {
      throw new ModelImportError(
        `it has more than ${this.limits.maxTriangles.toLocaleString('en')} triangles, the most Canopy reads from one file. Simplify the model or split it into several files.`,
      );
    }
    if ((this.count & (CHECK_EVERY - 1)) === 0 && this.count > 0 && Date.now() > this.limits.deadline) {
      throw new ModelImportError(`reading it took longer than ${this.budgetSeconds} s. Simplify the model or split it into several files.`);
    }
    let o = this.count * 9;
    if (o + 9 > this.data.length) {
      const grown = new Float32Array(Math.min(this.data.length * 2, 9 * this.limits.maxTriangles + 9));
      grown.set(this.data);
      this.data = grown;
    }
    const d = this.data;
    d[o++] = ax;
    d[o++] = ay;
    d[o++] = az;
    d[o++] = bx;
    d[o++] = by;
    d[o++] = bz;
    d[o++] = cx;
    d[o++] = cy;
    d[o] = cz;
    this.count++;
  }

  /** The triangles read, in a buffer of exactly their size. */
  finish(): Float32Array {
    return this.data.slice(0, this.count * 9);
  }
}
