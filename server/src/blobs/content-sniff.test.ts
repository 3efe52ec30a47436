import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { sniffContent, SNIFF_BYTES } from './content-sniff.ts';

const text = (s: string) => new TextEncoder().encode(s);
/** Sniff as the server does: the first SNIFF_BYTES and the full size. */
const sniff = (bytes: Uint8Array) => sniffContent(bytes.subarray(0, SNIFF_BYTES), bytes.length).format;

function binaryStl(triangles: number, header = 'binary header'): Uint8Array {
  const bytes = Buffer.alloc(84 + 50 * triangles);
  bytes.write(header, 0, 'ascii');
  bytes.writeUInt32LE(triangles, 80);
  return bytes;
}

describe('content sniffing', () => {
  it('tells binary STL by its size, even when the header says "solid"', () => {
    expect(sniff(binaryStl(100))).toBe('stl-binary');
    expect(sniff(binaryStl(100, 'solid model'))).toBe('stl-binary');
    expect(sniffContent(binaryStl(100), binaryStl(100).length)).toEqual({ format: 'stl-binary', contentType: 'model/stl' });
    // One byte short of its own triangle count is not an STL.
    expect(sniff(binaryStl(100).subarray(0, 84 + 50 * 100 - 1))).toBe('binary');
  });

  it('recognises ASCII STL', () => {
    expect(sniff(text('solid tower\n  facet normal 0 0 1\n    outer loop\n'))).toBe('stl-ascii');
  });

  it('recognises the Chicago EPW (and not as CSV)', () => {
    const epw = readFileSync(new URL('../../../tests/fixtures/chicago.epw', import.meta.url));
    expect(sniff(epw)).toBe('epw');
  });

  it.each([
    ['glb', [0x67, 0x6c, 0x54, 0x46, 2, 0, 0, 0]],
    ['pdf', [...text('%PDF-1.7\n')]],
    ['png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]],
    ['jpeg', [0xff, 0xd8, 0xff, 0xe0, 0, 0x10]],
    ['zip', [0x50, 0x4b, 0x03, 0x04, 20, 0]],
    ['gzip', [0x1f, 0x8b, 8, 0]],
  ])('recognises %s by its magic number', (format, bytes) => {
    expect(sniff(Uint8Array.from(bytes))).toBe(format);
  });

  it('recognises OSM XML, other XML, GeoJSON, JSON, CSV and plain text', () => {
    expect(sniff(text('<?xml version="1.0" encoding="UTF-8"?>\n<osm version="0.6" generator="x">\n<node id="1"/>'))).toBe('osm-xml');
    expect(sniff(text('<osm version="0.6"></osm>'))).toBe('osm-xml');
    expect(sniff(text('<?xml version="1.0"?><kml></kml>'))).toBe('xml');
    expect(sniff(text('{"type": "FeatureCollection", "features": []}'))).toBe('geojson');
    expect(sniff(text('\uFEFF[1, 2, 3]'))).toBe('json');
    expect(sniff(text('direction,speed\n0,3.1\n22.5,4.0\n'))).toBe('csv');
    expect(sniff(text('just some notes\nabout the site\n'))).toBe('text');
  });

  it('calls anything else binary, and an empty file binary', () => {
    expect(sniff(Uint8Array.from([0, 1, 2, 3, 250, 251]))).toBe('binary');
    expect(sniff(new Uint8Array(0))).toBe('binary');
  });

  it('keeps text that the sniff window cuts in the middle of a multi-byte character', () => {
    const line = 'Zürich,Genève,Köln\n';
    const long = text(line.repeat(400));
    expect(long.length).toBeGreaterThan(SNIFF_BYTES);
    expect(sniff(long)).toBe('csv');
  });
});
