/**
 * Frame cost of our viewer (ViewerCanvas: react-three-fiber, the lookup-texture data shader, the
 * scene's lights, controls and overlays) against a raw three.js scene with the same 199,712-triangle
 * mesh (vertex colours, MeshBasicMaterial, multisampled), both in headless Chromium (SwiftShader),
 * same size and camera path. A frame is: camera change → render → GPU finished. Target ≤ 1.25×
 * with effects off, and with the effects a single view draws every frame (ambient
 * occlusion and FXAA; outlines cost only while something is hovered, printed beside it
 * with the hovered outline of the 200k-triangle layer). A split view (two half-width canvases,
 * with all effects and with the split view's choice, machines/viewer/viewer-ui.machine.ts
 * SPLIT_VIEW_OFF) is printed for the record.
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
  antialiasRatio: number;
  aoAntialiasRatio: number;
  splitOnRatio: number;
  splitChosenRatio: number;
}

const OFF_BUDGET = 1.25;

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
    // The default single view: ambient occlusion and antialiasing drawn every frame, outlines only
    // while something is hovered or a finding shown (measured here hovering the 200k-triangle layer).
    report({
      name: 'viewer frame, effects on (AO + FXAA) / raw three.js frame',
      ratio: r.aoAntialiasRatio,
      target: `≤ ${OFF_BUDGET}`,
      pass: r.aoAntialiasRatio <= OFF_BUDGET,
      details: { ao: r.aoRatio, antialias: r.antialiasRatio, allWithHoverOutline: r.onRatio, allMs: r.onMs, allRawMs: r.onRawMs, onOverOff: r.onMs / r.offMs },
    });
    report({
      name: 'split view frame (2 panes, no AO, hover outline) / raw',
      ratio: r.splitChosenRatio,
      details: { splitAllEffects: r.splitOnRatio },
    });
  } finally {
    await page.close();
  }
}
