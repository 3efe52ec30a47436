/**
 * Study geometry must not cut into the surrounds (typically: the existing building was left in the
 * context model where the proposed one now stands). Three ways two solids overlap, all tested:
 *   1. faces that cross (triangle pairs that interpenetrate — touching does not count);
 *   2. coplanar faces facing the same way (duplicated geometry);
 *   3. one solid wholly inside the other (no face contact at all) — a point just inside each
 *      closed part is tested for being inside the other asset's solids.
 * Broad phase: surrounds triangles whose bounds meet the study's bounds go into a uniform grid;
 * each study triangle is tested against the triangles in the cells its bounds cover, once each.
 */
import type { MeshAnalysis } from '../mesh/analyze.ts';
import { isInsideSoup, probeBelowTriangle } from '../mesh/point-in-solid.ts';
import { buildTriangleGrid, triangleCells } from '../mesh/triangle-grid.ts';
import { trianglesInterpenetrate } from '../mesh/triangle-intersect.ts';
import { formatCount, type AssetRef, type FindingCollector } from './collector.ts';
import type { ValidationOptions } from './options.ts';

export interface AnalysedAsset {
  asset: AssetRef;
  positions: Float32Array;
  analysis: MeshAnalysis;
}

/** Triangles of `soup` whose bounds meet the box (grown by margin). */
function trianglesInBox(soup: Float32Array, box: ArrayLike<number>, margin: number): Uint32Array {
  const out: number[] = [];
  const triangles = Math.floor(soup.length / 9);
  for (let t = 0; t < triangles; t++) {
    const o = t * 9;
    let inside = true;
    for (let axis = 0; axis < 3 && inside; axis++) {
      const a = soup[o + axis],
        b = soup[o + 3 + axis],
        c = soup[o + 6 + axis];
      if (Math.max(a, b, c) < box[axis] - margin || Math.min(a, b, c) > box[axis + 3] + margin) inside = false;
    }
    if (inside) out.push(t);
  }
  return Uint32Array.from(out);
}

function trianglesOverlapBounds(a: Float32Array, ta: number, b: Float32Array, tb: number, margin: number): boolean {
  const oa = ta * 9;
  const ob = tb * 9;
  for (let axis = 0; axis < 3; axis++) {
    const aMin = Math.min(a[oa + axis], a[oa + 3 + axis], a[oa + 6 + axis]);
    const aMax = Math.max(a[oa + axis], a[oa + 3 + axis], a[oa + 6 + axis]);
    const bMin = Math.min(b[ob + axis], b[ob + 3 + axis], b[ob + 6 + axis]);
    const bMax = Math.max(b[ob + axis], b[ob + 3 + axis], b[ob + 6 + axis]);
    if (aMax < bMin - margin || bMax < aMin - margin) return false;
  }
  return true;
}

function triangleArea(soup: Float32Array, t: number): number {
  const o = t * 9;
  const ux = soup[o + 3] - soup[o],
    uy = soup[o + 4] - soup[o + 1],
    uz = soup[o + 5] - soup[o + 2];
  const vx = soup[o + 6] - soup[o],
    vy = soup[o + 7] - soup[o + 1],
    vz = soup[o + 8] - soup[o + 2];
  return Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx) / 2;
}

/**
 * Marks every triangle of each closed component of `inner` (restricted to components meeting
 * `box`) that lies inside the solids of `outer`.
 */
function markContained(inner: AnalysedAsset, outer: Float32Array, outerCandidates: Uint32Array | undefined, box: ArrayLike<number>, hit: Uint8Array): number {
  const { components, orientation } = inner.analysis;
  const largest = new Int32Array(components.count).fill(-1);
  const largestArea = new Float64Array(components.count);
  for (let t = 0; t < inner.analysis.triangleCount; t++) {
    const c = components.ofTriangle[t];
    const b = components.bounds;
    if (b[c * 6] > box[3] || b[c * 6 + 3] < box[0] || b[c * 6 + 1] > box[4] || b[c * 6 + 4] < box[1] || b[c * 6 + 2] > box[5] || b[c * 6 + 5] < box[2])
      continue;
    const patch = orientation.patchOf[t];
    if (patch < 0 || !orientation.patchClosed[patch]) continue;
    const area = triangleArea(inner.positions, t);
    if (area > largestArea[c]) {
      largestArea[c] = area;
      largest[c] = t;
    }
  }
  const contained = new Uint8Array(components.count);
  let count = 0;
  for (let c = 0; c < components.count; c++) {
    const t = largest[c];
    if (t < 0) continue;
    const b = components.bounds;
    const smallest = Math.min(b[c * 6 + 3] - b[c * 6], b[c * 6 + 4] - b[c * 6 + 1], b[c * 6 + 5] - b[c * 6 + 2]);
    const depth = Math.min(0.05, smallest / 10);
    const [x, y, z] = probeBelowTriangle(inner.positions, t, orientation.wrong[t] === 1, depth);
    if (isInsideSoup(outer, outerCandidates, x, y, z)) {
      contained[c] = 1;
      count++;
    }
  }
  if (count > 0) for (let t = 0; t < inner.analysis.triangleCount; t++) if (contained[components.ofTriangle[t]]) hit[t] = 1;
  return count;
}

