import { describe, expect, it } from 'vitest';
import { viewerFixtureResults } from '../../../tests/fixtures/viewer-results.ts';
import { decodeResultGlb } from './decode-glb.ts';
import { transferables } from './decoded-layer.ts';

describe('decoding result GLBs', () => {
  it('decodes on the main thread where there are no workers (jsdom) and lists each buffer once for transfer', async () => {
    expect(typeof Worker).toBe('undefined');
    const layers = await viewerFixtureResults();
    const plane = layers.find((l) => l.asset.filename === 'speed-ratio.0.glb')!;
    const decoded = await decodeResultGlb(plane.glb.slice().buffer);
    expect(decoded.positions.length).toBe(21 * 21 * 3);
    expect(decoded.indices!.length).toBe(20 * 20 * 6);
    expect(Object.keys(decoded.fields)).toEqual(['speedRatio']);
    expect(decoded.metadata.metric).toBe('speed-ratio');
    const buffers = transferables(decoded);
    expect(new Set(buffers).size).toBe(buffers.length);
    expect(buffers).toContain(decoded.positions.buffer);
    expect(buffers).toContain(decoded.fields.speedRatio.buffer);
  });

  it('rejects a truncated file with the reference reader’s message', async () => {
    const [first] = await viewerFixtureResults();
    await expect(decodeResultGlb(first.glb.slice(0, 64).buffer)).rejects.toThrow(/truncated GLB/);
  });
});
