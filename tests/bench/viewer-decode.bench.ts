/**
 * Decoding a 1,000,000-vertex data layer (≈2M triangles, one field) from its GLB in the viewer's
 * Web Worker, against the strongest fair alternative: the same decoder on the main thread (the
 * binary format with no worker hop). Printed: the longest stretch the main thread could not answer
 * a timer meanwhile (the jank a user would feel), and the wall time of each. Targets: the worker's
 * main-thread stall ≤ 0.25× the main-thread decode's, and its wall time ≤ 2× (the transfer and
 * messages must not cost more than the decode itself). JSON.parse of the same numbers on the main
 * thread is printed for information (what a text format would cost).
 */
import { report } from './harness.ts';
import { openBenchPage } from './viewer-page/page.ts';

export default async function bench(): Promise<void> {
  const page = await openBenchPage();
  try {
    const r = await page.run<{
      workerMs: number;
      workerMainThreadStallMs: number;
      mainThreadDecodeMs: number;
      mainThreadDecodeStallMs: number;
      parseMs: number;
      parseMainThreadStallMs: number;
      vertices: number;
      glbMB: number;
      jsonMB: number;
    }>('decode');
    const stall = r.workerMainThreadStallMs / r.mainThreadDecodeStallMs;
    report({
      name: '1M-vertex layer, main-thread stall: worker / main-thread decode',
      ratio: stall,
      target: '≤ 0.25',
      pass: stall <= 0.25,
      details: { workerStallMs: r.workerMainThreadStallMs, mainThreadStallMs: r.mainThreadDecodeStallMs, vertices: r.vertices },
    });
    const wall = r.workerMs / r.mainThreadDecodeMs;
    report({
      name: '1M-vertex layer, wall time: worker / main-thread decode',
      ratio: wall,
      target: '≤ 2',
      pass: wall <= 2,
      details: { workerMs: r.workerMs, mainThreadMs: r.mainThreadDecodeMs, glbMB: r.glbMB },
    });
    report({
      name: 'for information: JSON.parse on the main thread / worker',
      ratio: r.parseMs / r.workerMs,
      details: { parseMs: r.parseMs, parseStallMs: r.parseMainThreadStallMs, jsonMB: r.jsonMB },
    });
  } finally {
    await page.close();
  }
}
