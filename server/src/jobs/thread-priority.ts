/**
 * Scheduling priority of the calling thread (Linux: setpriority on the thread's own id, which an
 * unprivileged process may lower but not raise). Analysis jobs run on threads at the lowest
 * priority, below the event loop (0) and password hashing (crypto/hash-threads.ts): when a request
 * and a solver step both want a core, the request gets it, and the solver uses what is left.
 * Where a thread's id cannot be read (no /proc/thread-self), the work still runs, unlowered.
 */
import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/** The niceness of analysis-job threads: the lowest (0 is the event loop's). */
export const JOB_THREAD_NICE = 19;

/** The Linux id of the calling thread, or null where it cannot be read. */
export function ownThreadId(): number | null {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(tid) && tid > 0 ? tid : null;
  } catch {
    return null;
  }
}

/** Lowers the calling thread's priority to `nice`; true when it was set. */
export function lowerThreadPriority(nice: number): boolean {
  const tid = ownThreadId();
  if (tid === null) return false;
  try {
    setPriority(tid, nice);
    return true;
  } catch {
    return false;
  }
}

/** The calling thread's niceness, or null where its id cannot be read. */
export function ownThreadNiceness(): number | null {
  const tid = ownThreadId();
  return tid === null ? null : getPriority(tid);
}
