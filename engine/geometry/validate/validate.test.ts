import { describe, expect, it } from 'vitest';
import { boxSoup, boxWithHole, concatSoups, cutBox, flipTriangles, groundSheet, scaleSoup, translateSoup } from '../mesh/test-meshes.ts';
import { writeAsciiStl, writeBinaryStl } from '../stl/writer.ts';
import { generateDemoDistrict } from '../../demo/district.ts';
import { toTriangleSoup } from '../../demo/mesh-builders.ts';
import type { GeometryFinding } from './finding.ts';
import { validateScenarioGeometry, type GeometryValidationResult } from './validate-scenario.ts';

const codes = (result: GeometryValidationResult): string[] => result.findings.map((f) => f.code);
const only = (result: GeometryValidationResult, code: string): GeometryFinding => {
  const found = result.findings.filter((f) => f.code === code);
  expect(found, `exactly one ${code} in ${codes(result).join(', ')}`).toHaveLength(1);
  return found[0];
};

/** A 10 × 10 × 10 m building reaching 1 m into the ground (z −1 … 9). */
const building = (x = 0, y = 0): Float32Array => boxSoup(x, y, -1, x + 10, y + 10, 9);
const ground = groundSheet(-50, -50, 50, 50, 0, 4);

describe('validateScenarioGeometry: a clean scenario', () => {
  it('passes a closed box with ground and surrounds, stating +Y as north', () => {
    const result = validateScenarioGeometry({ study: building(), surrounds: [building(30, 0), building(-30, 10)], ground });
    expect(result.passed).toBe(true);
    expect(result.summary).toEqual({ errors: 0, warnings: 0, infos: 1 });
    expect(only(result, 'north-is-plus-y').severity).toBe('info');
    expect(result.assets.map((a) => [a.role, a.name, a.triangleCount, a.parts])).toEqual([
      ['ground', 'ground', 32, 1],
      ['study', 'study', 12, 1],
      ['surrounds', 'surrounds-1', 12, 1],
      ['surrounds', 'surrounds-2', 12, 1],
    ]);
  });

  it('passes the demo district (towers, trees, tiled ground) read from binary STL files', () => {
    const d = generateDemoDistrict();
    const soup = (role: string): Float32Array => concatSoups(...[...d.buildings, ...d.trees].filter((o) => o.role === role).map((o) => toTriangleSoup(o.mesh)));
    const groundSoup = concatSoups(toTriangleSoup(d.ground.streets), toTriangleSoup(d.ground.plaza), toTriangleSoup(d.ground.blocks));
    const result = validateScenarioGeometry({
      study: writeBinaryStl(soup('study')),
      surrounds: writeBinaryStl(soup('surrounds')),
      landscaping: writeBinaryStl(soup('landscaping')),
      ground: writeBinaryStl(groundSoup),
    });
    expect(codes(result)).toEqual(['north-is-plus-y']);
    expect(result.assets.find((a) => a.role === 'surrounds')?.parts).toBe(15);
  });

  it('reads STL bytes, binary and ASCII, and names the asset in findings', () => {
    const result = validateScenarioGeometry({
      study: { name: 'tower.stl', stl: writeBinaryStl(boxWithHole(1)), variant: 'proposed' },
      surrounds: new TextEncoder().encode(writeAsciiStl(building(30, 0))),
    });
    expect(result.passed).toBe(false);
    const open = only(result, 'open-edges');
    expect(open.asset).toBe('tower.stl');
    expect(open.role).toBe('study');
    expect(open.id).toBe('study/tower.stl/open-edges/0');
    expect(result.assets[0].variant).toBe('proposed');
  });
});

