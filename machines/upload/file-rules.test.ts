import { describe, expect, it } from 'vitest';
import { checkFile, formatBytes } from './file-rules.ts';
import { safeBlobName } from './blob-name.ts';

describe('file rules', () => {
  it('formats sizes the way people read them', () => {
    expect([formatBytes(999), formatBytes(1536), formatBytes(20 * 1024 * 1024), formatBytes(200 * 1024 * 1024), formatBytes(3 * 1024 ** 3)]).toEqual([
      '999 B',
      '1.5 KB',
      '20 MB',
      '200 MB',
      '3 GB',
    ]);
  });

  it('accepts by extension (any case) or by media type, with wildcards', () => {
    const rules = { maxBytes: 100, accept: ['.stl', 'image/*', 'application/pdf'] };
    expect(checkFile({ name: 'A.STL', size: 1, type: '' }, rules)).toBeNull();
    expect(checkFile({ name: 'photo', size: 1, type: 'image/jpeg' }, rules)).toBeNull();
    expect(checkFile({ name: 'r.pdf', size: 1, type: 'application/pdf' }, rules)).toBeNull();
    expect(checkFile({ name: 'x.obj', size: 1, type: '' }, rules)).toMatch(/not a file type/);
    expect(checkFile({ name: 'x.obj', size: 1, type: '' }, { maxBytes: 100 })).toBeNull();
  });
});

describe('blob names for the upload URL', () => {
  it('mirrors the server rules: no separators, controls, forbidden characters, edge spaces or trailing dots', () => {
    expect(safeBlobName('a/b\\c.stl')).toBe('a_b_c.stl');
    expect(safeBlobName('tab\there.csv')).toBe('tab_here.csv');
    expect(safeBlobName(' name. ')).toBe('name');
    expect(safeBlobName('..')).toBe('file');
    expect(safeBlobName('Ü'.normalize('NFD') + '.csv')).toBe('Ü.csv');
  });

  it('shortens long names to 255 bytes and keeps the extension', () => {
    const name = safeBlobName('é'.repeat(300) + '.stl');
    expect(new TextEncoder().encode(name).length).toBeLessThanOrEqual(255);
    expect(name.endsWith('.stl')).toBe(true);
  });
});
