import { describe, expect, it } from 'vitest';
import { readResultGlb } from '@canopy/engine/results/glb.ts';
import { viewerFixtureResults } from '../../../tests/fixtures/viewer-results.ts';
import { readResultGlbZeroCopy } from './zero-copy-glb.ts';

describe('zero-copy result GLB reader', () => {
  it('reads every fixture exactly as the reference reader does, indices as views into the file’s buffer', async () => {
    for (const { asset, glb } of await viewerFixtureResults()) {
      const buffer = glb.slice().buffer;
      const fast = readResultGlbZeroCopy(buffer);
      const reference = await readResultGlb(glb);
      expect(fast, asset.filename).not.toBeNull();
      expect(fast!.positions).toEqual(reference.positions);
      expect(fast!.indices).toEqual(reference.indices);
      expect(Object.keys(fast!.fields)).toEqual(Object.keys(reference.fields));
      for (const name of Object.keys(reference.fields)) expect(fast!.fields[name]).toEqual(reference.fields[name]);
      // indices are never interleaved: a view, not a copy
      if (fast!.indices) expect(fast!.indices.buffer).toBe(buffer);
      expect(fast!.metadata).toEqual(reference.metadata);
    }
  });

  it('refuses truncated and foreign files with the reference messages', async () => {
    const [first] = await viewerFixtureResults();
    expect(() => readResultGlbZeroCopy(first.glb.slice(0, 64).buffer)).toThrow(/truncated GLB/);
    expect(() => readResultGlbZeroCopy(new TextEncoder().encode('not a glb at all, clearly').buffer)).toThrow(/does not start with "glTF"/);
  });

  it('hands a file without a Canopy block back to the reference reader (null)', async () => {
    const [first] = await viewerFixtureResults();
    const bytes = first.glb.slice();
    const text = new TextDecoder().decode(bytes);
    const at = text.indexOf('"canopy"');
    bytes.set(new TextEncoder().encode('"canopx"'), at);
    expect(readResultGlbZeroCopy(bytes.buffer)).toBeNull();
    await expect(readResultGlb(bytes)).rejects.toThrow(/not a Canopy result/);
  });
});

describe('zero-copy reading of line layers', () => {
  it('gives the segment pairs of a LINES primitive as `lines`, as the reference reader does', async () => {
    const { writeResultGlb } = await import('@canopy/engine/results/glb.ts');
    const positions = Float32Array.from([0, 0, 1, 1, 0, 1, 2, 0, 1, 0, 5, 1, 1, 5, 1]);
    const lines = Uint32Array.from([0, 1, 1, 2, 3, 4]);
    const glb = await writeResultGlb({
      positions,
      lines,
      fields: { speedRatio: Float32Array.from([1, 2, 3, 4, 5]) },
      metadata: { analysis: 'wind-streamlines', metric: 'speed-ratio', units: '', provenance: { engine: 'test', version: '1' } },
    });
    const reference = await readResultGlb(glb);
    const fast = readResultGlbZeroCopy(glb.slice().buffer)!;
    expect(fast).not.toBeNull();
    expect(fast.indices).toBeUndefined();
    expect(Array.from(fast.lines!)).toEqual(Array.from(reference.lines!));
    expect(Array.from(fast.lines!)).toEqual([0, 1, 1, 2, 3, 4]);
    expect(Array.from(fast.fields.speedRatio!)).toEqual([1, 2, 3, 4, 5]);
  });
});