describe('holes and open edges', () => {
  it('fails a box with a 1 m hole: open edges and the hole’s width, with its triangles and edges', () => {
    const soup = boxWithHole(1);
    const result = validateScenarioGeometry({ study: soup });
    expect(result.passed).toBe(false);
    const open = only(result, 'open-edges');
    expect(open.severity).toBe('error');
    expect(open.count).toBe(4);
    expect(open.details?.widestSpanM).toBeCloseTo(Math.SQRT2, 5);
    const hole = only(result, 'hole-too-wide');
    expect(hole.severity).toBe('error');
    expect(hole.details?.spanM).toBeCloseTo(Math.SQRT2, 5);
    expect(hole.message).toBe('A hole 1.41 m across (4 edges) is wider than the 0.50 m allowed; wind would pass through it.');
    expect(hole.location?.map((v) => Number(v.toFixed(3)))).toEqual([5, 0, 5]);
    // The offending triangles are the four around the hole in the south wall (y = 0)…
    expect(hole.triangles).toHaveLength(4);
    for (const t of hole.triangles) for (let k = 1; k < 9; k += 3) expect(soup[t * 9 + k]).toBe(0);
    // …and each edge names two soup vertices on the hole's rim.
    expect(hole.edges).toHaveLength(4);
    for (const [a, b] of hole.edges ?? []) {
      for (const v of [a, b]) {
        expect(Math.abs(soup[v * 3] - 5)).toBeCloseTo(0.5, 5);
        expect(Math.abs(soup[v * 3 + 2] - 5)).toBeCloseTo(0.5, 5);
      }
      expect(Math.floor(a / 3)).toBe(Math.floor(b / 3));
    }
  });

  it('a 0.3 m hole: open edges are an error, the gap itself only a warning', () => {
    const result = validateScenarioGeometry({ study: boxWithHole(0.3) });
    expect(result.passed).toBe(false);
    expect(only(result, 'open-edges').severity).toBe('error');
    expect(only(result, 'small-gaps').severity).toBe('warning');
    expect(codes(result)).not.toContain('hole-too-wide');
  });

  it('landscaping holes are warnings; the ground’s outer rim is expected, its inner holes are not', () => {
    const tree = validateScenarioGeometry({ landscaping: boxWithHole(1) });
    expect(tree.passed).toBe(true);
    expect(only(tree, 'hole-too-wide').severity).toBe('warning');

    expect(validateScenarioGeometry({ ground }).findings.map((f) => f.code)).toEqual(['study-missing', 'north-is-plus-y']);
    // A 3 × 3 ground with its middle square missing: a 10 m hole.
    const holed = cutBox(
      [
        [0, 10, 20, 30],
        [0, 10, 20, 30],
        [0, 1],
      ],
      (face, i, j) => face !== '+z' || (i === 1 && j === 1),
    );
    const result = validateScenarioGeometry({ ground: holed });
    expect(only(result, 'hole-too-wide').severity).toBe('warning');
    expect(only(result, 'hole-too-wide').details?.spanM).toBeCloseTo(Math.SQRT2 * 10, 4);
  });

  it('presentation planes may be open sheets', () => {
    const result = validateScenarioGeometry({ study: building(), presentation_planes: groundSheet(-20, -20, 20, 20, 1.5, 8) });
    expect(result.summary.errors + result.summary.warnings).toBe(0);
  });
});

describe('non-manifold edges, normals, degenerate triangles', () => {
  it('two boxes touching along an edge make a non-manifold edge', () => {
    const result = validateScenarioGeometry({ study: concatSoups(building(), boxSoup(10, 10, -1, 20, 20, 9)) });
    const finding = only(result, 'non-manifold-edges');
    expect(finding.severity).toBe('error');
    expect(finding.count).toBe(1);
    expect(finding.triangles).toHaveLength(4);
  });

  it('flags a reversed triangle and an inside-out box as warnings (the repair fixes both)', () => {
    const mixed = validateScenarioGeometry({ study: flipTriangles(building(), [3]) });
    expect(mixed.passed).toBe(true);
    expect(only(mixed, 'inconsistent-normals').triangles).toEqual([3]);
    const inverted = validateScenarioGeometry({
      study: flipTriangles(
        building(),
        Array.from({ length: 12 }, (_, t) => t),
      ),
    });
    expect(only(inverted, 'inverted-normals').triangles).toHaveLength(12);
    expect(codes(inverted)).not.toContain('inconsistent-normals');
  });

  it('flags collapsed and sliver triangles', () => {
    const extra = Float32Array.of(0, 0, -1, 0, 0, -1, 10, 0, -1, 0, 0, 9, 10, 0, 9, 5, 0.00001, 9);
    const result = validateScenarioGeometry({ study: concatSoups(building(), extra) });
    const finding = only(result, 'degenerate-triangles');
    expect(finding.triangles).toEqual([12, 13]);
    expect(finding.details).toEqual({ zeroArea: 1, slivers: 1 });
  });
});

