/**
 * Idle viewer: renders counted over 2 s with no input (frameloop "demand": must be 0), against a
 * continuous render loop over the same 2 s; and the renders caused by one camera change (1).
 */
import { report } from './harness.ts';
import { openBenchPage } from './viewer-page/page.ts';

export default async function bench(): Promise<void> {
  const page = await openBenchPage();
  try {
    const r = await page.run<{ idleRenders: number; loopRenders: number; afterOneChange: number }>('idle');
    report({
      name: 'idle renders over 2 s: viewer / continuous loop',
      ratio: r.idleRenders / Math.max(1, r.loopRenders),
      target: 'viewer renders = 0',
      pass: r.idleRenders === 0,
      details: { viewerRenders: r.idleRenders, loopRenders: r.loopRenders, rendersAfterOneCameraChange: r.afterOneChange },
    });
  } finally {
    await page.close();
  }
}
