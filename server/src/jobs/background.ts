/**
 * Work that must not run inside the request: the reset and one-time-password mails are looked up
 * and sent after the 204 is on its way, so neither the response time nor an SMTP failure tells
 * whether an address has an account. Pending tasks are tracked per app (keyed by its deps, not in
 * a global list) so tests and shutdown can wait for them.
 */
import type { AppDeps } from '../deps.ts';

const pending = new WeakMap<AppDeps, Set<Promise<void>>>();

export function runInBackground(deps: AppDeps, label: string, task: () => Promise<void>): void {
  let set = pending.get(deps);
  if (!set) pending.set(deps, (set = new Set()));
  const promise: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(task)
    .catch((error: unknown) => console.error(`[background] ${label} failed:`, error))
    .finally(() => set.delete(promise));
  set.add(promise);
}

/** Resolves when every task started so far for this app has finished. */
export async function settleBackground(deps: AppDeps): Promise<void> {
  const set = pending.get(deps);
  while (set && set.size > 0) await Promise.allSettled([...set]);
}
