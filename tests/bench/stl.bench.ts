/**
 * Geometry upload path on a 1,000,008-triangle binary STL built in memory (83,334 closed boxes
 * on a 12 m grid, 8 × 8 m footprints, 6–60 m tall, reaching 1 m into the ground — a dense
 * district of surroundings): read it with `parseStl`, then `validateScenarioGeometry` with it as
 * the surrounds, a study box and a flat ground. The baseline is the least any reader must do:
 * copy the file's twelve floats per record into Float32Arrays with a DataView, in the same run.
 * Prints triangles per second and the ratio of read + validate to that baseline.
 */
import { performance } from 'node:perf_hooks';
import { boxSoup, groundSheet } from '@canopy/engine/geometry/mesh/test-meshes.ts';
import { parseStl } from '@canopy/engine/geometry/stl/reader.ts';
import { writeBinaryStl } from '@canopy/engine/geometry/stl/writer.ts';
import { validateScenarioGeometry } from '@canopy/engine/geometry/validate/validate-scenario.ts';
import { report, time } from './harness.ts';

const BOXES = 83_334;
const SPACING_M = 12;

function district(): Float32Array {
  const perRow = Math.ceil(Math.sqrt(BOXES));
  const soup = new Float32Array(BOXES * 12 * 9);
  const half = (perRow * SPACING_M) / 2;
  for (let b = 0; b < BOXES; b++) {
    const x = (b % perRow) * SPACING_M - half;
    const y = Math.floor(b / perRow) * SPACING_M - half;
    const heightM = 6 + ((b * 7919) % 55);
    // Keep the middle free for the study building.
    soup.set(boxSoup(x, y, -1, x + 8, y + 8, heightM), b * 108);
  }
  return soup;
}

/** The baseline: every float of every record into typed arrays, nothing else. */
function readFloatsOnly(bytes: Uint8Array): Float32Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const n = view.getUint32(80, true);
  const positions = new Float32Array(n * 9);
  const normals = new Float32Array(n * 3);
  let p = 0;
  let q = 0;
  for (let r = 0, at = 84; r < n; r++, at += 50) {
    for (let k = 0; k < 12; k += 4) normals[q++] = view.getFloat32(at + k, true);
    for (let k = 12; k < 48; k += 4) positions[p++] = view.getFloat32(at + k, true);
  }
  return positions;
}

export default async function stlBench(): Promise<void> {
  const buildStarted = performance.now();
  const bytes = writeBinaryStl(district(), 'bench district');
  const triangles = new DataView(bytes.buffer).getUint32(80, true);
  const study = boxSoup(2.5, 2.5, -1, 5.5, 5.5, 30); // in the street crossing at x, y = 2 … 6
  const extent = Math.ceil(Math.sqrt(BOXES)) * SPACING_M;
  const ground = groundSheet(-extent, -extent, extent, extent, 0, 1);
  console.log(
    `built ${triangles.toLocaleString('en-US')} triangles (${(bytes.length / 1e6).toFixed(1)} MB) in ${(performance.now() - buildStarted).toFixed(0)} ms`,
  );

  const baseline = await time(() => readFloatsOnly(bytes), { runs: 5, warmup: 2 });
  const read = await time(() => parseStl(bytes), { runs: 5, warmup: 2 });
  let result: ReturnType<typeof validateScenarioGeometry> | undefined;
  const full = await time(
    () => {
      result = validateScenarioGeometry({ surrounds: { name: 'district.stl', stl: bytes }, study, ground });
    },
    { runs: 3, warmup: 1 },
  );
  const verdict = result ? `${result.summary.errors} errors, ${result.summary.warnings} warnings: ${result.findings.map((f) => f.code).join(', ')}` : '';
  console.log(`validation result: ${verdict}`);

  report({
    name: 'STL read + validate vs float copy (1M tris)',
    ratio: full.medianMs / baseline.medianMs,
    details: {
      readValidateTrisPerS: Math.round(triangles / (full.medianMs / 1000)),
      readValidateMs: full.medianMs,
      parseOnlyTrisPerS: Math.round(triangles / (read.medianMs / 1000)),
      parseOnlyMs: read.medianMs,
      floatCopyTrisPerS: Math.round(triangles / (baseline.medianMs / 1000)),
      floatCopyMs: baseline.medianMs,
    },
  });
  report({
    name: 'STL parse vs float copy (1M tris)',
    ratio: read.medianMs / baseline.medianMs,
    target: '< 2',
    pass: read.medianMs / baseline.medianMs < 2,
  });
}
