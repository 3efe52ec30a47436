/**
 * The threads password hashes run on: scrypt at OWASP's cost is ~0.3 s of CPU. On
 * libuv's thread pool it ran at the event loop's priority, so on a machine with few cores each hash
 * took a core the event loop then waited for: with eight accounts signing in, the loop's own CPU
 * grew by ~12 ms/s but its wait for a core by ~170 ms/s (the sign-in bench prints both, from the
 * scheduler's counts), and health's p99 rose 5–6×.
 *
 * So each hash runs synchronously on a worker thread of its own whose scheduling priority is
 * lowered (nice 10, Linux: setpriority on the thread's id, which needs no privilege): when the
 * event loop and a hash both want a core, the loop gets it; a hash uses what the loop leaves. Where
 * a thread's priority cannot be set (no /proc/thread-self), hashing still runs on these threads.
 * At most `hashSlots.size` threads exist (hash-slots.ts admits that many hashes at once); a thread
 * holds the process open only while it hashes.
 */
import { Worker } from 'node:worker_threads';

/** The niceness of hashing threads (0 is the event loop's; 19 the lowest). */
export const HASH_THREAD_NICE = 10;

// Plain CommonJS run with `eval`, so the thread needs no TypeScript loader.
const SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
let niced = false;
try {
  const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(tid) && tid > 0) {
    require('node:os').setPriority(tid, workerData.nice);
    niced = true;
  }
} catch {}
parentPort.on('message', ({ password, salt, keyLength, options }) => {
  try {
    const key = scryptSync(password, Buffer.from(salt), keyLength, options);
    parentPort.postMessage({ key, niced });
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message || error), niced });
  }
});
`;

interface Job {
  password: string;
  salt: Uint8Array;
  keyLength: number;
  options: { N: number; r: number; p: number; maxmem: number };
}

const idle: Worker[] = [];

function spawn(): Worker {
  const worker = new Worker(SOURCE, { eval: true, workerData: { nice: HASH_THREAD_NICE } });
  worker.unref();
  return worker;
}

/** Whether the last hash ran on a thread whose priority was lowered (tests and diagnostics). */
export let lastHashNiced = false;

/** One scrypt on a hashing thread (callers bound concurrency with hashSlots). */
export function scryptOnThread(job: Job): Promise<Buffer> {
  const worker = idle.pop() ?? spawn();
  worker.ref();
  return new Promise<Buffer>((resolve, reject) => {
    const done = () => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    };
    const onMessage = (answer: { key?: Uint8Array; error?: string; niced: boolean }) => {
      done();
      worker.unref();
      idle.push(worker);
      lastHashNiced = answer.niced;
      if (answer.error !== undefined || !answer.key) reject(new Error(answer.error ?? 'scrypt gave no key'));
      else resolve(Buffer.from(answer.key.buffer, answer.key.byteOffset, answer.key.byteLength));
    };
    const onError = (error: Error) => {
      done();
      reject(error);
    };
    const onExit = (code: number) => {
      done();
      reject(new Error(`the hashing thread stopped (${code})`));
    };
    worker.on('message', onMessage);
    worker.once('error', onError);
    worker.once('exit', onExit);
    worker.postMessage(job);
  });
}
