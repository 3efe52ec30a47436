/**
 * Decoding a 1,000,000-vertex data layer (≈2M triangles, one field) from its GLB in the viewer's
 * Web Worker, against JSON.parse of the same numbers on the main thread. Printed: wall time of
 * each, and the longest stretch the main thread could not answer a message meanwhile (the jank a
 * user would feel). Target ≤ 0.05× (main-thread stall, worker vs JSON.parse).
 */
import { report } from './harness.ts';
import { openBenchPage } from './viewer-page/page.ts';

export default async function bench(): Promise<void> {
  const page = await openBenchPage();
  try {
    const r = await page.run<{
      workerMs: number;
      workerMainThreadStallMs: number;
      parseMs: number;
      parseMainThreadStallMs: number;
      vertices: number;
      glbMB: number;
      jsonMB: number;
    }>('decode');
    const ratio = r.workerMainThreadStallMs / r.parseMainThreadStallMs;
    report({
      name: '1M-vertex layer, main-thread stall: worker / JSON.parse',
      ratio,
      target: '≤ 0.05',
      pass: ratio <= 0.05,
      details: { workerStallMs: r.workerMainThreadStallMs, parseStallMs: r.parseMainThreadStallMs, vertices: r.vertices },
    });
    report({
      name: '1M-vertex layer, wall time: worker decode / JSON.parse',
      ratio: r.workerMs / r.parseMs,
      details: { workerMs: r.workerMs, parseMs: r.parseMs, glbMB: r.glbMB, jsonMB: r.jsonMB },
    });
  } finally {
    await page.close();
  }
}
