/**
 * 10,000 wind arrows: our arrow layer (one InstancedMesh, colour from the lookup texture) against
 * the strongest fair alternative, every arrow baked into one merged mesh with vertex colours (also
 * one draw call), rendered by the same three.js renderer in headless Chromium. Judged on the frame
 * time (render + GPU finish; SwiftShader rasterises on the CPU, so it dominates both) and on the
 * time to build the layer from the data, which a new colour scale or field repeats. Targets: frame
 * time ≤ 1.25× the merged mesh's (instancing must not cost drawing speed) and build time ≤ 0.5×.
 * One mesh per arrow (10,000 draw calls) is printed for information.
 */
import { report } from './harness.ts';
import { openBenchPage } from './viewer-page/page.ts';

export default async function bench(): Promise<void> {
  const page = await openBenchPage();
  try {
    const r = await page.run<Record<string, number>>('arrows');
    const frame = r.instancedMs / r.mergedMs;
    report({
      name: '10k arrows, frame time: InstancedMesh / merged mesh',
      ratio: frame,
      target: '≤ 1.25',
      pass: frame <= 1.25 && r.instancedCalls === 1,
      details: { instancedMs: r.instancedMs, mergedMs: r.mergedMs, instancedCalls: r.instancedCalls, mergedCalls: r.mergedCalls },
    });
    const build = r.instancedBuildMs / r.mergedBuildMs;
    report({
      name: '10k arrows, build from data: InstancedMesh / merged mesh',
      ratio: build,
      target: '≤ 0.5',
      pass: build <= 0.5,
      details: { instancedBuildMs: r.instancedBuildMs, mergedBuildMs: r.mergedBuildMs, mergedVertexBytes: r.mergedVertexBytes },
    });
    report({
      name: 'for information: frame time, InstancedMesh / one mesh per arrow',
      ratio: r.instancedMs / r.separateMs,
      details: { separateMs: r.separateMs, separateCalls: r.separateCalls, instancedSubmitMs: r.instancedSubmitMs, separateSubmitMs: r.separateSubmitMs },
    });
  } finally {
    await page.close();
  }
}
