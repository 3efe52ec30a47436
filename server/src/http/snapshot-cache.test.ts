/** The snapshot cache's own rules: only an equal snapshot hits, and it stays within its bounds. */
import { describe, expect, it } from 'vitest';
import { SnapshotCache } from './snapshot-cache.ts';

describe('SnapshotCache', () => {
  it('gives an answer back only under the snapshot it was stored with', () => {
    const cache = new SnapshotCache();
    cache.set('1 /a', '752:752:', '{"a":1}');
    expect(cache.get('1 /a', '752:752:')).toBe('{"a":1}');
    expect(cache.get('1 /a', '753:753:')).toBeUndefined();
    expect(cache.get('2 /a', '752:752:')).toBeUndefined();
  });

  it('replaces the answer of a key, counting its bytes once', () => {
    const cache = new SnapshotCache();
    cache.set('k', 's1', 'x'.repeat(100));
    cache.set('k', 's2', 'y'.repeat(10));
    expect(cache.get('k', 's1')).toBeUndefined();
    expect(cache.get('k', 's2')).toBe('y'.repeat(10));
    expect(cache.size).toEqual({ entries: 1, bytes: 2 * (1 + 10 + 2) });
  });

  it('stays within its byte limit, dropping the least recently used first', () => {
    // Each entry: 2 × (2 + 1 + 47) = 100 bytes; room for three.
    const cache = new SnapshotCache(300, 300);
    const body = 'b'.repeat(47);
    cache.set('k1', 's', body);
    cache.set('k2', 's', body);
    cache.set('k3', 's', body);
    expect(cache.get('k1', 's')).toBe(body); // k1 is now the most recently used
    cache.set('k4', 's', body);
    expect(cache.get('k2', 's')).toBeUndefined();
    expect(cache.get('k1', 's')).toBe(body);
    expect(cache.get('k3', 's')).toBe(body);
    expect(cache.get('k4', 's')).toBe(body);
    expect(cache.size).toEqual({ entries: 3, bytes: 300 });
    for (let i = 0; i < 10_000; i++) cache.set(`q${i}`, 's', body);
    expect(cache.size.bytes).toBeLessThanOrEqual(300);
  });

  it('does not keep an answer larger than the entry limit', () => {
    const cache = new SnapshotCache(1000, 100);
    cache.set('k', 's', 'x'.repeat(60));
    expect(cache.get('k', 's')).toBeUndefined();
    expect(cache.size).toEqual({ entries: 0, bytes: 0 });
  });
});
