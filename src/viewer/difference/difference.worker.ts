/**
 * Web Worker of the viewer's difference maps: B − A of two stored layers, off the main thread, so a
 * plane of a few hundred thousand points (and the nearest-neighbour search when the scenarios'
 * points differ) never stalls the view. The differences go back by transfer.
 */
import { differenceOf, type DifferenceReply, type DifferenceRequest } from './difference-compute.ts';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<DifferenceRequest>) => void) | null;
  postMessage(message: DifferenceReply, transfer?: Transferable[]): void;
};

scope.onmessage = (event) => {
  const { id, a, b, options } = event.data;
  try {
    const result = differenceOf(a, b, options);
    scope.postMessage({ id, result }, [result.values.buffer as ArrayBuffer]);
  } catch (error) {
    scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
};