describe('ground contact', () => {
  it('fails a surrounding building floating 2 m above the ground', () => {
    const result = validateScenarioGeometry({ study: building(), surrounds: boxSoup(30, 0, 2, 40, 10, 12), ground });
    expect(result.passed).toBe(false);
    const floating = only(result, 'floating');
    expect(floating.role).toBe('surrounds');
    expect(floating.details?.worstGapM).toBeCloseTo(2, 5);
    expect(floating.triangles).toHaveLength(12);
    expect(floating.location).toEqual([35, 5, 2]);
  });

  it('accepts parts stacked on grounded parts (one box per floor, a tower on a podium in the surrounds)', () => {
    const floors = concatSoups(boxSoup(0, 0, -1, 10, 10, 3), boxSoup(1, 1, 3, 9, 9, 6), boxSoup(2, 2, 6, 8, 8, 9));
    expect(validateScenarioGeometry({ study: floors, ground }).passed).toBe(true);
    const podium = boxSoup(20, 0, -1, 40, 20, 6);
    expect(validateScenarioGeometry({ study: boxSoup(25, 5, 6, 35, 15, 60), surrounds: podium, ground }).passed).toBe(true);
    // A part hovering 1 m above the one below is not resting on it.
    const hovering = concatSoups(boxSoup(0, 0, -1, 10, 10, 3), boxSoup(0, 0, 4, 10, 10, 6));
    const finding = only(validateScenarioGeometry({ study: hovering, ground }), 'floating');
    expect(finding.details).toEqual({ floatingParts: 1, worstGapM: 4 });
    expect(finding.triangles).toEqual(Array.from({ length: 12 }, (_, t) => 12 + t));
  });

  it('uses z = 0 without a ground file, and says so', () => {
    const result = validateScenarioGeometry({ surrounds: boxSoup(0, 0, 0.5, 10, 10, 10) });
    expect(only(result, 'floating').details?.worstGapM).toBeCloseTo(0.5, 5);
    expect(only(result, 'ground-missing').severity).toBe('info');
  });

  it('on a slope a building must reach below the ground at its downhill side', () => {
    // Ground rising 1 m per 10 m eastward: z = x / 10.
    const slope = Float32Array.of(-50, -50, -5, 50, -50, 5, 50, 50, 5, -50, -50, -5, 50, 50, 5, -50, 50, -5);
    const sitsOnUphill = boxSoup(0, 0, 1, 10, 10, 20); // ground under it: 0 … 1
    expect(only(validateScenarioGeometry({ surrounds: sitsOnUphill, ground: slope }), 'floating').details?.worstGapM).toBeCloseTo(1, 4);
    const dugIn = boxSoup(0, 0, -0.5, 10, 10, 20);
    expect(validateScenarioGeometry({ surrounds: dugIn, ground: slope }).passed).toBe(true);
  });
});

