/**
 * Where a point's story is computed: one worker holding the simulation's points and speed ratios
 * (a story is one point, so one worker is enough and leaves the other cores to the scene); where
 * there are no workers (jsdom in tests) the same function runs on this thread.
 */
import { computeStory, TooFarError, type StoryAnswer, type StoryMessage, type StoryRatios, type StoryReply, type StoryRequest } from './point-story-compute.ts';

export interface StoryRunner {
  story(request: StoryRequest): Promise<{ answer: StoryAnswer; ms: number }>;
  readonly inWorker: boolean;
  dispose(): void;
}

export { TooFarError };

function localRunner(ratios: StoryRatios): StoryRunner {
  return {
    inWorker: false,
    async story(request) {
      const start = performance.now();
      const answer = computeStory(ratios, request);
      return { answer, ms: performance.now() - start };
    },
    dispose() {},
  };
}

export async function createStoryRunner(ratios: StoryRatios): Promise<StoryRunner> {
  if (typeof Worker === 'undefined') return localRunner(ratios);
  const worker = new Worker(new URL('./point-story.worker.ts', import.meta.url), { type: 'module', name: 'point-story' });
  let nextId = 1;
  const pending = new Map<number, { resolve(reply: StoryReply): void; reject(error: Error): void }>();
  worker.onmessage = (event: MessageEvent<StoryReply>) => {
    const entry = pending.get(event.data.id);
    if (!entry) return;
    pending.delete(event.data.id);
    if ('error' in event.data) entry.reject(event.data.tooFar ? new TooFarError(event.data.error) : new Error(event.data.error));
    else entry.resolve(event.data);
  };
  worker.onerror = (event) => {
    for (const entry of pending.values()) entry.reject(new Error(`point story worker failed: ${event.message || 'worker error'}`));
    pending.clear();
  };
  type Unsent = StoryMessage extends infer M ? (M extends StoryMessage ? Omit<M, 'id'> : never) : never;
  const ask = (message: Unsent) =>
    new Promise<StoryReply>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...message, id });
    });
  await ask({ type: 'load', ratios });
  return {
    inWorker: true,
    async story(request) {
      const reply = (await ask({ type: 'story', request })) as { answer: StoryAnswer; ms: number };
      return { answer: reply.answer, ms: reply.ms };
    },
    dispose() {
      worker.terminate();
      for (const entry of pending.values()) entry.reject(new Error('point story stopped'));
      pending.clear();
    },
  };
}