export function checkStudyAgainstSurrounds(study: AnalysedAsset, surrounds: AnalysedAsset, options: ValidationOptions, collector: FindingCollector): void {
  const eps = options.intersectionToleranceM;
  const box = [...study.analysis.bounds.min, ...study.analysis.bounds.max];
  // Vertical rays from probe points cross everything above them: those candidates go by plan only.
  const column = [box[0], box[1], -Infinity, box[3], box[4], Infinity];
  const columnCandidates = trianglesInBox(surrounds.positions, column, eps);
  if (columnCandidates.length === 0) return;
  const candidates = trianglesInBox(surrounds.positions, box, eps);

  const studyHit = new Uint8Array(study.analysis.triangleCount);
  const surroundHit = new Uint8Array(surrounds.analysis.triangleCount);
  const grid = buildTriangleGrid(surrounds.positions, { subset: candidates });
  const stamp = new Int32Array(surrounds.analysis.triangleCount).fill(-1);
  const range = new Int32Array(6);
  let crossings = 0;
  for (let a = 0; a < study.analysis.triangleCount; a++) {
    if (!triangleCells(grid, study.positions, a, eps, range)) continue;
    for (let z = range[2]; z <= range[5]; z++)
      for (let y = range[1]; y <= range[4]; y++)
        for (let x = range[0]; x <= range[3]; x++) {
          const cell = (z * grid.ny + y) * grid.nx + x;
          for (let i = grid.cellStart[cell]; i < grid.cellStart[cell + 1]; i++) {
            const b = grid.items[i];
            if (stamp[b] === a) continue;
            stamp[b] = a;
            if (!trianglesOverlapBounds(study.positions, a, surrounds.positions, b, eps)) continue;
            if (trianglesInterpenetrate(study.positions, a, surrounds.positions, b, eps)) {
              crossings++;
              studyHit[a] = 1;
              surroundHit[b] = 1;
            }
          }
        }
  }
  const studyInside = markContained(study, surrounds.positions, columnCandidates, box, studyHit);
  const surroundsInside = markContained(surrounds, study.positions, undefined, box, surroundHit);
  if (crossings === 0 && studyInside === 0 && surroundsInside === 0) return;

  const studyTriangles: number[] = [];
  for (let t = 0; t < studyHit.length; t++) if (studyHit[t]) studyTriangles.push(t);
  const surroundTriangles: number[] = [];
  for (let t = 0; t < surroundHit.length; t++) if (surroundHit[t]) surroundTriangles.push(t);
  const parts: string[] = [];
  if (crossings > 0) parts.push(`${formatCount(crossings)} pairs of faces cut into each other or coincide`);
  if (studyInside > 0) parts.push(`${formatCount(studyInside)} study parts lie inside surrounding buildings`);
  if (surroundsInside > 0) parts.push(`${formatCount(surroundsInside)} surrounding buildings lie inside the study geometry`);
  const first = studyTriangles[0] ?? 0;
  const o = first * 9;
  const p = study.positions;
  collector.add(study.asset, {
    severity: 'error',
    code: 'study-intersects-surrounds',
    message: `The study geometry overlaps the surrounds (${surrounds.asset.name}): ${parts.join('; ')}.`,
    suggestedFix:
      'Remove the existing building (and anything else the study geometry replaces) from the surrounds model, or move the study geometry so the two only touch.',
    triangles: studyTriangles,
    location: [(p[o] + p[o + 3] + p[o + 6]) / 3, (p[o + 1] + p[o + 4] + p[o + 7]) / 3, (p[o + 2] + p[o + 5] + p[o + 8]) / 3],
    related: { role: surrounds.asset.role, asset: surrounds.asset.name, triangles: surroundTriangles.slice(0, 10_000), count: surroundTriangles.length },
    details: { crossingPairs: crossings, studyPartsInside: studyInside, surroundingPartsInside: surroundsInside },
  });
}
