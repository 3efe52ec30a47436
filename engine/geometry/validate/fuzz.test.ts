/**
 * Fuzzing: arbitrary bytes, mutated valid files, grammar-shaped ASCII and random triangle soups
 * must never crash the reader or the validator; every outcome is a mesh or a structured finding.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boxSoup, boxWithHole, concatSoups } from '../mesh/test-meshes.ts';
import { repairMesh } from '../repair/repair-mesh.ts';
import { StlParseError } from '../stl/errors.ts';
import { createStlReader, tryParseStl } from '../stl/reader.ts';
import { writeAsciiStl, writeBinaryStl } from '../stl/writer.ts';
import { FINDING_CODES } from './codes.ts';
import type { GeometryFinding } from './finding.ts';
import { validateScenarioGeometry } from './validate-scenario.ts';

function expectStructured(finding: GeometryFinding): void {
  expect(typeof finding.id).toBe('string');
  expect(['error', 'warning', 'info']).toContain(finding.severity);
  expect(Object.keys(FINDING_CODES)).toContain(finding.code);
  expect(finding.message.length).toBeGreaterThan(0);
  expect(finding.suggestedFix.length).toBeGreaterThan(0);
  expect(Array.isArray(finding.triangles)).toBe(true);
  expect(finding.code).not.toBe('internal-error');
  expect(finding.code).not.toBe('stl-internal-error');
}

function checkBytes(bytes: Uint8Array): void {
  const parsed = tryParseStl(bytes);
  if (parsed.ok) {
    expect(parsed.mesh.positions.length).toBe(parsed.mesh.triangleCount * 9);
    expect(parsed.mesh.positions.every(Number.isFinite)).toBe(true);
  } else {
    expectStructured(parsed.finding);
  }
  const result = validateScenarioGeometry({ study: bytes }, { maxTriangles: 50_000 });
  expect(result.findings.length).toBeGreaterThan(0);
  result.findings.forEach(expectStructured);
  expect(result.passed).toBe(result.summary.errors === 0);
  // Streaming the same bytes in two pieces gives the same verdict. The reader is told the size, as
  // every caller in the product tells it (an upload's length): without it, a "solid" file holding a
  // NUL byte is a guess between a binary header and a damaged text file.
  const reader = createStlReader({ expectedBytes: bytes.length });
  let streamedOk = true;
  try {
    reader.push(bytes.subarray(0, bytes.length >> 1));
    reader.push(bytes.subarray(bytes.length >> 1));
    reader.end();
  } catch (error) {
    expect(error).toBeInstanceOf(StlParseError);
    streamedOk = false;
  }
  if (parsed.ok) expect(streamedOk).toBe(true);
}

const validBinary = writeBinaryStl(concatSoups(boxSoup(0, 0, -1, 10, 10, 9), boxWithHole(0.3)));
const validAscii = new TextEncoder().encode(writeAsciiStl(boxSoup(0, 0, -1, 10, 10, 9)));

describe('fuzzing the reader and the validator', () => {
  it('arbitrary bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), (bytes) => checkBytes(bytes)),
      { numRuns: 300 },
    );
  });

  it('bytes starting like STL ("solid", or a binary header with a plausible count)', () => {
    const solid = fc.uint8Array({ maxLength: 300 }).map((tail) => concat(new TextEncoder().encode('solid x\n'), tail));
    const binary = fc.tuple(fc.integer({ min: 0, max: 12 }), fc.uint8Array({ maxLength: 700 })).map(([count, tail]) => {
      const header = new Uint8Array(84);
      new DataView(header.buffer).setUint32(80, count, true);
      return concat(header, tail);
    });
    fc.assert(
      fc.property(fc.oneof(solid, binary), (bytes) => checkBytes(bytes)),
      { numRuns: 300 },
    );
  });

  it('valid files with bytes flipped, cut or appended', () => {
    const mutated = fc
      .tuple(
        fc.constantFrom(validBinary, validAscii),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 8 }),
        fc.option(fc.nat()),
        fc.uint8Array({ maxLength: 20 }),
      )
      .map(([source, flips, cut, extra]) => {
        let bytes = source.slice();
        for (const [at, value] of flips) bytes[at % bytes.length] = value;
        if (cut !== null) bytes = bytes.subarray(0, cut % (bytes.length + 1));
        return concat(bytes, extra);
      });
    fc.assert(
      fc.property(mutated, (bytes) => checkBytes(bytes)),
      { numRuns: 200 },
    );
  });

  it('grammar-shaped ASCII with random tokens and numbers', () => {
    const token = fc.oneof(
      fc.constantFrom('solid', 'facet', 'normal', 'outer', 'loop', 'vertex', 'endloop', 'endfacet', 'endsolid', 'nan', '-inf', '1e999', '\n', '\r\n'),
      fc.double({ noNaN: false }).map(String),
      fc.string({ maxLength: 6 }),
    );
    const text = fc.array(token, { maxLength: 80 }).map((tokens) => new TextEncoder().encode(`solid fuzz\n${tokens.join(' ')}`));
    fc.assert(
      fc.property(text, (bytes) => checkBytes(bytes)),
      { numRuns: 300 },
    );
  });

  it('random triangle soups (any floats) through validation and repair', () => {
    const soup = fc
      .array(fc.float({ noDefaultInfinity: false, noNaN: false }), { maxLength: 9 * 30 })
      .map((values) => Float32Array.from(values.slice(0, values.length - (values.length % 9))));
    const small = fc
      .array(fc.integer({ min: -3, max: 3 }), { minLength: 9, maxLength: 9 * 40 })
      .map((values) => Float32Array.from(values.slice(0, values.length - (values.length % 9))));
    fc.assert(
      fc.property(fc.oneof(soup, small), fc.constantFrom('study', 'surrounds', 'ground', 'landscaping'), (positions, role) => {
        const result = validateScenarioGeometry({ [role]: positions, surrounds: boxSoup(0, 0, -1, 2, 2, 2) });
        result.findings.forEach(expectStructured);
        if (positions.every(Number.isFinite)) {
          const repaired = repairMesh(positions);
          expect(repaired.positions.length % 9).toBe(0);
          validateScenarioGeometry({ [role]: repaired.positions }).findings.forEach(expectStructured);
        }
      }),
      { numRuns: 200 },
    );
  });
});

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
