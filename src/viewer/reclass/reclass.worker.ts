/**
 * Web Worker of the viewer's re-classification: keeps its share of the points' speed
 * ratios once loaded (they do not change while the user switches criterion, season or weather),
 * and answers each classification with the class per point, handed back by transfer.
 */
import { classifyPoints, type ReclassMessage, type ReclassRatios, type ReclassReply } from './reclass-compute.ts';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ReclassMessage>) => void) | null;
  postMessage(message: ReclassReply, transfer?: Transferable[]): void;
};

let ratios: ReclassRatios | null = null;

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
    const classIndex = classifyPoints(ratios, message.request);
    scope.postMessage({ id: message.id, classIndex, ms: performance.now() - start }, [classIndex.buffer as ArrayBuffer]);
  } catch (error) {
    scope.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
};
