/**
 * Validation findings into highlights: the offending triangles and edges cut out of the uploaded
 * file (file order, stale indices skipped), into a three.js geometry of only those faces, the
 * related side of a two-asset finding, and a camera framing a finding.
 */
import { describe, expect, it } from 'vitest';
import { Box3, Vector3 } from 'three';
import { parseStl } from '@canopy/engine/geometry/stl/reader.ts';
import { writeBinaryStl } from '@canopy/engine/geometry/stl/writer.ts';
import { highlightGeometry } from '../../viewer/scene/findings-layer.tsx';
import { finding, validationRecord } from './viewer-test-kit.tsx';
import { boundsOfPoints, cameraToFit, findingBounds, highlightsOf, offendingEdges, offendingTriangles, uploadsOf } from './validation-findings.ts';

/** Three triangles side by side along x: triangle t spans x = t … t + 1. */
const soup = new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 0, 0, 2, 0, 0, 1, 1, 0, 2, 0, 5, 3, 0, 5, 2, 1, 5]);

describe('offending triangles', () => {
  it('cuts the listed triangles out of the soup, in the order listed', () => {
    expect([...offendingTriangles(soup, [2, 0])]).toEqual([2, 0, 5, 3, 0, 5, 2, 1, 5, 0, 0, 0, 1, 0, 0, 0, 1, 0]);
  });

  it('skips indices past the end of the file, negative or fractional ones, and repeats', () => {
    expect(offendingTriangles(soup, [1, 1, 3, -1, 0.5, 99])).toEqual(new Float32Array([1, 0, 0, 2, 0, 0, 1, 1, 0]));
    expect(offendingTriangles(soup, [])).toHaveLength(0);
  });

  it('reads triangle indices in the order of the uploaded STL', () => {
    const read = parseStl(writeBinaryStl(soup, 'tower')).positions;
    expect(offendingTriangles(read, [1])).toEqual(new Float32Array([1, 0, 0, 2, 0, 0, 1, 1, 0]));
  });

  it('makes a geometry of only those faces, for the findings layer', () => {
    const geometry = highlightGeometry(offendingTriangles(soup, [2]));
    expect(geometry.getAttribute('position').count).toBe(3);
    expect(geometry.index).toBeNull();
    expect(geometry.boundingBox).toEqual(new Box3(new Vector3(2, 0, 5), new Vector3(3, 1, 5)));
  });

  it('turns edges (soup vertex pairs 3·t + k) into line segments', () => {
    // Triangle 1's first edge: vertices 3 and 4.
    expect([
      ...offendingEdges(soup, [
        [3, 4],
        [0, 99],
      ]),
    ]).toEqual([1, 0, 0, 2, 0, 0]);
  });
});

describe('highlights of a validation record', () => {
  const record = validationRecord(
    [
      finding('open', { triangles: [0], edges: [[0, 1]] }),
      finding('note', { severity: 'info', triangles: [], edges: [], location: [10, 20, 0] }),
      finding('cuts', { severity: 'warning', triangles: [2], related: { role: 'surrounds', asset: 'block.stl', triangles: [0], count: 1 } }),
    ],
    {
      assets: [
        { role: 'study', name: 'tower.stl', upload_id: 501, triangle_count: 3, parts: 1, bounds: null },
        { role: 'surrounds', name: 'block.stl', upload_id: 502, triangle_count: 1, parts: 1, bounds: null },
      ],
    },
  );

  it('needs the files the findings point into, the related ones included', () => {
    expect(uploadsOf(record).sort()).toEqual([501, 502]);
  });

  it('gives each drawable finding its faces and edges in its severity, the related side apart', () => {
    const block = new Float32Array([50, 50, 0, 51, 50, 0, 50, 51, 0]);
    const highlights = highlightsOf(
      record,
      new Map([
        [501, soup],
        [502, block],
      ]),
      'cuts',
    );
    expect(highlights.map((h) => [h.id, h.tone, h.triangles.length / 9, (h.edges?.length ?? 0) / 6, h.selected])).toEqual([
      ['open', 'error', 1, 1, false],
      ['cuts', 'warning', 1, 0, true],
      ['cuts:related', 'related', 1, 0, true],
    ]);
    // Until a file is read its findings draw nothing.
    expect(highlightsOf(record, new Map([[502, block]]), null).map((h) => h.id)).toEqual(['cuts:related']);
  });

  it('frames a finding from the current viewing direction, or its location when it has no faces', () => {
    const highlights = highlightsOf(record, new Map([[501, soup]]), null);
    const bounds = findingBounds(highlights, record.findings[0]!)!;
    expect(bounds).toEqual({ min: [0, 0, 0], max: [1, 1, 0] });
    expect(findingBounds(highlights, record.findings[1]!)).toEqual({ min: [10, 20, 0], max: [10, 20, 0] });
    const camera = cameraToFit({ position: [0, -100, 100], target: [0, 0, 0], up: [0, 0, 1], fov: 45 }, bounds);
    expect(camera.target).toEqual([0.5, 0.5, 0]);
    // Same direction as before (down and from the south), close enough to fill the view.
    const d = camera.position.map((p, k) => p - camera.target[k]!);
    expect(d[0]).toBeCloseTo(0);
    expect(d[1]).toBeCloseTo(-d[2]!);
    expect(Math.hypot(...d)).toBeGreaterThan(2);
    expect(Math.hypot(...d)).toBeLessThan(20);
    expect(boundsOfPoints(new Float32Array())).toBeNull();
  });
});
