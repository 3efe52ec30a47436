/**
 * Web Worker of a point's hourly story: keeps the simulation's points and speed ratios once loaded
 * (they do not change from one click to the next) and answers each click with the story, so a
 * year of hours is replayed off the main thread.
 */
import { computeStory, TooFarError, type StoryMessage, type StoryRatios, type StoryReply } from './point-story-compute.ts';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<StoryMessage>) => void) | null;
  postMessage(message: StoryReply): void;
};

let ratios: StoryRatios | null = null;

scope.onmessage = (event) => {
  const message = event.data;
  try {
    if (message.type === 'load') {
      ratios = message.ratios;
      scope.postMessage({ id: message.id });
      return;
    }
    if (!ratios) throw new Error('no speed ratios loaded');
    const start = performance.now();
    const answer = computeStory(ratios, message.request);
    scope.postMessage({ id: message.id, answer, ms: performance.now() - start });
  } catch (error) {
    scope.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error), tooFar: error instanceof TooFarError });
  }
};