describe('study against surrounds', () => {
  it('fails a study building cutting into a surrounding one, naming both sides', () => {
    const result = validateScenarioGeometry({ study: building(), surrounds: building(5, 5), ground });
    const finding = only(result, 'study-intersects-surrounds');
    expect(finding.severity).toBe('error');
    expect(finding.triangles.length).toBeGreaterThan(0);
    expect(finding.related?.role).toBe('surrounds');
    expect(finding.related?.triangles.length).toBeGreaterThan(0);
  });

  it('passes buildings sharing a party wall', () => {
    expect(validateScenarioGeometry({ study: building(), surrounds: building(10, 0), ground }).passed).toBe(true);
  });

  it('fails the existing building left in the surrounds (coincident) and a study inside a bigger surround', () => {
    const duplicate = validateScenarioGeometry({ study: building(), surrounds: concatSoups(building(), building(30, 0)) });
    expect(only(duplicate, 'study-intersects-surrounds').details?.crossingPairs).toBeGreaterThan(0);
    const inside = validateScenarioGeometry({ study: boxSoup(2, 2, -0.5, 8, 8, 5), surrounds: building() });
    expect(only(inside, 'study-intersects-surrounds').details).toEqual({ crossingPairs: 0, studyPartsInside: 1, surroundingPartsInside: 0 });
    const encloses = validateScenarioGeometry({ study: building(), surrounds: boxSoup(2, 2, -0.5, 8, 8, 5) });
    expect(only(encloses, 'study-intersects-surrounds').details?.surroundingPartsInside).toBe(1);
  });
});

describe('units, position and size', () => {
  it('flags a millimetre model with the factor 0.001', () => {
    const result = validateScenarioGeometry({ study: scaleSoup(boxSoup(0, 0, 0, 20, 20, 30), 1000) });
    const finding = only(result, 'units-too-large');
    expect(finding.severity).toBe('error');
    expect(finding.details?.scaleFactor).toBe(0.001);
    expect(finding.message).toBe('The study geometry is 30,000 m tall (no building exceeds 1,000 m): it was probably modelled in millimetres.');
  });

  it('flags centimetres (0.01) and kilometres (1000)', () => {
    expect(only(validateScenarioGeometry({ study: scaleSoup(boxSoup(0, 0, 0, 20, 20, 20), 100) }), 'units-too-large').details?.scaleFactor).toBe(0.01);
    const km = only(validateScenarioGeometry({ study: scaleSoup(boxSoup(0, 0, 0, 20, 20, 30), 0.001) }), 'units-too-small');
    expect(km.details?.scaleFactor).toBe(1000);
  });

  it('warns about georeferenced coordinates', () => {
    const result = validateScenarioGeometry({ study: translateSoup(boxSoup(0, 0, 0, 10, 10, 10), 500_000, 4_000_000, 0) });
    expect(only(result, 'far-from-origin').severity).toBe('warning');
  });

  it('applies configurable triangle limits', () => {
    const input = { study: building(), surrounds: building(30, 0) };
    expect(only(validateScenarioGeometry(input, { maxTriangles: 20, warnTriangles: 10 }), 'triangle-limit').severity).toBe('error');
    expect(only(validateScenarioGeometry(input, { maxTriangles: 30, warnTriangles: 10 }), 'triangle-count-high').severity).toBe('warning');
  });
});

describe('bad input never throws', () => {
  it('turns unreadable files and wrong types into findings', () => {
    const truncated = writeBinaryStl(building()).subarray(0, 300);
    const result = validateScenarioGeometry({ study: { name: 'cut.stl', stl: truncated } });
    const finding = only(result, 'stl-count-mismatch');
    expect(finding.asset).toBe('cut.stl');
    expect(finding.id).toBe('study/cut.stl/stl-count-mismatch/0');
    expect(result.passed).toBe(false);

    expect(codes(validateScenarioGeometry(null as never))).toContain('invalid-input');
    expect(codes(validateScenarioGeometry({ study: 42 } as never))).toContain('invalid-input');
    expect(codes(validateScenarioGeometry({ study: new Float32Array(10) }))).toContain('invalid-input');
    expect(codes(validateScenarioGeometry({ study: Float32Array.of(0, 0, 0, 1, 0, 0, 0, NaN, 0) }))).toContain('stl-non-finite');
    expect(only(validateScenarioGeometry({ study: new Float32Array(0) }), 'empty-geometry').severity).toBe('error');
  });

  it('gives every finding a unique id', () => {
    const result = validateScenarioGeometry({ study: [boxWithHole(1), boxWithHole(0.3)], surrounds: boxSoup(30, 0, 2, 40, 10, 12) });
    const ids = result.findings.map((f) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
