/**
 * A small pool of slots for password hashing. scrypt at OWASP's cost takes
 * ~0.3 s of CPU and 128 MB per hash on libuv's thread pool, off the event loop but shared with file
 * and compression work: eight sign-ins at once starved everything else. Hashes now wait for one of
 * `size` slots (one per two cores, at most two), and a queue too long to drain soon is refused as
 * throttled rather than grown.
 */
import { availableParallelism } from 'node:os';
import { DomainError, MESSAGES } from '../kernel/domain-errors.ts';

export class HashSlots {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  /** Most hashes ever running at once (for tests and diagnostics). */
  peak = 0;

  constructor(
    readonly size: number,
    private readonly maxWaiting: number,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.size) {
      if (this.waiting.length >= this.maxWaiting) {
        throw new DomainError('too-many', { detail: MESSAGES.throttled(1) }, { retryAfterSeconds: 1 });
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active++;
    }
    this.peak = Math.max(this.peak, this.active);
    try {
      return await work();
    } finally {
      // Hand the slot straight to the next waiter, so `active` never overshoots.
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}

export const hashSlots = new HashSlots(Math.max(1, Math.min(2, Math.floor(availableParallelism() / 2))), 64);
