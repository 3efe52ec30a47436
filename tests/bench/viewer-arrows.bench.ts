/**
 * 10,000 wind arrows: our arrow layer (one InstancedMesh, colour from the lookup texture) against
 * one Mesh per arrow (shared geometry, a material per arrow), rendered by the same three.js
 * renderer in headless Chromium. Draw calls from renderer.info.render.calls (1 vs 10,000) and the
 * frame time ratio (render + GPU finish; SwiftShader rasterises on the CPU, so it dominates both),
 * and the CPU time to submit the frame, where the draw calls cost.
 */
import { report } from './harness.ts';
import { openBenchPage } from './viewer-page/page.ts';

export default async function bench(): Promise<void> {
  const page = await openBenchPage();
  try {
    const r = await page.run<Record<string, number>>('arrows');
    report({
      name: '10k arrows, frame time: InstancedMesh / separate meshes',
      ratio: r.instancedMs / r.separateMs,
      target: 'draw calls 1 vs 10,000',
      pass: r.instancedCalls === 1 && r.separateCalls === r.arrows,
      details: { instancedCalls: r.instancedCalls, separateCalls: r.separateCalls, instancedMs: r.instancedMs, separateMs: r.separateMs },
    });
    report({
      name: '10k arrows, CPU submit: InstancedMesh / separate meshes',
      ratio: r.instancedSubmitMs / r.separateSubmitMs,
      details: { instancedSubmitMs: r.instancedSubmitMs, separateSubmitMs: r.separateSubmitMs },
    });
  } finally {
    await page.close();
  }
}
