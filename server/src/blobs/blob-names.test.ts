import { describe, expect, it } from 'vitest';
import { assertBlobName, isContainerName, segmentProblem } from './blob-names.ts';

describe('blob names', () => {
  it('accepts ordinary file names, spaces and non-Latin letters included', () => {
    for (const name of ['tower.stl', 'Site plan (rev B).pdf', 'Überdachung.csv', '風環境.epw', '.hidden']) expect(segmentProblem(name)).toBeNull();
  });

  it.each(['', '.', '..', 'a/b', 'a\\b', 'nul\u0000', 'tab\there', 'del\u007f', 'bell\u0085', 'what?.csv', 'a:b', ' lead', 'trail ', 'dot.', 'x'.repeat(256)])(
    'refuses %j',
    (name) => {
      expect(segmentProblem(name)).not.toBeNull();
    },
  );

  it('refuses names not in Unicode normal form C', () => {
    expect(segmentProblem('Ü'.normalize('NFD'))).toMatch(/normal form/);
  });

  it('splits multi-segment names and refuses traversal anywhere in them', () => {
    expect(assertBlobName('uuid/file.stl')).toEqual(['uuid', 'file.stl']);
    expect(() => assertBlobName('uuid/../../etc/passwd')).toThrow(/relative path segment/);
  });

  it('knows container names', () => {
    expect(isContainerName('project-assets')).toBe(true);
    expect(isContainerName('.tmp')).toBe(false);
    expect(isContainerName('Assets')).toBe(false);
    expect(isContainerName('a--b')).toBe(false);
  });
});
