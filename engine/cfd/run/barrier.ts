/**
 * A reusable barrier for worker threads on shared memory (a generation-counting barrier): the last
 * thread to arrive resets the count and bumps the generation; the others sleep on the generation
 * word with Atomics.wait until it changes. One per solver step per level: AA streaming needs no
 * other synchronisation (see solver/step.ts).
 */
export const BARRIER_WORDS = 2;

export function makeBarrier(words: Int32Array, threads: number): () => void {
  if (threads <= 1) return () => {};
  return () => {
    const generation = Atomics.load(words, 1);
    if (Atomics.add(words, 0, 1) === threads - 1) {
      Atomics.store(words, 0, 0);
      Atomics.add(words, 1, 1);
      Atomics.notify(words, 1);
    } else {
      while (Atomics.load(words, 1) === generation) Atomics.wait(words, 1, generation);
    }
  };
}
