import { describe, expect, it } from 'vitest';
import { readResultGlb } from '../../../engine/results/glb.ts';
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
