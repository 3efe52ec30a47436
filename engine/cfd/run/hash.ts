/** FNV-1a (64-bit, as two 32-bit halves) over bytes: the geometry's fingerprint in a run's provenance. */
export function fnv1a64(chunks: Iterable<Uint8Array | string>): string {
  let h1 = 0x84222325,
    h0 = 0xcbf29ce4; // offset basis 0xcbf29ce484222325 split in halves (lo, hi)
  const eat = (byte: number) => {
    h1 = (h1 ^ byte) >>> 0;
    // Multiply by the FNV prime 0x100000001b3 = 2^40 + 0x1b3 on (hi, lo).
    const lo = h1 * 0x1b3,
      carry = Math.floor(lo / 2 ** 32);
    const hi = (h0 * 0x1b3 + ((h1 << 8) >>> 0) + carry) >>> 0;
    h1 = lo >>> 0;
    h0 = hi;
  };
  for (const chunk of chunks) {
    if (typeof chunk === 'string') for (const b of new TextEncoder().encode(chunk)) eat(b);
    else for (let i = 0; i < chunk.length; i++) eat(chunk[i]);
  }
  return h0.toString(16).padStart(8, '0') + h1.toString(16).padStart(8, '0');
}
