import { describe, expect, it } from 'vitest';
import { analyzeMesh } from '../mesh/analyze.ts';
import { boxSoup, boxWithHole, concatSoups, cutBox, flipTriangles } from '../mesh/test-meshes.ts';
import { parseStl } from '../stl/reader.ts';
import { validateScenarioGeometry } from '../validate/validate-scenario.ts';
import { earClip } from './triangulate.ts';
import { repairMesh, writeBinaryStl } from './index.ts';

function volumeOf(soup: Float32Array): number {
  const a = analyzeMesh(soup);
  expect(a.orientation.patchCount).toBe(1);
  expect(a.orientation.patchClosed[0]).toBe(1);
  expect(a.orientation.wrongCount).toBe(0);
  return a.orientation.patchVolumeM3[0];
}

describe('repairMesh', () => {
  it('a box with a 0.3 m hole fails validation before the repair and passes after', () => {
    const broken = boxWithHole(0.3);
    expect(validateScenarioGeometry({ study: broken }).passed).toBe(false);
    const { positions, report } = repairMesh(broken);
    const after = validateScenarioGeometry({ study: positions });
    expect(after.passed).toBe(true);
    expect(after.summary).toEqual({ errors: 0, warnings: 0, infos: 2 });
    expect(report.holesClosed).toHaveLength(1);
    expect(report.holesClosed[0]).toMatchObject({ edges: 4, trianglesAdded: 2, method: 'ear-clipping' });
    expect(report.holesClosed[0].spanM).toBeCloseTo(0.3 * Math.SQRT2, 5);
    expect(report.trianglesAfter).toBe(report.trianglesBefore + 2);
    expect(volumeOf(positions)).toBeCloseTo(1000, 3);
  });

  it('leaves holes wider than the limit and says so; a larger limit closes them', () => {
    const broken = boxWithHole(1);
    const kept = repairMesh(broken);
    expect(kept.report.holesClosed).toHaveLength(0);
    expect(kept.report.holesLeft[0].spanM).toBeCloseTo(Math.SQRT2, 5);
    expect(validateScenarioGeometry({ study: kept.positions }).passed).toBe(false);
    const closed = repairMesh(broken, { maxHoleSpanM: 2 });
    expect(validateScenarioGeometry({ study: closed.positions }).passed).toBe(true);
  });

  it('closes a concave (L-shaped) hole with its own vertices', () => {
    // Remove three cells of a 3 × 3 wall grid in an L.
    const holed = cutBox(
      [
        [0, 0.2, 0.4, 0.6, 10],
        [0, 10],
        [0, 0.2, 0.4, 0.6, 10],
      ],
      (face, i, j) => face === '-y' && ((i === 1 && j === 1) || (i === 2 && j === 1) || (i === 1 && j === 2)),
    );
    const { positions, report } = repairMesh(holed);
    expect(report.holesClosed[0]).toMatchObject({ edges: 8, method: 'ear-clipping' });
    expect(volumeOf(positions)).toBeCloseTo(1000, 3);
  });

  it('makes normals consistent and outward', () => {
    const box = boxSoup(0, 0, 0, 2, 2, 2);
    const mixed = repairMesh(flipTriangles(box, [0, 7]));
    expect(mixed.report.trianglesFlipped).toBe(2);
    expect(volumeOf(mixed.positions)).toBeCloseTo(8, 5);
    const insideOut = repairMesh(
      flipTriangles(
        box,
        Array.from({ length: 12 }, (_, t) => t),
      ),
    );
    expect(insideOut.report.trianglesFlipped).toBe(12);
    expect(volumeOf(insideOut.positions)).toBeCloseTo(8, 5);
  });

  it('merges near vertices and drops collapsed and duplicated triangles', () => {
    const box = boxSoup(0, 0, 0, 2, 2, 2);
    const jittered = box.map((value, i) => (i % 7 === 0 ? value + 0.0004 : value));
    const duplicate = box.slice(9, 18);
    const collapsed = Float32Array.of(0, 0, 0, 0, 0, 0.0002, 2, 0, 0);
    const { positions, report } = repairMesh(concatSoups(jittered, duplicate, collapsed));
    expect(report.verticesMerged).toBeGreaterThan(0);
    expect(report.duplicateTrianglesRemoved).toBe(1);
    expect(report.collapsedTrianglesRemoved).toBe(1);
    expect(report.trianglesAfter).toBe(12);
    expect(volumeOf(positions)).toBeCloseTo(8, 2);
  });

  it('reports nothing changed for a clean box, and the result round-trips through binary STL', () => {
    const box = boxSoup(0, 0, 0, 2, 3, 4);
    const { positions, report } = repairMesh(box);
    expect(report.changed).toBe(false);
    expect(parseStl(writeBinaryStl(positions, 'repaired')).positions).toEqual(positions);
  });

  it('ear clipping gives up on a rim with no plane (the repair then fans round the centroid)', () => {
    // A twisted quad rim (bow-tie in projection) defeats ear clipping.
    expect(earClip(Float64Array.of(0, 0, 0, 1, 1, 0, 1, 0, 0, 0, 1, 0))).toBeUndefined();
  });
});
