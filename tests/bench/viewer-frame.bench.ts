/**
 * Frame cost of our viewer (ViewerCanvas: react-three-fiber, the lookup-texture data shader, the
 * scene's lights, controls and overlays) against a raw three.js scene with the same 199,712-triangle
 * mesh (vertex colours, MeshBasicMaterial, multisampled), both in headless Chromium (SwiftShader),
 * same size and camera path. A frame is: camera change → render → GPU finished. Target ≤ 1.25×
 * with effects off; with the post-processing effects (issue 18 item 8: ambient occlusion, the
 * hovered outline drawn, FXAA) the target is the effects budget, ≤ 2.5× — three extra scene
 * passes (normals, the outline's depth and mask) and five full-screen ones over the raw frame.
 * Each effect alone and a split view (two half-width canvases: all effects, and the split view's
 * choice, machines/viewer/viewer-ui.machine.ts SPLIT_VIEW_OFF) are printed beside them.
 * SwiftShader rasterises on the CPU: the ratios are the figures to read, not the milliseconds.
 */
import { report } from './harness.ts';
import { openBenchPage } from './viewer-page/page.ts';

interface FrameCost {
  triangles: number;
  frames: number;
  offMs: number;
  offRawMs: number;
  offRatio: number;
  onMs: number;
  onRawMs: number;
  onRatio: number;
  aoRatio: number;
  outlineRatio: number;
  antialiasRatio: number;
  splitOnRatio: number;
  splitChosenRatio: number;
}

const OFF_BUDGET = 1.25;
const EFFECTS_BUDGET = 2.5;

export default async function bench(): Promise<void> {
  const page = await openBenchPage();
  try {
    const r = await page.run<FrameCost>('frameCost');
    report({
      name: 'viewer frame, effects off / raw three.js frame (200k triangles)',
      ratio: r.offRatio,
      target: `≤ ${OFF_BUDGET}`,
      pass: r.offRatio <= OFF_BUDGET,
      details: { viewerMs: r.offMs, rawMs: r.offRawMs, triangles: r.triangles, frames: r.frames },
    });
    report({
      name: 'viewer frame, effects on / raw three.js frame',
      ratio: r.onRatio,
      target: `≤ ${EFFECTS_BUDGET}`,
      pass: r.onRatio <= EFFECTS_BUDGET,
      details: { viewerMs: r.onMs, rawMs: r.onRawMs, onOverOff: r.onMs / r.offMs, ao: r.aoRatio, outline: r.outlineRatio, antialias: r.antialiasRatio },
    });
    report({
      name: 'split view frame, split choice / raw three.js frame',
      ratio: r.splitChosenRatio,
      target: `≤ ${EFFECTS_BUDGET}`,
      pass: r.splitChosenRatio <= EFFECTS_BUDGET,
      details: { allEffectsRatio: r.splitOnRatio },
    });
  } finally {
    await page.close();
  }
}
