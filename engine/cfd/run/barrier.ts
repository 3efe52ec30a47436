/**
 * A reusable barrier for worker threads on shared memory (a generation-counting barrier): the last
 * thread to arrive resets the count and bumps the generation; the others watch the generation word
 * until it changes. One per solver step per level, and a few per k pass: AA streaming needs no
 * other synchronisation (see solver/step.ts).
 *
 * Spin, then sleep: the work between two barriers is short (0.4–1.7 ms per level step on the demo
 * district), and a thread that arrives first usually waits a few microseconds to tens of
 * microseconds for the other. Going to sleep on the futex (Atomics.wait) and being woken costs
 * about as much again in the kernel's scheduler, on every barrier, for every thread but the last:
 * so a waiting thread first re-reads the word for a bounded time (SPIN_MS; a clock read every 64
 * turns, since one re-read takes 5–20 ns), and only then sleeps, so a thread whose partner is not
 * running (a busy, shared machine) does not burn its core for long.
 */
export const BARRIER_WORDS = 2;

/** How long a waiting thread re-reads the generation word before it sleeps (ms). */
const SPIN_MS = 0.05;

export function makeBarrier(words: Int32Array, threads: number, spinMs = SPIN_MS): () => void {
  if (threads <= 1) return () => {};
  return () => {
    const generation = Atomics.load(words, 1);
    if (Atomics.add(words, 0, 1) === threads - 1) {
      Atomics.store(words, 0, 0);
      Atomics.add(words, 1, 1);
      Atomics.notify(words, 1);
      return;
    }
    if (spinMs > 0) {
      const until = performance.now() + spinMs;
      for (let turn = 1; ; turn++) {
        if (Atomics.load(words, 1) !== generation) return;
        if ((turn & 63) === 0 && performance.now() > until) break;
      }
    }
    while (Atomics.load(words, 1) === generation) Atomics.wait(words, 1, generation);
  };
}
