/**
 * Frame cost of our viewer (ViewerCanvas: react-three-fiber, the lookup-texture data shader, the
 * scene's lights, controls and overlays) against a raw three.js scene with the same 199,712-triangle
 * mesh (vertex colours, MeshBasicMaterial), both in headless Chromium (SwiftShader), same size and
 * camera path. A frame is: camera change → render → GPU finished. Target ≤ 1.25×.
 */
import { report } from './harness.ts';
import { openBenchPage } from './viewer-page/page.ts';

export default async function bench(): Promise<void> {
  const page = await openBenchPage();
  try {
    const r = await page.run<{ oursMs: number; baselineMs: number; triangles: number; frames: number }>('frameCost');
    const ratio = r.oursMs / r.baselineMs;
    report({
      name: 'viewer frame / raw three.js frame (200k triangles)',
      ratio,
      target: '≤ 1.25',
      pass: ratio <= 1.25,
      details: { viewerMs: r.oursMs, rawMs: r.baselineMs, triangles: r.triangles, frames: r.frames },
    });
  } finally {
    await page.close();
  }
}
