/**
 * Password hashes run on hashing threads whose scheduling priority is lowered (hash-threads.ts), so
 * the event loop wins a core from them: the hash is the same scrypt as before (a stored hash still
 * verifies), and on Linux the thread that computed it runs at nice HASH_THREAD_NICE while the
 * process's own thread stays at its niceness.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { scryptSync } from 'node:crypto';
import { hashPassword, verifyPassword } from './passwords.ts';
import { HASH_THREAD_NICE, lastHashNiced } from './hash-threads.ts';

/** The niceness of each of this process's threads (field 19 of /proc/self/task/<tid>/stat). */
function threadNiceness(): number[] {
  return readdirSync('/proc/self/task').map((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

describe('hashing threads', () => {
  it('hash and verify as scrypt did on the thread pool', async () => {
    const stored = await hashPassword('correct horse battery staple');
    const [, n, r, p, salt, hash] = stored.split('$');
    expect([n, r, p]).toEqual(['131072', '8', '1']);
    const expected = scryptSync('correct horse battery staple', Buffer.from(salt!, 'base64'), 32, {
      N: 2 ** 17,
      r: 8,
      p: 1,
      maxmem: 256 * 2 ** 17 * 8 + 1024 * 1024,
    });
    expect(Buffer.from(hash!, 'base64').equals(expected)).toBe(true);
    expect(await verifyPassword('correct horse battery staple', stored)).toBe(true);
    expect(await verifyPassword('wrong', stored)).toBe(false);
    await expect(verifyPassword('x', 'scrypt$abc$8$1$AAAA$AAAA')).rejects.toThrow();
  });

  it.runIf(existsSync('/proc/thread-self'))('run at a lower priority than the event loop (Linux)', async () => {
    await hashPassword('another one');
    expect(lastHashNiced).toBe(true);
    const loop = threadNiceness()[0]!;
    expect(threadNiceness()).toContain(HASH_THREAD_NICE);
    expect(loop).toBeLessThan(HASH_THREAD_NICE);
  });
});
